import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, APP_VERSION, ERROR_REPORT_LIMITS, SYSTEM_ERROR_TEXTS, techSupportBody } from '@bosphorus/contract';
import { insertUser, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  postForm,
  signIn,
  type TestApp,
} from '../../../test/harness.js';
import { runAdmin } from '../../cli/admin.js';
import { ERROR_REPORT_RULE } from './diagnostics.routes.js';
import { lookupSaysVpn, PROBE_SEGMENT, proxyEvident } from './diagnostics.service.js';

// Issue 14: client error reports (spec §4 Global errors, §8, §9) and the
// technical support answers (spec §2, §7); decision 0053.

function report(overrides: Record<string, unknown> = {}) {
  return {
    type: 'error',
    name: 'TypeError',
    message: `Cannot read properties of undefined (reading 'x') ${uniq()}`,
    source: 'http://localhost/assets/index-abc.js',
    line: 12,
    column: 345,
    stack: 'TypeError: Cannot read properties of undefined\n    at f (index-abc.js:12:345)',
    page_url: 'http://localhost/allseries?page=2',
    user_agent: 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 5.0) AppleWebKit/537.36',
    timestamp: new Date().toISOString(),
    frontend_version: APP_VERSION,
    is_tv: true,
    ...overrides,
  };
}

const post = (app: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/error-reports', payload: body as object, headers });

describeEachDatabase('diagnostics: error reports', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(() => app?.close());

  async function stored(message: string) {
    return t.db.query<Record<string, unknown>>('SELECT * FROM client_error_reports WHERE message = $1', [message]);
  }

  it('stores a report with every §8 field and frontend_version (§9), and answers 202', async () => {
    const body = report();
    const res = await post(app, body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: SYSTEM_ERROR_TEXTS.reportReceived });
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await stored(body.message);
    expect(row).toMatchObject({
      type: 'error',
      name: 'TypeError',
      source: body.source,
      line: 12,
      col: 345,
      stack: body.stack,
      page_url: body.page_url,
      user_agent: body.user_agent,
      frontend_version: '110',
      is_tv: true,
      user_id: null,
    });
    expect(new Date(row!.client_timestamp as string).toISOString()).toBe(body.timestamp);
  });

  it('takes the user from a valid token only, and still stores the report of an expired or forged one', async () => {
    const user = await insertUser(t.db);
    const { token } = await signIn(app, user.email, user.password);
    const mine = report({ user_id: 999_999 });
    expect((await post(app, mine, bearer(token))).statusCode).toBe(202);
    expect((await stored(mine.message))[0]!.user_id).toBe(user.id);
    // The body's user_id is no field of a report: ignored, never believed.
    const forged = report();
    expect((await post(app, forged, bearer('aaa.bbb.ccc'))).statusCode).toBe(202);
    expect((await stored(forged.message))[0]!.user_id).toBeNull();
  });

  it('takes a sendBeacon text/plain body and a form post alike', async () => {
    const beacon = report();
    const res = await app.inject({
      method: 'POST',
      url: '/api/error-reports',
      payload: JSON.stringify(beacon),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await stored(beacon.message)).toHaveLength(1);
    const form = report({ type: 'unhandledrejection', is_tv: 'false', line: '7' });
    const { stack: _stack, ...fields } = form;
    expect((await postForm(app, '/api/error-reports', fields as unknown as Record<string, string>)).statusCode).toBe(
      202,
    );
    expect((await stored(form.message))[0]).toMatchObject({ type: 'unhandledrejection', is_tv: false, line: 7 });
  });

  it('answers 400 naming the field for missing, unknown or too long values', async () => {
    expect(expectError(await post(app, report({ message: '' })), 400, 'message').error).toBe('message: is required');
    expectError(await post(app, report({ frontend_version: undefined })), 400, 'frontend_version');
    expect(expectError(await post(app, report({ type: 'crash' })), 400, 'type').error).toContain('must be one of');
    expect(
      expectError(await post(app, report({ stack: 'x'.repeat(ERROR_REPORT_LIMITS.stack + 1) })), 400, 'stack').error,
    ).toBe(`stack: must be at most ${ERROR_REPORT_LIMITS.stack} characters`);
    expectError(await post(app, report({ line: -1 })), 400, 'line');
    expectError(await post(app, report({ timestamp: 'yesterday' })), 400, 'timestamp');
    expectError(await post(app, report({ is_tv: 'maybe' })), 400, 'is_tv');
    expectError(await app.inject({ method: 'POST', url: '/api/error-reports' }), 400, 'type');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/error-reports',
      payload: '{not json',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(bad, 400);
    // sendBeacon's text/plain is JSON under the same nesting bound (issue 16 finding 1).
    const deep = await app.inject({
      method: 'POST',
      url: '/api/error-reports',
      payload: `{"message":${'['.repeat(4000)}${']'.repeat(4000)}}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(expectError(deep, 400, 'body').error).toContain(API_ERRORS.tooDeep);
  });

  it('operators read the newest reports: npm run admin -- client-errors [N]', async () => {
    const body = report({ message: `Operator sees this ${uniq()}` });
    expect((await post(app, body)).statusCode).toBe(202);
    const { code, out } = await runAdmin(t.db, ['client-errors', '1']);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain(`error  ${body.message} at ${body.source}:12`);
    expect(out[0]).toContain('visitor, v110');
    expect((await runAdmin(t.db, ['client-errors', 'many'])).code).toBe(2);
  });

  it('refuses a body over 32 KB with 413 in our error shape', async () => {
    const res = await post(app, report({ stack: 'y'.repeat(ERROR_REPORT_LIMITS.body) }));
    expectError(res, 413);
  });
});

describeEachDatabase('diagnostics: error report rate limit', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { rateLimit: true });
  });
  afterAll(() => app?.close());

  it(`answers 429 with Retry-After after ${ERROR_REPORT_RULE.max} reports a minute from one address`, async () => {
    const headers = { 'x-forwarded-for': `198.18.7.${1 + Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < ERROR_REPORT_RULE.max; i++) {
      const res = await post(app, report(), headers);
      expect(res.statusCode, res.body).toBe(202);
    }
    const refused = await post(app, report(), headers);
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted apart.
    expect((await post(app, report(), { 'x-forwarded-for': '198.18.9.9' })).statusCode).toBe(202);
  });
});

describeEachDatabase('diagnostics: technical support', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, {
      media: {
        mainOrigin: 'https://media.example.com',
        backupOrigin: 'https://media.example.com',
        dir: '',
        tokenTtlSeconds: 3600,
      },
      publicUrl: 'https://bosphorus.example',
    });
  });
  afterAll(() => app?.close());

  it('needs a signed-in user', async () => {
    expectError(await app.inject('/api/technical-support'), 401);
  });

  it('answers IP, user agent, VPN flag and the CDN test addresses on both media origins', async () => {
    const user = await insertUser(t.db);
    const { token } = await signIn(app, user.email, user.password);
    const res = await app.inject({
      url: '/api/technical-support',
      headers: { ...bearer(token), 'user-agent': 'TestAgent/1.0', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = techSupportBody.parse(res.json<{ body: unknown }>().body);
    expect(body.connection).toEqual({ ip: '203.0.113.7', user_agent: 'TestAgent/1.0', vpn: false });
    expect(body.cdn).toEqual([
      { id: 'mainManifest', url: 'https://media.example.com/media-probe/index.m3u8' },
      { id: 'mainSegment', url: 'https://media.example.com/media-probe/segment.ts' },
      // Spec §4: the backup of a '.com' main origin is its '.net' twin, as the player fails over.
      { id: 'backupSegment', url: 'https://media.example.net/media-probe/segment.ts' },
    ]);
    const proxied = await app.inject({
      url: '/api/technical-support',
      headers: { ...bearer(token), via: '1.1 squid' },
    });
    expect(proxied.json<{ body: { connection: { vpn: boolean } } }>().body.connection.vpn).toBe(true);
  });

  it('pings the API and the database, public', async () => {
    const res = await app.inject('/api/technical-support/ping');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the CDN test playlist and segment uncached, readable by the app origin', async () => {
    const playlist = await app.inject('/media-probe/index.m3u8');
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/mpegurl/);
    expect(playlist.headers['cache-control']).toBe('no-store');
    expect(playlist.headers['access-control-allow-origin']).toBe('https://bosphorus.example');
    expect(playlist.body).toContain('#EXTM3U');
    expect(playlist.body).toContain('segment.ts');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/media-probe/segment.ts',
      headers: { origin: 'https://bosphorus.example', 'access-control-request-headers': 'x-forwarded-for' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://bosphorus.example');
    expect(preflight.headers['access-control-allow-headers']).toBe('x-forwarded-for');
    const segment = await app.inject('/media-probe/segment.ts');
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.length).toBe(PROBE_SEGMENT.length);
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.rawPayload[188]).toBe(0x47);
  });
});

describe('diagnostics: VPN evidence', () => {
  it('sees a proxy header or more forwarded hops than the trusted proxies account for', () => {
    expect(proxyEvident({ headers: {}, ips: ['127.0.0.1'] })).toBe(false);
    expect(proxyEvident({ headers: { 'x-forwarded-for': '203.0.113.7' }, ips: ['127.0.0.1', '203.0.113.7'] })).toBe(
      false,
    );
    expect(
      proxyEvident({ headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }, ips: ['127.0.0.1', '203.0.113.7'] }),
    ).toBe(true);
    expect(proxyEvident({ headers: { forwarded: 'for=1.2.3.4' }, ips: ['127.0.0.1'] })).toBe(true);
  });

  it("reads the usual lookup services' answers", () => {
    expect(lookupSaysVpn({ '1.2.3.4': { proxy: 'yes', type: 'VPN' } })).toBe(true);
    expect(lookupSaysVpn({ '1.2.3.4': { proxy: 'no' } })).toBe(false);
    expect(lookupSaysVpn({ security: { vpn: false, proxy: true, tor: false } })).toBe(true);
    expect(lookupSaysVpn({ is_vpn: false, is_proxy: false })).toBe(false);
    expect(lookupSaysVpn({ country: 'TR' })).toBeNull();
    expect(lookupSaysVpn('nonsense')).toBeNull();
  });
});
