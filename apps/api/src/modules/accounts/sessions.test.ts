import { AUTH_ERRORS, AUTH_MESSAGES, AUTH_TEXTS, REFRESH_COOKIE, REFRESH_GRACE_SECONDS } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser } from '../../../test/factories.js';
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

// Refresh credentials (rotation, replay, proof of possession), logout, and
// password reset (docs/auth.md, DESIGN §4).

const PUBLIC_URL = 'https://bosphorus.example';
const cookieHeader = (refresh: string) => ({ cookie: `${REFRESH_COOKIE}=${refresh}` });

function refreshWithCookie(app: TestApp, refresh: string, fields: Record<string, string | number> = {}, headers = {}) {
  return postForm(app, '/api/auth/refresh-token', fields, { ...cookieHeader(refresh), ...headers });
}

describeEachDatabase('POST /api/auth/refresh-token and logout', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { publicUrl: PUBLIC_URL });
  });
  afterAll(() => app?.close());

  it('rotates the cookie on every use and the new access token works', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const res = await refreshWithCookie(app, session.refresh, { user_id: user.id }, { origin: PUBLIC_URL });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ body: { token: string; refresh_token?: string } }>().body;
    expect(body.refresh_token).toBeUndefined();
    const next = setCookieValue(res, REFRESH_COOKIE);
    expect(next).not.toBeNull();
    expect(next).not.toBe(session.refresh);
    const me = await app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    // And the successor rotates in turn.
    const again = await refreshWithCookie(app, next!, { user_id: user.id });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('rotates a form-field credential and returns the new one in the body', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const res = await postForm(app, '/api/auth/refresh-token', { user_id: user.id, refresh_token: session.refresh });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ body: { token: string; refresh_token: string } }>().body;
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookieValue(res, REFRESH_COOKIE)).toBeNull();
    const next = await postForm(app, '/api/auth/refresh-token', { refresh_token: body.refresh_token });
    expect(next.statusCode).toBe(200);
  });

  /** Moves the clock of the user's rotations back by `seconds` (the grace window is measured in the database). */
  const age = (userId: number, seconds: number) =>
    t.db.query(
      `UPDATE refresh_tokens SET used_at = used_at - make_interval(secs => $2::int)
       WHERE user_id = $1 AND used_at IS NOT NULL`,
      [userId, seconds],
    );
  const revokedOf = async (userId: number) =>
    (
      await t.db.query<{ revoked: number }>(
        'SELECT count(*)::int AS revoked FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NOT NULL',
        [userId],
      )
    )[0]!.revoked;

  it('revokes the whole family when a used credential comes back after the grace window', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const first = await refreshWithCookie(app, session.refresh);
    const successor = setCookieValue(first, REFRESH_COOKIE)!;
    await age(user.id, REFRESH_GRACE_SECONDS + 1);
    // The stolen old copy is replayed: refused, and the family dies with it.
    const replay = await refreshWithCookie(app, session.refresh);
    expect(expectError(replay, 401).error).toBe(AUTH_ERRORS.unauthorized);
    const legit = await refreshWithCookie(app, successor);
    expectError(legit, 401);
    // Another sign-in (another family) is unaffected until used.
    const other = await signIn(app, user.email, user.password);
    expect((await refreshWithCookie(app, other.refresh)).statusCode).toBe(200);
  });

  it('lets two refreshes that raced (within the grace window) both succeed with the same successor', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const [a, b] = await Promise.all([
      refreshWithCookie(app, session.refresh, { user_id: user.id }, { origin: PUBLIC_URL }),
      refreshWithCookie(app, session.refresh, { user_id: user.id }, { origin: PUBLIC_URL }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const next = setCookieValue(a, REFRESH_COOKIE)!;
    expect(setCookieValue(b, REFRESH_COOKIE)).toBe(next);
    // A third, a moment later, still within the window: the same successor again.
    const late = await refreshWithCookie(app, session.refresh);
    expect(setCookieValue(late, REFRESH_COOKIE)).toBe(next);
    // The chain is single and alive: one live credential, nothing revoked, and it rotates on.
    expect(await revokedOf(user.id)).toBe(0);
    const rows = await t.db.query('SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND used_at IS NULL', [user.id]);
    expect(rows).toHaveLength(1);
    expect((await refreshWithCookie(app, next)).statusCode).toBe(200);
  });

  it('gives a native client the same successor within the grace window, and revokes after it', async () => {
    const user = await insertUser(t.db);
    const login = await postForm(app, '/api/auth/token', {
      email: user.email,
      inputPassword: user.password,
      client: 'native',
    });
    const first = login.json<{ body: { refresh_token: string } }>().body.refresh_token;
    const send = (refresh: string) => postForm(app, '/api/auth/refresh-token', { refresh_token: refresh });
    const [a, b] = await Promise.all([send(first), send(first)]);
    const bodyOf = (res: typeof a) => res.json<{ body: { token: string; refresh_token: string } }>().body;
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(bodyOf(b).refresh_token).toBe(bodyOf(a).refresh_token);
    expect(await revokedOf(user.id)).toBe(0);
    // Past the window, the rotated-out credential is a replay: the chain dies.
    await age(user.id, REFRESH_GRACE_SECONDS + 1);
    expect(expectError(await send(first), 401).error).toBe(AUTH_ERRORS.unauthorized);
    expectError(await send(bodyOf(a).refresh_token), 401);
    expect(await revokedOf(user.id)).toBeGreaterThan(0);
  });

  it('treats an old credential as a replay once its successor was used, even within the window', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const second = setCookieValue(await refreshWithCookie(app, session.refresh), REFRESH_COOKIE)!;
    const third = setCookieValue(await refreshWithCookie(app, second), REFRESH_COOKIE)!;
    expectError(await refreshWithCookie(app, session.refresh), 401);
    expectError(await refreshWithCookie(app, third), 401);
  });

  it('stores credentials hashed', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const rows = await t.db.query<{ token_hash: Uint8Array }>(
      'SELECT token_hash FROM refresh_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.token_hash).toString('base64url')).not.toBe(session.refresh);
    expect(rows[0]!.token_hash.length).toBe(32);
  });

  it('answers 401 to a user_id alone, to garbage and to an expired credential', async () => {
    const user = await insertUser(t.db);
    const alone = await postForm(app, '/api/auth/refresh-token', { user_id: user.id });
    expect(expectError(alone, 401).error).toBe(AUTH_ERRORS.refreshRequired);
    expectError(await app.inject({ method: 'POST', url: '/api/auth/refresh-token' }), 401);
    expectError(await refreshWithCookie(app, 'x'.repeat(43), { user_id: user.id }), 401);
    const session = await signIn(app, user.email, user.password);
    await t.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expectError(await refreshWithCookie(app, session.refresh), 401);
  });

  it('answers 403 when user_id names another account, without rotating', async () => {
    const user = await insertUser(t.db);
    const other = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const res = await refreshWithCookie(app, session.refresh, { user_id: other.id });
    expect(expectError(res, 403).error).toBe(AUTH_ERRORS.forbidden);
    const query = await postForm(app, `/api/auth/refresh-token?user_id=${other.id}`, {}, cookieHeader(session.refresh));
    expectError(query, 403);
    expect((await refreshWithCookie(app, session.refresh, { user_id: user.id })).statusCode).toBe(200);
  });

  it('refuses a cross-origin cookie request with 403', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const evil = await refreshWithCookie(app, session.refresh, {}, { origin: 'https://evil.example' });
    expect(expectError(evil, 403).error).toBe(AUTH_ERRORS.crossOrigin);
    const logout = await postForm(app, '/api/auth/logout', {}, { ...cookieHeader(session.refresh), origin: 'null' });
    expectError(logout, 403);
    // The credential survived both attempts.
    expect((await refreshWithCookie(app, session.refresh, {}, { origin: PUBLIC_URL })).statusCode).toBe(200);
  });

  it('accepts the origin the request was addressed to (the development proxy), not a foreign one with it', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const viaProxy = await refreshWithCookie(
      app,
      session.refresh,
      {},
      { origin: 'http://localhost:5173', host: 'localhost:5173' },
    );
    expect(viaProxy.statusCode, viaProxy.body).toBe(200);
    const next = setCookieValue(viaProxy, REFRESH_COOKIE)!;
    const spoof = await refreshWithCookie(app, next, {}, { origin: 'https://evil.example', host: 'localhost:5173' });
    expectError(spoof, 403);
  });

  it('refuses a banned account with 403 and is_banned', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [user.id]);
    const res = await refreshWithCookie(app, session.refresh);
    expect(expectError(res, 403)).toEqual({ error: AUTH_MESSAGES.banned, is_banned: '1' });
  });

  it('logs out: revokes the family and clears the cookie', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const res = await postForm(app, '/api/auth/logout', {}, cookieHeader(session.refresh));
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json<{ message: string }>().message).toBe('string');
    const cleared = res.cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth');
    expectError(await refreshWithCookie(app, session.refresh), 401);
    // Without a credential it still answers 200.
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('a sign-out carrying only the Bearer token ends the session that token belongs to, and no other', async () => {
    const user = await insertUser(t.db);
    const phone = await signIn(app, user.email, user.password);
    const tv = await signIn(app, user.email, user.password);
    const res = await postForm(app, '/api/auth/logout', {}, bearer(phone.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(AUTH_TEXTS.loggedOut);
    expect(expectError(await refreshWithCookie(app, phone.refresh), 401)).toEqual({ error: AUTH_ERRORS.unauthorized });
    // The other device stays signed in; a refreshed token still names its session.
    const refreshed = await refreshWithCookie(app, tv.refresh, {}, { origin: PUBLIC_URL });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const tvToken = refreshed.json<{ body: { token: string } }>().body.token;
    const next = setCookieValue(refreshed, REFRESH_COOKIE)!;
    expect((await postForm(app, '/api/auth/logout', {}, bearer(tvToken))).statusCode).toBe(200);
    expectError(await refreshWithCookie(app, next), 401);
    // A token that is not ours ends nothing and still answers 200.
    const forged = `${tvToken.slice(0, tvToken.lastIndexOf('.'))}.AAAA`;
    expect((await postForm(app, '/api/auth/logout', {}, bearer(forged))).statusCode).toBe(200);
  });
});

describeEachDatabase('forgot-password and reset', (t) => {
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

  const linkIn = (text: string) => /(https?:\/\/\S+\/newpassword\?token=([A-Za-z0-9_%-]+))/.exec(text);

  async function resetLink(email: string, headers: Record<string, string> = {}) {
    const res = await postForm(app, '/api/auth/forgot-password', { email }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor(email, /newpassword\?token=/);
    smtp.messages.splice(smtp.messages.indexOf(mail), 1);
    const match = linkIn(mail.text)!;
    return { url: match[1]!, token: decodeURIComponent(match[2]!) };
  }

  it('answers the same for known and unknown e-mails', async () => {
    const user = await insertUser(t.db);
    const known = await postForm(app, '/api/auth/forgot-password', { email: user.email });
    const unknown = await postForm(app, '/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    await smtp.waitFor(user.email, /newpassword/);
    expect(smtp.messages.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
  });

  it('builds the link from PUBLIC_URL even with a spoofed Host', async () => {
    const user = await insertUser(t.db);
    const { url, token } = await resetLink(user.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(url.startsWith(`${PUBLIC_URL}/newpassword?token=`)).toBe(true);
    expect(url).not.toContain('evil');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('resets once, ends every session, and the new password signs in', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const { token } = await resetLink(user.email);
    const res = await postForm(app, `/api/auth/reset?token=${encodeURIComponent(token)}`, {
      newPassword: 'brand-new-pässword',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ body: { user: { user_email: user.email } } });
    expectError(await refreshWithCookie(app, session.refresh), 401);
    await signIn(app, user.email, 'brand-new-pässword');
    const old = await postForm(app, '/api/auth/token', { email: user.email, inputPassword: user.password });
    expect(old.statusCode).toBe(401);
    // Single use.
    const again = await postForm(app, `/api/auth/reset?token=${encodeURIComponent(token)}`, {
      newPassword: 'another-password',
    });
    expect(expectError(again, 400).error).toBe(AUTH_ERRORS.resetTokenInvalid);
  });

  it('refuses an expired token, a made-up one and a short password', async () => {
    const user = await insertUser(t.db);
    const { token } = await resetLink(user.email);
    const short = await postForm(app, `/api/auth/reset?token=${token}`, { newPassword: 'short' });
    expectError(short, 400, 'newPassword');
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expectError(await postForm(app, `/api/auth/reset?token=${token}`, { newPassword: 'long-enough-1' }), 400, 'token');
    expectError(await postForm(app, `/api/auth/reset?token=${'A'.repeat(43)}`, { newPassword: 'long-enough-1' }), 400);
    expectError(await postForm(app, '/api/auth/reset', { newPassword: 'long-enough-1' }), 400);
    await signIn(app, user.email, user.password);
  });

  it('stores reset tokens hashed with a 30-minute life', async () => {
    const user = await insertUser(t.db);
    const { token } = await resetLink(user.email);
    const [row] = await t.db.query<{ token_hash: Uint8Array; minutes: number }>(
      `SELECT token_hash, round(extract(epoch FROM (expires_at - created_at)) / 60)::int AS minutes
       FROM password_resets WHERE user_id = $1`,
      [user.id],
    );
    expect(row!.minutes).toBe(30);
    expect(Buffer.from(row!.token_hash).toString('base64url')).not.toBe(token);
  });
});
