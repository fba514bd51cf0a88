import type { MovieDetailBody, SeriesDetailBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, episodes, movie, series } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  getBody,
  idOf,
  seedCatalogue,
  setPublished,
  type TestApp,
} from '../../../test/harness.js';
import { user, review } from './catalogue.fixture.js';

// Spec §7 Catalogue, the details (GET /api/series/{id}, /api/movies/{id}), through app.inject on a real database.
// Every suite seeds its own small catalogue; nothing here relies on the demo
// seed. Split by route from the one catalogue.test.ts (issue 16).

// ──────────────────────────────── Details ────────────────────────────────
describeEachDatabase('GET /api/series/{id} and /api/movies/{id}', (t) => {
  let app: TestApp;
  const alice = user('Alice', 'alice.webp');
  const bob = user('Bob');
  let seriesId: number;
  let movieId: number;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        // Inserted in another order than the billing order.
        people: [
          { key: 'can', name: 'Can Demir', image: 'can.webp' },
          { key: 'ahmet', name: 'Ahmet Yılmaz', image: 'ahmet.webp' },
          { key: 'zeynep', name: 'Zeynep Ak', image: 'zeynep.webp' },
        ],
        users: [alice, bob],
        series: [
          series({
            title: 'Gönül Dağı',
            original_title: 'Gönül Dağı',
            alt_titles: ['Mountain of the Heart'],
            description: 'Life in a small Anatolian town.',
            year: 2020,
            status: 'ongoing',
            genres: [8, 4],
            image: 'gonul-poster.webp',
            cover: 'gonul-cover.webp',
            cast: ['zeynep', 'ahmet', 'can'],
            // Season 2 listed first: the answer orders seasons by number.
            seasons: [
              {
                number: 2,
                title: 'Season 2',
                episodes: [
                  { number: 2, title: 'Snow', air_date: '2021-10-09', image: 's2e2.webp', duration_minutes: 121 },
                  { number: 1, title: 'Return', air_date: '2021-10-02', image: 's2e1.webp', duration_minutes: 120 },
                ],
              },
              { number: 1, title: 'Season 1', episodes: episodes(3, 2020) },
            ],
          }),
          series({ title: 'Withdrawn Series' }),
        ],
        movies: [
          movie({
            title: 'Bergen',
            description: 'The life of a singer.',
            year: 2022,
            duration_minutes: 142,
            genres: [7, 4],
            image: 'bergen-poster.webp',
            cover: 'bergen-cover.webp',
            trailer: null,
            cast: ['can', 'zeynep'],
          }),
          movie({ title: 'Withdrawn Movie' }),
        ],
        reviews: [
          review({ series: 'Gönül Dağı' }, 'Alice', 9, '2024-01-01T09:00:00Z'),
          {
            ...review({ series: 'Gönül Dağı' }, 'Bob', 6, '2024-02-01T09:00:00Z'),
            replies: [
              { user: 'Alice', reply: 'I agree.', created_at: '2024-02-03T09:00:00Z' },
              { user: 'Bob', reply: 'Thanks!', created_at: '2024-02-02T09:00:00Z' },
            ],
          },
          {
            ...review({ movie: 'Bergen' }, 'Alice', 10, '2024-03-01T09:00:00Z'),
            replies: [{ user: 'Bob', reply: 'Same here.', created_at: '2024-03-02T09:00:00Z' }],
          },
        ],
      }),
    );
    seriesId = await idOf(t.db, 'series', 'Gönül Dağı');
    movieId = await idOf(t.db, 'movies', 'Bergen');
    await setPublished(t.db, 'series', 'Withdrawn Series', false);
    await setPublished(t.db, 'movies', 'Withdrawn Movie', false);
    // Private rows that must never reach a catalogue answer.
    await t.db.query(`UPDATE users SET password_hash = 'argon2id$SECRET-HASH'`);
    await t.db.query(
      `INSERT INTO media_renditions (movie_id, kind, path, main_origin) VALUES ($1, 'hls', 'SECRET-movie.m3u8', 'https://media.example.com')`,
      [movieId],
    );
    await t.db.query(
      `INSERT INTO media_renditions (episode_id, kind, path, main_origin)
       SELECT id, 'mp4', 'SECRET-episode.mp4', 'https://media.example.com' FROM episodes WHERE series_id = $1`,
      [seriesId],
    );
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it('answers the full series detail', async () => {
    const body = await getBody<SeriesDetailBody>(app, `/api/series/${seriesId}`);
    expect(body.canPlay).toBe(false);
    const s = body.series;
    expect(s).toMatchObject({
      serie_id: seriesId,
      serie_title: 'Gönül Dağı',
      serie_original_title: 'Gönül Dağı',
      serie_year: 2020,
      serie_image: 'gonul-poster.webp',
      serie_cover: 'gonul-cover.webp',
      serie_completion: 'ongoing',
      serie_description: 'Life in a small Anatolian town.',
      serie_trailer: 'https://www.youtube.com/watch?v=abcdefghijk',
      avg_rating: 8, // 9 and 6 → 7.5 → 8
      genre_title: 'Drama, Romance',
      genres: [
        { genre_id: 4, genre_title: 'Drama' },
        { genre_id: 8, genre_title: 'Romance' },
      ],
      seasons_count: 2,
      is_wishlist: '0',
      is_notification_on: '0',
    });
    expect(s.casts).toEqual([
      { id: expect.any(Number), name: 'Zeynep Ak', imageUrl: 'zeynep.webp' },
      { id: expect.any(Number), name: 'Ahmet Yılmaz', imageUrl: 'ahmet.webp' },
      { id: expect.any(Number), name: 'Can Demir', imageUrl: 'can.webp' },
    ]);
  });

  it('orders seasons by number with their episodes in order, finale flagged 1/0', async () => {
    const { series: s } = await getBody<SeriesDetailBody>(app, `/api/series/${seriesId}`);
    expect(s.seasons.map((se) => [se.season_number, se.title])).toEqual([
      [1, 'Season 1'],
      [2, 'Season 2'],
    ]);
    expect(s.seasons[0]!.episodes).toEqual([
      {
        episode_id: expect.any(Number),
        episode_title: 'Episode 1',
        episode_number: 1,
        episode_date: '2020-01-10',
        episode_image: 'still-1.webp',
        episode_duration: 60,
        season_finale: 0,
        story_minutes: null,
        english_subtitles_coming: false,
      },
      expect.objectContaining({ episode_number: 2, episode_title: 'Episode 2', season_finale: 0 }),
      expect.objectContaining({ episode_number: 3, episode_title: 'Episode 3', season_finale: 1 }),
    ]);
    expect(s.seasons[1]!.episodes.map((e) => [e.episode_number, e.episode_title, e.season_finale])).toEqual([
      [1, 'Return', 0],
      [2, 'Snow', 0],
    ]);
  });

  it('includes published reviews newest first, with their replies oldest first', async () => {
    const { series: s } = await getBody<SeriesDetailBody>(app, `/api/series/${seriesId}`);
    expect(s.series_reviews).toEqual([
      {
        id: expect.any(Number),
        user: 'Bob',
        content: 'Bob rates it 6.',
        rating: 6,
        published: '2024-02-01T09:00:00Z',
        fk_user_id: expect.any(Number),
        reviewedBy: { image_url: null },
        reviews_replies: [
          {
            id: expect.any(Number),
            user_name: 'Bob',
            reply: 'Thanks!',
            created_at: '2024-02-02T09:00:00Z',
            fk_user_id: expect.any(Number),
            repliedBy: { image_url: null },
          },
          {
            id: expect.any(Number),
            user_name: 'Alice',
            reply: 'I agree.',
            created_at: '2024-02-03T09:00:00Z',
            fk_user_id: expect.any(Number),
            repliedBy: { image_url: 'alice.webp' },
          },
        ],
        spoiler: false,
        episode_id: null,
      },
      {
        id: expect.any(Number),
        user: 'Alice',
        content: 'Alice rates it 9.',
        rating: 9,
        published: '2024-01-01T09:00:00Z',
        fk_user_id: expect.any(Number),
        reviewedBy: { image_url: 'alice.webp' },
        reviews_replies: [],
        spoiler: false,
        episode_id: null,
      },
    ]);
    const [bobReview, aliceReview] = s.series_reviews;
    expect(bobReview!.fk_user_id).toBe(bobReview!.reviews_replies[0]!.fk_user_id);
    expect(aliceReview!.fk_user_id).toBe(bobReview!.reviews_replies[1]!.fk_user_id);
    expect(aliceReview!.fk_user_id).not.toBe(bobReview!.fk_user_id);
  });

  it('answers the full movie detail', async () => {
    const body = await getBody<MovieDetailBody>(app, `/api/movies/${movieId}?userId=3`);
    expect(body.canPlay).toBe(false);
    expect(body.movie).toEqual({
      movie_id: movieId,
      movie_title: 'Bergen',
      movie_original_title: 'Bergen',
      movie_year: 2022,
      movie_duration: 142,
      movie_image: 'bergen-poster.webp',
      movie_cover: 'bergen-cover.webp',
      avg_rating: 10,
      genre_title: 'Drama, Biography',
      genres: [
        { genre_id: 4, genre_title: 'Drama' },
        { genre_id: 7, genre_title: 'Biography' },
      ],
      movie_description: 'The life of a singer.',
      movie_trailer: null,
      casts: [
        { id: expect.any(Number), name: 'Can Demir', imageUrl: 'can.webp' },
        { id: expect.any(Number), name: 'Zeynep Ak', imageUrl: 'zeynep.webp' },
      ],
      movies_reviews: [
        {
          id: expect.any(Number),
          user: 'Alice',
          content: 'Alice rates it 10.',
          rating: 10,
          published: '2024-03-01T09:00:00Z',
          fk_user_id: expect.any(Number),
          reviewedBy: { image_url: 'alice.webp' },
          reviews_replies: [
            {
              id: expect.any(Number),
              user_name: 'Bob',
              reply: 'Same here.',
              created_at: '2024-03-02T09:00:00Z',
              fk_user_id: expect.any(Number),
              repliedBy: { image_url: null },
            },
          ],
          spoiler: false,
          episode_id: null,
        },
      ],
      is_wishlist: '0',
    });
  });

  it('never puts a playable link, an e-mail or a password in any catalogue answer', async () => {
    const urls = [
      `/api/series/${seriesId}`,
      `/api/movies/${movieId}`,
      '/api/home',
      '/api/series',
      '/api/movies/filters',
      '/api/series?search=gonul',
      '/api/recommendations',
      `/api/recommendations?movie_id=${movieId}`,
      '/api/get-promotion-text',
    ];
    const raws = await Promise.all(urls.map(async (url) => [url, (await app.inject(url)).body] as const));
    const search = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'bergen' } });
    raws.push(['POST /api/search', search.body]);
    for (const [url, raw] of raws) {
      for (const secret of [
        'movie_link',
        'episode_link',
        'password',
        'SECRET',
        'media.example.com',
        '.m3u8',
        'email',
        alice.email,
        bob.email,
        '@',
      ]) {
        expect(raw, `${url} leaks ${secret}`).not.toContain(secret);
      }
    }
  });

  it('answers 404 {error} for unknown and unpublished ids', async () => {
    for (const url of [
      '/api/series/987654',
      '/api/movies/987654',
      '/api/series/0',
      `/api/series/${await idOf(t.db, 'series', 'Withdrawn Series')}`,
      `/api/movies/${await idOf(t.db, 'movies', 'Withdrawn Movie')}`,
      // A movie id is not a series id.
      `/api/series/${movieId + 1000}`,
    ]) {
      const body = expectError(await app.inject(url), 404);
      expect(body.error).toBe('Not found');
    }
  });

  it.each(['abc', '1.5', '-1', '1e3', '0x10', '9999999999999999999999'])(
    'answers 400 naming id for the malformed id %s',
    async (id) => {
      expectError(await app.inject(`/api/series/${id}`), 400, 'id');
      expectError(await app.inject(`/api/movies/${id}`), 400, 'id');
    },
  );
});
