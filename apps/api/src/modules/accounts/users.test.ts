import {
  API_ERRORS,
  AUTH_ERRORS,
  AUTH_MESSAGES,
  AVATAR_MAX_BYTES,
  REFRESH_COOKIE,
  type AuthUser,
} from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertUser, type TestUser } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  postForm,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';
import sharp from 'sharp';
import { AVATAR_SIZE_PX } from './avatar.js';
import { decodableJpeg, gif, jpeg, png } from './images.fixture.js';

// Spec §7 User data: the signed-in user's own account (docs/auth.md).

const SCRIPT = '<script>alert(document.cookie)</script>';

/** A multipart body with text fields and at most one file. */
function multipart(
  fields: Record<string, string | number>,
  file?: { name: string; filename: string; type: string; bytes: Buffer },
) {
  const boundary = '----bosphorus-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('GET and POST /api/user/{id}, DELETE /api/fcm', (t) => {
  let app: TestApp;
  let user: TestUser;
  let other: TestUser;
  let session: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp(t.db);
    user = await insertUser(t.db, { role: 'admin' });
    other = await insertUser(t.db);
    session = await signIn(app, user.email, user.password);
  });
  afterAll(() => app?.close());

  it('answers the signed-in user (GET and POST ?uid=)', async () => {
    const get = await app.inject({
      method: 'GET',
      url: `/api/user/${user.id}?user_id=${user.id}`,
      headers: bearer(session.token),
    });
    expect(get.statusCode, get.body).toBe(200);
    const body = get.json<{ body: { user: AuthUser } }>().body;
    expect(body.user).toMatchObject({ user_id: user.id, user_email: user.email, is_banned: '0', role: 'admin' });
    expect(get.headers['cache-control']).toBe('no-store');
    const post = await app.inject({
      method: 'POST',
      url: `/api/user/${user.id}?uid=${user.id}`,
      headers: bearer(session.token),
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toEqual(get.json());
  });

  it('derives user_status, plan_id and expired_at from an active subscription', async () => {
    const [pkg] = await t.db.query<{ id: number }>(
      `INSERT INTO packages (title, amount_minor, duration, duration_unit) VALUES ('Monthly', 999, 1, 'monthly') RETURNING id`,
    );
    // An expired and a cancelled row do not count; the active one does. (A
    // pass that ran out is 'expired' by the time another is written for its
    // user: one live subscription per user, migration 0004.)
    await t.db.query(
      `INSERT INTO subscriptions (user_id, package_id, provider, status, current_period_end) VALUES
         ($1, $2, 'demo', 'expired', now() - interval '1 day'),
         ($1, $2, 'demo', 'canceled', now() + interval '30 days'),
         ($1, $2, 'demo', 'active', now() + interval '10 days')`,
      [other.id, pkg!.id],
    );
    const them = await signIn(app, other.email, other.password);
    const res = await app.inject({ method: 'GET', url: `/api/user/${other.id}`, headers: bearer(them.token) });
    const u = res.json<{ body: { user: AuthUser } }>().body.user;
    expect(u.user_status).toBe('1');
    expect(u.plan_id).toBe(Number(pkg!.id));
    expect(Date.parse(u.expired_at!) - Date.now()).toBeLessThan(11 * 86_400_000);
    expect(Date.parse(u.expired_at!)).toBeGreaterThan(Date.now());
  });

  it('refuses another account by path id, uid or user_id with 403 (no IDOR)', async () => {
    const h = bearer(session.token);
    for (const url of [
      `/api/user/${other.id}`,
      `/api/user/${user.id}?uid=${other.id}`,
      `/api/user/${user.id}?user_id=${other.id}`,
      `/api/user/${other.id}?uid=${other.id}`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url, headers: h });
        expect(expectError(res, 403).error, `${method} ${url}`).toBe(AUTH_ERRORS.forbidden);
        expect(res.body).not.toContain(other.email);
      }
    }
  });

  it('answers 401 without a token', async () => {
    expectError(await app.inject({ method: 'GET', url: `/api/user/${user.id}` }), 401);
    expectError(await app.inject({ method: 'POST', url: `/api/user/${user.id}?uid=${user.id}` }), 401);
  });

  it('forgets the push device of the signed-in user only', async () => {
    await t.db.query(
      `INSERT INTO push_devices (user_id, device_id, token) VALUES ($1, 'phone', 't1'), ($2, 'phone', 't2')`,
      [user.id, other.id],
    );
    const res = await postForm(app, '/api/fcm', { device_id: 'phone' }, bearer(session.token), 'DELETE');
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json<{ message: string }>().message).toBe('string');
    const rows = await t.db.query<{ user_id: number }>(`SELECT user_id FROM push_devices WHERE device_id = 'phone'`);
    expect(rows.map((r) => Number(r.user_id))).toEqual([other.id]);
    const idor = await postForm(
      app,
      '/api/fcm',
      { device_id: 'phone', user_id: other.id },
      bearer(session.token),
      'DELETE',
    );
    expectError(idor, 403);
    expectError(await postForm(app, '/api/fcm', { device_id: 'phone' }, {}, 'DELETE'), 401);
    expectError(
      await app.inject({ method: 'DELETE', url: '/api/fcm', headers: bearer(session.token) }),
      400,
      'device_id',
    );
  });
});

describeEachDatabase('POST /api/auth/update-profile', (t) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(() => app?.close());

  async function fresh() {
    const user = await insertUser(t.db);
    return { user, session: await signIn(app, user.email, user.password) };
  }

  function update(session: SignedIn, fields: Record<string, string | number>, file?: Parameters<typeof multipart>[1]) {
    const { payload, headers } = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      payload,
      headers: { ...headers, ...bearer(session.token), cookie: `${REFRESH_COOKIE}=${session.refresh}` },
    });
  }

  const avatarFile = (bytes: Buffer, filename = 'me.png', type = 'image/png') => ({
    name: 'profile',
    filename,
    type,
    bytes,
  });

  /** The stored avatar: always a fresh 512×512 WebP served with nosniff. */
  async function storedAvatar(userId: number): Promise<Buffer> {
    const [row] = await t.db.query<{ avatar: string }>('SELECT avatar FROM users WHERE id = $1', [userId]);
    expect(row!.avatar).toMatch(/^avatar-[0-9a-f]{32}\.webp$/);
    const res = await app.inject({ method: 'GET', url: `/uploads/${row!.avatar}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.toString('latin1')).not.toContain('<script');
    return res.rawPayload;
  }

  it('changes the name and answers the stored user', async () => {
    const { user, session } = await fresh();
    const res = await update(session, { user_id: user.id, user_name: '  Ayşe Yılmaz  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; body: { user: AuthUser } }>();
    expect(body.message).toBe(AUTH_MESSAGES.profileUpdated);
    expect(body.body.user).toMatchObject({ user_id: user.id, user_name: 'Ayşe Yılmaz', image_url: null });
  });

  it('refuses another user_id with 403, no token with 401 and a blank name with 400', async () => {
    const { user, session } = await fresh();
    const other = await insertUser(t.db);
    expectError(await update(session, { user_id: other.id, user_name: 'Hijack' }), 403);
    const [row] = await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [other.id]);
    expect(row!.name).toBe(other.name);
    const { payload, headers } = multipart({ user_id: user.id, user_name: 'X' });
    expectError(await app.inject({ method: 'POST', url: '/api/auth/update-profile', payload, headers }), 401);
    expectError(await update(session, { user_id: user.id, user_name: '   ' }), 400, 'user_name');
    expectError(
      await update(session, { user_id: user.id, user_name: 'Ok', user_password: 'short' }),
      400,
      'user_password',
    );
  });

  it('changes the password with the current one, keeps this session and ends the others', async () => {
    const { user, session } = await fresh();
    const elsewhere = await signIn(app, user.email, user.password);
    const res = await update(session, {
      user_id: user.id,
      user_name: 'Same',
      user_password: 'a-new-password-ü',
      current_password: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(AUTH_MESSAGES.profileUpdated);
    await signIn(app, user.email, 'a-new-password-ü');
    const refresh = (r: string) => postForm(app, '/api/auth/refresh-token', {}, { cookie: `${REFRESH_COOKIE}=${r}` });
    expect((await refresh(session.refresh)).statusCode).toBe(200);
    expectError(await refresh(elsewhere.refresh), 401);
  });

  it('keeps a native session alive through its refresh_token field', async () => {
    const user = await insertUser(t.db);
    const native = await postForm(app, '/api/auth/token', {
      email: user.email,
      inputPassword: user.password,
      client: 'native',
    });
    const { token, refresh_token } = native.json<{ body: { token: string; refresh_token: string } }>().body;
    const browser = await signIn(app, user.email, user.password);
    const { payload, headers } = multipart({
      user_id: user.id,
      user_name: 'Native',
      user_password: 'native-new-pass',
      current_password: user.password,
      refresh_token,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await postForm(app, '/api/auth/refresh-token', { refresh_token })).statusCode).toBe(200);
    expectError(
      await postForm(app, '/api/auth/refresh-token', {}, { cookie: `${REFRESH_COOKIE}=${browser.refresh}` }),
      401,
    );
  });

  it('refuses a new password without the current one, or with a wrong one, and changes nothing', async () => {
    const { user, session } = await fresh();
    const elsewhere = await signIn(app, user.email, user.password);
    const [before] = await t.db.query<{ name: string; avatar: string | null; password_hash: string }>(
      'SELECT name, avatar, password_hash FROM users WHERE id = $1',
      [user.id],
    );
    const picture = () => avatarFile(png(), 'me.png', 'image/png');
    const missing = await update(
      session,
      { user_id: user.id, user_name: 'Changed', user_password: 'a-new-password' },
      picture(),
    );
    expect(expectError(missing, 400, 'current_password').error).toBe(AUTH_ERRORS.currentPasswordRequired);
    const wrong = await update(
      session,
      { user_id: user.id, user_name: 'Changed', user_password: 'a-new-password', current_password: 'not-it-at-all' },
      picture(),
    );
    expect(expectError(wrong, 400, 'current_password').error).toBe(AUTH_ERRORS.currentPasswordWrong);
    const [after] = await t.db.query<{ name: string; avatar: string | null; password_hash: string }>(
      'SELECT name, avatar, password_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(after).toEqual(before);
    // The old password still signs in and no session was ended.
    await signIn(app, user.email, user.password);
    const refresh = await postForm(
      app,
      '/api/auth/refresh-token',
      {},
      { cookie: `${REFRESH_COOKIE}=${elsewhere.refresh}` },
    );
    expect(refresh.statusCode).toBe(200);
  });

  it('tells a Google-only account to set a password through the e-mail reset', async () => {
    const { user, session } = await fresh();
    await t.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [user.id]);
    const res = await update(session, {
      user_id: user.id,
      user_name: 'Googler',
      user_password: 'a-new-password',
      current_password: 'anything-at-all',
    });
    expect(expectError(res, 400, 'user_password').error).toBe(AUTH_ERRORS.noPasswordYet);
    const [row] = await t.db.query<{ name: string; password_hash: string | null }>(
      'SELECT name, password_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(row).toEqual({ name: user.name, password_hash: null });
    // A name change alone needs no password.
    expect((await update(session, { user_id: user.id, user_name: 'Googler' })).statusCode).toBe(200);
  });

  it('stores a PNG avatar under a generated name, stripped of text and trailing HTML', async () => {
    const { user, session } = await fresh();
    const dirty = Buffer.concat([
      png([['tEXt', Buffer.from(`Comment\0${SCRIPT}`)]]),
      Buffer.from(`<html>${SCRIPT}</html>`),
    ]);
    const res = await update(
      session,
      { user_id: user.id, user_name: 'Pic' },
      avatarFile(dirty, '../../evil.html', 'text/html'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json<{ body: { user: AuthUser } }>().body.user.image_url!;
    expect(image).toMatch(/^avatar-[0-9a-f]{32}\.webp$/);
    await storedAvatar(user.id);

    // A second upload replaces the first file.
    const res2 = await update(
      session,
      { user_id: user.id, user_name: 'Pic' },
      avatarFile(await decodableJpeg(SCRIPT), 'x.jpg', 'image/jpeg'),
    );
    expect(res2.statusCode, res2.body).toBe(200);
    await storedAvatar(user.id);
    expect((await app.inject({ method: 'GET', url: `/uploads/${image}` })).statusCode).toBe(404);

    const res3 = await update(
      session,
      { user_id: user.id, user_name: 'Pic' },
      avatarFile(gif(SCRIPT), 'x.gif', 'image/gif'),
    );
    expect(res3.statusCode, res3.body).toBe(200);
    await storedAvatar(user.id);
  });

  it('refuses a script or HTML posing as an image, and a file over the size cap', async () => {
    const { user, session } = await fresh();
    const script = await update(
      session,
      { user_id: user.id, user_name: 'Pic' },
      avatarFile(Buffer.from(SCRIPT), 'a.png'),
    );
    expect(expectError(script, 400, 'profile').error).toBe(`profile: ${AUTH_ERRORS.avatarType}`);
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`);
    expectError(
      await update(session, { user_id: user.id, user_name: 'Pic' }, avatarFile(svg, 'a.svg', 'image/svg+xml')),
      400,
      'profile',
    );
    // Well-formed structure whose pixels do not decode: refused by the re-encoder.
    const undecodable = await update(session, { user_id: user.id, user_name: 'Pic' }, avatarFile(jpeg(), 'a.jpg'));
    expectError(undecodable, 400, 'profile');
    const big = Buffer.concat([png(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const tooBig = await update(session, { user_id: user.id, user_name: 'Pic' }, avatarFile(big));
    expect(expectError(tooBig, 413, 'profile').error).toBe(`profile: ${AUTH_ERRORS.avatarTooLarge}`);
    const [row] = await t.db.query<{ avatar: string | null }>('SELECT avatar FROM users WHERE id = $1', [user.id]);
    expect(row!.avatar).toBeNull();
  });

  it('accepts an avatar of 1.5 MB (over the JSON body limit)', async () => {
    const { user, session } = await fresh();
    const padded = png([['zzZz', Buffer.alloc(1_500_000)]]); // an ancillary chunk, dropped
    const res = await update(session, { user_id: user.id, user_name: 'Pic' }, avatarFile(padded));
    expect(res.statusCode, res.body).toBe(200);
    await storedAvatar(user.id);
  });

  it('answers 404 for a deleted account', async () => {
    const { user, session } = await fresh();
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    const res = await app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: bearer(session.token) });
    expect(expectError(res, 404).error).toBe(API_ERRORS.notFound);
  });
});
