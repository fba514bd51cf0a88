import { AUTH_ERRORS, PLAYBACK_TEXTS, type WatchMovieBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  catalogue,
  insertActivePlan,
  insertUser,
  movie,
  setVideoClip,
  uniq,
  type TestUser,
} from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';

// Issue 16 finding 7 (decision 0031): a playback link used to keep working
// for its whole four hours after sign-out, from any client. Sign-out, a ban,
// a password change and a refund now end the user's playback tokens — and
// only that user's — while media requests stay free of database queries.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('playback tokens end with the account events', (t) => {
  let app: TestApp;
  let movieId: number;

  beforeAll(async () => {
    app = await buildTestApp(t.db);
    const title = `Revocation Movie ${uniq()}`;
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title })] }));
    movieId = await idOf(t.db, 'movies', title);
    await setVideoClip(t.db, 'movie', movieId, 'ferry');
  });
  afterAll(() => app?.close());

  async function viewer(): Promise<{ user: TestUser; session: SignedIn }> {
    const user = await insertUser(t.db);
    await insertActivePlan(t.db, user.id);
    return { user, session: await signIn(app, user.email, user.password) };
  }
  async function tokenOf(session: SignedIn): Promise<string> {
    const res = await app.inject({ url: `/api/movies/${movieId}/watch`, headers: bearer(session.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: WatchMovieBody }>().body.movie.playback_token;
  }
  async function plays(token: string): Promise<boolean> {
    // Writes reach this instance's held state through the change feed.
    await app.changeFeed.settled();
    const res = await app.inject(`/media/${token}/master.m3u8`);
    if (res.statusCode === 200) return true;
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: PLAYBACK_TEXTS.mediaRefused });
    return false;
  }

  it('ends them at sign-out, from any client, and not those of anyone else', async () => {
    const a = await viewer();
    const b = await viewer();
    const [aToken, bToken] = [await tokenOf(a.session), await tokenOf(b.session)];
    expect(await plays(aToken)).toBe(true);
    const out = await postForm(app, '/api/auth/logout', { user_id: a.user.id, refresh_token: a.session.refresh });
    expect(out.statusCode, out.body).toBe(200);
    expect(await plays(aToken)).toBe(false);
    expect(await plays(bToken)).toBe(true);
    // Signed in again, a second later: new links play.
    await sleep(1_100);
    const again = await signIn(app, a.user.email, a.user.password);
    expect(await plays(await tokenOf(again))).toBe(true);
  });

  it('an access token issued before the sign-out mints no new links; a device still signed in refreshes and goes on', async () => {
    const user = await insertUser(t.db);
    await insertActivePlan(t.db, user.id);
    const phone = await signIn(app, user.email, user.password);
    const tv = await signIn(app, user.email, user.password);
    expect(await plays(await tokenOf(phone))).toBe(true);
    // The sign-out comes at least a whole second after both tokens were issued.
    await sleep(2_100);
    const out = await postForm(app, '/api/auth/logout', { user_id: user.id, refresh_token: phone.refresh });
    expect(out.statusCode, out.body).toBe(200);
    await app.changeFeed.settled();
    for (const url of [`/api/movies/${movieId}/watch`, `/api/playback-token?video_type=movie&video_id=${movieId}`]) {
      for (const session of [phone, tv]) {
        const res = await app.inject({ url, headers: bearer(session.token) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual({ error: AUTH_ERRORS.unauthorized });
      }
    }
    // Other calls of the old tokens are not refused: only minting is.
    expect((await app.inject({ url: `/api/user/${user.id}/wishlist`, headers: bearer(tv.token) })).statusCode).toBe(
      200,
    );
    // The TV's refresh credential still lives: it refreshes and, a second
    // after the sign-out (the cut-off's rounding, decision 0031), plays.
    await sleep(1_100);
    const refreshed = await postForm(app, '/api/auth/refresh-token', { user_id: user.id, refresh_token: tv.refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const fresh = refreshed.json<{ body: { token: string } }>().body.token;
    expect(await plays(await tokenOf({ ...tv, token: fresh }))).toBe(true);
    // The phone's is gone with its sign-out.
    const phoneAgain = await postForm(app, '/api/auth/refresh-token', {
      user_id: user.id,
      refresh_token: phone.refresh,
    });
    expect(phoneAgain.statusCode).toBe(401);
  });

  it('ends them at a password change', async () => {
    const a = await viewer();
    const token = await tokenOf(a.session);
    expect(await plays(token)).toBe(true);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      payload: {
        user_id: a.user.id,
        user_name: 'Renamed',
        user_password: 'a new password 123',
        current_password: a.user.password,
      },
      headers: bearer(a.session.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await plays(token)).toBe(false);
  });

  it('ends them at a ban, and they stay ended when the ban is lifted', async () => {
    const a = await viewer();
    const token = await tokenOf(a.session);
    expect(await plays(token)).toBe(true);
    // As the admin CLI or an operator in psql would.
    await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [a.user.id]);
    expect(await plays(token)).toBe(false);
    await t.db.query('UPDATE users SET banned_at = NULL WHERE id = $1', [a.user.id]);
    expect(await plays(token)).toBe(false);
  });

  it('ends them at a refund', async () => {
    const a = await viewer();
    const token = await tokenOf(a.session);
    expect(await plays(token)).toBe(true);
    await t.db.query(`UPDATE subscriptions SET status = 'refunded' WHERE user_id = $1`, [a.user.id]);
    expect(await plays(token)).toBe(false);
  });

  it('answers segment after segment from memory: no query per media request', async () => {
    const a = await viewer();
    const token = await tokenOf(a.session);
    expect(await plays(token)).toBe(true);
    const query = vi.spyOn(t.db, 'query');
    try {
      for (let i = 0; i < 20; i++) expect((await app.inject(`/media/${token}/master.m3u8`)).statusCode).toBe(200);
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });
});
