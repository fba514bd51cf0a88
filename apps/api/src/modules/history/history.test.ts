import {
  AUTH_ERRORS,
  HISTORY_TEXTS,
  type ContinueBody,
  type HistoryBody,
  type WatchEpisodeBody,
} from '@bosphorus/contract';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { catalogue, episodes, insertActivePlan, insertUser, movie, series, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';

// Spec §7 GET /user/{id}/history, POST /user/{id}/history/all; our
// GET /user/{id}/continue (modules/history, decision 0024).

describeEachDatabase('watch history, Continue Watching and Next Up', (t) => {
  let app: TestApp;
  const key = uniq();
  const title = {
    border: `Border Series ${key}`,
    scheduled: `Scheduled Series ${key}`,
    withdrawn: `Withdrawn Series ${key}`,
    movieA: `Movie A ${key}`,
    movieB: `Movie B ${key}`,
    movieC: `Movie C ${key}`,
    hidden: `Hidden Movie ${key}`,
  };
  const ids = {} as Record<keyof typeof title, number>;
  /** Border series: season 1 (three episodes), season 2 (none yet), season 3 (two). */
  let border: { s1: number[]; s3: number[] };
  /** Scheduled series: episode 1 out, episode 2 published tomorrow. */
  let scheduled: number[];
  let withdrawnEpisode: number;
  let subscriber: SignedIn;
  let other: SignedIn;
  let noPlan: SignedIn;

  const episodeIds = async (seriesId: number) =>
    (
      await t.db.query<{ id: number }>(
        `SELECT e.id FROM episodes e JOIN seasons se ON se.id = e.season_id
         WHERE e.series_id = $1 ORDER BY se.season_number, e.episode_number`,
        [seriesId],
      )
    ).map((r) => r.id);

  /** A saved position as the player leaves it, `minutesAgo` minutes ago. */
  async function watched(
    userId: number,
    video: { movie: number } | { episode: number },
    position: number,
    duration: number,
    minutesAgo: number,
  ) {
    const [column, id] = 'movie' in video ? ['movie_id', video.movie] : ['episode_id', video.episode];
    await t.db.query(
      `INSERT INTO watch_history (user_id, ${column}, position_seconds, duration_seconds, updated_at, client_time)
       VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5), 1)`,
      [userId, id, position, duration, minutesAgo],
    );
  }
  const historyOf = (who: SignedIn) =>
    app.inject({ method: 'GET', url: `/api/user/${who.userId}/history`, headers: bearer(who.token) });
  const continueOf = (who: SignedIn) =>
    app.inject({ method: 'GET', url: `/api/user/${who.userId}/continue`, headers: bearer(who.token) });
  const rowCount = async (userId: number) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM watch_history WHERE user_id = $1', [userId]))[0]!
      .n;

  beforeAll(async () => {
    app = await buildTestApp(t.db);
    await seedCatalogue(
      t.db,
      catalogue({
        series: [
          series({
            title: title.border,
            seasons: [
              { number: 1, title: 'Season 1', episodes: episodes(3, 2020) },
              { number: 2, title: 'Season 2', episodes: [] },
              { number: 3, title: 'Season 3', episodes: episodes(2, 2022, false) },
            ],
          }),
          series({
            title: title.scheduled,
            status: 'ongoing',
            seasons: [{ number: 1, title: 'Season 1', episodes: episodes(2, 2024, false) }],
          }),
          series({ title: title.withdrawn }),
        ],
        movies: [
          movie({ title: title.movieA, year: 2019 }),
          movie({ title: title.movieB }),
          movie({ title: title.movieC }),
          movie({ title: title.hidden }),
        ],
      }),
    );
    for (const name of ['border', 'scheduled', 'withdrawn'] as const)
      ids[name] = await idOf(t.db, 'series', title[name]);
    for (const name of ['movieA', 'movieB', 'movieC', 'hidden'] as const)
      ids[name] = await idOf(t.db, 'movies', title[name]);
    const b = await episodeIds(ids.border);
    border = { s1: b.slice(0, 3), s3: b.slice(3) };
    scheduled = await episodeIds(ids.scheduled);
    await t.db.query(`UPDATE episodes SET published_at = now() + interval '1 day' WHERE id = $1`, [scheduled[1]]);
    withdrawnEpisode = (await episodeIds(ids.withdrawn))[0]!;
    await t.db.query('UPDATE series SET published = false WHERE id = $1', [ids.withdrawn]);
    await t.db.query('UPDATE movies SET published = false WHERE id = $1', [ids.hidden]);

    const users = await Promise.all([insertUser(t.db), insertUser(t.db), insertUser(t.db)]);
    await insertActivePlan(t.db, users[0]!.id);
    await insertActivePlan(t.db, users[1]!.id);
    [subscriber, other, noPlan] = (await Promise.all(users.map((u) => signIn(app, u.email, u.password)))) as [
      SignedIn,
      SignedIn,
      SignedIn,
    ];
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    await t.db.query('DELETE FROM watch_history');
  });

  it('lists movies and series newest first, each series once with its latest episode and its progress', async () => {
    await watched(subscriber.userId, { movie: ids.movieA }, 600, 6000, 50);
    await watched(subscriber.userId, { episode: border.s1[0]! }, 3000, 3600, 40);
    await watched(subscriber.userId, { episode: border.s1[1]! }, 120, 3660, 10); // the latest of the series
    await watched(subscriber.userId, { movie: ids.movieB }, 30, 6000, 20);
    await watched(subscriber.userId, { episode: scheduled[0]! }, 5, 3600, 30);
    // Never shown: a withdrawn movie, a withdrawn series, an episode not out yet (its series shows episode 1).
    await watched(subscriber.userId, { movie: ids.hidden }, 100, 6000, 1);
    await watched(subscriber.userId, { episode: withdrawnEpisode }, 100, 3600, 2);
    await watched(subscriber.userId, { episode: scheduled[1]! }, 100, 3600, 3);
    // Another user's rows never appear.
    await watched(other.userId, { movie: ids.movieC }, 100, 6000, 0);

    const res = await historyOf(subscriber);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { history } = res.json<{ body: HistoryBody }>().body;
    expect(history.map((e) => (e.type === 'movie' ? `movie:${e.movie_id}` : `series:${e.serie_id}`))).toEqual([
      `series:${ids.border}`,
      `movie:${ids.movieB}`,
      `series:${ids.scheduled}`,
      `movie:${ids.movieA}`,
    ]);
    expect(history[0]).toEqual({
      type: 'series',
      serie_id: ids.border,
      serie_title: title.border,
      serie_year: 2020,
      serie_image: 'poster.webp',
      serie_cover: 'cover.webp',
      episode_id: border.s1[1],
      episode_title: 'Episode 2',
      episode_number: 2,
      episode_image: 'still-2.webp',
      season_id: expect.any(Number),
      season_title: 'Season 1',
      season_number: 1,
      position_seconds: 120,
      duration_seconds: 3660,
      watched_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(history[2]).toMatchObject({ type: 'series', episode_id: scheduled[0], position_seconds: 5 });
    expect(history[3]).toEqual({
      type: 'movie',
      movie_id: ids.movieA,
      movie_title: title.movieA,
      movie_year: 2019,
      movie_image: 'poster.webp',
      movie_cover: 'cover.webp',
      movie_duration: 100,
      position_seconds: 600,
      duration_seconds: 6000,
      watched_at: expect.any(String),
    });
    expect(Date.parse(history[0]!.watched_at)).toBeGreaterThan(Date.parse(history[1]!.watched_at));
  });

  it("shows what the player saves: a position posted through the player's call", async () => {
    const saved = await postForm(
      app,
      `/api/user/${subscriber.userId}/progress`,
      {
        video_type: 'episode',
        video_id: border.s3[0]!,
        position_seconds: 42,
        duration_seconds: 2700,
        client_time: Date.now(),
      },
      bearer(subscriber.token),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // The call is private: without the token, nothing.
    expectError(await app.inject({ method: 'GET', url: `/api/user/${subscriber.userId}/history` }), 401);
    const res = await historyOf(subscriber);
    expect(res.json<{ body: HistoryBody }>().body.history).toEqual([
      expect.objectContaining({
        type: 'series',
        episode_id: border.s3[0],
        season_title: 'Season 3',
        position_seconds: 42,
        duration_seconds: 2700,
      }),
    ]);
  });

  it('answers an empty history with an empty list', async () => {
    const res = await historyOf(subscriber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { history: [] } });
  });

  it('refuses another user’s id with 403 and reads or deletes nothing; a visitor gets 401', async () => {
    await watched(other.userId, { movie: ids.movieA }, 600, 6000, 5);
    for (const url of [`/api/user/${other.userId}/history`, `/api/user/${other.userId}/continue`]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(subscriber.token) });
      expect(expectError(res, 403).error).toBe(AUTH_ERRORS.forbidden);
      expect(res.body).not.toContain(title.movieA);
    }
    const del = await postForm(
      app,
      `/api/user/${other.userId}/history/all`,
      { _method: 'DELETE' },
      bearer(subscriber.token),
    );
    expect(expectError(del, 403).error).toBe(AUTH_ERRORS.forbidden);
    // The client-added user_id naming someone else is refused too.
    const viaQuery = await postForm(
      app,
      `/api/user/${subscriber.userId}/history/all?user_id=${other.userId}`,
      { _method: 'DELETE' },
      bearer(subscriber.token),
    );
    expectError(viaQuery, 403);
    expect(await rowCount(other.userId)).toBe(1);

    const visitor = await app.inject({ method: 'GET', url: `/api/user/${other.userId}/history` });
    expectError(visitor, 401);
    const visitorDelete = await postForm(app, `/api/user/${other.userId}/history/all`, { _method: 'DELETE' });
    expectError(visitorDelete, 401);
    expect(await rowCount(other.userId)).toBe(1);
  });

  it('deletes all of the user’s history (urlencoded, multipart or JSON) and nobody else’s', async () => {
    await watched(subscriber.userId, { movie: ids.movieA }, 600, 6000, 5);
    await watched(subscriber.userId, { episode: border.s1[0]! }, 60, 3600, 4);
    await watched(other.userId, { movie: ids.movieA }, 600, 6000, 5);

    const res = await postForm(
      app,
      `/api/user/${subscriber.userId}/history/all`,
      { _method: 'DELETE', user_id: subscriber.userId },
      bearer(subscriber.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: HISTORY_TEXTS.deletedAll });
    expect(await rowCount(subscriber.userId)).toBe(0);
    expect(await rowCount(other.userId)).toBe(1);
    expect((await historyOf(subscriber)).json()).toEqual({ body: { history: [] } });

    // Deleting an empty history succeeds too; JSON and multipart forms are accepted alike.
    const json = await app.inject({
      method: 'POST',
      url: `/api/user/${subscriber.userId}/history/all`,
      payload: { _method: 'DELETE' },
      headers: bearer(subscriber.token),
    });
    expect(json.json()).toEqual({ message: HISTORY_TEXTS.deletedAll });
    const boundary = 'x-history-boundary';
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/user/${other.userId}/history/all`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="_method"\r\n\r\nDELETE\r\n--${boundary}--\r\n`,
      headers: { ...bearer(other.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await rowCount(other.userId)).toBe(0);
  });

  it('needs _method=DELETE (400 naming the field) and deletes nothing without it', async () => {
    await watched(subscriber.userId, { movie: ids.movieA }, 600, 6000, 5);
    for (const fields of [{}, { _method: 'PUT' }] as Record<string, string>[]) {
      const res = await postForm(app, `/api/user/${subscriber.userId}/history/all`, fields, bearer(subscriber.token));
      expectError(res, 400, '_method');
    }
    const noBody = await app.inject({
      method: 'POST',
      url: `/api/user/${subscriber.userId}/history/all`,
      headers: bearer(subscriber.token),
    });
    expectError(noBody, 400, '_method');
    expectError(
      await app.inject({ method: 'GET', url: '/api/user/abc/history', headers: bearer(subscriber.token) }),
      400,
      'id',
    );
    expect(await rowCount(subscriber.userId)).toBe(1);
  });

  it('needs an active plan to read history and the home rows; deleting one’s own history does not', async () => {
    await watched(noPlan.userId, { movie: ids.movieA }, 600, 6000, 5);
    expect(expectError(await historyOf(noPlan), 403).error).toBe(HISTORY_TEXTS.planRequired);
    expect(expectError(await continueOf(noPlan), 403).error).toBe(HISTORY_TEXTS.planRequired);
    const del = await postForm(
      app,
      `/api/user/${noPlan.userId}/history/all`,
      { _method: 'DELETE' },
      bearer(noPlan.token),
    );
    expect(del.json()).toEqual({ message: HISTORY_TEXTS.deletedAll });
    expect(await rowCount(noPlan.userId)).toBe(0);
  });

  it('Continue Watching: started and not finished, newest first; a series by its latest episode', async () => {
    await watched(subscriber.userId, { movie: ids.movieA }, 600, 6000, 30); // 10 %: in progress
    await watched(subscriber.userId, { movie: ids.movieB }, 5800, 6000, 20); // 96.7 %: finished
    await watched(subscriber.userId, { movie: ids.movieC }, 20, 6000, 10); // 20 s: not started
    await watched(subscriber.userId, { episode: border.s1[0]! }, 3500, 3600, 60); // finished earlier…
    await watched(subscriber.userId, { episode: border.s1[1]! }, 900, 3660, 5); // …then episode 2 half-way
    const { continueWatching, nextUp } = await getBodyOf(subscriber);
    expect(continueWatching.map((e) => (e.type === 'movie' ? e.movie_id : e.episode_id))).toEqual([
      border.s1[1],
      ids.movieA,
    ]);
    expect(continueWatching[1]).toMatchObject({ type: 'movie', position_seconds: 600, duration_seconds: 6000 });
    // The series is in progress (its latest episode), so it is not Next Up.
    expect(nextUp).toEqual([]);
  });

  it('a short clip counts as started after a tenth of it', async () => {
    await watched(subscriber.userId, { movie: ids.movieA }, 2, 12, 3);
    await watched(subscriber.userId, { movie: ids.movieB }, 1, 12, 2);
    await watched(subscriber.userId, { movie: ids.movieC }, 12, 12, 1);
    const { continueWatching } = await getBodyOf(subscriber);
    expect(continueWatching.map((e) => e.type === 'movie' && e.movie_id)).toEqual([ids.movieA]);
  });

  it('Next Up: the episode after a finished one, across season borders, skipping an empty season', async () => {
    await watched(subscriber.userId, { episode: border.s1[2]! }, 3590, 3720, 10); // last of season 1, finished
    await watched(subscriber.userId, { episode: scheduled[0]! }, 3600, 3600, 5); // next one not out yet
    const { continueWatching, nextUp } = await getBodyOf(subscriber);
    expect(continueWatching).toEqual([]);
    expect(nextUp).toEqual([
      {
        serie_id: ids.border,
        serie_title: title.border,
        serie_year: 2020,
        serie_image: 'poster.webp',
        serie_cover: 'cover.webp',
        episode_id: border.s3[0],
        episode_title: 'Episode 1',
        episode_number: 1,
        episode_image: 'still-1.webp',
        season_id: expect.any(Number),
        season_title: 'Season 3',
        season_number: 3,
        watched_at: expect.any(String),
      },
    ]);
    // The player agrees on what comes next.
    const res = await app.inject({
      method: 'GET',
      url: `/api/episodes?episodeId=${border.s1[2]}&userId=${subscriber.userId}`,
      headers: bearer(subscriber.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ body: WatchEpisodeBody }>().body.episode.next_episode?.id).toBe(nextUp[0]!.episode_id);

    // Once the scheduled episode is out, it is Next Up too (the newer finish first).
    await t.db.query(`UPDATE episodes SET published_at = now() - interval '1 minute' WHERE id = $1`, [scheduled[1]]);
    try {
      const later = await getBodyOf(subscriber);
      expect(later.nextUp.map((n) => n.episode_id)).toEqual([scheduled[1], border.s3[0]]);
    } finally {
      await t.db.query(`UPDATE episodes SET published_at = now() + interval '1 day' WHERE id = $1`, [scheduled[1]]);
    }
  });

  it('Next Up: nothing after the last episode of a series, and a withdrawn series never shows', async () => {
    await watched(subscriber.userId, { episode: border.s3[1]! }, 3700, 3700, 10);
    await watched(subscriber.userId, { episode: withdrawnEpisode }, 3600, 3600, 5);
    expect(await getBodyOf(subscriber)).toEqual({ continueWatching: [], nextUp: [] });
  });

  async function getBodyOf(who: SignedIn): Promise<ContinueBody> {
    const res = await continueOf(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<{ body: ContinueBody }>().body;
  }
});
