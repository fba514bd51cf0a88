import type { SearchBody } from '@bosphorus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCatalogueIndex } from '../../db/seed/catalogue-index.js';
import { catalogue, movie, series, uniq } from '../../../test/factories.js';
import { buildTestApp, describeEachDatabase, expectError, seedCatalogue, type TestApp } from '../../../test/harness.js';
import { seriesTitles, movieTitles, listSeries, listMovies } from './catalogue.fixture.js';

// Spec §7 Catalogue, search (the list search parameter, POST /api/search) and how it follows title changes, through app.inject on a real database.
// Every suite seeds its own small catalogue; nothing here relies on the demo
// seed. Split by route from the one catalogue.test.ts (issue 16).

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
