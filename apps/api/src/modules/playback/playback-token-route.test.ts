import { API_ERRORS, BILLING_ERRORS, type PlaybackTokenBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  catalogue,
  episodes,
  insertActivePlan,
  insertUser,
  movie,
  series,
  setVideoClip,
  uniq,
} from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  idOf,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';

// GET /playback-token (decision 0043): a fresh token for the video already
// open, for the player's renewals, without the watch answer around it.

describeEachDatabase('GET /api/playback-token', (t) => {
  let app: TestApp;
  const key = uniq();
  let movieId: number;
  let bareMovieId: number;
  let episodeId: number;
  let subscriber: SignedIn;
  let noPlan: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp(t.db);
    await seedCatalogue(
      t.db,
      catalogue({
        movies: [movie({ title: `Token Movie ${key}` }), movie({ title: `Token Bare ${key}` })],
        series: [
          series({ title: `Token Series ${key}`, seasons: [{ number: 1, title: 'S1', episodes: episodes(1, 2020) }] }),
        ],
      }),
    );
    movieId = await idOf(t.db, 'movies', `Token Movie ${key}`);
    bareMovieId = await idOf(t.db, 'movies', `Token Bare ${key}`);
    const seriesId = await idOf(t.db, 'series', `Token Series ${key}`);
    const [ep] = await t.db.query<{ id: number }>('SELECT id FROM episodes WHERE series_id = $1', [seriesId]);
    episodeId = ep!.id;
    await setVideoClip(t.db, 'movie', movieId, 'ferry');
    await setVideoClip(t.db, 'movie', bareMovieId, null);
    await setVideoClip(t.db, 'episode', episodeId, 'bazaar');
    const [a, b] = await Promise.all([insertUser(t.db), insertUser(t.db)]);
    await insertActivePlan(t.db, a.id);
    subscriber = await signIn(app, a.email, a.password);
    noPlan = await signIn(app, b.email, b.password);
  });
  afterAll(() => app?.close());

  const renew = (query: string, s?: SignedIn) =>
    app.inject({ method: 'GET', url: `/api/playback-token${query}`, headers: s ? bearer(s.token) : {} });

  it('gives a subscriber a fresh token for that video alone, private, and nothing else', async () => {
    const res = await renew(`?video_type=episode&video_id=${episodeId}`, subscriber);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ body: PlaybackTokenBody }>().body;
    expect(Object.keys(body).sort()).toEqual(['playback_expires_at', 'playback_token']);
    expect(Date.parse(body.playback_expires_at)).toBeGreaterThan(Date.now());
    // The token opens this episode's media and no other video's.
    expect((await app.inject(`/media/${body.playback_token}/info.json`)).statusCode).toBe(200);
    const movie = await renew(`?video_type=movie&video_id=${movieId}`, subscriber);
    expect(movie.statusCode).toBe(200);
    expect(movie.json<{ body: PlaybackTokenBody }>().body.playback_token).not.toBe(body.playback_token);
  });

  it('answers a visitor 401, a user without a plan 403, before any token is made', async () => {
    expect(expectError(await renew(`?video_type=movie&video_id=${movieId}`), 401).error).toBe(API_ERRORS.loginRequired);
    const res = await renew(`?video_type=movie&video_id=${movieId}`, noPlan);
    expect(expectError(res, 403).error).toBe(BILLING_ERRORS.notSubscribed);
    expect(res.body).not.toContain('playback_token');
  });

  it('answers 404 for a video that is unknown or has nothing to play', async () => {
    expect(expectError(await renew('?video_type=movie&video_id=999999999', subscriber), 404).error).toBe(
      API_ERRORS.notFound,
    );
    expectError(await renew(`?video_type=movie&video_id=${bareMovieId}`, subscriber), 404);
  });

  it('answers 400 naming the field for a bad video type or id', async () => {
    expectError(await renew(`?video_type=trailer&video_id=${movieId}`, subscriber), 400, 'video_type');
    expectError(await renew('?video_type=movie&video_id=abc', subscriber), 400, 'video_id');
    expectError(await renew('?video_type=movie', subscriber), 400, 'video_id');
  });
});
