import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_TEXTS, AUDIT_PAGE_SIZE, AUTH_ERRORS, type AuditLogBody } from '@bosphorus/contract';
import { insertUser } from '../../../test/factories.js';
import { bearer, buildTestApp, describeEachDatabase, signIn, type TestApp } from '../../../test/harness.js';
import { createAuditRepository } from './audit.repository.js';
import { ADMIN_TAG } from './admin.routes.js';

// Issue 17, Security: every console route is under /api/admin, tagged
// `admin`, and answers 401 to visitors and 403 to signed-in people who are
// not operators. The walk below reads the routes from the OpenAPI document,
// so a route added later is covered without naming it here.

interface OpenApiOperation {
  tags?: string[];
}

describeEachDatabase('operator console: who may call it', (t) => {
  let app: TestApp;
  let viewerToken: string;
  let operatorToken: string;
  let operatorId: number;

  beforeAll(async () => {
    app = await buildTestApp(t.db);
    const viewer = await insertUser(t.db);
    const operator = await insertUser(t.db, { role: 'admin' });
    operatorId = operator.id;
    viewerToken = (await signIn(app, viewer.email, viewer.password)).token;
    operatorToken = (await signIn(app, operator.email, operator.password)).token;
  });
  afterAll(() => app.close());

  async function adminOperations() {
    const doc = (await app.inject('/api/docs')).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    return { all: operations, admin: operations.filter((o) => o.path.startsWith('/api/admin/')) };
  }

  it('every /api/admin route is tagged admin, and every admin-tagged route is under /api/admin', async () => {
    const { all, admin } = await adminOperations();
    expect(admin.length).toBeGreaterThan(0);
    for (const o of admin) expect(o.op.tags, `${o.method} ${o.path}`).toContain(ADMIN_TAG);
    for (const o of all.filter((x) => x.op.tags?.includes(ADMIN_TAG))) expect(o.path).toMatch(/^\/api\/admin\//);
  });

  it('visitors get 401 and viewers 403 on every route, before any body is read; operators pass', async () => {
    const { admin } = await adminOperations();
    for (const { path, method } of admin) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const write = method !== 'GET' && method !== 'HEAD';
      // A body the route could never parse: the refusal comes first.
      const body = write ? { payload: '{"x": [', headers: { 'content-type': 'application/json' } } : {};
      const visitor = await app.inject({ method: method as 'GET', url, ...body });
      expect(visitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
      expect(visitor.json()).toEqual({ error: AUTH_ERRORS.unauthorized });
      const viewer = await app.inject({
        method: method as 'GET',
        url,
        ...body,
        headers: { ...body.headers, ...bearer(viewerToken) },
      });
      expect(viewer.statusCode, `${method} ${url} as a viewer`).toBe(403);
      expect(viewer.json()).toEqual({ error: ADMIN_TEXTS.notOperator });
      expect(viewer.headers['cache-control']).toBe('no-store');
      if (!write) {
        const operator = await app.inject({ method: method as 'GET', url, headers: bearer(operatorToken) });
        expect([401, 403]).not.toContain(operator.statusCode);
      }
    }
  });

  it('a role taken away counts at once', async () => {
    const former = await insertUser(t.db, { role: 'admin' });
    const token = (await signIn(app, former.email, former.password)).token;
    expect((await app.inject({ url: '/api/admin/audit-log', headers: bearer(token) })).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [former.id]);
    expect((await app.inject({ url: '/api/admin/audit-log', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('the audit log lists entries newest first, a page at a time, and by target', async () => {
    const audit = createAuditRepository(t.db);
    const target = `audit-${Date.now()}`;
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i += 1) {
      await audit.record({
        actorId: operatorId,
        actor: 'operator@example.test',
        action: 'page.edit',
        targetType: 'page',
        targetId: target,
        before: { n: i },
        after: { n: i + 1 },
      });
    }
    const first = await app.inject({
      url: `/api/admin/audit-log?target_type=page&target_id=${target}`,
      headers: bearer(operatorToken),
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ body: AuditLogBody }>().body;
    expect(page1.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(page1.entries[0]).toMatchObject({
      actor_id: operatorId,
      actor: 'operator@example.test',
      action: 'page.edit',
      target_type: 'page',
      target_id: target,
      before: { n: AUDIT_PAGE_SIZE + 1 },
      after: { n: AUDIT_PAGE_SIZE + 2 },
    });
    expect(page1.next_before).toBe(page1.entries.at(-1)!.id);
    const second = await app.inject({
      url: `/api/admin/audit-log?target_type=page&target_id=${target}&before=${page1.next_before}`,
      headers: bearer(operatorToken),
    });
    const page2 = second.json<{ body: AuditLogBody }>().body;
    expect(page2.entries.map((e) => e.before)).toEqual([{ n: 1 }, { n: 0 }]);
    expect(page2.next_before).toBeNull();
    const bad = await app.inject({ url: '/api/admin/audit-log?before=x', headers: bearer(operatorToken) });
    expect(bad.statusCode).toBe(400);
  });

  it('the audit log cannot be edited or emptied, even by SQL', async () => {
    const audit = createAuditRepository(t.db);
    await audit.record({
      actorId: null,
      actor: ADMIN_TEXTS.cliActor,
      action: 'user.ban',
      targetType: 'user',
      targetId: 1,
    });
    await expect(t.db.query(`UPDATE operator_audit_log SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM operator_audit_log`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`TRUNCATE operator_audit_log`)).rejects.toThrow(/append-only/);
  });
});
