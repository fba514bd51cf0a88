import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { API_ERRORS, AUTH_ERRORS, AUTH_MESSAGES, CAPTCHA_TEXTS } from '@bosphorus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCounters, MINUTE, redisCounters } from '../../plugins/rate-limits.js';
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

// docs/auth.md "Limits" (RATE_LIMIT on; decision 0026: failures are counted,
// successes are not) and the server-side captcha check.

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const octet = () => 1 + Math.floor(Math.random() * 250);
/** A client address no other test (nor an earlier run sharing Redis) uses. */
const newIp = () => `10.${octet()}.${octet()}.${octet()}`;

type Answer = Awaited<ReturnType<TestApp['inject']>>;
/** A 429 with the given text and a Retry-After within (min, max] seconds. */
function expect429(res: Answer, error: string = API_ERRORS.tooManyRequests, min = 0, max = Infinity) {
  expect(expectError(res, 429).error).toBe(error);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(min);
  expect(wait).toBeLessThanOrEqual(max);
}

const REDIS_URL = process.env.TEST_REDIS_URL;
/** The limits run with in-memory counters, and again with Redis ones when TEST_REDIS_URL is set. */
const STORES = REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

for (const store of STORES) {
  describeEachDatabase(`account limits (${store} counters)`, (t) => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildTestApp(t.db, { rateLimit: true, ...(store === 'redis' ? { redisUrl: REDIS_URL! } : {}) });
    });
    afterAll(() => app?.close());

    const signInFrom = (ip: string, email: string, inputPassword: string) =>
      postForm(app, '/api/auth/token', { email, inputPassword }, from(ip));

    it('never locks the owner out: 10 failures from 10 addresses, then the right password from a fresh one signs in', async () => {
      const user = await insertUser(t.db);
      for (let i = 0; i < 10; i++) {
        expect((await signInFrom(newIp(), user.email, 'wrong-guess')).statusCode).toBe(401);
      }
      // Issue 27 finding 2: this was 429 "try again in 15 minutes", Retry-After 900.
      const owner = await signInFrom(newIp(), user.email.toUpperCase(), user.password);
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.headers['retry-after']).toBeUndefined();
      // Another ten guesses change nothing for the owner.
      for (let i = 0; i < 10; i++) {
        expect((await signInFrom(newIp(), user.email, 'wrong-guess')).statusCode).toBe(401);
      }
      expect((await signInFrom(newIp(), user.email, user.password)).statusCode).toBe(200);
    });

    it('locks an account for one address after 10 of its failures, for 15 minutes; other addresses sign in', async () => {
      const user = await insertUser(t.db);
      const guesser = newIp();
      for (let i = 0; i < 10; i++) {
        expect((await signInFrom(guesser, user.email, 'wrong-guess')).statusCode).toBe(401);
      }
      // From that address the account waits, the right password too.
      expect429(
        await signInFrom(guesser, user.email, user.password),
        AUTH_MESSAGES.accountLocked,
        15 * 60 - 30,
        15 * 60,
      );
      // Its other accounts and other addresses are unaffected.
      const other = await insertUser(t.db);
      expect((await signInFrom(guesser, other.email, other.password)).statusCode).toBe(200);
      expect((await signInFrom(newIp(), user.email, user.password)).statusCode).toBe(200);
    });

    it('does not count successful sign-ins, nor lock below 10 failures', async () => {
      const user = await insertUser(t.db);
      const ip = newIp();
      for (let i = 0; i < 9; i++) expect((await signInFrom(ip, user.email, 'wrong-guess')).statusCode).toBe(401);
      for (let i = 0; i < 12; i++) expect((await signInFrom(ip, user.email, user.password)).statusCode).toBe(200);
    });

    it('lets 30 different accounts sign in from one address within a minute', async () => {
      const ip = newIp();
      const users = await Promise.all(Array.from({ length: 30 }, () => insertUser(t.db)));
      for (const user of users) {
        const res = await signInFrom(ip, user.email, user.password);
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('answers 429 to failures past 25 from one address in 5 minutes; right passwords still sign in', async () => {
      const ip = newIp();
      for (let i = 0; i < 25; i++) {
        expect((await signInFrom(ip, `${uniq()}@example.test`, 'x')).statusCode).toBe(404);
      }
      expect429(
        await signInFrom(ip, `${uniq()}@example.test`, 'x'),
        AUTH_MESSAGES.networkThrottled,
        5 * 60 - 30,
        5 * 60,
      );
      const victim = await insertUser(t.db);
      expect429(await signInFrom(ip, victim.email, 'wrong-guess'), AUTH_MESSAGES.networkThrottled);
      // A right password from the same address is not limited by this rule.
      const person = await insertUser(t.db);
      expect((await signInFrom(ip, person.email, person.password)).statusCode).toBe(200);
      // Another address is unaffected.
      expect((await signInFrom(newIp(), `${uniq()}@example.test`, 'x')).statusCode).toBe(404);
    });

    it('lets a shared address register more than 5 accounts an hour, but not 20 refusals', async () => {
      const ip = newIp();
      for (let i = 0; i < 8; i++) {
        expect((await postForm(app, '/api/auth/register', signUp(), from(ip))).statusCode).toBe(201);
      }
      const taken = signUp();
      expect((await postForm(app, '/api/auth/register', taken, from(newIp()))).statusCode).toBe(201);
      expect((await postForm(app, '/api/auth/register', taken, from(ip))).statusCode).toBe(409);
      for (let i = 0; i < 19; i++) {
        const res = await postForm(app, '/api/auth/register', signUp({ user_password: 'short' }), from(ip));
        expect(res.statusCode).toBe(400);
      }
      // Twenty refusals: even a good form waits, for up to an hour.
      expect429(await postForm(app, '/api/auth/register', signUp(), from(ip)), AUTH_ERRORS.tooManyFailures, 3000, 3600);
      expect((await postForm(app, '/api/auth/register', signUp(), from(newIp()))).statusCode).toBe(201);
    });

    it('throttles wrong codes per e-mail (10 an hour) and per address (30 in 15 minutes)', async () => {
      const email = `${uniq()}@example.test`;
      for (let i = 0; i < 10; i++) {
        const res = await postForm(
          app,
          '/api/auth/verify-email',
          { email, verification_code: '123456' },
          from(newIp()),
        );
        expect(res.statusCode).toBe(400);
      }
      expect429(
        await postForm(app, '/api/auth/verify-email', { email, verification_code: '123456' }, from(newIp())),
        AUTH_ERRORS.tooManyFailures,
        3000,
        3600,
      );
      const ip = newIp();
      for (let i = 0; i < 30; i++) {
        const res = await postForm(
          app,
          '/api/auth/verify-email',
          { email: `${uniq()}@example.test`, verification_code: '1' },
          from(ip),
        );
        expect(res.statusCode).toBe(400);
      }
      expect429(
        await postForm(
          app,
          '/api/auth/verify-email',
          { email: `${uniq()}@example.test`, verification_code: '1' },
          from(ip),
        ),
        AUTH_ERRORS.tooManyFailures,
        14 * 60,
        15 * 60,
      );
    });

    it('does not hold a few wrong codes against a later resend', async () => {
      const form = signUp();
      const ip = newIp();
      expect((await postForm(app, '/api/auth/register', form, from(ip))).statusCode).toBe(201);
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await postForm(
              app,
              '/api/auth/verify-email',
              { email: form.user_email, verification_code: '000000' },
              from(ip),
            )
          ).statusCode,
        ).toBe(400);
      }
      // The 60 s cooldown passes (moved in the database), then a resend is counted per e-mail.
      const sent = await resendAfterCooldown(form.user_email, ip);
      expect(sent.statusCode, sent.body).toBe(200);
    });

    async function resendAfterCooldown(email: string, ip: string) {
      await t.db.query(
        `UPDATE email_codes SET created_at = created_at - interval '2 minutes'
         WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      );
      return postForm(app, '/api/auth/resend-verification-code', { email }, from(ip));
    }

    it('mails at most 5 codes an hour to one e-mail, besides the 60 s cooldown', async () => {
      const form = signUp();
      expect((await postForm(app, '/api/auth/register', form, from(newIp()))).statusCode).toBe(201);
      for (let i = 0; i < 5; i++) expect((await resendAfterCooldown(form.user_email, newIp())).statusCode).toBe(200);
      expect429(await resendAfterCooldown(form.user_email, newIp()), API_ERRORS.tooManyRequests, 3000, 3600);
    });

    it('mails at most 5 reset links an hour to one e-mail, and refuses an address after 20 bad resets', async () => {
      const email = `${uniq()}@example.test`;
      for (let i = 0; i < 5; i++) {
        expect((await postForm(app, '/api/auth/forgot-password', { email }, from(newIp()))).statusCode).toBe(200);
      }
      expect429(
        await postForm(app, '/api/auth/forgot-password', { email }, from(newIp())),
        API_ERRORS.tooManyRequests,
        3000,
      );
      const ip = newIp();
      // Many different e-mails from one address are fine (a shared address)…
      for (let i = 0; i < 8; i++) {
        const res = await postForm(app, '/api/auth/forgot-password', { email: `${uniq()}@example.test` }, from(ip));
        expect(res.statusCode).toBe(200);
      }
      // …but 20 refused resets are not.
      for (let i = 0; i < 20; i++) {
        const res = await postForm(
          app,
          `/api/auth/reset?token=${'A'.repeat(43)}`,
          { newPassword: 'long-enough' },
          from(ip),
        );
        expect(res.statusCode).toBe(400);
      }
      expect429(
        await postForm(app, `/api/auth/reset?token=${'A'.repeat(43)}`, { newPassword: 'long-enough' }, from(ip)),
        AUTH_ERRORS.tooManyFailures,
        3000,
      );
      expect429(
        await postForm(app, '/api/auth/forgot-password', { email: `${uniq()}@example.test` }, from(ip)),
        AUTH_ERRORS.tooManyFailures,
      );
    });

    // Its counter is keyed by user id, and ids repeat across the fresh test
    // databases while Redis keeps counters for an hour: memory counters only.
    it.skipIf(store === 'redis')('throttles profile updates to 20 an hour per user', async () => {
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
  });
}

describeEachDatabase('limits off', (t) => {
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

describe('failure counters', () => {
  it('lock at max until a whole window has passed since the failure that reached it', async () => {
    let now = 1_000_000;
    const counters = memoryCounters(() => now);
    for (let i = 0; i < 9; i++) {
      await counters.add('k', 15 * MINUTE, 10);
      now += MINUTE;
    }
    // The tenth failure, 9 minutes after the first, restarts the window.
    expect(await counters.add('k', 15 * MINUTE, 10)).toEqual({ count: 10, ttlMs: 15 * MINUTE });
    now += 14 * MINUTE;
    expect((await counters.peek('k')).count).toBe(10);
    now += MINUTE;
    expect(await counters.peek('k')).toEqual({ count: 0, ttlMs: 0 });
    // A new window starts at the next failure.
    expect(await counters.add('k', 15 * MINUTE, 10)).toEqual({ count: 1, ttlMs: 15 * MINUTE });
  });

  it('forget failures once their window has passed without reaching max', async () => {
    let now = 0;
    const counters = memoryCounters(() => now);
    await counters.add('k', 5 * MINUTE, 25);
    await counters.add('k', 5 * MINUTE, 25);
    now += 5 * MINUTE;
    expect((await counters.add('k', 5 * MINUTE, 25)).count).toBe(1);
  });
});

describe.skipIf(!REDIS_URL)('failure counters in Redis (TEST_REDIS_URL)', () => {
  it("share an address's lock on an account between two instances, and never lock the owner out", async () => {
    const opened = await openTestDatabase('pglite');
    const db = opened.db;
    const a = await buildTestApp(db, { rateLimit: true, redisUrl: REDIS_URL! });
    const b = await buildTestApp(db, { rateLimit: true, redisUrl: REDIS_URL! });
    try {
      const user = await insertUser(db);
      const guesser = newIp();
      // Ten failures from one address, spread over both instances.
      for (let i = 0; i < 10; i++) {
        const app = i % 2 ? a : b;
        const res = await postForm(app, '/api/auth/token', { email: user.email, inputPassword: 'x' }, from(guesser));
        expect(res.statusCode).toBe(401);
      }
      // Both instances hold that address back from the account, the right password too.
      for (const app of [a, b]) {
        expect429(
          await postForm(app, '/api/auth/token', { email: user.email, inputPassword: user.password }, from(guesser)),
          AUTH_MESSAGES.accountLocked,
          800,
          900,
        );
      }
      // The owner, at an address that has not been guessing, signs in on either (issue 27 finding 2).
      for (const app of [a, b]) {
        const owner = await postForm(
          app,
          '/api/auth/token',
          { email: user.email, inputPassword: user.password },
          from(newIp()),
        );
        expect(owner.statusCode, owner.body).toBe(200);
      }
    } finally {
      await a.close();
      await b.close();
      await opened.dispose();
    }
  });

  it('count with an expiry that restarts at max', async () => {
    const redis = new Redis(REDIS_URL!);
    try {
      const counters = redisCounters(redis, (error) => {
        throw error;
      });
      const key = `test:${uniq()}`;
      expect((await counters.add(key, 2_000, 3)).count).toBe(1);
      expect((await counters.add(key, 60_000, 3)).ttlMs).toBeLessThanOrEqual(2_000);
      const third = await counters.add(key, 60_000, 3);
      expect(third.count).toBe(3);
      expect(third.ttlMs).toBeGreaterThan(2_000);
      expect((await counters.peek(key)).count).toBe(3);
      expect(await counters.peek(`test:${uniq()}`)).toEqual({ count: 0, ttlMs: 0 });
    } finally {
      redis.disconnect();
    }
  });
});

describeEachDatabase('an account being guessed at asks guessing addresses for a proof of work', (t) => {
  let app: TestApp;
  const captcha = createCaptcha({ provider: 'altcha', recaptchaSiteKey: null, recaptchaSecret: null }, 'g'.repeat(48), {
    cost: 10,
    maxCounter: 200,
  });
  beforeAll(async () => {
    app = await buildTestApp(t.db, { rateLimit: true }, { captcha });
  });
  afterAll(() => app?.close());

  async function solved() {
    const res = await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge' });
    expect(res.statusCode, res.body).toBe(200);
    const challenge = res.json<Parameters<typeof solveChallenge>[0]['challenge']>();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const signInFrom = (ip: string, email: string, inputPassword: string, extra: Record<string, string> = {}) =>
    postForm(app, '/api/auth/token', { email, inputPassword, ...extra }, from(ip));

  it('asks a guessing address for a solved challenge, never the owner at a fresh one', async () => {
    const user = await insertUser(t.db);
    const guessers = Array.from({ length: 10 }, newIp);
    // Below the account's threshold nobody is asked.
    for (const ip of guessers.slice(0, 9)) {
      expect((await signInFrom(ip, user.email, 'wrong-guess')).statusCode).toBe(401);
    }
    expect((await signInFrom(guessers[0]!, user.email, 'wrong-guess')).statusCode).toBe(401);
    expect((await signInFrom(guessers[9]!, user.email, 'wrong-guess')).statusCode).toBe(401);
    // Eleven failures: a guessing address must prove work before its password is looked at.
    for (const password of ['wrong-guess', user.password]) {
      const asked = await signInFrom(guessers[1]!, user.email, password);
      expect(expectError(asked, 400, 'captcha').error).toBe(AUTH_MESSAGES.signInChallenge);
    }
    const forged = await signInFrom(guessers[1]!, user.email, 'wrong-guess', {
      captcha: Buffer.from('{}').toString('base64'),
    });
    expectError(forged, 400, 'captcha');
    // With a solved challenge a guess is answered (and counted) as always; a solution is good once.
    const answer = await solved();
    expect((await signInFrom(guessers[1]!, user.email, 'wrong-guess', { captcha: answer })).statusCode).toBe(401);
    expectError(await signInFrom(guessers[1]!, user.email, user.password, { captcha: answer }), 400, 'captcha');
    expect((await signInFrom(guessers[1]!, user.email, user.password, { captcha: await solved() })).statusCode).toBe(
      200,
    );
    // The owner at an address that has not been guessing: no challenge, no refusal.
    const owner = await signInFrom(newIp(), user.email, user.password);
    expect(owner.statusCode, owner.body).toBe(200);
    // Another account is not being guessed at: no challenge even from a guessing address.
    const other = await insertUser(t.db);
    expect((await signInFrom(guessers[2]!, other.email, other.password)).statusCode).toBe(200);
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
    expect(expectError(missing, 400, 'captcha').error).toBe(CAPTCHA_TEXTS.completeSelfHosted);
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
