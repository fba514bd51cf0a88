import { AUTH_ERRORS, REFRESH_COOKIE, type LoginBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser, signUp } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  postForm,
  setCookieValue,
  type TestApp,
} from '../../../test/harness.js';

// Issue 10: native sessions (the refresh credential in the body on request),
// login CSRF, and e-mail addresses a mail server would deliver to
// (docs/auth.md, decision 0026).

const PUBLIC_URL = 'https://bosphorus.example';
const BAD_EMAIL = 'val@example.test/../../etc/passwd';

describeEachDatabase('native sessions, login CSRF and e-mail addresses', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { publicUrl: PUBLIC_URL });
  });
  afterAll(() => app?.close());

  const signInForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm(app, '/api/auth/token', fields, headers);

  it('keeps a browser on the HttpOnly cookie: no refresh_token in the body', async () => {
    const user = await insertUser(t.db);
    const res = await signInForm({ email: user.email, inputPassword: user.password }, { origin: PUBLIC_URL });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ body: LoginBody }>().body;
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(res.body).not.toContain(setCookieValue(res, REFRESH_COOKIE)!);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
  });

  it('gives a native client (field or header) the credential in the body, which refreshes and rotates', async () => {
    const user = await insertUser(t.db);
    for (const [fields, headers] of [
      [{ client: 'native' }, {}],
      [{}, { 'x-bosphorus-client': 'native' }],
    ] as const) {
      const res = await signInForm({ email: user.email, inputPassword: user.password, ...fields }, headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ body: LoginBody }>().body;
      expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers['set-cookie']).toBeUndefined();
      const refreshed = await postForm(app, '/api/auth/refresh-token', {
        user_id: user.id,
        refresh_token: body.refresh_token!,
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const next = refreshed.json<{ body: { token: string; refresh_token: string } }>().body;
      expect(next.refresh_token).not.toBe(body.refresh_token);
      expect(next.token.split('.')).toHaveLength(3);
    }
    expectError(await signInForm({ email: user.email, inputPassword: user.password, client: 'tv' }), 400, 'client');
  });

  it('documents the client field in the OpenAPI document of POST /api/auth/token', async () => {
    const doc = (await app.inject('/api/docs')).json<{
      paths: Record<
        string,
        { post?: { requestBody?: { content: Record<string, { schema: { properties: object } }> } } }
      >;
    }>();
    const content = doc.paths['/api/auth/token']!.post!.requestBody!.content;
    const schema = Object.values(content)[0]!.schema;
    expect(Object.keys(schema.properties)).toContain('client');
  });

  it('refuses a cross-site sign-in (login CSRF) with 403 and sets no cookie', async () => {
    const user = await insertUser(t.db);
    const res = await signInForm(
      { email: user.email, inputPassword: user.password },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(expectError(res, 403).error).toBe(AUTH_ERRORS.crossOrigin);
    expect(res.headers['set-cookie']).toBeUndefined();
    expectError(await signInForm({ email: user.email, inputPassword: user.password }, { origin: 'null' }), 403);
    // Same origin, and no Origin at all (a native client), sign in.
    expect(
      (await signInForm({ email: user.email, inputPassword: user.password }, { origin: PUBLIC_URL })).statusCode,
    ).toBe(200);
    expect((await signInForm({ email: user.email, inputPassword: user.password })).statusCode).toBe(200);
  });

  it('refuses an address no mail server would deliver, naming the field, on every call that takes one', async () => {
    const register = await postForm(app, '/api/auth/register', signUp({ user_email: BAD_EMAIL }));
    expect(expectError(register, 400, 'user_email').error).toContain(AUTH_ERRORS.invalidEmail);
    const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', [BAD_EMAIL]);
    expect(rows).toHaveLength(0);
    for (const [url, fields] of [
      ['/api/auth/token', { email: BAD_EMAIL, inputPassword: 'whatever-1' }],
      ['/api/auth/forgot-password', { email: BAD_EMAIL }],
      ['/api/auth/check-existing-verification-code', { email: BAD_EMAIL }],
      ['/api/auth/resend-verification-code', { email: BAD_EMAIL }],
      ['/api/auth/verify-email', { email: BAD_EMAIL, verification_code: '123456' }],
    ] as const) {
      expect(expectError(await postForm(app, url, fields), 400, 'email').error, url).toContain(
        AUTH_ERRORS.invalidEmail,
      );
    }
    expect(
      (await postForm(app, '/api/auth/register', signUp({ user_email: `o'brien+tv@Mail.Example.ie` }))).statusCode,
    ).toBe(201);
  });
});
