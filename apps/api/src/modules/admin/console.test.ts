import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ADMIN_TEXTS,
  type AdminFaqsBody,
  type AdminPageSource,
  type AdminUserActionBody,
  type AdminUserDetail,
  type AdminUsersBody,
  type AuditLogBody,
  type InboxBody,
} from '@bosphorus/contract';
import { runAdmin } from '../../cli/admin.js';
import { insertActivePlan, insertUser, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  postForm,
  signIn,
  type TestApp,
} from '../../../test/harness.js';

// Issue 17: the console's Viewers, Inbox and Pages sections. Each write is
// the service the CLI uses, and leaves an audit entry naming the operator.

describeEachDatabase('operator console: viewers, inbox, pages', (t) => {
  let app: TestApp;
  let operator: { id: number; email: string; token: string };

  beforeAll(async () => {
    app = await buildTestApp(t.db);
    const op = await insertUser(t.db, { role: 'admin' });
    operator = { id: op.id, email: op.email, token: (await signIn(app, op.email, op.password)).token };
  });
  afterAll(() => app.close());

  const get = async <T>(url: string) => {
    const res = await app.inject({ url, headers: bearer(operator.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: T }>().body;
  };
  const post = (url: string, form: Record<string, string> = {}, token = operator.token) =>
    postForm(app, url, form, bearer(token));
  const lastAudit = async (type: string, id: string | number) =>
    (await get<AuditLogBody>(`/api/admin/audit-log?target_type=${type}&target_id=${id}`)).entries[0];

  describe('viewers', () => {
    it('finds an account by e-mail or name, without case, and shows its plan, payments and sessions', async () => {
      const key = uniq();
      const viewer = await insertUser(t.db, { name: `Ayşe ${key}` });
      await insertActivePlan(t.db, viewer.id, 10);
      await signIn(app, viewer.email, viewer.password);
      const byName = await get<AdminUsersBody>(`/api/admin/users?q=${encodeURIComponent(`AYŞE ${key}`.toLowerCase())}`);
      expect(byName.users.map((u) => u.id)).toEqual([viewer.id]);
      const byEmail = await get<AdminUsersBody>(`/api/admin/users?q=${encodeURIComponent(viewer.email.toUpperCase())}`);
      expect(byEmail.users[0]).toMatchObject({ id: viewer.id, email: viewer.email, banned: false, role: 'user' });
      expect(byEmail.users[0]!.plan_ends_at).not.toBeNull();
      // % and _ are letters here, not patterns.
      expect((await get<AdminUsersBody>('/api/admin/users?q=%25%25nobody_')).users).toEqual([]);

      const detail = await get<AdminUserDetail>(`/api/admin/users/${viewer.id}`);
      expect(detail.user.id).toBe(viewer.id);
      expect(detail.subscriptions).toHaveLength(1);
      expect(detail.subscriptions[0]).toMatchObject({ provider: 'demo', status: 'active' });
      expect(detail.payments).toEqual([]);
      expect(detail.sessions).toHaveLength(1);
      expectError(await app.inject({ url: '/api/admin/users/999999999', headers: bearer(operator.token) }), 404);
      expectError(await app.inject({ url: '/api/admin/users/x', headers: bearer(operator.token) }), 400, 'id');
    });

    it('a ban refuses the viewer at once and ends their sessions; an unban lets them in; both are audited', async () => {
      const viewer = await insertUser(t.db);
      const session = await signIn(app, viewer.email, viewer.password);
      const ban = await post(`/api/admin/users/${viewer.id}/ban`);
      expect(ban.statusCode, ban.body).toBe(200);
      const banned = ban.json<{ body: AdminUserActionBody }>().body;
      expect(banned.message).toBe(ADMIN_TEXTS.banned(viewer.email, 1));
      expect(banned.user.banned).toBe(true);
      // The viewer's next call is refused.
      const next = await app.inject({ url: `/api/user/${viewer.id}`, headers: bearer(session.token) });
      expect(next.statusCode).toBe(403);
      expect((await get<AdminUserDetail>(`/api/admin/users/${viewer.id}`)).sessions).toEqual([]);
      expect(await lastAudit('user', viewer.id)).toMatchObject({
        actor_id: operator.id,
        actor: operator.email,
        action: 'user.ban',
        before: { banned: false },
        after: { banned: true, sessions_ended: 1 },
      });
      const again = await post(`/api/admin/users/${viewer.id}/ban`);
      expect(again.json<{ body: AdminUserActionBody }>().body.message).toBe(ADMIN_TEXTS.alreadyBanned(viewer.email));

      const unban = await post(`/api/admin/users/${viewer.id}/unban`);
      expect(unban.json<{ body: AdminUserActionBody }>().body.message).toBe(ADMIN_TEXTS.unbanned(viewer.email));
      await signIn(app, viewer.email, viewer.password);
      expect((await lastAudit('user', viewer.id))!.action).toBe('user.unban');
    });

    it('an operator cannot ban themselves, and an unknown account is a 404', async () => {
      const self = expectError(await post(`/api/admin/users/${operator.id}/ban`), 400, 'user_id');
      expect(self.error).toBe(ADMIN_TEXTS.notYourself);
      expectError(await post('/api/admin/users/999999999/ban'), 404);
    });

    it('ends sessions and grants a complimentary plan, refusing one over a paid plan', async () => {
      const viewer = await insertUser(t.db);
      await signIn(app, viewer.email, viewer.password);
      await signIn(app, viewer.email, viewer.password);
      const ended = await post(`/api/admin/users/${viewer.id}/end-sessions`);
      expect(ended.json<{ body: AdminUserActionBody }>().body.message).toBe(ADMIN_TEXTS.sessionsEnded(viewer.email, 2));

      expectError(await post(`/api/admin/users/${viewer.id}/plan`, { days: '0' }), 400, 'days');
      expectError(await post(`/api/admin/users/${viewer.id}/plan`, { days: 'ten' }), 400, 'days');
      const granted = await post(`/api/admin/users/${viewer.id}/plan`, { days: '7' });
      expect(granted.statusCode, granted.body).toBe(200);
      const body = granted.json<{ body: AdminUserActionBody }>().body;
      expect(body.message).toMatch(
        new RegExp(`^${viewer.email} has a complimentary plan until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`),
      );
      expect(body.user.plan_ends_at).not.toBeNull();
      expect(await lastAudit('user', viewer.id)).toMatchObject({ action: 'user.grant_plan', after: { days: 7 } });

      const payer = await insertUser(t.db);
      await insertActivePlan(t.db, payer.id);
      const refused = expectError(await post(`/api/admin/users/${payer.id}/plan`, { days: '7' }), 409, 'days');
      expect(refused.error).toMatch(/already has a paid plan/);
    });

    it('the CLI acts through the same services and is audited as cli', async () => {
      const viewer = await insertUser(t.db);
      expect((await runAdmin(t.db, ['ban', viewer.email])).code).toBe(0);
      expect(await lastAudit('user', viewer.id)).toMatchObject({ actor_id: null, actor: 'cli', action: 'user.ban' });
      expect((await runAdmin(t.db, ['grant-plan', viewer.email, '3'])).code).toBe(0);
      expect(await lastAudit('user', viewer.id)).toMatchObject({ actor: 'cli', action: 'user.grant_plan' });
      expect((await runAdmin(t.db, ['grant-admin', viewer.email])).code).toBe(0);
      expect(await lastAudit('user', viewer.id)).toMatchObject({ actor: 'cli', action: 'user.grant_admin' });
    });
  });

  describe('inbox', () => {
    it('lists issue reports with every field and moves them from new to seen to resolved, audited', async () => {
      const reporter = await insertUser(t.db);
      const session = await signIn(app, reporter.email, reporter.password);
      const note = `Sound out of sync ${uniq()}`;
      const sent = await postForm(
        app,
        '/api/report',
        {
          note,
          link: 'https://example.test/watchEpisodes/12',
          serie_title: 'Kuruluş',
          episode_title: 'Bölüm 3',
          timezone: 'Europe/Istanbul',
          position_seconds: '125',
        },
        bearer(session.token),
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const list = await get<InboxBody>('/api/admin/inbox/reports?status=new');
      const item = list.items.find((i) => i.summary === note)!;
      expect(item).toMatchObject({ kind: 'reports', status: 'new', user_id: reporter.id });
      expect(item.fields).toMatchObject({
        note,
        link: 'https://example.test/watchEpisodes/12',
        serie_title: 'Kuruluş',
        episode_title: 'Bölüm 3',
        timezone: 'Europe/Istanbul',
        position_seconds: '125',
      });
      // The position is a whole number of seconds, or the report is refused naming it.
      expectError(await postForm(app, '/api/report', { note, position_seconds: '1:05' }), 400, 'position_seconds');
      expect(list.new_count).toBeGreaterThan(0);

      expectError(await post(`/api/admin/inbox/reports/${item.id}/status`, { status: 'done' }), 400, 'status');
      expectError(await post('/api/admin/inbox/reports/999999999/status', { status: 'seen' }), 404);
      expectError(await post(`/api/admin/inbox/other/${item.id}/status`, { status: 'seen' }), 400, 'kind');
      for (const status of ['seen', 'resolved'] as const) {
        const res = await post(`/api/admin/inbox/reports/${item.id}/status`, { status });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ body: { message: string } }>().body.message).toBe(
          ADMIN_TEXTS.statusChanged(ADMIN_TEXTS.inboxStatuses[status]),
        );
      }
      const resolved = await get<InboxBody>('/api/admin/inbox/reports?status=resolved');
      expect(resolved.items.map((i) => i.id)).toContain(item.id);
      expect((await get<InboxBody>('/api/admin/inbox/reports?status=new')).items.map((i) => i.id)).not.toContain(
        item.id,
      );
      expect(await lastAudit('reports', item.id)).toMatchObject({
        actor: operator.email,
        action: 'inbox.status',
        before: { status: 'seen' },
        after: { status: 'resolved' },
      });
    });

    it('lists contact messages and client error reports', async () => {
      const subject = `Subtitles ${uniq()}`;
      await t.db.query(
        `INSERT INTO contact_messages (name, email, subject, message) VALUES ('Elif', 'elif@example.test', $1, 'Hello')`,
        [subject],
      );
      const messages = await get<InboxBody>('/api/admin/inbox/messages');
      expect(messages.items.find((i) => i.summary === subject)!.fields).toMatchObject({
        name: 'Elif',
        email: 'elif@example.test',
        message: 'Hello',
      });
      const message = `TypeError ${uniq()}`;
      await t.db.query(
        `INSERT INTO client_error_reports (type, message, frontend_version) VALUES ('error', $1, '110')`,
        [message],
      );
      const errors = await get<InboxBody>('/api/admin/inbox/errors');
      expect(errors.items.find((i) => i.summary === message)).toMatchObject({ kind: 'errors', status: 'new' });
      expectError(
        await app.inject({ url: '/api/admin/inbox/errors?status=open', headers: bearer(operator.token) }),
        400,
        'status',
      );
    });
  });

  describe('pages and FAQ', () => {
    it('reads a page as its source and saves it as set-page does, audited with before and after', async () => {
      const page = await get<AdminPageSource>('/api/admin/pages/privacy-policy');
      expect(page.source.startsWith(`# ${page.title}\n\n`)).toBe(true);
      expect(page.source).not.toMatch(/^# .*\n\n\s*\n/);
      const text = `# Privacy ${uniq()}\n\nWe keep your e-mail.\n\n- one\n- two\n`;
      const saved = await post('/api/admin/pages/privacy-policy', { source: text });
      expect(saved.statusCode, saved.body).toBe(200);
      const shown = await app.inject('/api/pages/privacy-policy');
      expect(shown.json<{ body: { page: { title: string } } }>().body.page.title).toBe(text.split('\n')[0]!.slice(2));
      const entry = (await lastAudit('page', 'privacy-policy'))!;
      expect(entry).toMatchObject({
        action: 'page.edit',
        actor: operator.email,
        after: { body: 'We keep your e-mail.\n\n- one\n- two\n' },
      });
      expect((entry.before as { title: string }).title).toBe(page.title);

      expectError(await post('/api/admin/pages/privacy-policy', { source: '# Empty\n' }), 400, 'source');
      expectError(await post('/api/admin/pages/Bad_Slug', { source: text }), 400, 'slug');
      expectError(await app.inject({ url: '/api/admin/pages/no-such-page', headers: bearer(operator.token) }), 404);
      const pages = await get<{ pages: Array<{ slug: string }> }>('/api/admin/pages');
      expect(pages.pages.map((p) => p.slug)).toContain('privacy-policy');
    });

    it('adds, edits and removes a FAQ question, shown on the public FAQ', async () => {
      const header = `Can I download? ${uniq()}`;
      expectError(await post('/api/admin/faqs', { header: ' ', text: 'No.' }), 400, 'header');
      const created = await post('/api/admin/faqs', { header, text: 'No.', position: '5' });
      expect(created.statusCode, created.body).toBe(200);
      const faq = created.json<{ body: { id: number } }>().body;
      const edited = await post(`/api/admin/faqs/${faq.id}`, { header, text: 'Not yet.', position: '5' });
      expect(edited.statusCode, edited.body).toBe(200);
      const publicFaq = (await app.inject('/api/faq')).body;
      expect(publicFaq).toContain('Not yet.');
      expect((await get<AdminFaqsBody>('/api/admin/faqs')).faqs.find((f) => f.id === faq.id)).toMatchObject({
        text: 'Not yet.',
        position: 5,
      });
      expect(await lastAudit('faq', faq.id)).toMatchObject({
        action: 'faq.edit',
        before: { text: 'No.' },
        after: { text: 'Not yet.' },
      });
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/admin/faqs/${faq.id}`,
        headers: bearer(operator.token),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await app.inject('/api/faq')).body).not.toContain(header);
      expectError(
        await app.inject({ method: 'DELETE', url: `/api/admin/faqs/${faq.id}`, headers: bearer(operator.token) }),
        404,
      );
    });

    it('set-page from the CLI is audited as cli', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'set-page-')), 'page.md');
      fs.writeFileSync(file, '# Terms\n\nBe kind.\n');
      expect((await runAdmin(t.db, ['set-page', 'term-condition', file])).code).toBe(0);
      expect(await lastAudit('page', 'term-condition')).toMatchObject({
        actor: 'cli',
        action: 'page.edit',
        after: { title: 'Terms' },
      });
    });
  });

  it('a viewer cannot use a console write', async () => {
    const viewer = await insertUser(t.db);
    const token = (await signIn(app, viewer.email, viewer.password)).token;
    const res = await post(`/api/admin/users/${viewer.id}/ban`, {}, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ADMIN_TEXTS.notOperator });
  });
});
