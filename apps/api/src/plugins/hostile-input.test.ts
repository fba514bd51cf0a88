import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, MAX_BODY_DEPTH } from '@bosphorus/contract';
import { insertActivePlan, insertUser } from '../../test/factories.js';
import {
  bearer,
  buildTestApp,
  capturedLogs,
  describeEachDatabase,
  expectError,
  signIn,
  type TestApp,
} from '../../test/harness.js';
import { nestsDeeperThan } from './json-body.js';
import { TOO_DEEP, unstorableField } from './text-input.js';

// Issue 16 "Findings to fix" 1, 2 and 4: hostile requests an outside probe
// sent — bodies nested thousands deep, multipart bodies without a boundary
// or cut short, paths that do not decode — each answer a 400 in our error
// shape, with our headers, and nothing at error level in the log.

const nested = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('the nesting bound and the unstorable-text walk', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ q: '['.repeat(5000) }), MAX_BODY_DEPTH)).toBe(false);
    // An escaped quote does not end the string; brackets after it are still text.
    expect(nestsDeeperThan(JSON.stringify({ q: `\\"${'{'.repeat(100)}` }), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(`{"a":{"b":${nested(40)}}}`, MAX_BODY_DEPTH)).toBe(true);
  });

  it('walks 100,000 levels without recursion and names the field at the bottom', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = unstorableField({ q: deep }, Infinity);
    expect(Array.isArray(found) && found.length).toBe(100_001);
    expect(unstorableField({ q: deep })).toBe(TOO_DEEP);
    // Wide as well as deep: 200,000 fields, one of them broken.
    const wide = Object.fromEntries(
      Array.from({ length: 200_000 }, (_, i) => [`f${i}`, i === 199_999 ? '\ud800' : 'ok']),
    );
    expect(unstorableField(wide)).toEqual(['f199999']);
  });
});

describeEachDatabase('hostile requests', (t) => {
  let app: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  const logs = capturedLogs();
  const errorsLogged = logs.errors;

  beforeAll(async () => {
    app = await buildTestApp(t.db, {}, { logger: logs.logger });
    await app.ready();
    // An operator with a plan: every route, the console's too, reaches its body checks.
    const user = await insertUser(t.db, { role: 'admin' });
    await insertActivePlan(t.db, user.id);
    userId = user.id;
    auth = bearer((await signIn(app, user.email, user.password)).token);
    logs.lines.length = 0;
  });
  afterAll(() => app.close());

  const expectOurHeaders = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toEqual(expect.any(String));
  };

  describe('finding 1: deeply nested bodies', () => {
    it('refuses JSON nested 4,000 deep (8 KB) with a 400 naming the limit, on any JSON route', async () => {
      for (const [url, headers] of [
        ['/api/search', {}],
        ['/api/auth/token', {}],
        [`/api/user/${userId}/history`, auth],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url,
          payload: `{"q":${nested(4000)}}`,
          headers: { 'content-type': 'application/json', ...headers },
        });
        const body = expectError(res, 400, 'body');
        expect(body.error).toBe(`body: ${API_ERRORS.tooDeep}`);
        expect(body.error).toContain(String(MAX_BODY_DEPTH));
        expectOurHeaders(res);
      }
      expect(errorsLogged()).toEqual([]);
    });

    it('takes bodies up to the limit and brackets inside strings', async () => {
      const deepest = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: `{"x":${nested(MAX_BODY_DEPTH - 1)},"q":"ferry"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(deepest.statusCode, deepest.body).toBe(200);
      const text = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: JSON.stringify({ q: '[[[[' + '{'.repeat(90) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(text.statusCode, text.body).toBe(200);
      const over = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: `{"x":${nested(MAX_BODY_DEPTH)},"q":"ferry"}`,
        headers: { 'content-type': 'application/json' },
      });
      expectError(over, 400, 'body');
    });

    it('refuses 20 bodies of 200 KB nested 100,000 deep, while /healthz keeps answering', async () => {
      const payload = `{"q":${nested(100_000)}}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({ method: 'POST', url: '/api/search', payload, headers: { 'content-type': 'application/json' } }),
        ),
      );
      for (const res of answers) expectError(res, 400, 'body');
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(errorsLogged()).toEqual([]);
    });

    it('walks urlencoded and multipart bodies of many repeated fields to the broken one', async () => {
      const fields = Array.from({ length: 5000 }, (_, i) => (i === 4999 ? 'a%00b' : 'ok'));
      const form = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: fields.map((v) => `q=${v}`).join('&'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(expectError(form, 400, 'q.4999').error).toBe(`q.4999: ${API_ERRORS.unstorableText}`);
      const boundary = 'deepprobe';
      // 900 parts: busboy's limit is 1,000 (413 beyond it).
      const parts = Array.from(
        { length: 900 },
        (_, i) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="q"\r\n\r\n${i === 899 ? 'a\u0000b' : 'ok'}\r\n`,
      );
      const multipart = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: `${parts.join('')}--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(expectError(multipart, 400, 'q.899').error).toBe(`q.899: ${API_ERRORS.unstorableText}`);
      expect(errorsLogged()).toEqual([]);
    });
  });

  describe('finding 2: malformed multipart bodies', () => {
    type Doc = { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const bodyRoutes = () =>
      Object.entries((app.swagger() as unknown as Doc).paths).flatMap(([template, operations]) =>
        Object.entries(operations)
          .filter(([, op]) => op.requestBody !== undefined)
          .map(([method, _op]) => ({
            method: method.toUpperCase() as 'POST',
            url: template.replace(/\{([^}]+)\}/g, (_, name: string) => (/user/i.test(name) ? String(userId) : '1')),
          })),
      );

    it('answers 400 on every multipart route for a missing boundary and a truncated body, logging no error', async () => {
      const malformed = [
        { name: 'no boundary', type: 'multipart/form-data', payload: 'q=ferry' },
        {
          name: 'truncated',
          type: 'multipart/form-data; boundary=cut',
          payload: '--cut\r\ncontent-disposition: form-data; name="q"\r\n\r\nferr',
        },
        {
          name: 'truncated file',
          type: 'multipart/form-data; boundary=cut',
          payload:
            '--cut\r\ncontent-disposition: form-data; name="avatar"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\u0089PNG',
        },
      ];
      const routes = bodyRoutes();
      const wrong: string[] = [];
      let multipartRoutes = 0;
      for (const route of routes) {
        let accepted = false;
        for (const body of malformed) {
          const res = await app.inject({
            ...route,
            payload: body.payload,
            headers: { ...auth, 'content-type': body.type },
          });
          // A context without multipart refuses the encoding itself (415).
          if (res.statusCode === 415) continue;
          accepted = true;
          const json = String(res.headers['content-type']).includes('json') ? res.json<{ error?: string }>() : {};
          if (res.statusCode !== 400 || json.error !== `body: ${API_ERRORS.badMultipart}`)
            wrong.push(`${route.method} ${route.url} [${body.name}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (accepted) multipartRoutes++;
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
      // Every form context: accounts, catalogue search, player, library, reviews, history, notifications, support, billing.
      expect(multipartRoutes).toBeGreaterThanOrEqual(9);
      expect(errorsLogged()).toEqual([]);
    }, 60_000);

    it('still reads a well-formed multipart form, repeated fields as a list', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        payload: '--ok\r\ncontent-disposition: form-data; name="q"\r\n\r\nferry\r\n--ok--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=ok' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('finding 4: paths that do not decode', () => {
    const token = 'v1.abcdefgh.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJl';
    it.each([
      [`/media/${token}/%c0%ae`],
      [`/media/${token}/seg%E0%A4%A.ts`],
      ['/api/movies/%c0%ae'],
      ['/uploads/%'],
      ['/%c0'],
    ])('answers %s with a 400 of ours, our headers, and never the path', async (url) => {
      const res = await app.inject({ url });
      const body = expectError(res, 400);
      expect(body).toEqual({ error: API_ERRORS.badUrl });
      expectOurHeaders(res);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain('%');
      expect(JSON.stringify(res.headers)).not.toContain(token);
    });
  });
});
