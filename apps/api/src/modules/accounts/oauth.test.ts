import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  OAUTH_TEXTS,
  REFRESH_COOKIE,
  type LoginBody,
  CAPTCHA_TEXTS,
} from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCaptcha } from '../../lib/captcha.js';
import { FAST_CAPTCHA, solveAltcha } from '../../../test/captcha.js';
import { insertUser, uniq } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  setCookieValue,
  type TestApp,
} from '../../../test/harness.js';
import { startOidcProvider, type LocalOidcProvider } from '../../../test/oidc.js';
import { FLOW_COOKIE, openFlow, sealFlow } from './oauth.routes.js';

// Google sign-in (issue 3) against a real OpenID provider on loopback:
// start → provider → callback → /signin?token=<one-time code> → session.

const PUBLIC_URL = 'http://localhost:3999';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

describeEachDatabase('Google sign-in', (t) => {
  let provider: LocalOidcProvider;
  let app: TestApp;
  const captcha = createCaptcha(
    { provider: 'altcha', recaptchaSiteKey: null, recaptchaSecret: null },
    'h'.repeat(48),
    FAST_CAPTCHA,
  );

  beforeAll(async () => {
    provider = await startOidcProvider(CALLBACK);
    app = await buildTestApp(
      t.db,
      {
        publicUrl: PUBLIC_URL,
        google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer },
      },
      { captcha },
    );
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  /** Plays the whole browser round trip; returns where the callback sent the browser. */
  async function signInWithGoogle(
    account: { sub: string; email: string; email_verified?: boolean; name?: string },
    query = '',
  ) {
    provider.nextLogin({ email_verified: true, name: 'Google User', ...account });
    const start = await app.inject(`/api/auth/google${query}`);
    expect(start.statusCode, start.body).toBe(302);
    const flow = setCookieValue(start, FLOW_COOKIE);
    expect(flow).toBeTruthy();
    const callback = await provider.signIn(String(start.headers.location), CALLBACK);
    const back = await app.inject({ url: callback.pathname + callback.search, cookies: { [FLOW_COOKIE]: flow! } });
    expect(back.statusCode, back.body).toBe(302);
    return new URL(String(back.headers.location));
  }

  async function exchange(token: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/google-profile',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
  }

  it('says the options offer Google', async () => {
    const res = await app.inject('/api/auth/options');
    expect(res.json<{ body: { google: boolean } }>().body.google).toBe(true);
  });

  it('creates a verified, password-less account and signs it in through a one-time code', async () => {
    const email = `elif-${uniq()}@gmail.test`;
    const back = await signInWithGoogle({ sub: `g-${uniq()}`, email, name: 'Elif Şahin' });
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/signin`);
    const token = back.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const res = await exchange(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ body: LoginBody }>().body;
    expect(body.user).toMatchObject({
      user_email: email,
      user_name: 'Elif Şahin',
      email_verified: '1',
      is_banned: '0',
    });
    expect(body.token.split('.')).toHaveLength(3);
    expect(setCookieValue(res, REFRESH_COOKIE)).toBeTruthy();
    const [row] = await t.db.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(row?.password_hash).toBeNull();

    // The code works once.
    expect(expectError(await exchange(token), 401).error).toBe(OAUTH_TEXTS.expired);
  });

  it('brings the viewer back to the same-site page they came from, and drops any other address', async () => {
    const back = await signInWithGoogle(
      { sub: `g-${uniq()}`, email: `next-${uniq()}@gmail.test` },
      `?next=${encodeURIComponent('/watch/5?t=1')}`,
    );
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/signin`);
    expect(back.searchParams.get('next')).toBe('/watch/5?t=1');
    expect(back.searchParams.get('token')).toBeTruthy();
    for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example']) {
      const refused = await signInWithGoogle(
        { sub: `g-${uniq()}`, email: `next-${uniq()}@gmail.test` },
        `?next=${encodeURIComponent(hostile)}`,
      );
      expect(refused.origin + refused.pathname, hostile).toBe(`${PUBLIC_URL}/signin`);
      expect(refused.searchParams.has('next'), hostile).toBe(false);
      expect(refused.searchParams.get('token'), hostile).toBeTruthy();
    }
  });

  it('refuses a foreign Origin (login CSRF) and hands a native client the refresh credential in the body', async () => {
    const back = await signInWithGoogle({ sub: `g-${uniq()}`, email: `native-${uniq()}@gmail.test` });
    const token = back.searchParams.get('token')!;
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/google-profile',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
    const evil = await form({ token }, { origin: 'https://evil.example' });
    expect(expectError(evil, 403).error).toBe(AUTH_ERRORS.crossOrigin);
    expect(evil.headers['set-cookie']).toBeUndefined();
    // The code survived the refused attempt.
    const res = await form({ token, client: 'native' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ body: LoginBody }>().body;
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('links a Google login to the account with that verified e-mail, and finds it again by subject', async () => {
    const user = await insertUser(t.db, { verified: false });
    const sub = `g-${uniq()}`;
    const first = await exchange(
      (await signInWithGoogle({ sub, email: user.email.toUpperCase() })).searchParams.get('token')!,
    );
    expect(first.json<{ body: LoginBody }>().body.user).toMatchObject({ user_id: user.id, email_verified: '1' });
    const again = await exchange(
      (await signInWithGoogle({ sub, email: `renamed-${uniq()}@gmail.test` })).searchParams.get('token')!,
    );
    expect(again.json<{ body: LoginBody }>().body.user.user_id).toBe(user.id);
    // Its password still works.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { email: user.email, inputPassword: user.password },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('refuses a Google account without a verified e-mail, and never links it', async () => {
    const user = await insertUser(t.db);
    const back = await signInWithGoogle({ sub: `g-${uniq()}`, email: user.email, email_verified: false });
    expect(back.searchParams.get('error')).toBe(OAUTH_TEXTS.emailNotVerified);
    expect(back.searchParams.get('token')).toBeNull();
    const [row] = await t.db.query<{ google_subject: string | null }>(
      'SELECT google_subject FROM users WHERE id = $1',
      [user.id],
    );
    expect(row?.google_subject).toBeNull();
  });

  it('sends a banned account back with the banned message, and refuses its code', async () => {
    const user = await insertUser(t.db, { banned: true });
    const back = await signInWithGoogle({ sub: `g-${uniq()}`, email: user.email });
    expect(back.searchParams.get('error')).toBe(AUTH_MESSAGES.banned);
  });

  it('refuses a callback without, or with a forged, flow cookie', async () => {
    provider.nextLogin({ sub: `g-${uniq()}`, email: `x-${uniq()}@gmail.test`, email_verified: true, name: 'X' });
    const start = await app.inject('/api/auth/google');
    const callback = await provider.signIn(String(start.headers.location), CALLBACK);
    const url = callback.pathname + callback.search;
    const without = await app.inject(url);
    expect(new URL(String(without.headers.location)).searchParams.get('error')).toBe(OAUTH_TEXTS.expired);
    const forged = sealFlow(
      { state: 'x', nonce: 'y', codeVerifier: 'z', signup: false, exp: 9_999_999_999 },
      'not-our-secret',
    );
    const res = await app.inject({ url, cookies: { [FLOW_COOKIE]: forged } });
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe(OAUTH_TEXTS.expired);
  });

  it('needs the captcha when started from the sign-up page', async () => {
    const refused = await app.inject('/api/auth/google?from=register');
    expect(refused.statusCode).toBe(302);
    const to = new URL(String(refused.headers.location));
    expect(to.pathname).toBe('/register');
    expect(to.searchParams.get('error')).toBe(CAPTCHA_TEXTS.completeSelfHostedGoogle);
    const answer = await solveAltcha(await captcha.challenge());
    const back = await signInWithGoogle(
      { sub: `g-${uniq()}`, email: `new-${uniq()}@gmail.test` },
      `?from=register&captcha=${encodeURIComponent(answer)}`,
    );
    expect(back.searchParams.get('token')).toBeTruthy();
  });

  it('answers a cancelled sign-in and bad codes', async () => {
    const res = await app.inject('/api/auth/google/callback?error=access_denied');
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe(OAUTH_TEXTS.cancelled);
    expectError(await exchange('not-a-code'), 401);
    expectError(await app.inject({ method: 'POST', url: '/api/auth/google-profile', payload: {} }), 400, 'token');
  });

  it('seals the flow so that it expires', () => {
    const sealed = sealFlow({ state: 's', nonce: 'n', codeVerifier: 'v', signup: false, exp: 100 }, 'k');
    expect(openFlow(sealed, 'k', 99_000)).not.toBeNull();
    expect(openFlow(sealed, 'k', 100_000)).toBeNull();
    expect(
      openFlow(
        sealed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        'k',
        99_000,
      ),
    ).toBeNull();
  });
});

describeEachDatabase('Google sign-in, not configured', (t) => {
  it('says it is unavailable instead of failing', async () => {
    const app = await buildTestApp(t.db, { google: null });
    try {
      const res = await app.inject('/api/auth/google');
      expect(expectError(res, 503).error).toBe(AUTH_ERRORS.googleUnavailable);
      expect((await app.inject('/api/auth/options')).json<{ body: { google: boolean } }>().body.google).toBe(false);
    } finally {
      await app.close();
    }
  });
});
