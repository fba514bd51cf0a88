import { ACCESS_TOKEN_TTL_SECONDS, API_ERRORS, AUTH_ERRORS, AUTH_MESSAGES } from '@bosphorus/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser, type TestUser } from '../../test/factories.js';
import { bearer, buildTestApp, describeEachDatabase, expectError, signIn, type TestApp } from '../../test/harness.js';

// The access-token guard (DESIGN §4): only a valid HS256 token of our own
// with typ 'access', read from the Authorization header only.

const SECRETS = { jwtSecret: 's'.repeat(48), altchaHmacKey: 'k'.repeat(48) };
const key = (secret: string) => new TextEncoder().encode(secret);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(claims: Record<string, unknown>, opts: { alg?: string; secret?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access', ...claims })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(opts.secret ?? SECRETS.jwtSecret));
}

describeEachDatabase('access-token guard', (t) => {
  let app: TestApp;
  let user: TestUser;
  const me = () => `/api/user/${user.id}`;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    app = await buildTestApp(t.db, {}, { secrets: SECRETS });
    user = await insertUser(t.db);
  });
  afterAll(() => app?.close());

  it('accepts a token it signed', async () => {
    const res = await get(me(), bearer(await sign({ sub: String(user.id) })));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a missing, malformed or cookie-only token with 401', async () => {
    const token = await sign({ sub: String(user.id) });
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: token },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${token}` },
      { cookie: `authToken=${token}` },
    ];
    for (const headers of attempts) {
      expect(expectError(await get(me(), headers), 401).error).toBe(AUTH_ERRORS.unauthorized);
    }
  });

  it('refuses forged, unsigned, other-algorithm, expired and wrong-typ tokens with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sub = String(user.id);
    const payload = { sub, typ: 'access', iat: now, exp: now + 900 };
    const forged = [
      await sign({ sub }, { secret: 'another secret that is long enough!!' }),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
      `${b64({ alg: 'none' })}.${b64(payload)}`,
      await sign({ sub }, { alg: 'HS512' }),
      await sign({ sub }, { alg: 'HS384' }),
      await sign({ sub }, { exp: now - 1 }),
      await sign({ sub, typ: 'refresh' }),
      await sign({ sub, typ: undefined }),
      await sign({ sub: 'admin' }),
      await sign({}),
    ];
    // A valid signature over a payload changed afterwards.
    const [h, , s] = (await sign({ sub })).split('.');
    forged.push(`${h}.${b64({ ...payload, sub: '1' })}.${s}`);
    for (const token of forged) {
      const res = await get(me(), bearer(token));
      expect(expectError(res, 401).error, token).toBe(AUTH_ERRORS.unauthorized);
    }
  });

  it('refuses a banned account on its next request with 403 and is_banned', async () => {
    const victim = await insertUser(t.db);
    const session = await signIn(app, victim.email, victim.password);
    expect((await get(`/api/user/${victim.id}`, bearer(session.token))).statusCode).toBe(200);
    // As the admin CLI would: the change feed announces it to every instance (decision 0028).
    await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [victim.id]);
    await app.changeFeed.settled();
    const res = await get(`/api/user/${victim.id}`, bearer(session.token));
    expect(expectError(res, 403)).toEqual({ error: AUTH_MESSAGES.banned, is_banned: '1' });
    const fcm = await app.inject({ method: 'DELETE', url: '/api/fcm?device_id=d', headers: bearer(session.token) });
    expect(fcm.json()).toMatchObject({ is_banned: '1' });
  });

  it('answers 404 on /user paths for a deleted account, 401 elsewhere', async () => {
    const gone = await insertUser(t.db);
    const token = await sign({ sub: String(gone.id) });
    await t.db.query('DELETE FROM users WHERE id = $1', [gone.id]);
    await app.changeFeed.settled();
    expect(expectError(await get(`/api/user/${gone.id}`, bearer(token)), 404).error).toBe(API_ERRORS.notFound);
    const fcm = await app.inject({ method: 'DELETE', url: '/api/fcm?device_id=d', headers: bearer(token) });
    expectError(fcm, 401);
  });

  it('refuses a query user_id / userId / uid naming another account with 403', async () => {
    const token = bearer(await sign({ sub: String(user.id) }));
    for (const q of ['user_id', 'userId', 'uid']) {
      const res = await get(`${me()}?${q}=${user.id + 1000}`, token);
      expect(expectError(res, 403).error).toBe(AUTH_ERRORS.forbidden);
      expect((await get(`${me()}?${q}=${user.id}`, token)).statusCode).toBe(200);
    }
  });
});
