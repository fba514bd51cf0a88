import {
  API_ERRORS,
  AUTH_ERRORS,
  BILLING_ERRORS,
  DEFAULT_SUBTITLE_SETTINGS,
  PLAYBACK_TEXTS,
  PLAYER_MESSAGES,
  type PlayerInfo,
  type WatchEpisodeBody,
  type WatchMovieBody,
} from '@bosphorus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';
import { seedDemo, DEMO_MEDIA_SEED_NAME, DEMO_SEED_NAME } from '../../db/seed/seed-demo.js';
import { backupOriginOf } from './playback.service.js';

// Spec §7 GET /movies/{id}/watch, GET /episodes, POST /report; our
// POST /user/{id}/progress and /subtitle-settings (modules/playback).

describe('backup link (spec §4 Player)', () => {
  it("swaps '.com' for '.net' when the main origin ends so, else takes the configured backup", () => {
    expect(
      backupOriginOf({ mainOrigin: 'https://media.bosphorus.com', backupOrigin: 'https://media.bosphorus.com' }),
    ).toBe('https://media.bosphorus.net');
    expect(backupOriginOf({ mainOrigin: 'https://cdn.bosphorus.com:8443', backupOrigin: 'https://x.example' })).toBe(
      'https://cdn.bosphorus.net:8443',
    );
    expect(
      backupOriginOf({ mainOrigin: 'https://media.example.org', backupOrigin: 'https://backup.example.org' }),
    ).toBe('https://backup.example.org');
    // '.com' elsewhere in the host is not the top-level domain.
    expect(backupOriginOf({ mainOrigin: 'http://video.company.test', backupOrigin: 'http://b.test' })).toBe(
      'http://b.test',
    );
    expect(backupOriginOf({ mainOrigin: 'http://localhost:3000', backupOrigin: 'http://localhost:3000' })).toBe(
      'http://localhost:3000',
    );
  });
});

describeEachDatabase('the player API', (t) => {
  let app: TestApp;
  const key = uniq();
  const seriesTitle = `Player Series ${key}`;
  const movieTitle = `Player Movie ${key}`;
  const bareMovieTitle = `Movie Without Media ${key}`;
  const hiddenMovieTitle = `Hidden Movie ${key}`;
  let movieId: number;
  let bareMovieId: number;
  let hiddenMovieId: number;
  /** Season 1: three episodes, season 2: two, season 3: none yet, season 4: one. */
  let ep: { s1: number[]; s2: number[]; s4: number[] };
  let seasonIds: number[];
  let subscriber: SignedIn;
  let subscriber2: SignedIn;
  let noPlan: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp(t.db, {
      media: {
        ...(await import('../../config.js')).loadConfig({}).media,
        mainOrigin: 'https://media.bosphorus.com',
        backupOrigin: 'https://media.bosphorus.com',
      },
    });
    await seedCatalogue(
      t.db,
      catalogue({
        series: [
          series({
            title: seriesTitle,
            seasons: [
              { number: 1, title: 'Season 1', episodes: episodes(3, 2020) },
              { number: 2, title: 'Season 2', episodes: episodes(2, 2021) },
              { number: 3, title: 'Season 3', episodes: [] },
              { number: 4, title: 'Season 4', episodes: episodes(1, 2023, false) },
            ],
          }),
        ],
        movies: [movie({ title: movieTitle }), movie({ title: bareMovieTitle }), movie({ title: hiddenMovieTitle })],
      }),
    );
    movieId = await idOf(t.db, 'movies', movieTitle);
    bareMovieId = await idOf(t.db, 'movies', bareMovieTitle);
    hiddenMovieId = await idOf(t.db, 'movies', hiddenMovieTitle);
    await setVideoClip(t.db, 'movie', movieId, 'ferry');
    await setVideoClip(t.db, 'movie', bareMovieId, null);
    await t.db.query('UPDATE movies SET published = false WHERE id = $1', [hiddenMovieId]);
    const seriesId = await idOf(t.db, 'series', seriesTitle);
    const rows = await t.db.query<{ id: number; season_number: number }>(
      `SELECT e.id, se.season_number FROM episodes e JOIN seasons se ON se.id = e.season_id
       WHERE e.series_id = $1 ORDER BY se.season_number, e.episode_number`,
      [seriesId],
    );
    const of = (n: number) => rows.filter((r) => r.season_number === n).map((r) => r.id);
    ep = { s1: of(1), s2: of(2), s4: of(4) };
    seasonIds = (
      await t.db.query<{ id: number }>('SELECT id FROM seasons WHERE series_id = $1 ORDER BY season_number', [seriesId])
    ).map((r) => r.id);

    const [a, b, c] = await Promise.all([insertUser(t.db), insertUser(t.db), insertUser(t.db)]);
    await insertActivePlan(t.db, a!.id);
    await insertActivePlan(t.db, b!.id);
    subscriber = await signIn(app, a!.email, a!.password);
    subscriber2 = await signIn(app, b!.email, b!.password);
    noPlan = await signIn(app, c!.email, c!.password);
  });
  afterAll(() => app?.close());

  const watchMovie = (id: number | string, s?: SignedIn, query = '') =>
    app.inject({ method: 'GET', url: `/api/movies/${id}/watch${query}`, headers: s ? bearer(s.token) : {} });
  const watchEpisode = (id: number | string, s?: SignedIn) =>
    app.inject({ method: 'GET', url: `/api/episodes?episodeId=${id}`, headers: s ? bearer(s.token) : {} });

  describe('GET /api/movies/{id}/watch and GET /api/episodes', () => {
    it('answers a visitor 401 with the sign-in text, before looking at the title', async () => {
      for (const res of [
        await watchMovie(movieId),
        await watchMovie('not-a-number'),
        await watchEpisode(ep.s1[0]!),
        await app.inject('/api/episodes'),
      ]) {
        expect(expectError(res, 401).error).toBe(API_ERRORS.loginRequired);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toContain('player');
      }
    });

    it('answers a bad access token 401 so the client refreshes', async () => {
      const res = await app.inject({ url: `/api/movies/${movieId}/watch`, headers: bearer('a.b.c') });
      expect(expectError(res, 401).error).toBe(AUTH_ERRORS.unauthorized);
    });

    it('answers a signed-in user without an active plan 403 with the server message', async () => {
      for (const res of [await watchMovie(movieId, noPlan), await watchEpisode(ep.s1[0]!, noPlan)]) {
        expect(expectError(res, 403).error).toBe(BILLING_ERRORS.notSubscribed);
        expect(res.body).not.toContain('playback_token');
      }
    });

    it('answers 403 once the plan has ended', async () => {
      const user = await insertUser(t.db);
      await insertActivePlan(t.db, user.id);
      const session = await signIn(app, user.email, user.password);
      expect((await watchMovie(movieId, session)).statusCode).toBe(200);
      await t.db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [
        user.id,
      ]);
      expect(expectError(await watchMovie(movieId, session), 403).error).toBe(BILLING_ERRORS.notSubscribed);
    });

    it('gives a subscriber the player link, a playback token that opens the media, and nothing of the access token', async () => {
      const res = await watchMovie(movieId, subscriber, `?movieId=${movieId}&userId=${subscriber.userId}&cb=123`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { movie: m } = res.json<{ body: WatchMovieBody }>().body;
      expect(m).toMatchObject({
        movie_id: movieId,
        movie_title: movieTitle,
        movie_description: `${movieTitle} is a test movie.`,
        movie_duration: 100,
        movie_link: 'https://media.bosphorus.com/player',
        backup_link: 'https://media.bosphorus.net/player',
        progress: null,
        subtitle_settings: DEFAULT_SUBTITLE_SETTINGS,
      });
      expect(m.playback_token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      const expires = Date.parse(m.playback_expires_at) - Date.now();
      expect(expires).toBeGreaterThan(4 * 3600_000 - 60_000);
      expect(expires).toBeLessThanOrEqual(4 * 3600_000);
      expect(res.body).not.toContain(subscriber.token);
      expect(res.body).not.toContain(subscriber.refresh);

      const info = await app.inject(`/media/${m.playback_token}/info.json`);
      expect(info.statusCode, info.body).toBe(200);
      const body = info.json<PlayerInfo>();
      expect(body.title).toBe(movieTitle);
      expect(body.hls).toBe('master.m3u8');
      expect(info.body).not.toContain(subscriber.token);
      const master = await app.inject(`/media/${m.playback_token}/${body.hls}`);
      expect(master.statusCode).toBe(200);
      expect(master.body).toContain('#EXT-X-STREAM-INF');
    });

    it("compares the query's user id with the token's", async () => {
      const res = await watchMovie(movieId, subscriber, `?userId=${subscriber2.userId}`);
      expect(expectError(res, 403).error).toBe(AUTH_ERRORS.forbidden);
    });

    it('answers 400 for a malformed id, 404 for an unknown or withdrawn title or one without media', async () => {
      expect(expectError(await watchMovie('12x', subscriber), 400, 'id').error).toContain(API_ERRORS.badId);
      expect(expectError(await watchEpisode('abc', subscriber), 400, 'episodeId').error).toContain('episodeId');
      expectError(await app.inject({ url: '/api/episodes', headers: bearer(subscriber.token) }), 400, 'episodeId');
      expect(expectError(await watchMovie(987_654_321, subscriber), 404).error).toBe(API_ERRORS.notFound);
      expect(expectError(await watchMovie(hiddenMovieId, subscriber), 404).error).toBe(API_ERRORS.notFound);
      expect(expectError(await watchMovie(bareMovieId, subscriber), 404).error).toBe(PLAYBACK_TEXTS.noMedia);
      expect(expectError(await watchEpisode(987_654_321, subscriber), 404).error).toBe(API_ERRORS.notFound);
    });

    it('walks the episodes across season borders, skipping an empty season', async () => {
      const get = async (id: number) => {
        const res = await watchEpisode(id, subscriber);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toContain(subscriber.token);
        return res.json<{ body: WatchEpisodeBody }>().body;
      };
      const first = await get(ep.s1[0]!);
      expect(first.canPlay).toBe(true);
      expect(first.episode).toMatchObject({
        episode_id: ep.s1[0],
        episode_number: 1,
        episode_title: 'Episode 1',
        episode_link: 'https://media.bosphorus.com/player',
        backup_link: 'https://media.bosphorus.net/player',
        previous_episode: null,
        next_episode: { id: ep.s1[1], episode_number: 2, season_id: seasonIds[0], season_title: 'Season 1' },
        is_first_episode_of_season: true,
        is_season_final: false,
        season_finale: 0,
        season: { id: seasonIds[0], title: 'Season 1', season_number: 1 },
        season_id: seasonIds[0],
        serie: { serie_title: seriesTitle },
      });
      expect(first.episode.seasons.map((s) => [s.season_number, s.episodes.map((e) => e.episode_id)])).toEqual([
        [1, ep.s1],
        [2, ep.s2],
        [3, []],
        [4, ep.s4],
      ]);

      const lastOfS1 = await get(ep.s1[2]!);
      expect(lastOfS1.episode).toMatchObject({
        season_finale: 1,
        is_season_final: true,
        is_first_episode_of_season: false,
        previous_episode: { id: ep.s1[1] },
        next_episode: { id: ep.s2[0], episode_number: 1, season_id: seasonIds[1], season_title: 'Season 2' },
      });
      const firstOfS2 = await get(ep.s2[0]!);
      expect(firstOfS2.episode).toMatchObject({
        is_first_episode_of_season: true,
        is_season_final: false,
        previous_episode: { id: ep.s1[2], season_title: 'Season 1' },
        next_episode: { id: ep.s2[1] },
        season: { title: 'Season 2', season_number: 2 },
      });
      // Season 3 has no episodes: the next of season 2's last is season 4's first.
      const lastOfS2 = await get(ep.s2[1]!);
      expect(lastOfS2.episode.next_episode).toMatchObject({ id: ep.s4[0], season_title: 'Season 4' });
      const last = await get(ep.s4[0]!);
      expect(last.episode).toMatchObject({
        is_first_episode_of_season: true,
        is_season_final: true,
        previous_episode: { id: ep.s2[1] },
        next_episode: null,
      });
      // Each answer has its own token, for its own episode.
      expect(new Set([first, lastOfS1, firstOfS2].map((b) => b.episode.playback_token)).size).toBe(3);
    });

    it('does not offer an episode that is not out yet', async () => {
      const id = ep.s4[0]!;
      await t.db.query(`UPDATE episodes SET published_at = now() + interval '1 day' WHERE id = $1`, [id]);
      try {
        expect(expectError(await watchEpisode(id, subscriber), 404).error).toBe(API_ERRORS.notFound);
        const prev = (await watchEpisode(ep.s2[1]!, subscriber)).json<{ body: WatchEpisodeBody }>().body;
        expect(prev.episode.next_episode).toBeNull();
      } finally {
        await t.db.query(`UPDATE episodes SET published_at = now() - interval '1 day' WHERE id = $1`, [id]);
      }
    });
  });

  describe('POST /api/user/{id}/progress', () => {
    const save = (s: SignedIn, fields: Record<string, string | number>, userId = s.userId) =>
      postForm(app, `/api/user/${userId}/progress`, fields, bearer(s.token));
    const progressOf = async (s: SignedIn) =>
      (await watchMovie(movieId, s)).json<{ body: WatchMovieBody }>().body.movie.progress;

    it('keeps one row per title and user, where the latest client time wins', async () => {
      const base = Date.now();
      const form = (position: number, at: number) => ({
        user_id: subscriber.userId,
        video_type: 'movie',
        video_id: movieId,
        position_seconds: position,
        duration_seconds: 720,
        client_time: at,
      });
      let res = await save(subscriber, form(100, base));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: PLAYBACK_TEXTS.progressSaved });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await progressOf(subscriber)).toMatchObject({ position_seconds: 100, duration_seconds: 720 });

      // A later save moves it; an older one arriving late does not move it back.
      expect((await save(subscriber, form(300, base + 10_000))).statusCode).toBe(200);
      res = await save(subscriber, form(120, base + 5_000));
      expect(res.statusCode).toBe(200);
      expect(await progressOf(subscriber)).toMatchObject({ position_seconds: 300 });
      const { n } = (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM watch_history WHERE user_id = $1 AND movie_id = $2',
          [subscriber.userId, movieId],
        )
      )[0]!;
      expect(n).toBe(1);

      // JSON and multipart bodies are the same form.
      const json = await app.inject({
        method: 'POST',
        url: `/api/user/${subscriber.userId}/progress`,
        headers: bearer(subscriber.token),
        payload: form(400, base + 20_000),
      });
      expect(json.statusCode, json.body).toBe(200);
      expect(await progressOf(subscriber)).toMatchObject({ position_seconds: 400 });
    });

    it("keeps each user's position apart", async () => {
      const other = await save(subscriber2, {
        video_type: 'movie',
        video_id: movieId,
        position_seconds: 42,
        duration_seconds: 720,
        client_time: Date.now() + 60_000,
      });
      expect(other.statusCode, other.body).toBe(200);
      expect(await progressOf(subscriber2)).toMatchObject({ position_seconds: 42 });
      expect((await progressOf(subscriber))?.position_seconds).not.toBe(42);
      // Nobody writes another user's row.
      const res = await save(
        subscriber,
        {
          video_type: 'movie',
          video_id: movieId,
          position_seconds: 1,
          duration_seconds: 2,
          client_time: Date.now() + 120_000,
        },
        subscriber2.userId,
      );
      expect(expectError(res, 403).error).toBe(AUTH_ERRORS.forbidden);
      const claimed = await save(subscriber, {
        user_id: subscriber2.userId,
        video_type: 'movie',
        video_id: movieId,
        position_seconds: 1,
        duration_seconds: 2,
        client_time: Date.now() + 120_000,
      });
      expect(expectError(claimed, 403).error).toBe(AUTH_ERRORS.forbidden);
      expect(await progressOf(subscriber2)).toMatchObject({ position_seconds: 42 });
    });

    it('saves episodes too, and answers 400 naming the field, 404 for an unknown video, 401 without a session', async () => {
      const ok = await save(subscriber, {
        video_type: 'episode',
        video_id: ep.s2[0]!,
        position_seconds: 61,
        duration_seconds: 3600,
        client_time: Date.now(),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const episode = (await watchEpisode(ep.s2[0]!, subscriber)).json<{ body: WatchEpisodeBody }>().body.episode;
      expect(episode.progress).toMatchObject({ position_seconds: 61, duration_seconds: 3600 });

      const good = { video_type: 'movie', video_id: movieId, position_seconds: 1, duration_seconds: 2, client_time: 3 };
      for (const [field, fields] of [
        ['video_type', { ...good, video_type: 'trailer' }],
        ['video_id', { ...good, video_id: 'abc' }],
        ['position_seconds', { ...good, position_seconds: 'later' }],
        ['duration_seconds', { ...good, duration_seconds: -1 }],
        ['client_time', { ...good, client_time: '' }],
      ] as const) {
        expectError(await save(subscriber, fields), 400, field);
      }
      const { client_time: _c, ...noTime } = good;
      expectError(await save(subscriber, noTime), 400, 'client_time');
      expect(expectError(await save(subscriber, { ...good, video_id: 987_654_321 }), 404).error).toBe(
        API_ERRORS.notFound,
      );
      expectError(await postForm(app, `/api/user/${subscriber.userId}/progress`, good), 401);
    });
  });

  describe('POST /api/user/{id}/subtitle-settings', () => {
    const settingsOf = async (s: SignedIn) =>
      (await watchMovie(movieId, s)).json<{ body: WatchMovieBody }>().body.movie.subtitle_settings;

    it('stores the look per account and returns it in the watch answers', async () => {
      const res = await postForm(
        app,
        `/api/user/${subscriber.userId}/subtitle-settings`,
        { user_id: subscriber.userId, size: 'large', color: 'yellow', background: 'box', dual: '1' },
        bearer(subscriber.token),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: PLAYBACK_TEXTS.subtitleSettingsSaved });
      const saved = { size: 'large', color: 'yellow', background: 'box', dual: true };
      expect(await settingsOf(subscriber)).toEqual(saved);
      const episode = (await watchEpisode(ep.s1[0]!, subscriber)).json<{ body: WatchEpisodeBody }>().body.episode;
      expect(episode.subtitle_settings).toEqual(saved);
      // Another account still has the defaults.
      expect(await settingsOf(subscriber2)).toEqual(DEFAULT_SUBTITLE_SETTINGS);

      const json = await app.inject({
        method: 'POST',
        url: `/api/user/${subscriber.userId}/subtitle-settings`,
        headers: bearer(subscriber.token),
        payload: { size: 'small', color: 'cyan', background: 'none', dual: false },
      });
      expect(json.statusCode, json.body).toBe(200);
      expect(await settingsOf(subscriber)).toEqual({ size: 'small', color: 'cyan', background: 'none', dual: false });
      const words = await postForm(
        app,
        `/api/user/${subscriber.userId}/subtitle-settings`,
        { size: 'x-large', color: 'green', background: 'outline', dual: 'true' },
        bearer(subscriber.token),
      );
      expect(words.statusCode).toBe(200);
      expect((await settingsOf(subscriber)).dual).toBe(true);
    });

    it('answers 400 naming the field, 403 for another account', async () => {
      const good = { size: 'large', color: 'white', background: 'box', dual: '0' };
      const post = (fields: Record<string, string | number>, userId = subscriber.userId) =>
        postForm(app, `/api/user/${userId}/subtitle-settings`, fields, bearer(subscriber.token));
      for (const [field, fields] of [
        ['size', { ...good, size: 'huge' }],
        ['color', { ...good, color: 'red' }],
        ['background', { ...good, background: 'glow' }],
        ['dual', { ...good, dual: 'maybe' }],
      ] as const) {
        expectError(await post(fields), 400, field);
      }
      const { dual: _d, ...noDual } = good;
      expectError(await post(noDual), 400, 'dual');
      expect(expectError(await post(good, subscriber2.userId), 403).error).toBe(AUTH_ERRORS.forbidden);
    });
  });

  describe('POST /api/report', () => {
    const report = (fields: Record<string, string | number>, headers: Record<string, string> = {}) =>
      postForm(app, '/api/report', fields, headers);
    const lastReport = async () =>
      (
        await t.db.query<{ user_id: number | null; note: string; payload: Record<string, string> }>(
          'SELECT user_id, note, payload FROM issue_reports ORDER BY id DESC LIMIT 1',
        )
      )[0]!;

    it('stores a signed-in report under the token user, whatever the form claims', async () => {
      const note = `The subtitles froze at 12:03 ${uniq()}`;
      const res = await report(
        {
          note,
          link: `https://bosphorus.example/watchEpisodes/${ep.s1[0]}`,
          usermail: 'viewer@example.test',
          user_id: subscriber.userId,
          serie_title: seriesTitle,
          episode_title: 'Episode 1',
          frontend_version: '110',
          user_agent: 'Mozilla/5.0 (SMART-TV; Tizen 6.0)',
          screen_resolution: '1920x1080',
          timezone: 'Europe/Istanbul',
          is_ipad: 'false',
          is_safari: 'false',
          has_jwt: 'true',
          current_video_url: 'https://media.bosphorus.com/player?video_id=1',
          network_status: 'online',
          connection_type: '4g',
        },
        bearer(subscriber.token),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: PLAYER_MESSAGES.reportSent });
      const row = await lastReport();
      expect(row.user_id).toBe(subscriber.userId);
      expect(row.note).toBe(note);
      expect(row.payload).toMatchObject({
        serie_title: seriesTitle,
        usermail: 'viewer@example.test',
        timezone: 'Europe/Istanbul',
        connection_type: '4g',
      });
      expect(row.payload).not.toHaveProperty('user_id');
      expect(row.payload).not.toHaveProperty('note');

      // A form naming another user under this token is refused.
      const claimed = await report({ note: 'x', user_id: subscriber2.userId }, bearer(subscriber.token));
      expect(expectError(claimed, 403).error).toBe(AUTH_ERRORS.forbidden);
    });

    it('takes a visitor report without an identity, and refuses a bad token', async () => {
      const note = `Video does not start ${uniq()}`;
      const res = await report({ note, user_id: subscriber.userId, usermail: 'someone@example.test' });
      expect(res.statusCode, res.body).toBe(200);
      const row = await lastReport();
      expect(row).toMatchObject({ user_id: null, note });
      expectError(await report({ note: 'x' }, bearer('a.b.c')), 401);
    });

    it('answers 400 naming the note when it is missing or blank, and takes JSON and multipart', async () => {
      expect(expectError(await report({ link: 'x' }), 400, 'note').error).toContain('note');
      expectError(await report({ note: '   ' }), 400, 'note');
      expectError(await app.inject({ method: 'POST', url: '/api/report' }), 400, 'note');
      const json = await app.inject({
        method: 'POST',
        url: '/api/report',
        payload: { note: 'JSON note', frontend_version: 110, is_ipad: false },
      });
      expect(json.statusCode, json.body).toBe(200);
      expect(await lastReport()).toMatchObject({
        note: 'JSON note',
        payload: { frontend_version: '110', is_ipad: 'false' },
      });
      const boundary = '----report';
      const multipart = await app.inject({
        method: 'POST',
        url: '/api/report',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nMultipart note\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode, multipart.body).toBe(200);
      expect((await lastReport()).note).toBe('Multipart note');
    });
  });

  describe('seeded media', () => {
    it('gives every seeded movie and episode an HLS and an MP4 rendition and English and Turkish subtitles', async () => {
      const missing = await t.db.query(
        `SELECT 'movie' AS kind, id FROM movies t WHERE t.id <> $1 AND (
            (SELECT count(*) FROM media_renditions m WHERE m.movie_id = t.id) <> 2
            OR (SELECT count(*) FROM subtitle_tracks s WHERE s.movie_id = t.id) <> 2)
         UNION ALL
         SELECT 'episode', id FROM episodes t WHERE
            (SELECT count(*) FROM media_renditions m WHERE m.episode_id = t.id) <> 2
            OR (SELECT count(*) FROM subtitle_tracks s WHERE s.episode_id = t.id) <> 2`,
        [bareMovieId],
      );
      expect(missing).toEqual([]);
      const clips = await t.db.query<{ path: string }>(
        `SELECT DISTINCT path FROM media_renditions WHERE episode_id IS NOT NULL AND kind = 'hls' ORDER BY path`,
      );
      // Six episodes take turns over the three clips.
      expect(clips.map((c) => c.path)).toEqual([
        'demo/bazaar/master.m3u8',
        'demo/ferry/master.m3u8',
        'demo/letter/master.m3u8',
      ]);
      const [defaults] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM subtitle_tracks WHERE is_default AND language <> 'en'`,
      );
      expect(defaults!.n).toBe(0);
    });

    it('gives a data folder seeded before the player the clips once, on its next start', async () => {
      const small = catalogue({ movies: [movie({ title: `Old Seed Movie ${uniq()}` })] });
      // What a first start before the player left behind: a catalogue, no media, no media mark.
      expect(await seedDemo(t.db, small)).toBe(true);
      await t.db.query(`DELETE FROM seed_runs WHERE name = $1`, [DEMO_MEDIA_SEED_NAME]);
      const id = await idOf(t.db, 'movies', small.movies[0]!.title);
      await setVideoClip(t.db, 'movie', id, null);
      expect(await seedDemo(t.db, small)).toBe(false);
      const { n } = (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_renditions WHERE movie_id = $1', [id])
      )[0]!;
      expect(n).toBe(2);
      const runs = await t.db.query<{ name: string }>('SELECT name FROM seed_runs ORDER BY name');
      expect(runs.map((r) => r.name)).toEqual([DEMO_SEED_NAME, DEMO_MEDIA_SEED_NAME].sort());
      // And only once: a title left without media later stays so.
      await setVideoClip(t.db, 'movie', id, null);
      expect(await seedDemo(t.db, small)).toBe(false);
      expect(await t.db.query('SELECT 1 FROM media_renditions WHERE movie_id = $1', [id])).toEqual([]);
    });
  });
});
