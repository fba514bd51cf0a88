import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MoviesListBody, PromotionBody, SeriesDetailBody } from '@bosphorus/contract';
import { catalogue, movie, series, uniq } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  idOf,
  seedCatalogue,
  type TestApp,
  type TestDatabase,
  eventually,
} from '../../../test/harness.js';
import { createChangeFeed } from '../../lib/change-feed.js';
import { createNotifications, createRepositories } from '../../services.js';

// One change path (decision 0028 and its catalogue addendum): every catalogue
// write — titles, genres, cast, seasons, episodes, media, publishing — is
// announced by the database (migration 0012), so a second instance that
// holds the public answers for a minute drops them at once, whoever wrote:
// another instance, the admin CLI (another process) or an operator's SQL.

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function bodyOf<T>(app: TestApp, url: string): Promise<T> {
  const res = await app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ body: T }>().body;
}

/** Everything a statement announced, heard on a feed of its own. */
async function heardFrom(t: TestDatabase, write: () => Promise<unknown>): Promise<string[]> {
  const heard: string[] = [];
  const feed = createChangeFeed();
  for (const kind of ['account', 'library', 'movie', 'series', 'catalogue'] as const)
    feed.on(kind, (id) => heard.push(`${kind}:${id}`));
  await feed.start(t.db);
  try {
    await write();
    await feed.settled();
  } finally {
    await feed.close();
  }
  return heard;
}

describeEachDatabase('catalogue changes on two instances', (t) => {
  const key = uniq();
  const movieTitle = `Changes Movie ${key}`;
  const seriesTitle = `Changes Series ${key}`;
  let movieId: number;
  let seriesId: number;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({ movies: [movie({ title: movieTitle })], series: [series({ title: seriesTitle })] }),
    );
    movieId = await idOf(t.db, 'movies', movieTitle);
    seriesId = await idOf(t.db, 'series', seriesTitle);
    // Both cache public answers for a minute, as production instances would.
    first = await buildTestApp(t.db, { catalogueCacheSeconds: 60 });
    second = await buildTestApp(t.db, { catalogueCacheSeconds: 60 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const episodeCount = (body: SeriesDetailBody) => body.series.seasons.flatMap((s) => s.episodes).length;

  it('an episode published by the admin CLI shows on every instance at once', async () => {
    const before = episodeCount(await bodyOf<SeriesDetailBody>(second, `/api/series/${seriesId}`));
    expect(before).toBe(3);
    await bodyOf(first, `/api/series/${seriesId}`); // held by both
    // The CLI's service: another process, holding nothing, telling nobody.
    const cli = createNotifications(t.db, createRepositories(t.db), {
      push: null,
      allowHttpEndpoints: false,
      log: quiet,
    });
    const published = await cli.publishEpisode(seriesId);
    expect(published?.created).toBe(true);
    for (const app of [first, second]) {
      await eventually(async () => {
        const body = await bodyOf<SeriesDetailBody>(app, `/api/series/${seriesId}`);
        expect(episodeCount(body)).toBe(before + 1);
        expect(body.series.seasons.flatMap((s) => s.episodes.map((e) => e.episode_id))).toContain(published!.episodeId);
      });
    }
  });

  it("a scheduled episode made available by one instance's publishing shows on the other", async () => {
    // An episode scheduled for tomorrow is not in the answer…
    await t.db.query(
      `INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, published_at)
       SELECT id, series_id, 50, 'Scheduled ${key}', current_date + 1, now() + interval '1 day'
       FROM seasons WHERE series_id = $1 ORDER BY season_number LIMIT 1`,
      [seriesId],
    );
    const titles = async (app: TestApp) =>
      (await bodyOf<SeriesDetailBody>(app, `/api/series/${seriesId}`)).series.seasons.flatMap((s) =>
        s.episodes.map((e) => e.episode_title),
      );
    await eventually(async () => expect(await titles(second)).not.toContain(`Scheduled ${key}`));
    // …until publishing makes it available now (an instance's own service).
    const instance = createNotifications(t.db, createRepositories(t.db), {
      push: null,
      allowHttpEndpoints: false,
      log: quiet,
      changes: first.changeFeed,
    });
    const published = await instance.publishEpisode(seriesId);
    expect(published?.created).toBe(false);
    await eventually(async () => expect(await titles(second)).toContain(`Scheduled ${key}`));
    expect(await titles(first)).toContain(`Scheduled ${key}`);
  });

  it("an operator's edit of a title reaches its detail and the lists of the other instance", async () => {
    const listUrl = `/api/movies/filters?page=1`;
    const listed = async (app: TestApp) =>
      (await bodyOf<MoviesListBody>(app, listUrl)).movies.map((m) => m.movie_title);
    expect(await listed(second)).toContain(movieTitle);
    const detail = await bodyOf<{ movie: { movie_title: string } }>(second, `/api/movies/${movieId}`);
    expect(detail.movie.movie_title).toBe(movieTitle);
    await t.db.query('UPDATE movies SET title = $1 WHERE id = $2', [`${movieTitle} (Director's Cut)`, movieId]);
    await eventually(async () => {
      const after = await bodyOf<{ movie: { movie_title: string } }>(second, `/api/movies/${movieId}`);
      expect(after.movie.movie_title).toBe(`${movieTitle} (Director's Cut)`);
      expect(await listed(second)).toContain(`${movieTitle} (Director's Cut)`);
    });
    // Unpublishing takes the title off every instance.
    await t.db.query('UPDATE movies SET published = false WHERE id = $1', [movieId]);
    await eventually(async () => {
      expect((await second.inject({ url: `/api/movies/${movieId}` })).statusCode).toBe(404);
      expect(await listed(second)).not.toContain(`${movieTitle} (Director's Cut)`);
    });
    await t.db.query('UPDATE movies SET published = true WHERE id = $1', [movieId]);
  });

  it('a genre added to a series and a new season reach the other instance', async () => {
    const genres = async () =>
      (await bodyOf<SeriesDetailBody>(second, `/api/series/${seriesId}`)).series.genres.map((g) => g.genre_id);
    const [other] = await t.db.query<{ id: number }>(
      `SELECT id FROM genres WHERE id NOT IN (SELECT genre_id FROM series_genres WHERE series_id = $1) ORDER BY id LIMIT 1`,
      [seriesId],
    );
    expect(await genres()).not.toContain(other!.id);
    await t.db.query('INSERT INTO series_genres (series_id, genre_id) VALUES ($1, $2)', [seriesId, other!.id]);
    await eventually(async () => expect(await genres()).toContain(other!.id));

    const seasons = async () => (await bodyOf<SeriesDetailBody>(second, `/api/series/${seriesId}`)).series.seasons;
    expect((await seasons()).map((s) => s.season_number)).not.toContain(9);
    await t.db.query(`INSERT INTO seasons (series_id, season_number, title) VALUES ($1, 9, 'Season 9')`, [seriesId]);
    await t.db.query(
      `INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, published_at)
       SELECT id, series_id, 1, 'Nine One', current_date, now() FROM seasons WHERE series_id = $1 AND season_number = 9`,
      [seriesId],
    );
    await eventually(async () => expect((await seasons()).map((s) => s.season_number)).toContain(9));
  });

  it('a promotion written in SQL replaces the held banner on both instances', async () => {
    const text = `Promotion ${key}`;
    expect((await bodyOf<PromotionBody>(second, '/api/get-promotion-text')).text).not.toBe(text);
    await bodyOf(first, '/api/get-promotion-text');
    await t.db.query(`INSERT INTO promotions (text, color) VALUES ($1, 'blue')`, [text]);
    for (const app of [first, second])
      await eventually(async () =>
        expect((await bodyOf<PromotionBody>(app, '/api/get-promotion-text')).text).toBe(text),
      );
  });

  it('announces titles, seasons, episodes, cast, media and shared rows with the title they change', async () => {
    const [episode] = await t.db.query<{ id: number }>('SELECT id FROM episodes WHERE series_id = $1 LIMIT 1', [
      seriesId,
    ]);
    expect(
      await heardFrom(t, () =>
        t.db.query(`INSERT INTO media_renditions (episode_id, kind, path) VALUES ($1, 'mp4', 'x.mp4')`, [episode!.id]),
      ),
    ).toEqual([`series:${seriesId}`]);
    expect(
      await heardFrom(t, () =>
        t.db.query(
          `INSERT INTO subtitle_tracks (movie_id, language, label, path) VALUES ($1, 'en', 'English', 'x.vtt')`,
          [movieId],
        ),
      ),
    ).toEqual([`movie:${movieId}`]);
    expect(
      await heardFrom(t, () => t.db.query('UPDATE episodes SET title = title WHERE id = $1', [episode!.id])),
    ).toEqual([`series:${seriesId}`]);
    expect(
      await heardFrom(t, () =>
        t.db.query('UPDATE movie_genres SET genre_id = genre_id WHERE movie_id = $1', [movieId]),
      ),
    ).toEqual([`movie:${movieId}`]);
    // One statement, many rows of one title: one announcement.
    expect(
      await heardFrom(t, () =>
        t.db.query('UPDATE episodes SET duration_minutes = duration_minutes WHERE series_id = $1', [seriesId]),
      ),
    ).toEqual([`series:${seriesId}`]);
    expect(await heardFrom(t, () => t.db.query('UPDATE genres SET title = title WHERE id = 4'))).toEqual([
      'catalogue:0',
    ]);
    expect(await heardFrom(t, () => t.db.query(`INSERT INTO people (name) VALUES ('Cast ${key}')`))).toEqual([
      'catalogue:0',
    ]);
    // A statement that changed no row announces nothing.
    expect(await heardFrom(t, () => t.db.query('UPDATE people SET name = name WHERE false'))).toEqual([]);
    // A bulk write (a seed, an import): one announcement that drops everything.
    expect(
      await heardFrom(t, () =>
        t.db.query(
          `INSERT INTO movies (title, original_title, year, published)
           SELECT 'Bulk ' || g || ' ${key}', 'Bulk', 2001, false FROM generate_series(1, 101) AS g`,
        ),
      ),
    ).toEqual(['catalogue:0']);
  });
});
