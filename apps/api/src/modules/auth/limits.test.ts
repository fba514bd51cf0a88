import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { API_ERRORS, AUTH_MESSAGES } from '@bosphorus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../../lib/captcha.js';
import { insertUser, signUp, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  openTestDatabase,
  postForm,
  signIn,
  type TestApp,
} from '../../../test/harness.js';

// docs/auth.md "Limits" (RATE_LIMIT on) and the server-side captcha check.

const from = (ip: string) => ({ 'x-forwarded-for': ip });
let ipCounter = 0;
/** A client address no other test uses. */
const newIp = () =>
  `10.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}.${1 + Math.floor(Math.random() * 250)}`;

function expect429(res: Awaited<ReturnType<TestApp['inject']>>) {
  expect(expectError(res, 429).error).toBe(API_ERRORS.tooManyRequests);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describeEachDatabase('rate limits', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { rateLimit: true });
  });
  afterAll(() => app?.close());

  it('throttles sign-in to 5 a minute per account, whatever the address', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await postForm(
        app,
        '/api/auth/token',
        { email: user.email, inputPassword: 'wrong-guess' },
        from(newIp()),
      );
      expect(res.statusCode).toBe(401);
    }
    // Even the right password, from a new address, in another case, waits.
    const blocked = await postForm(
      app,
      '/api/auth/token',
      { email: user.email.toUpperCase(), inputPassword: user.password },
      from(newIp()),
    );
    expect429(blocked);
    // Other accounts are unaffected.
    const other = await insertUser(t.db);
    const ok = await postForm(
      app,
      '/api/auth/token',
      { email: other.email, inputPassword: other.password },
      from(newIp()),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('throttles sign-in to 10 a minute per address', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const res = await postForm(
        app,
        '/api/auth/token',
        { email: `${uniq()}@example.test`, inputPassword: 'x' },
        from(ip),
      );
      expect(res.statusCode).toBe(404);
    }
    expect429(
      await postForm(app, '/api/auth/token', { email: `${uniq()}@example.test`, inputPassword: 'x' }, from(ip)),
    );
    const elsewhere = await postForm(
      app,
      '/api/auth/token',
      { email: `${uniq()}@example.test`, inputPassword: 'x' },
      from(newIp()),
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('throttles registration to 5 an hour per address', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      expect((await postForm(app, '/api/auth/register', signUp(), from(ip))).statusCode).toBe(201);
    }
    const res = await postForm(app, '/api/auth/register', signUp(), from(ip));
    expect429(res);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('throttles forgot-password and reset to 5 an hour per address', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      expect(
        (await postForm(app, '/api/auth/forgot-password', { email: `${uniq()}@example.test` }, from(ip))).statusCode,
      ).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const res = await postForm(
        app,
        `/api/auth/reset?token=${'A'.repeat(43)}`,
        { newPassword: 'long-enough' },
        from(ip),
      );
      expect(res.statusCode).toBe(400);
    }
    expect429(await postForm(app, '/api/auth/forgot-password', { email: `${uniq()}@example.test` }, from(ip)));
  });

  it('throttles code calls to 10 a minute per e-mail and per address', async () => {
    const email = `${uniq()}@example.test`;
    for (let i = 0; i < 10; i++) {
      const res = await postForm(app, '/api/auth/verify-email', { email, verification_code: '123456' }, from(newIp()));
      expect(res.statusCode).toBe(400);
    }
    expect429(await postForm(app, '/api/auth/resend-verification-code', { email }, from(newIp())));
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      await postForm(app, '/api/auth/resend-verification-code', { email: `${uniq()}@example.test` }, from(ip));
    }
    expect429(
      await postForm(
        app,
        '/api/auth/verify-email',
        { email: `${uniq()}@example.test`, verification_code: '1' },
        from(ip),
      ),
    );
  });

  it('throttles profile updates to 20 an hour per user', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/update-profile',
        payload: { user_id: user.id, user_name: 'Name' },
        headers: { ...bearer(session.token), ...from(newIp()) },
      });
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(200);
    expect429(await send());
  });

  it('keeps the resend cooldown when limits are off (a business rule)', async () => {
    const open = await buildTestApp(t.db, { rateLimit: false });
    try {
      const form = signUp();
      expect((await postForm(open, '/api/auth/register', form)).statusCode).toBe(201);
      const res = await postForm(open, '/api/auth/resend-verification-code', { email: form.user_email });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await open.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
describe.skipIf(!REDIS_URL)('rate limits in Redis (TEST_REDIS_URL)', () => {
  it('shares the counters between two instances', async () => {
    const opened = await openTestDatabase('pglite');
    const db = opened.db;
    const a = await buildTestApp(db, { rateLimit: true, redisUrl: REDIS_URL! });
    const b = await buildTestApp(db, { rateLimit: true, redisUrl: REDIS_URL! });
    try {
      const email = `${uniq()}@example.test`;
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? a : b;
        expect((await postForm(app, '/api/auth/token', { email, inputPassword: 'x' }, from(newIp()))).statusCode).toBe(
          404,
        );
      }
      expect429(await postForm(a, '/api/auth/token', { email, inputPassword: 'x' }, from(newIp())));
      expect429(await postForm(b, '/api/auth/token', { email, inputPassword: 'x' }, from(newIp())));
    } finally {
      await a.close();
      await b.close();
      await opened.dispose();
    }
  });
});

describeEachDatabase('captcha (altcha) on registration', (t) => {
  let app: TestApp;
  const captcha = createCaptcha({ provider: 'altcha', recaptchaSiteKey: null, recaptchaSecret: null }, 'h'.repeat(48), {
    cost: 10,
    maxCounter: 200,
  });
  beforeAll(async () => {
    app = await buildTestApp(t.db, {}, { captcha });
  });
  afterAll(() => app?.close());

  async function solved() {
    const res = await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<Parameters<typeof solveChallenge>[0]['challenge']>();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('offers altcha on the options call', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.json()).toEqual({ body: { google: false, captcha: { provider: 'altcha' } } });
  });

  it('refuses a missing, forged or replayed answer and accepts a solved one', async () => {
    const missing = await postForm(app, '/api/auth/register', signUp());
    expect(expectError(missing, 400, 'captcha').error).toBe(AUTH_MESSAGES.completeCaptcha);
    const forged = await postForm(app, '/api/auth/register', {
      ...signUp(),
      captcha: Buffer.from('{}').toString('base64'),
    });
    expectError(forged, 400, 'captcha');
    const answer = await solved();
    const ok = await postForm(app, '/api/auth/register', { ...signUp(), captcha: answer });
    expect(ok.statusCode, ok.body).toBe(201);
    const replay = await postForm(app, '/api/auth/register', { ...signUp(), captcha: answer });
    expectError(replay, 400, 'captcha');
  });
});
