import {
  ADMIN_TEXTS,
  API_ERRORS,
  INBOX_PAGE_SIZE,
  ADMIN_USERS_PAGE,
  type AdminFaq,
  type AdminPageSource,
  type AdminUserActionBody,
  type AdminUserDetail,
  type FaqForm,
  type InboxBody,
  type InboxKind,
  type InboxStatus,
} from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { UsersService } from '../accounts/users.service.js';
import { createBillingService } from '../billing/billing.service.js';
import type { SupportRepository } from '../support/support.repository.js';
import { savePageFromSource, type SavePageResult } from '../support/support.service.js';
import type { Repositories } from '../../services.js';
import type { Actor, AuditRepository } from './audit.repository.js';
import { createInboxRepository } from './inbox.repository.js';

// The console's sections (issue 17): Viewers, Inbox, Pages. Each write goes
// through the service that owns the data — the users service (ban, unban,
// end sessions: the very calls of `npm run admin`), billing (a complimentary
// plan), support (a page from its source) — and records the operator's
// audit entry on the transaction that makes the change.

/** "2026-12-24 18:05", UTC, as the CLI prints times. */
export function utcMinutes(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** The support module's statements bound to a transaction (services.ts `supportIn`). */
export type SupportOn = (q: Queryable) => SupportRepository;

/** The audit entry of a complimentary plan, written on the grant's transaction (CLI and console). */
export function planGrantRecorder(
  audit: Pick<AuditRepository, 'recordBy'>,
  actor: Actor,
  userId: number,
  days: number,
) {
  return (tx: Queryable, change: { before: Date | null; ends: Date }) =>
    audit.recordBy(
      actor,
      {
        action: 'user.grant_plan',
        targetType: 'user',
        targetId: userId,
        before: { complimentary_until: change.before?.toISOString() ?? null },
        after: { complimentary_until: change.ends.toISOString(), days },
      },
      tx,
    );
}

/** `set-page` and the console's page editor: the source saved and audited on one transaction. */
export function savePageAudited(
  db: Db,
  audit: Pick<AuditRepository, 'recordBy'>,
  supportIn: SupportOn,
  actor: Actor,
  slug: string,
  source: string,
): Promise<SavePageResult> {
  return db.transaction(async (tx) => {
    const repo = supportIn(tx);
    const before = await repo.pageBySlug(slug);
    const result = await savePageFromSource(repo, slug, source);
    if (result.ok) {
      const after = (await repo.pageBySlug(slug))!;
      await audit.recordBy(
        actor,
        {
          action: 'page.edit',
          targetType: 'page',
          targetId: slug,
          before: before ? { title: before.title, body: before.body } : null,
          after: { title: after.title, body: after.body },
        },
        tx,
      );
    }
    return result;
  });
}

export interface ConsoleServiceDeps {
  db: Db;
  repositories: Repositories;
  users: UsersService;
  /** The support module's statements on a transaction (services.ts). */
  supportIn: SupportOn;
}

export function createConsoleService({ db, repositories, users, supportIn }: ConsoleServiceDeps) {
  const { audit } = repositories;
  const inbox = createInboxRepository(db);
  const billing = createBillingService({ repository: repositories.billing });
  const notFound = () => new HttpFailure(404, { error: API_ERRORS.notFound });

  async function account(id: number) {
    const row = await repositories.users.adminRow(id);
    if (!row) throw notFound();
    return row;
  }

  async function answer(id: number, message: string): Promise<AdminUserActionBody> {
    return { message, user: await account(id) };
  }

  return {
    // ───────────── Viewers ─────────────
    searchUsers: (text: string) => repositories.users.search(text.trim(), ADMIN_USERS_PAGE),

    async userDetail(id: number): Promise<AdminUserDetail> {
      const user = await account(id);
      const [subscriptions, payments, sessions] = await Promise.all([
        repositories.billing.subscriptionsOf(id),
        repositories.billing.paymentsOf(id),
        repositories.auth.liveSessionsOf(id),
      ]);
      return { user, subscriptions, payments, sessions };
    },

    async ban(actor: Actor, id: number): Promise<AdminUserActionBody> {
      const user = await account(id);
      if (id === actor.id) throw new HttpFailure(400, { error: ADMIN_TEXTS.notYourself, field: 'user_id' });
      if (user.banned) return answer(id, ADMIN_TEXTS.alreadyBanned(user.email));
      const ended = await users.ban(id, actor);
      return answer(id, ADMIN_TEXTS.banned(user.email, ended));
    },

    async unban(actor: Actor, id: number): Promise<AdminUserActionBody> {
      const user = await account(id);
      if (!user.banned) return answer(id, ADMIN_TEXTS.notBanned(user.email));
      await users.unban(id, actor);
      return answer(id, ADMIN_TEXTS.unbanned(user.email));
    },

    async endSessions(actor: Actor, id: number): Promise<AdminUserActionBody> {
      const user = await account(id);
      const ended = await users.endSessions(id, actor);
      return answer(id, ADMIN_TEXTS.sessionsEnded(user.email, ended));
    },

    async grantPlan(actor: Actor, id: number, days: number): Promise<AdminUserActionBody> {
      const user = await account(id);
      const result = await billing.grantComplimentary(id, days, planGrantRecorder(audit, actor, id, days));
      if (!result.granted) {
        throw new HttpFailure(409, {
          error: ADMIN_TEXTS.paidPlanRunning(user.email, result.current.plan.title),
          field: 'days',
        });
      }
      return answer(id, ADMIN_TEXTS.planGranted(user.email, utcMinutes(result.ends)));
    },

    // ───────────── Inbox ─────────────
    async inbox(kind: InboxKind, status: InboxStatus | null, before: number | null): Promise<InboxBody> {
      const [items, newCount] = await Promise.all([
        inbox.list(kind, { status, before, limit: INBOX_PAGE_SIZE + 1 }),
        inbox.countNew(kind),
      ]);
      const more = items.length > INBOX_PAGE_SIZE;
      const page = more ? items.slice(0, INBOX_PAGE_SIZE) : items;
      return { items: page, next_before: more ? page.at(-1)!.id : null, new_count: newCount };
    },

    async setInboxStatus(actor: Actor, kind: InboxKind, id: number, status: InboxStatus): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const before = await inbox.lockStatus(kind, id, tx);
        if (before === null) throw notFound();
        if (before === status) return;
        await inbox.setStatus(kind, id, status, tx);
        await audit.recordBy(
          actor,
          { action: 'inbox.status', targetType: kind, targetId: id, before: { status: before }, after: { status } },
          tx,
        );
      });
      return { message: ADMIN_TEXTS.statusChanged(ADMIN_TEXTS.inboxStatuses[status]) };
    },

    // ───────────── Pages and FAQ ─────────────
    listPages: () => repositories.support.listPages(),

    async pageSource(slug: string): Promise<AdminPageSource> {
      const page = await repositories.support.pageBySlug(slug);
      if (!page) throw notFound();
      return { slug: page.slug, title: page.title, source: `# ${page.title}\n\n${page.body.replace(/^\s*\n/, '')}` };
    },

    async savePage(actor: Actor, slug: string, source: string): Promise<{ message: string }> {
      const result = await savePageAudited(db, audit, supportIn, actor, slug, source);
      if (!result.ok) throw new HttpFailure(400, { error: `source: ${result.problem}`, field: 'source' });
      return { message: ADMIN_TEXTS.pageSaved(result.title) };
    },

    listFaqs: (): Promise<AdminFaq[]> => repositories.support.listFaqsWithPosition(),

    createFaq(actor: Actor, faq: FaqForm): Promise<AdminFaq> {
      return db.transaction(async (tx) => {
        const id = await supportIn(tx).insertFaq(faq);
        await audit.recordBy(actor, { action: 'faq.create', targetType: 'faq', targetId: id, after: faq }, tx);
        return { id, ...faq };
      });
    },

    updateFaq(actor: Actor, id: number, faq: FaqForm): Promise<AdminFaq> {
      return db.transaction(async (tx) => {
        const repo = supportIn(tx);
        const before = await repo.faqById(id);
        if (!before) throw notFound();
        await repo.updateFaq(id, faq);
        const { id: _id, ...was } = before;
        await audit.recordBy(
          actor,
          { action: 'faq.edit', targetType: 'faq', targetId: id, before: was, after: faq },
          tx,
        );
        return { id, ...faq };
      });
    },

    deleteFaq(actor: Actor, id: number): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const repo = supportIn(tx);
        const before = await repo.faqById(id);
        if (!before) throw notFound();
        await repo.deleteFaq(id);
        const { id: _id, ...was } = before;
        await audit.recordBy(actor, { action: 'faq.delete', targetType: 'faq', targetId: id, before: was }, tx);
        return { message: ADMIN_TEXTS.faqDeleted };
      });
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
