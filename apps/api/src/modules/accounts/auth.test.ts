import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  EMAIL_CODE_MAX_ATTEMPTS,
  REFRESH_COOKIE,
  RESEND_COOLDOWN_SECONDS,
  type LoginBody,
  type RegisterBody,
  type VerificationCheckBody,
} from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser, signUp } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  postForm,
  setCookieValue,
  signIn,
  type TestApp,
} from '../../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp.js';
import { hashPool, HASH_CONCURRENCY, hashPassword, verifyPassword } from './passwords.js';

// docs/auth.md through app.inject on a real database, with mail going
// through a real SMTP conversation (test/smtp.ts).

const PUBLIC_URL = 'https://bosphorus.example';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

async function register(app: TestApp, form = signUp()) {
  const res = await postForm(app, '/api/auth/register', form);
  return { res, form };
}

// ───────────────────────────── sign-up → code → verify → sign-in ─────────────────────────────
describeEachDatabase('registration and e-mail verification', (t) => {
  let app: TestApp;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    app = await buildTestApp(t.db, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('registers, mails a 6-digit code, verifies it and signs in', async () => {
    const { res, form } = await register(app);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ body: RegisterBody }>().body).toEqual({
      success: true,
      banned: false,
      message: AUTH_MESSAGES.registrationSuccessfulVerify,
      email_verified: '0',
    });
    const mail = await smtp.waitFor(form.user_email, /\b\d{6}\b/);
    const code = codeIn(mail.text);

    // Unverified: the spec's text, with email_verified '0'.
    const early = await postForm(app, '/api/auth/token', { email: form.user_email, inputPassword: form.user_password });
    expect(expectError(early, 403)).toEqual({ error: AUTH_MESSAGES.verificationRequired, email_verified: '0' });

    const verified = await postForm(app, '/api/auth/verify-email', {
      email: form.user_email,
      verification_code: code,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ body: { success: true } });

    const login = await postForm(app, '/api/auth/token', { email: form.user_email, inputPassword: form.user_password });
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json<{ body: LoginBody }>().body;
    expect(body.user).toMatchObject({
      user_name: form.user_name,
      user_email: form.user_email,
      email_verified: '1',
      is_banned: '0',
      user_status: '0',
      image_url: null,
      plan_id: null,
      expired_at: null,
      role: 'user',
    });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'user_id',
        'user_name',
        'user_email',
        'email_verified',
        'is_banned',
        'user_status',
        'image_url',
        'plan_id',
        'expired_at',
        'role',
      ].sort(),
    );
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', secure: true });
    expect(cookie.maxAge).toBe(30 * 86_400);
    expect(login.headers['cache-control']).toBe('no-store');
    // The code works once.
    const again = await postForm(app, '/api/auth/verify-email', { email: form.user_email, verification_code: code });
    expectError(again, 400, 'verification_code');
  });

  it('names the bad field and refuses short passwords', async () => {
    const missing = await postForm(app, '/api/auth/register', { user_name: 'A', user_password: 'longenough' });
    expect(expectError(missing, 400, 'user_email').error).toBe(`user_email: ${AUTH_ERRORS.required}`);
    const short = await postForm(app, '/api/auth/register', signUp({ user_password: 'short' }));
    expect(expectError(short, 400, 'user_password').error).toBe(`user_password: ${AUTH_ERRORS.passwordTooShort}`);
    const long = await postForm(app, '/api/auth/register', signUp({ user_password: 'x'.repeat(257) }));
    expect(expectError(long, 400, 'user_password').error).toBe(`user_password: ${AUTH_ERRORS.passwordTooLong}`);
    const badEmail = await postForm(app, '/api/auth/register', signUp({ user_email: 'not-an-email' }));
    expectError(badEmail, 400, 'user_email');
    const empty = await app.inject({ method: 'POST', url: '/api/auth/register' });
    expectError(empty, 400);
  });

  it('accepts JSON and multipart bodies alike', async () => {
    const form = signUp();
    const json = await app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(json.statusCode, json.body).toBe(201);
    const boundary = '----bos';
    const other = signUp();
    const multipart =
      Object.entries(other)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: multipart,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a taken e-mail (any case) with 409 and a banned one with 403', async () => {
    const { form } = await register(app);
    const taken = await postForm(app, '/api/auth/register', signUp({ user_email: form.user_email.toUpperCase() }));
    expect(expectError(taken, 409).error).toBe(AUTH_ERRORS.emailTaken);
    const banned = await insertUser(t.db, { banned: true });
    const res = await postForm(app, '/api/auth/register', signUp({ user_email: banned.email }));
    expect(expectError(res, 403)).toEqual({ error: AUTH_MESSAGES.banned, banned: true, is_banned: '1' });
  });

  it('reports an existing code and its cooldown, and enforces the cooldown with 429 + Retry-After', async () => {
    const { form } = await register(app);
    await smtp.waitFor(form.user_email);
    const check = await postForm(app, '/api/auth/check-existing-verification-code', { email: form.user_email });
    const body = check.json<{ body: VerificationCheckBody }>().body;
    expect(body.success).toBe(true);
    expect(body.has_existing_code).toBe(true);
    expect(body.remaining_time).toBeGreaterThan(RESEND_COOLDOWN_SECONDS - 10);
    expect(body.remaining_time).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);

    const resend = await postForm(app, '/api/auth/resend-verification-code', { email: form.user_email });
    expect(expectError(resend, 429).error).toBe(AUTH_ERRORS.resendCooldown);
    const retryAfter = Number(resend.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);

    // After the cooldown (the code made 61 s ago) a new code goes out and the old one dies.
    const first = codeIn((await smtp.waitFor(form.user_email)).text);
    await t.db.query(
      `UPDATE email_codes SET created_at = now() - interval '61 seconds'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [form.user_email],
    );
    const ok = await postForm(app, '/api/auth/resend-verification-code', { email: form.user_email });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ body: { success: true } });
    const second = await smtp.waitFor(form.user_email, new RegExp(`\\b(?!${first})\\d{6}\\b`));
    const secondCode = codeIn(second.text);
    if (secondCode !== first) {
      const stale = await postForm(app, '/api/auth/verify-email', { email: form.user_email, verification_code: first });
      expectError(stale, 400, 'verification_code');
    }
    const good = await postForm(app, '/api/auth/verify-email', {
      email: form.user_email,
      verification_code: secondCode,
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('answers an unknown e-mail without revealing more', async () => {
    const check = await postForm(app, '/api/auth/check-existing-verification-code', { email: 'nobody@example.test' });
    expect(check.json()).toEqual({ body: { success: false, has_existing_code: false, remaining_time: 0 } });
    const resend = await postForm(app, '/api/auth/resend-verification-code', { email: 'nobody@example.test' });
    expect(resend.json()).toEqual({ body: { success: true } });
    const verify = await postForm(app, '/api/auth/verify-email', {
      email: 'nobody@example.test',
      verification_code: '123456',
    });
    expect(expectError(verify, 400, 'verification_code').error).toBe(AUTH_MESSAGES.invalidCode);
  });

  it(`kills a code after ${EMAIL_CODE_MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const { form } = await register(app);
    const code = codeIn((await smtp.waitFor(form.user_email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= EMAIL_CODE_MAX_ATTEMPTS; i++) {
      const res = await postForm(app, '/api/auth/verify-email', { email: form.user_email, verification_code: wrong });
      const { error } = expectError(res, 400, 'verification_code');
      expect(error).toBe(i < EMAIL_CODE_MAX_ATTEMPTS ? AUTH_MESSAGES.invalidCode : AUTH_ERRORS.tooManyAttempts);
    }
    const right = await postForm(app, '/api/auth/verify-email', { email: form.user_email, verification_code: code });
    expect(expectError(right, 400, 'verification_code').error).toBe(AUTH_ERRORS.tooManyAttempts);
    const check = await postForm(app, '/api/auth/check-existing-verification-code', { email: form.user_email });
    expect(check.json<{ body: VerificationCheckBody }>().body.has_existing_code).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { form } = await register(app);
    const code = codeIn((await smtp.waitFor(form.user_email)).text);
    await t.db.query(
      `UPDATE email_codes SET created_at = now() - interval '11 minutes', expires_at = now() - interval '1 minute'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [form.user_email],
    );
    const res = await postForm(app, '/api/auth/verify-email', { email: form.user_email, verification_code: code });
    expect(expectError(res, 400, 'verification_code').error).toBe(AUTH_ERRORS.codeExpired);
  });

  it('stores codes hashed, never in clear', async () => {
    const { form } = await register(app);
    const code = codeIn((await smtp.waitFor(form.user_email)).text);
    const rows = await t.db.query<{ code_hash: Uint8Array }>(
      'SELECT code_hash FROM email_codes WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [form.user_email],
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.code_hash).toString('latin1')).not.toContain(code);
    expect(rows[0]!.code_hash.length).toBe(32);
  });
});

// ───────────────────────────── sign-in ─────────────────────────────
describeEachDatabase('POST /api/auth/token', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(() => app?.close());

  it('answers the spec texts: unknown 404, wrong password 401, banned 403', async () => {
    const user = await insertUser(t.db);
    const unknown = await postForm(app, '/api/auth/token', {
      email: 'nobody@example.test',
      inputPassword: 'whatever1',
    });
    expect(expectError(unknown, 404).error).toBe('User not found');
    const wrong = await postForm(app, '/api/auth/token', { email: user.email, inputPassword: user.password + 'x' });
    expect(expectError(wrong, 401).error).toBe(AUTH_MESSAGES.invalidPasswordServer);
    const banned = await insertUser(t.db, { banned: true });
    const res = await postForm(app, '/api/auth/token', { email: banned.email, inputPassword: banned.password });
    expect(expectError(res, 403)).toEqual({ error: AUTH_MESSAGES.banned, is_banned: '1' });
    expect(setCookieValue(res, REFRESH_COOKIE)).toBeNull();
  });

  it('names a missing field', async () => {
    const res = await postForm(app, '/api/auth/token', { email: 'a@example.test' });
    expect(expectError(res, 400, 'inputPassword').error).toBe(`inputPassword: ${AUTH_ERRORS.required}`);
    expectError(await app.inject({ method: 'POST', url: '/api/auth/token' }), 400, 'email');
  });

  it('matches the e-mail without case', async () => {
    const user = await insertUser(t.db);
    await signIn(app, user.email.toUpperCase(), user.password);
  });

  it('keeps unicode and 200-character passwords exactly as typed', async () => {
    const unicode = 'şifre-Ğüİöç-密码-🔐-ﬁ';
    const long = 'Ab1-'.repeat(50); // 200 characters
    const cases: Array<[string, string]> = [
      [unicode, unicode.normalize('NFKC')],
      [long, long.slice(0, -1)],
      ['  spaces around  ', 'spaces around'],
    ];
    expect([...long]).toHaveLength(200);
    for (const [password, near] of cases) {
      const form = signUp({ user_password: password });
      const res = await postForm(app, '/api/auth/register', form);
      expect(res.statusCode, res.body).toBe(201);
      await t.db.query('UPDATE users SET verified_at = now() WHERE email = $1', [form.user_email]);
      await signIn(app, form.user_email, password);
      // No trimming, no normalisation: a near miss fails.
      const miss = await postForm(app, '/api/auth/token', { email: form.user_email, inputPassword: near });
      expect(miss.statusCode).toBe(401);
    }
  });

  it('stores argon2id hashes and verifies within the concurrency limit', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hashPool.stats.active)), 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verifyPassword(hash, i ? 'wrong' : 'correct horse')),
    );
    clearInterval(watch);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(await verifyPassword(null, 'anything')).toBe(false);
  });

  it('never leaks a hash or a provider id', async () => {
    const user = await insertUser(t.db);
    const res = await postForm(app, '/api/auth/token', { email: user.email, inputPassword: user.password });
    expect(res.body).not.toMatch(/argon2|password_hash|google/);
  });

  it('lets an unverified account in when verification is off', async () => {
    const open = await buildTestApp(t.db, { requireEmailVerification: false });
    try {
      const form = signUp();
      const res = await postForm(open, '/api/auth/register', form);
      expect(res.json<{ body: RegisterBody }>().body.email_verified).toBe('1');
      await signIn(open, form.user_email, form.user_password);
    } finally {
      await open.close();
    }
  });

  it('answers the options of the sign-in screens', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.json()).toEqual({ body: { google: false, captcha: { provider: 'off' } } });
    expectError(await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge' }), 404);
  });

  it('uses the bearer token on a private call', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const res = await app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: bearer(session.token) });
    expect(res.statusCode, res.body).toBe(200);
  });
});
