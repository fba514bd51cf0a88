import { LIST_PAGE_SIZE } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, movie, series, uniq } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  seedCatalogue,
  setPublished,
  type TestApp,
} from '../../../test/harness.js';
import { seriesTitles, movieTitles, sorted, listSeries, listMovies } from './catalogue.fixture.js';

// Spec §7 Catalogue, the lists (GET /api/series, /api/movies/filters): filters and validation, Turkish order, pagination, through app.inject on a real database.
// Every suite seeds its own small catalogue; nothing here relies on the demo
// seed. Split by route from the one catalogue.test.ts (issue 16).

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
