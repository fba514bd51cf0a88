import type { HomeBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, episodes, movie, series } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  getBody,
  seedCatalogue,
  setPublished,
  type TestApp,
} from '../../../test/harness.js';
import { seriesTitles, movieTitles, user, review } from './catalogue.fixture.js';

// Spec §7 Catalogue, GET /api/home, through app.inject on a real database.
// Every suite seeds its own small catalogue; nothing here relies on the demo
// seed. Split by route from the one catalogue.test.ts (issue 16).

// ───────────────────────────── GET /api/home ─────────────────────────────
describeEachDatabase('GET /api/home', (t) => {
  let app: TestApp;
  const users = [user('Ayşe'), user('Mehmet'), user('Elif')];

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        users,
        series: [
          series({ title: 'Hero Series', popularity: 50, year: 2019, featured: 2, status: 'ongoing', genres: [5, 1] }),
          series({ title: 'Mid Series', popularity: 30, year: 2024 }),
          series({
            title: 'Low Series',
            popularity: 10,
            year: 2021,
            seasons: [
              { number: 1, title: 'Season 1', episodes: episodes(2, 2021) },
              {
                number: 2,
                title: 'Season 2',
                // Scheduled: published_at is in the future, so not yet shown.
                episodes: [
                  { number: 1, title: 'Not Yet', air_date: '2099-01-01', image: 'x.webp', duration_minutes: 50 },
                ],
              },
            ],
          }),
          series({ title: 'Hidden Series', popularity: 999, year: 2025, featured: 3 }),
        ],
        movies: [
          movie({ title: 'Hero Movie', popularity: 40, year: 2018, featured: 1 }),
          movie({ title: 'Mid Movie', popularity: 20, year: 2023 }),
          movie({ title: 'Low Movie', popularity: 5, year: 2020 }),
          movie({ title: 'Hidden Movie', popularity: 999, year: 2025 }),
        ],
        reviews: [
          review({ series: 'Hero Series' }, 'Ayşe', 7, '2024-01-01T10:00:00Z'),
          review({ series: 'Hero Series' }, 'Mehmet', 8, '2024-01-02T10:00:00Z'),
          review({ series: 'Mid Series' }, 'Ayşe', 6, '2024-01-01T10:00:00Z'),
          review({ series: 'Mid Series' }, 'Mehmet', 7, '2024-01-02T10:00:00Z'),
          review({ series: 'Mid Series' }, 'Elif', 7, '2024-01-03T10:00:00Z'),
          review({ movie: 'Hero Movie' }, 'Ayşe', 9, '2024-01-01T10:00:00Z'),
          review({ movie: 'Hero Movie' }, 'Mehmet', 10, '2024-01-02T10:00:00Z'),
          review({ movie: 'Mid Movie' }, 'Elif', 1, '2024-01-02T10:00:00Z'),
        ],
      }),
    );
    // An unpublished review counts for nothing.
    await t.db.query(
      `UPDATE reviews SET published = false WHERE movie_id = (SELECT id FROM movies WHERE title = 'Mid Movie')`,
    );
    await setPublished(t.db, 'series', 'Hidden Series', false);
    await setPublished(t.db, 'movies', 'Hidden Movie', false);
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it('answers {body} with every home row and canPlay false for a visitor', async () => {
    const res = await app.inject('/api/home');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ body: HomeBody }>().body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'canPlay',
        'latestEpisodes',
        'newWithEnglishSubtitles',
        'recentMovies',
        'recentSeries',
        'sliders',
        'topMovies',
        'topSeries',
      ].sort(),
    );
    expect(body.canPlay).toBe(false);
    // user_id / userId are accepted and change nothing for the public page.
    expect((await getBody<HomeBody>(app, '/api/home?user_id=42&userId=42')).topSeries).toEqual(body.topSeries);
  });

  it('puts featured published titles in the slider, in featured order, each holding a movie or a series', async () => {
    const { sliders } = await getBody<HomeBody>(app, '/api/home');
    expect(sliders).toHaveLength(2);
    expect(sliders.map((s) => s.id)).toEqual([1, 2]);
    const [first, second] = sliders;
    expect(first!.movie?.movie_title).toBe('Hero Movie');
    expect(first!.series).toBeUndefined();
    expect(first!.image).toBe('cover.webp');
    expect(first!.movie).toMatchObject({
      movie_description: 'Hero Movie is a test movie.',
      movie_trailer: 'https://youtu.be/abcdefghijk',
      movie_cover: 'cover.webp',
    });
    expect(second!.series?.serie_title).toBe('Hero Series');
    expect(second!.movie).toBeUndefined();
    expect(second!.series).toMatchObject({
      serie_description: 'Hero Series is a test series.',
      serie_trailer: 'https://www.youtube.com/watch?v=abcdefghijk',
      serie_completion: 'ongoing',
    });
  });

  it('orders Top rows by popularity and Recent rows newest year first, without unpublished titles', async () => {
    const body = await getBody<HomeBody>(app, '/api/home');
    expect(seriesTitles(body.topSeries)).toEqual(['Hero Series', 'Mid Series', 'Low Series']);
    expect(movieTitles(body.topMovies)).toEqual(['Hero Movie', 'Mid Movie', 'Low Movie']);
    expect(seriesTitles(body.recentSeries)).toEqual(['Mid Series', 'Low Series', 'Hero Series']);
    expect(movieTitles(body.recentMovies)).toEqual(['Mid Movie', 'Low Movie', 'Hero Movie']);
  });

  it('lists the latest published episodes newest first with series, season and episode titles', async () => {
    const { latestEpisodes } = await getBody<HomeBody>(app, '/api/home');
    // Mid Series 3 + Hero Series 3 + Low Series 2 aired; the scheduled one and
    // the unpublished series' episodes are not shown.
    expect(latestEpisodes).toHaveLength(8);
    expect(latestEpisodes[0]).toEqual({
      episode_id: expect.any(Number),
      episode_image: 'still-3.webp',
      episode_number: 3,
      episode_date: '2024-03-12',
      serie_id: expect.any(Number),
      serie_title: 'Mid Series',
      season_title: 'Season 1',
      episode_title: 'Episode 3',
      english_subtitles_coming: false,
    });
    const dates = latestEpisodes.map((e) => e.episode_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(latestEpisodes.map((e) => e.serie_title)).not.toContain('Hidden Series');
    expect(latestEpisodes.map((e) => e.episode_title)).not.toContain('Not Yet');
  });

  it('gives avg_rating as the rounded mean of published reviews, and omits it when there are none', async () => {
    const res = await app.inject('/api/home');
    const body = res.json<{ body: HomeBody }>().body;
    const card = (title: string) => body.topSeries.find((s) => s.serie_title === title)!;
    const movieCard = (title: string) => body.topMovies.find((m) => m.movie_title === title)!;
    expect(card('Hero Series').avg_rating).toBe(8); // 7, 8 → 7.5 → 8
    expect(card('Mid Series').avg_rating).toBe(7); // 6, 7, 7 → 6.67 → 7
    expect(movieCard('Hero Movie').avg_rating).toBe(10); // 9, 10 → 9.5 → 10
    expect(Object.keys(card('Low Series'))).not.toContain('avg_rating');
    expect(Object.keys(movieCard('Mid Movie'))).not.toContain('avg_rating'); // its only review is unpublished
    expect(res.body).not.toContain('"avg_rating":null');
  });

  it('serialises cards with exactly the contract fields (genres as text; ids and original title on detail)', async () => {
    const body = await getBody<HomeBody>(app, '/api/home');
    expect(body.topSeries.find((s) => s.serie_title === 'Low Series')).toEqual({
      serie_id: expect.any(Number),
      serie_title: 'Low Series',
      serie_year: 2021,
      serie_image: 'poster.webp',
      serie_cover: 'cover.webp',
      serie_completion: 'ended',
      genre_title: 'Drama',
      // Season 2 holds only a scheduled episode: not there yet (decision 0023).
      seasons_count: 1,
    });
    expect(body.topSeries.find((s) => s.serie_title === 'Hero Series')?.genre_title).toBe('Action, History');
    expect(body.topMovies.find((m) => m.movie_title === 'Low Movie')).toEqual({
      movie_id: expect.any(Number),
      movie_title: 'Low Movie',
      movie_year: 2020,
      movie_duration: 100,
      movie_image: 'poster.webp',
      movie_cover: 'cover.webp',
      genre_title: 'Drama',
    });
  });
});
