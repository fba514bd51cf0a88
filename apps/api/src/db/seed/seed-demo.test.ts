import { expect, it } from 'vitest';
import { catalogue, movie, series } from '../../../test/factories.js';
import { describeEachDatabase, idOf, seedCatalogue } from '../../../test/harness.js';

// insertCatalogue gives the titles it adds a demo clip each (the demo seed,
// the tests' catalogues), and only those: a title already there without
// media — a console's new episode waiting for its transcode — keeps none,
// or its own subtitles would come to sit beside a demo clip's.

describeEachDatabase('demo media for inserted titles', (t) => {
  const mediaOf = async (column: 'movie_id' | 'episode_id', id: number) => ({
    renditions: (
      await t.db.query<{ kind: string }>(`SELECT kind FROM media_renditions WHERE ${column} = $1 ORDER BY kind`, [id])
    ).map((r) => r.kind),
    subtitles: (
      await t.db.query<{ language: string }>(
        `SELECT language FROM subtitle_tracks WHERE ${column} = $1 ORDER BY language`,
        [id],
      )
    ).map((r) => r.language),
  });

  it('attaches a clip to the movies and episodes it inserts, never to others without media', async () => {
    await seedCatalogue(
      t.db,
      catalogue({ series: [series({ title: 'Waiting Series' })], movies: [movie({ title: 'Waiting Movie' })] }),
    );
    const waitingMovie = await idOf(t.db, 'movies', 'Waiting Movie');
    const [waitingEpisode] = await t.db.query<{ id: number }>(
      `SELECT e.id FROM episodes e JOIN series s ON s.id = e.series_id WHERE s.title = 'Waiting Series' LIMIT 1`,
    );
    // As a title made in the console is: no media yet.
    await t.db.query('DELETE FROM media_renditions WHERE movie_id = $1 OR episode_id = $2', [
      waitingMovie,
      waitingEpisode!.id,
    ]);
    await t.db.query('DELETE FROM subtitle_tracks WHERE movie_id = $1 OR episode_id = $2', [
      waitingMovie,
      waitingEpisode!.id,
    ]);

    await seedCatalogue(
      t.db,
      catalogue({ series: [series({ title: 'Later Series' })], movies: [movie({ title: 'Later Movie' })] }),
    );

    const both = { renditions: ['hls', 'mp4'], subtitles: ['en', 'tr'] };
    expect(await mediaOf('movie_id', await idOf(t.db, 'movies', 'Later Movie'))).toEqual(both);
    const [laterEpisode] = await t.db.query<{ id: number }>(
      `SELECT e.id FROM episodes e JOIN series s ON s.id = e.series_id WHERE s.title = 'Later Series' LIMIT 1`,
    );
    expect(await mediaOf('episode_id', laterEpisode!.id)).toEqual(both);
    const none = { renditions: [], subtitles: [] };
    expect(await mediaOf('movie_id', waitingMovie)).toEqual(none);
    expect(await mediaOf('episode_id', waitingEpisode!.id)).toEqual(none);
  });
});
