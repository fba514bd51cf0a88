import {
  LIST_PAGE_SIZE,
  type HomeBody,
  type MovieCard,
  type MovieDetailBody,
  type MoviesListBody,
  type PromotionBody,
  type RecommendationsBody,
  type SearchBody,
  type SeriesCard,
  type SeriesDetailBody,
  type SeriesListBody,
} from '@bosphorus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCatalogueIndex } from '../../db/seed/catalogue-index.js';
import type { DemoReview } from '../../db/seed/demo-types.js';
import { catalogue, episodes, movie, series, uniq } from '../../../test/factories.js';
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

// Spec §7 Catalogue through app.inject on a real database. Every suite seeds
// its own small catalogue; nothing here relies on the demo seed.

const seriesTitles = (cards: SeriesCard[]) => cards.map((c) => c.serie_title);
const movieTitles = (cards: MovieCard[]) => cards.map((c) => c.movie_title);
const sorted = (titles: string[]) => [...titles].sort();

function query(params: Record<string, string | number>) {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

async function listSeries(app: TestApp, params: Record<string, string | number> = {}) {
  return getBody<SeriesListBody>(app, `/api/series?${query(params)}`);
}

async function listMovies(app: TestApp, params: Record<string, string | number> = {}) {
  return getBody<MoviesListBody>(app, `/api/movies/filters?${query(params)}`);
}

function user(name: string, avatar: string | null = null) {
  return { key: name, name, email: `${uniq(name.toLowerCase() + '-')}@example.test`, avatar };
}

function review(target: { series: string } | { movie: string }, by: string, rating: number, createdAt: string) {
  return { ...target, user: by, rating, content: `${by} rates it ${rating}.`, created_at: createdAt } as DemoReview;
}

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
      ['canPlay', 'latestEpisodes', 'recentMovies', 'recentSeries', 'sliders', 'topMovies', 'topSeries'].sort(),
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

// ─────────────────── Lists: filters, validation, order ───────────────────
interface Row {
  title: string;
  year: number;
  genres: number[];
  status: 'ongoing' | 'ended';
}

const ROWS: Row[] = [
  { title: 'Kuruluş Osman', year: 2019, genres: [1, 5], status: 'ongoing' },
  { title: 'Yargı', year: 2021, genres: [4, 9], status: 'ended' },
  { title: 'Kara Sevda', year: 2015, genres: [4, 8], status: 'ended' },
  { title: 'Aşk-ı Memnu', year: 2008, genres: [8, 11], status: 'ended' },
  { title: 'Bir Zamanlar Çukurova', year: 2018, genres: [4, 11], status: 'ended' },
  { title: 'Hercai', year: 2016, genres: [8], status: 'ended' },
  { title: 'Kızıl Goncalar', year: 2023, genres: [4], status: 'ongoing' },
  { title: 'Gibi', year: 2021, genres: [6], status: 'ongoing' },
  { title: 'Ezel', year: 2009, genres: [9], status: 'ended' },
  { title: 'Alparslan', year: 2022, genres: [1, 5], status: 'ended' },
  { title: 'Leyla ile Mecnun', year: 2011, genres: [6], status: 'ended' },
  { title: 'Masumlar Apartmanı', year: 2020, genres: [4, 9], status: 'ended' },
  { title: 'Kurtlar Vadisi', year: 2001, genres: [1, 9], status: 'ended' },
  { title: 'Bizimkiler', year: 2000, genres: [6, 11], status: 'ended' },
  { title: 'Yalı Çapkını', year: 2024, genres: [4, 8], status: 'ongoing' },
  { title: 'Son Yaz', year: 2025, genres: [9], status: 'ongoing' },
  { title: 'Avlu', year: 2010, genres: [4], status: 'ended' },
];

const titlesWhere = (pred: (r: Row) => boolean) => sorted(ROWS.filter(pred).map((r) => r.title));
const inYears = (r: Row, from: number, to: number) => r.year >= from && r.year <= to;

describeEachDatabase('GET /api/series and /api/movies/filters', (t) => {
  let app: TestApp;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        series: ROWS.map((r) => series({ title: r.title, year: r.year, genres: r.genres, status: r.status })),
        movies: ROWS.map((r) => movie({ title: r.title, year: r.year, genres: r.genres })),
      }),
    );
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it('lists every published title, newest year first by default, with total_pages', async () => {
    const s = await listSeries(app);
    expect(sorted(seriesTitles(s.series))).toEqual(titlesWhere(() => true));
    expect(s.total_pages).toBe(1);
    const years = s.series.map((c) => c.serie_year);
    expect(years).toEqual([...years].sort((a, b) => b - a));

    const m = await listMovies(app);
    expect(sorted(movieTitles(m.movies))).toEqual(titlesWhere(() => true));
    expect(m.total_pages).toBe(1);
    const movieYears = m.movies.map((c) => c.movie_year);
    expect(movieYears).toEqual([...movieYears].sort((a, b) => b - a));
  });

  it.each([
    ['8', (r: Row) => r.genres.includes(8)],
    ['11', (r: Row) => r.genres.includes(11)],
    ['6,9', (r: Row) => r.genres.includes(6) || r.genres.includes(9)],
    ['1,5', (r: Row) => r.genres.includes(1) || r.genres.includes(5)],
    ['2', () => false],
  ])('filters by genre=%s (a list is OR)', async (genre, pred) => {
    expect(sorted(seriesTitles((await listSeries(app, { genre })).series))).toEqual(titlesWhere(pred));
    expect(sorted(movieTitles((await listMovies(app, { genre })).movies))).toEqual(titlesWhere(pred));
  });

  it.each([
    ['2021', (r: Row) => r.year === 2021],
    ['2025', (r: Row) => r.year === 2025],
    ['2016-2020', (r: Row) => inYears(r, 2016, 2020)],
    ['2011-2015', (r: Row) => inYears(r, 2011, 2015)],
    ['2001-2010', (r: Row) => inYears(r, 2001, 2010)],
    ['2024,2016-2020', (r: Row) => r.year === 2024 || inYears(r, 2016, 2020)],
    ['2001-2010,2022,2023', (r: Row) => inYears(r, 2001, 2010) || r.year === 2022 || r.year === 2023],
  ])('filters by year=%s (ranges inclusive, a list is OR)', async (year, pred) => {
    expect(sorted(seriesTitles((await listSeries(app, { year })).series))).toEqual(titlesWhere(pred));
    expect(sorted(movieTitles((await listMovies(app, { year })).movies))).toEqual(titlesWhere(pred));
  });

  it.each(['ongoing', 'ended'] as const)('filters series by status=%s', async (status) => {
    const body = await listSeries(app, { status });
    expect(sorted(seriesTitles(body.series))).toEqual(titlesWhere((r) => r.status === status));
    expect(body.series.every((c) => c.serie_completion === status)).toBe(true);
  });

  it('combines filters (AND across filters) with a sort order', async () => {
    const body = await listSeries(app, { genre: '4,9', year: '2016-2020,2021', status: 'ended', sortby: 'Z-A' });
    expect(seriesTitles(body.series)).toEqual(['Yargı', 'Masumlar Apartmanı', 'Bir Zamanlar Çukurova']);
    expect(body.total_pages).toBe(1);
    const movies = await listMovies(app, { genre: '8', year: '2016-2020,2024', sortby: 'A-Z' });
    expect(movieTitles(movies.movies)).toEqual(['Hercai', 'Yalı Çapkını']);
  });

  it('answers an empty page with total_pages 0 when nothing matches', async () => {
    expect(await listSeries(app, { genre: '10' })).toEqual({ series: [], total_pages: 0 });
    expect(await listMovies(app, { genre: '2', year: '2025' })).toEqual({ movies: [], total_pages: 0 });
  });

  it('ignores empty parameters, as the web client sends every key', async () => {
    const plain = await listSeries(app);
    expect(await listSeries(app, { genre: '', year: '', sortby: '', status: '', search: '', page: '' })).toEqual(plain);
    const plainMovies = await listMovies(app);
    expect(await listMovies(app, { genre: '', year: '', sortby: '', search: '', page: '' })).toEqual(plainMovies);
  });

  it('ignores rating and accepts user_id / userId', async () => {
    const plain = await listSeries(app, { genre: '4' });
    expect(await listSeries(app, { genre: '4', rating: '9', user_id: '17', userId: '17' })).toEqual(plain);
    const plainMovies = await listMovies(app, { genre: '4' });
    expect(await listMovies(app, { genre: '4', rating: 'null', user_id: '17' })).toEqual(plainMovies);
  });

  it.each([
    ['genre=3', 'genre'],
    ['genre=abc', 'genre'],
    ['genre=4,3', 'genre'],
    ['genre=4.5', 'genre'],
    ['year=1999', 'year'],
    ['year=2019x', 'year'],
    ['year=2016-2021', 'year'],
    ['sortby=up', 'sortby'],
    ['sortby=a-z', 'sortby'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    [`search=${'a'.repeat(101)}`, 'search'],
  ])('answers 400 naming the field for %s', async (qs, field) => {
    for (const path of ['/api/series', '/api/movies/filters']) {
      const body = expectError(await app.inject(`${path}?${qs}`), 400, field);
      expect(body.error).toContain(field);
    }
  });

  it('answers 400 for status=foo on series', async () => {
    expectError(await app.inject('/api/series?status=foo'), 400, 'status');
  });

  it('accepts a search of exactly 100 characters', async () => {
    expect((await listSeries(app, { search: 'a'.repeat(100) })).series).toEqual([]);
  });

  it('never answers 500 to odd input', async () => {
    const odd = [
      '/api/series?genre=4&genre=5',
      '/api/series?page=99999999999999999999',
      '/api/series?page=1000000',
      '/api/series?year=2016-2020-2021',
      '/api/series?search=%25',
      '/api/series?search=_',
      '/api/series?search=%5C',
      "/api/series?search='%3B%20DROP%20TABLE%20series%3B--",
      '/api/movies/filters?search=%00',
      '/api/movies/filters?genre=%E2%80%8B',
      '/api/movies/filters?sortby[]=A-Z',
      '/api/series?status[x]=ended',
    ];
    for (const url of odd) {
      const res = await app.inject(url);
      expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // And the table is still there.
    expect((await listSeries(app)).series.length).toBe(ROWS.length);
  });
});

// ───────────────────────── Turkish alphabetical order ─────────────────────────
const TURKISH_TITLES = [
  'Çukur',
  'Cennet',
  'Dağ',
  'İstanbullu Gelin',
  'Ihlamurlar Altında',
  'Şahsiyet',
  'Sen Çal Kapımı',
  'Öyle Bir Geçer Zaman ki',
  'Ozan',
];
// C < Ç < D, I (ı) < İ (i), O < Ö, S < Ş.
const TURKISH_A_Z = [
  'Cennet',
  'Çukur',
  'Dağ',
  'Ihlamurlar Altında',
  'İstanbullu Gelin',
  'Ozan',
  'Öyle Bir Geçer Zaman ki',
  'Sen Çal Kapımı',
  'Şahsiyet',
];

describeEachDatabase('sortby A-Z / Z-A in Turkish order', (t) => {
  let app: TestApp;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        series: TURKISH_TITLES.map((title, i) => series({ title, year: 2011 + i, genres: i % 2 ? [4] : [4, 8] })),
        movies: TURKISH_TITLES.map((title, i) => movie({ title, year: 2011 + i, genres: i % 2 ? [4] : [4, 8] })),
      }),
    );
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it('sorts the whole list', async () => {
    expect(seriesTitles((await listSeries(app, { sortby: 'A-Z' })).series)).toEqual(TURKISH_A_Z);
    expect(seriesTitles((await listSeries(app, { sortby: 'Z-A' })).series)).toEqual([...TURKISH_A_Z].reverse());
    expect(movieTitles((await listMovies(app, { sortby: 'A-Z' })).movies)).toEqual(TURKISH_A_Z);
    expect(movieTitles((await listMovies(app, { sortby: 'Z-A' })).movies)).toEqual([...TURKISH_A_Z].reverse());
  });

  it('sorts a filtered list the same way', async () => {
    expect(seriesTitles((await listSeries(app, { genre: '4', sortby: 'A-Z' })).series)).toEqual(TURKISH_A_Z);
    expect(movieTitles((await listMovies(app, { year: '2011-2015,2016-2020', sortby: 'Z-A' })).movies)).toEqual(
      [...TURKISH_A_Z].reverse(),
    );
    expect(seriesTitles((await listSeries(app, { status: 'ended', sortby: 'Z-A' })).series)).toEqual(
      [...TURKISH_A_Z].reverse(),
    );
  });
});

// ──────────────────────────────── Pagination ────────────────────────────────
describeEachDatabase('list pagination', (t) => {
  let app: TestApp;
  const tag = uniq();
  // 31 titles, one withdrawn: 30 published. Titles 01–25 are dramas, 26–31 comedies.
  const titles = Array.from({ length: 31 }, (_, i) => `Page ${String(i + 1).padStart(2, '0')} ${tag}`);
  const published = titles.filter((_, i) => i !== 30);
  const genreOf = (i: number) => (i < 25 ? [4] : [6]);

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        series: titles.map((title, i) => series({ title, year: 2000 + (i % 26), genres: genreOf(i) })),
        movies: titles.map((title, i) => movie({ title, year: 2000 + (i % 26), genres: genreOf(i) })),
      }),
    );
    await setPublished(t.db, 'series', titles[30]!, false);
    await setPublished(t.db, 'movies', titles[30]!, false);
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it(`pages by ${LIST_PAGE_SIZE}: 24 then 6, total_pages 2, page 3 empty`, async () => {
    expect(LIST_PAGE_SIZE).toBe(24);
    const p1 = await listSeries(app);
    const p1Explicit = await listSeries(app, { page: 1 });
    const p2 = await listSeries(app, { page: 2 });
    const p3 = await listSeries(app, { page: 3 });
    expect(p1Explicit).toEqual(p1);
    expect(p1.series).toHaveLength(24);
    expect(p2.series).toHaveLength(6);
    expect(p3.series).toEqual([]);
    expect([p1.total_pages, p2.total_pages, p3.total_pages]).toEqual([2, 2, 2]);
    expect(sorted([...seriesTitles(p1.series), ...seriesTitles(p2.series)])).toEqual(published);

    const m1 = await listMovies(app, { page: 1 });
    const m2 = await listMovies(app, { page: 2 });
    const m3 = await listMovies(app, { page: 3 });
    expect([m1.movies.length, m2.movies.length, m3.movies.length]).toEqual([24, 6, 0]);
    expect([m1.total_pages, m2.total_pages, m3.total_pages]).toEqual([2, 2, 2]);
    expect(sorted([...movieTitles(m1.movies), ...movieTitles(m2.movies)])).toEqual(published);
  });

  it('pages through A-Z and Z-A without gaps or repeats', async () => {
    const az = [
      ...seriesTitles((await listSeries(app, { sortby: 'A-Z', page: 1 })).series),
      ...seriesTitles((await listSeries(app, { sortby: 'A-Z', page: 2 })).series),
    ];
    expect(az).toEqual(published);
    const za = [
      ...movieTitles((await listMovies(app, { sortby: 'Z-A', page: 1 })).movies),
      ...movieTitles((await listMovies(app, { sortby: 'Z-A', page: 2 })).movies),
    ];
    expect(za).toEqual([...published].reverse());
    const zaSeries2 = await listSeries(app, { sortby: 'Z-A', page: 2 });
    expect(seriesTitles(zaSeries2.series)).toEqual(published.slice(0, 6).reverse());
    expect((await listSeries(app, { sortby: 'Z-A', page: 3 })).series).toEqual([]);
  });

  it('pages a filtered list over its own matches', async () => {
    const p1 = await listSeries(app, { genre: '4', sortby: 'A-Z' });
    const p2 = await listSeries(app, { genre: '4', sortby: 'A-Z', page: 2 });
    expect([p1.series.length, p2.series.length, p1.total_pages]).toEqual([24, 1, 2]);
    expect([...seriesTitles(p1.series), ...seriesTitles(p2.series)]).toEqual(published.slice(0, 25));
    const comedies = await listMovies(app, { genre: '6' });
    expect([comedies.movies.length, comedies.total_pages]).toEqual([5, 1]);
  });

  it('answers a page far past the end with an empty list', async () => {
    expect(await listSeries(app, { page: 1_000_000 })).toEqual({ series: [], total_pages: 2 });
    expect(await listMovies(app, { page: 1_000_000, sortby: 'Z-A' })).toEqual({ movies: [], total_pages: 2 });
  });
});

// ──────────────────────────────── Search ────────────────────────────────
describeEachDatabase('search (list search parameter and POST /api/search)', (t) => {
  let app: TestApp;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        people: [
          { key: 'engin', name: 'Engin Altan Düzyatan', image: 'engin.webp' },
          { key: 'burak', name: 'Burak Özçivit', image: 'burak.webp' },
          { key: 'osman', name: 'Osman Sonant', image: 'osman.webp' },
        ],
        series: [
          series({
            title: 'Diriliş: Ertuğrul',
            alt_titles: ['Resurrection: Ertugrul'],
            cast: ['engin'],
            year: 2014,
            genres: [1, 5],
            popularity: 90,
          }),
          series({ title: 'İstanbullu Gelin', alt_titles: ['Bride of Istanbul'], year: 2017, genres: [4, 8] }),
          series({ title: 'Şahsiyet', alt_titles: ['Persona'], year: 2018, genres: [9] }),
          series({
            title: 'Kuruluş Osman',
            cast: ['burak'],
            year: 2019,
            genres: [1, 5],
            status: 'ongoing',
            popularity: 20,
          }),
          // A cast hit only, and more popular than the title hit above.
          series({ title: 'Ezel', cast: ['osman'], year: 2009, genres: [9], popularity: 99 }),
          series({ title: 'Kiralık Aşk', year: 2015, genres: [6, 8], popularity: 80 }),
          series({ title: 'Aşk Mantık İntikam', year: 2021, genres: [8], popularity: 10 }),
        ],
        movies: [
          movie({ title: 'Ertuğrul 1890', year: 2015, genres: [5], popularity: 30 }),
          movie({ title: 'Ayla', alt_titles: ['Ayla: The Daughter of War'], cast: ['engin'], year: 2017, genres: [4] }),
          movie({ title: 'Istanbul Kırmızısı', alt_titles: ['Red Istanbul'], year: 2017, genres: [4] }),
        ],
      }),
    );
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  const searchSeries = async (search: string) => seriesTitles((await listSeries(app, { search })).series);
  const searchMovies = async (search: string) => movieTitles((await listMovies(app, { search })).movies);

  it('folds Turkish letters and case: dirilis ertugrul finds Diriliş: Ertuğrul', async () => {
    for (const q of ['dirilis ertugrul', 'Diriliş: Ertuğrul', 'DİRİLİŞ ERTUĞRUL', 'DIRILIS', 'ertuğrul']) {
      expect((await searchSeries(q))[0], q).toBe('Diriliş: Ertuğrul');
    }
  });

  it.each(['ISTANBUL', 'istanbul', 'İstanbul', 'İSTANBUL', 'ıstanbul'])('%s finds İstanbullu Gelin', async (q) => {
    expect(await searchSeries(q)).toContain('İstanbullu Gelin');
    expect(await searchMovies(q)).toContain('Istanbul Kırmızısı');
  });

  it('sahsiyet finds Şahsiyet', async () => {
    expect((await searchSeries('sahsiyet'))[0]).toBe('Şahsiyet');
    expect((await searchSeries('ŞAHSİYET'))[0]).toBe('Şahsiyet');
  });

  it("finds an actor's titles by their name", async () => {
    for (const q of ['engin altan', 'Düzyatan', 'duzyatan', 'ENGIN ALTAN DUZYATAN']) {
      expect(await searchSeries(q), q).toEqual(['Diriliş: Ertuğrul']);
      expect(await searchMovies(q), q).toEqual(['Ayla']);
    }
    expect(await searchSeries('burak ozcivit')).toEqual(['Kuruluş Osman']);
  });

  it('ranks a title match above a cast match', async () => {
    // 'Ezel' only has Osman Sonant in its cast, and is more popular.
    expect(await searchSeries('osman')).toEqual(['Kuruluş Osman', 'Ezel']);
  });

  it('ranks a title starting with the text first', async () => {
    expect((await searchSeries('ask')).slice(0, 2)).toEqual(['Aşk Mantık İntikam', 'Kiralık Aşk']);
    expect((await searchMovies('ertugrul'))[0]).toBe('Ertuğrul 1890');
  });

  it('finds a title by its alternative English name', async () => {
    expect((await searchSeries('resurrection'))[0]).toBe('Diriliş: Ertuğrul');
    expect((await searchSeries('Bride of Istanbul'))[0]).toBe('İstanbullu Gelin');
    expect((await searchSeries('persona'))[0]).toBe('Şahsiyet');
    expect((await searchMovies('daughter of war'))[0]).toBe('Ayla');
  });

  it('tolerates a small typo', async () => {
    expect((await searchSeries('dirilis ertugrl'))[0]).toBe('Diriliş: Ertuğrul');
    expect((await searchSeries('dirlis ertugrul'))[0]).toBe('Diriliş: Ertuğrul');
    expect((await searchSeries('ertugrl'))[0]).toBe('Diriliş: Ertuğrul');
    expect((await searchSeries('sahsiyt'))[0]).toBe('Şahsiyet');
    expect((await searchSeries('kurulus osmna'))[0]).toBe('Kuruluş Osman');
    expect(await searchMovies('engn altan')).toEqual(['Ayla']);
  });

  it('tolerates two neighbouring letters swapped, which similarity alone misses', async () => {
    expect((await searchSeries('ertugurl'))[0]).toBe('Diriliş: Ertuğrul');
    expect((await searchSeries('dirilis ertgurul'))[0]).toBe('Diriliş: Ertuğrul');
    expect(await searchSeries('egnin altan')).toEqual(['Diriliş: Ertuğrul']);
    expect((await searchSeries('itsanbul'))[0]).toBe('İstanbullu Gelin');
    expect((await searchMovies('itsanbul'))[0]).toBe('Istanbul Kırmızısı');
    expect(seriesTitles((await listSeries(app, { search: 'osmna', status: 'ended' })).series)).toEqual(['Ezel']);
    expect(await listSeries(app, { search: 'ksoem zxqv' })).toEqual({ series: [], total_pages: 0 });
  });

  it('finds nothing for unrelated text', async () => {
    expect(await listSeries(app, { search: 'qwxz vbnm' })).toEqual({ series: [], total_pages: 0 });
    expect(await listMovies(app, { search: 'qwxz vbnm' })).toEqual({ movies: [], total_pages: 0 });
  });

  it('combines search with filters and sort', async () => {
    expect(await searchSeries('osman')).toContain('Ezel');
    expect(seriesTitles((await listSeries(app, { search: 'osman', status: 'ongoing' })).series)).toEqual([
      'Kuruluş Osman',
    ]);
    expect(seriesTitles((await listSeries(app, { search: 'ask', genre: '6' })).series)).toEqual(['Kiralık Aşk']);
    expect(seriesTitles((await listSeries(app, { search: 'ask', sortby: 'A-Z' })).series)).toEqual([
      'Aşk Mantık İntikam',
      'Kiralık Aşk',
    ]);
  });

  it('ignores punctuation in the text, LIKE wildcards included', async () => {
    expect((await searchSeries('dirilis-ertugrul'))[0]).toBe('Diriliş: Ertuğrul');
    expect((await searchSeries('%diriliş_ertuğrul%'))[0]).toBe('Diriliş: Ertuğrul');
    expect(await searchSeries('kiralik%')).toEqual(['Kiralık Aşk']);
  });

  describe('POST /api/search', () => {
    const expectErtugrul = (body: SearchBody) => {
      expect(Object.keys(body).sort()).toEqual(['movies', 'series']);
      expect(body.series[0]?.serie_title).toBe('Diriliş: Ertuğrul');
      expect(body.movies[0]?.movie_title).toBe('Ertuğrul 1890');
    };

    it('accepts a form-urlencoded body', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'user_id=12&q=ertu%C4%9Frul',
      });
      expect(res.statusCode, res.body).toBe(200);
      expectErtugrul(res.json<{ body: SearchBody }>().body);
    });

    it('accepts a JSON body', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'ERTUGRUL' } });
      expect(res.statusCode, res.body).toBe(200);
      expectErtugrul(res.json<{ body: SearchBody }>().body);
    });

    it('accepts a multipart body', async () => {
      const boundary = '----bosphorus' + uniq();
      const payload = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="user_id"',
        '',
        '12',
        `--${boundary}`,
        'Content-Disposition: form-data; name="q"',
        '',
        'ertuğrul',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expectErtugrul(res.json<{ body: SearchBody }>().body);
    });

    it('searches cast names and alternative titles too', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'engin altan' } });
      const body = res.json<{ body: SearchBody }>().body;
      expect(seriesTitles(body.series)).toEqual(['Diriliş: Ertuğrul']);
      expect(movieTitles(body.movies)).toEqual(['Ayla']);
    });

    it('answers empty lists for unrelated text', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/search', payload: { q: 'qwxz vbnm' } });
      expect(res.json()).toEqual({ body: { movies: [], series: [] } });
    });

    it.each([
      ['no q', { 'content-type': 'application/x-www-form-urlencoded' }, 'user_id=12'],
      ['a blank q', { 'content-type': 'application/x-www-form-urlencoded' }, 'q=%20%20'],
      ['an empty q', { 'content-type': 'application/json' }, JSON.stringify({ q: '' })],
      ['a number q', { 'content-type': 'application/json' }, JSON.stringify({ q: 5 })],
      ['a q over 100 characters', { 'content-type': 'application/json' }, JSON.stringify({ q: 'a'.repeat(101) })],
      ['an empty JSON object', { 'content-type': 'application/json' }, '{}'],
    ])('answers 400 naming q for %s', async (_what, headers, payload) => {
      expectError(await app.inject({ method: 'POST', url: '/api/search', headers, payload }), 400, 'q');
    });

    it('answers 400 naming q for a POST without a body', async () => {
      expectError(await app.inject({ method: 'POST', url: '/api/search' }), 400, 'q');
    });

    it('answers 400 {error} for malformed JSON', async () => {
      expectError(
        await app.inject({
          method: 'POST',
          url: '/api/search',
          headers: { 'content-type': 'application/json' },
          payload: '{"q": ',
        }),
        400,
      );
    });
  });
});

// Search reads narrow copies of the titles (migration 0003) kept by trigger:
// a title changed by plain SQL, with no index refresh, is searched as it now is.
describeEachDatabase('search follows title changes', (t) => {
  let app: TestApp;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        series: [
          series({ title: 'Kara Sevda', year: 2015, popularity: 10 }),
          series({ title: 'Kara Para Aşk', year: 2014, popularity: 50 }),
          series({ title: 'Kara Ağaç Destanı', year: 2024, popularity: 30, status: 'ongoing' }),
        ],
        movies: [movie({ title: 'Kara Köprü', year: 2010 }), movie({ title: 'Kara Bela', year: 2012 })],
      }),
    );
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  const searchSeries = async (params: Record<string, string | number>) =>
    seriesTitles((await listSeries(app, params)).series);

  it('keeps one copy per title, with where its titles end', async () => {
    for (const [table, copy] of [
      ['series', 'series_search'],
      ['movies', 'movie_search'],
    ]) {
      const rows = await t.db.query<{ same: boolean }>(
        `SELECT (c.search_text = s.search_text AND c.published = s.published AND c.popularity = s.popularity
                 AND c.year = s.year AND c.sort_key = s.sort_key
                 AND c.titles_end = COALESCE(NULLIF(strpos(s.search_text, ' | '), 0), 2147483647)) AS same
         FROM ${table} s LEFT JOIN ${copy} c ON c.id = s.id`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.same)).toBe(true);
    }
  });

  it('ranks by the popularity a title has now', async () => {
    expect(await searchSeries({ search: 'kara' })).toEqual(['Kara Para Aşk', 'Kara Ağaç Destanı', 'Kara Sevda']);
    await t.db.query(`UPDATE series SET popularity = 99 WHERE title = 'Kara Sevda'`);
    expect(await searchSeries({ search: 'kara' })).toEqual(['Kara Sevda', 'Kara Para Aşk', 'Kara Ağaç Destanı']);
  });

  it('filters by the status and year a title has now', async () => {
    await t.db.query(`UPDATE series SET status = 'ongoing', year = 2025 WHERE title = 'Kara Para Aşk'`);
    expect(await searchSeries({ search: 'kara', status: 'ongoing' })).toEqual(['Kara Para Aşk', 'Kara Ağaç Destanı']);
    expect(await searchSeries({ search: 'kara', year: '2025' })).toEqual(['Kara Para Aşk']);
    await t.db.query(`UPDATE movies SET year = 2025 WHERE title = 'Kara Bela'`);
    expect(movieTitles((await listMovies(app, { search: 'kara', year: '2025' })).movies)).toEqual(['Kara Bela']);
  });

  it('stops finding a title once it is unpublished or deleted', async () => {
    await t.db.query(`UPDATE series SET published = false WHERE title = 'Kara Ağaç Destanı'`);
    expect(await searchSeries({ search: 'kara' })).toEqual(['Kara Sevda', 'Kara Para Aşk']);
    await t.db.query(`DELETE FROM movies WHERE title = 'Kara Köprü'`);
    expect(await listMovies(app, { search: 'kopru' })).toEqual({ movies: [], total_pages: 0 });
    expect(movieTitles((await listMovies(app, { search: 'kara' })).movies)).toEqual(['Kara Bela']);
  });

  it('finds a renamed title by its new name once the search text is rebuilt', async () => {
    await t.db.query(`UPDATE series SET title = 'Kara Sevda Yeniden', original_title = 'Kara Sevda Yeniden'
                      WHERE title = 'Kara Sevda'`);
    await refreshCatalogueIndex(t.db);
    expect(await searchSeries({ search: 'yeniden' })).toEqual(['Kara Sevda Yeniden']);
  });
});

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

// ──────────── Recommendations, promotion, gated and unknown paths ────────────
describeEachDatabase('recommendations, promotion text, gated calls, unknown paths', (t) => {
  let app: TestApp;
  let baseId: number;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        movies: [
          movie({ title: 'Base', genres: [4, 8], popularity: 1 }),
          movie({ title: 'Two Shared', genres: [4, 8, 9], popularity: 2 }),
          movie({ title: 'One Shared', genres: [4], popularity: 3 }),
          movie({ title: 'One Shared Popular', genres: [8, 6], popularity: 50 }),
          movie({ title: 'None Shared', genres: [1], popularity: 100 }),
          movie({ title: 'Withdrawn Twin', genres: [4, 8], popularity: 500 }),
        ],
      }),
    );
    baseId = await idOf(t.db, 'movies', 'Base');
    await setPublished(t.db, 'movies', 'Withdrawn Twin', false);
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it('recommends movies sharing genres first, without the movie itself or unpublished ones', async () => {
    const body = await getBody<RecommendationsBody>(app, `/api/recommendations?movie_id=${baseId}&userId=4`);
    expect(movieTitles(body.movies)).toEqual(['Two Shared', 'One Shared Popular', 'One Shared', 'None Shared']);
  });

  it('recommends popular movies without movie_id', async () => {
    const body = await getBody<RecommendationsBody>(app, '/api/recommendations');
    expect(movieTitles(body.movies)).toEqual(['None Shared', 'One Shared Popular', 'One Shared', 'Two Shared', 'Base']);
    expect(Object.keys(body)).toEqual(['movies']);
  });

  it('answers 400 naming movie_id for a malformed movie_id', async () => {
    expectError(await app.inject('/api/recommendations?movie_id=abc'), 400, 'movie_id');
  });

  it('answers the active promotion text, or text and color null', async () => {
    const url = '/api/get-promotion-text';
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: null, color: null });

    const promo = (text: string, color: string, extra: string) =>
      t.db.query(`INSERT INTO promotions (text, color, starts_at, ends_at, active) VALUES ($1, $2, ${extra})`, [
        text,
        color,
      ]);
    await promo('Expired', 'red', `now() - interval '10 days', now() - interval '1 day', true`);
    await promo('Switched off', 'red', `now() - interval '1 day', NULL, false`);
    await promo('Not yet', 'red', `now() + interval '1 day', NULL, true`);
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: null, color: null });

    await promo('New episodes every Friday', 'blue', `now() - interval '2 days', now() + interval '2 days', true`);
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: 'New episodes every Friday', color: 'blue' });

    // The most recently started active promotion wins.
    await promo('Weekend offer', 'red', `now() - interval '1 hour', NULL, true`);
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: 'Weekend offer', color: 'red' });
  });

  it('answers 401 JSON to the watch calls without a session', async () => {
    for (const url of [
      `/api/movies/${baseId}/watch?movieId=${baseId}&userId=1&cb=123`,
      '/api/movies/987654/watch',
      '/api/episodes?episodeId=1&userId=1',
      '/api/episodes',
    ]) {
      const body = expectError(await app.inject(url), 401);
      expect(body.error).toBe('Please sign in to watch.');
      expect(JSON.stringify(body)).not.toContain('link');
    }
  });

  it('answers 404 JSON {error} to unknown /api paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/nope'],
      ['GET', '/api/series/1/nope'],
      ['POST', '/api/home'],
      ['DELETE', '/api/series/1'],
      ['GET', '/api/search'],
      ['POST', '/api/does-not-exist'],
    ] as const) {
      const body = expectError(await app.inject({ method, url }), 404);
      expect(body.error).toBe('This API path does not exist');
    }
  });
});
