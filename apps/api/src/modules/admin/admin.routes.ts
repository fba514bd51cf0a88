import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  adminFaq,
  adminFaqsBody,
  adminPageSource,
  adminPagesBody,
  adminUserActionBody,
  adminUserDetail,
  adminUsersBody,
  AUDIT_PAGE_SIZE,
  auditLogBody,
  envelope,
  faqForm,
  grantPlanForm,
  INBOX_KINDS,
  INBOX_STATUSES,
  inboxBody,
  inboxStatusForm,
  PAGE_SLUG_MAX_LENGTH,
  PAGE_SLUG_PATTERN,
  pageSourceForm,
  SUPPORT_TEXTS,
} from '@bosphorus/contract';
import { acceptMultipart } from '../../plugins/forms.js';
import type { Limits } from '../../plugins/rate-limits.js';
import { errorAnswers, FORM_TYPES, idString, numericId } from '../../plugins/routes.js';
import type { Actor, AuditRepository } from './audit.repository.js';
import type { ConsoleService } from './console.service.js';
import { ADMIN_TAG, CONSOLE_WRITE_RULE, operatorsOnly, type OperatorGuardDeps } from './operators.js';

// The operator console's API (issue 17; README.md here). Every route of
// this context is under /api/admin, tagged `admin` in the OpenAPI document,
// and for operators only (operators.ts): admin.test.ts walks the document.

export { ADMIN_TAG } from './operators.js';

export { CONSOLE_WRITE_RULE } from './operators.js';

export interface AdminRoutesOptions extends OperatorGuardDeps {
  audit: AuditRepository;
  console: ConsoleService;
  limit: Limits;
  /** The operator's e-mail, named in the audit log. */
  emailOf(userId: number): Promise<string | null>;
}

const message = z.object({ message: z.string() });
const idParams = z.object({ id: numericId() });
const slugParams = z.object({
  slug: z.string().max(PAGE_SLUG_MAX_LENGTH).regex(PAGE_SLUG_PATTERN, { message: SUPPORT_TEXTS.badSlug }),
});
const inboxParams = z.object({ kind: z.enum(INBOX_KINDS) });

export async function adminRoutes(app: FastifyInstance, opts: AdminRoutesOptions) {
  operatorsOnly(app, opts);
  // The console's forms arrive urlencoded, multipart or JSON alike, as the
  // OpenAPI document says of every write here (issue 27 finding 5).
  await acceptMultipart(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/audit-log',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'The audit log, newest first',
        querystring: z.object({
          before: idString().transform(Number).optional(),
          target_type: z.string().max(40).optional(),
          target_id: z.string().max(40).optional(),
        }),
        response: { 200: envelope(auditLogBody), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      const { before, target_type, target_id } = req.query;
      const target = target_type && target_id ? { type: target_type, id: target_id } : null;
      const entries = await opts.audit.list({ limit: AUDIT_PAGE_SIZE + 1, before: before ?? null, target });
      const more = entries.length > AUDIT_PAGE_SIZE;
      const page = more ? entries.slice(0, AUDIT_PAGE_SIZE) : entries;
      return { body: { entries: page, next_before: more ? page[page.length - 1]!.id : null } };
    },
  );

  const actorOf = async (req: FastifyRequest): Promise<Actor> => ({
    id: req.userId,
    name: (await opts.emailOf(req.userId)) ?? `user ${req.userId}`,
  });
  const write = { consumes: FORM_TYPES, tags: [ADMIN_TAG] };
  const writeLimit = opts.limit(CONSOLE_WRITE_RULE);
  const service = opts.console;

  // ───────────── Viewers ─────────────
  api.get(
    '/users',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Accounts whose e-mail or name contains q (all when empty), newest first',
        querystring: z.object({ q: z.string().max(320).default('') }),
        response: { 200: envelope(adminUsersBody), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => ({ body: { users: await service.searchUsers(req.query.q) } }),
  );

  api.get(
    '/users/:id',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'An account with its plans, payments and live sessions',
        params: idParams,
        response: { 200: envelope(adminUserDetail), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await service.userDetail(req.params.id) }),
  );

  const userActions = [
    ['ban', 'Refuse sign-in and end every session', service.ban],
    ['unban', 'Allow the account again', service.unban],
    ['end-sessions', 'End every session of the account', service.endSessions],
  ] as const;
  for (const [path, summary, act] of userActions) {
    api.post(
      `/users/:id/${path}`,
      {
        schema: {
          ...write,
          summary,
          params: idParams,
          response: { 200: envelope(adminUserActionBody), ...errorAnswers(400, 401, 403, 404, 429) },
        },
        preHandler: writeLimit,
      },
      async (req) => ({ body: await act(await actorOf(req), req.params.id) }),
    );
  }

  api.post(
    '/users/:id/plan',
    {
      schema: {
        ...write,
        summary: 'A complimentary plan for `days` days (or that much longer)',
        params: idParams,
        body: grantPlanForm,
        response: { 200: envelope(adminUserActionBody), ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.grantPlan(await actorOf(req), req.params.id, req.body.days) }),
  );

  // ───────────── Inbox ─────────────
  api.get(
    '/inbox/:kind',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Issue reports, contact messages or client error reports, newest first, 50 a page',
        params: inboxParams,
        querystring: z.object({
          status: z.enum(INBOX_STATUSES).optional(),
          before: idString().transform(Number).optional(),
        }),
        response: { 200: envelope(inboxBody), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => ({
      body: await service.inbox(req.params.kind, req.query.status ?? null, req.query.before ?? null),
    }),
  );

  api.post(
    '/inbox/:kind/:id/status',
    {
      schema: {
        ...write,
        summary: 'Mark an item new, seen or resolved',
        params: inboxParams.extend({ id: numericId() }),
        body: inboxStatusForm,
        response: { 200: envelope(message), ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({
      body: await service.setInboxStatus(await actorOf(req), req.params.kind, req.params.id, req.body.status),
    }),
  );

  // ───────────── Pages and FAQ ─────────────
  api.get(
    '/pages',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'The policy pages',
        response: { 200: envelope(adminPagesBody), ...errorAnswers(401, 403) },
      },
    },
    async () => ({
      body: {
        pages: (await service.listPages()).map((p) => ({
          slug: p.slug,
          title: p.title,
          updated_at: p.updatedAt.toISOString(),
        })),
      },
    }),
  );

  api.get(
    '/pages/:slug',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: "A page's source, as set-page reads it",
        params: slugParams,
        response: { 200: envelope(adminPageSource), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await service.pageSource(req.params.slug) }),
  );

  api.post(
    '/pages/:slug',
    {
      schema: {
        ...write,
        summary: "Replace a page from its source (a first line '# Title' sets the title)",
        params: slugParams,
        body: pageSourceForm,
        response: { 200: envelope(message), ...errorAnswers(400, 401, 403, 429) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.savePage(await actorOf(req), req.params.slug, req.body.source) }),
  );

  api.get(
    '/faqs',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'The FAQ with positions',
        response: { 200: envelope(adminFaqsBody), ...errorAnswers(401, 403) },
      },
    },
    async () => ({ body: { faqs: await service.listFaqs() } }),
  );

  api.post(
    '/faqs',
    {
      schema: {
        ...write,
        summary: 'Add a question to the FAQ',
        body: faqForm,
        response: { 200: envelope(adminFaq), ...errorAnswers(400, 401, 403, 429) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.createFaq(await actorOf(req), req.body) }),
  );

  api.post(
    '/faqs/:id',
    {
      schema: {
        ...write,
        summary: 'Edit a question of the FAQ',
        params: idParams,
        body: faqForm,
        response: { 200: envelope(adminFaq), ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.updateFaq(await actorOf(req), req.params.id, req.body) }),
  );

  api.delete(
    '/faqs/:id',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Remove a question from the FAQ',
        params: idParams,
        response: { 200: envelope(message), ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preHandler: writeLimit,
    },
    async (req) => ({ body: await service.deleteFaq(await actorOf(req), req.params.id) }),
  );
}
