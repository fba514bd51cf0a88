import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, listQueryParams, type FilterCriteria } from './catalogue-options.js';
import { movieListQuery, seriesListQuery } from './list-query.js';

const filters = (over: Partial<FilterCriteria> = {}): FilterCriteria => ({ ...EMPTY_FILTERS, ...over });

describe('listQueryParams (spec §7 list calls)', () => {
  it('sends only the page when no filter is set', () => {
    expect(listQueryParams(filters(), '', 1, 'series').toString()).toBe('page=1');
  });

  it('sends multi-valued filters comma-separated, in selection order', () => {
    const params = listQueryParams(filters({ genre: [4, 5], year: ['2024', '2016-2020'] }), '', 2, 'movies');
    expect(params.get('genre')).toBe('4,5');
    expect(params.get('year')).toBe('2024,2016-2020');
    expect(params.get('page')).toBe('2');
  });

  it('sends sortby and, for series only, status', () => {
    const f = filters({ sortby: 'Z-A', status: 'ended' });
    const series = listQueryParams(f, '', 1, 'series');
    expect(series.get('sortby')).toBe('Z-A');
    expect(series.get('status')).toBe('ended');
    const movies = listQueryParams(f, '', 1, 'movies');
    expect(movies.get('sortby')).toBe('Z-A');
    expect(movies.has('status')).toBe(false);
  });

  it('never sends the rating filter (spec §7)', () => {
    const params = listQueryParams(filters({ rating: 8 }), '', 1, 'series');
    expect(params.has('rating')).toBe(false);
  });

  it('trims the search text and leaves out a blank one', () => {
    expect(listQueryParams(filters(), '  Kuruluş ', 1, 'series').get('search')).toBe('Kuruluş');
    expect(listQueryParams(filters(), '   ', 1, 'series').has('search')).toBe(false);
  });

  it('round-trips through the server schema', () => {
    const f = filters({ genre: [1, 11], year: ['2025', '2001-2010'], sortby: 'A-Z', status: 'ongoing' });
    const params = Object.fromEntries(listQueryParams(f, 'aşk', 3, 'series'));
    const parsed = seriesListQuery.parse(params);
    expect(parsed).toMatchObject({
      genre: [1, 11],
      year: [
        { from: 2025, to: 2025 },
        { from: 2001, to: 2010 },
      ],
      sortby: 'A-Z',
      status: 'ongoing',
      search: 'aşk',
      page: 3,
    });
  });
});

describe('movieListQuery / seriesListQuery (server-side parsing)', () => {
  it('defaults every filter to "none" and the page to 1', () => {
    expect(movieListQuery.parse({})).toMatchObject({ genre: [], year: [], sortby: null, search: '', page: 1 });
    expect(seriesListQuery.parse({}).status).toBeNull();
  });

  it('treats empty values as "no filter", as the web client sends every key', () => {
    const q = seriesListQuery.parse({ genre: '', year: '', sortby: '', status: '', search: '', page: '' });
    expect(q).toMatchObject({ genre: [], year: [], sortby: null, status: null, search: '', page: 1 });
  });

  it('reads comma lists, ignoring blanks and spaces and dropping duplicate genres', () => {
    const q = movieListQuery.parse({ genre: '4, 5,,4', year: '2024 ,2016-2020' });
    expect(q.genre).toEqual([4, 5]);
    expect(q.year).toEqual([
      { from: 2024, to: 2024 },
      { from: 2016, to: 2020 },
    ]);
  });

  it('turns year ranges into from/to bounds', () => {
    const q = movieListQuery.parse({ year: '2011-2015,2001-2010,2021' });
    expect(q.year).toEqual([
      { from: 2011, to: 2015 },
      { from: 2001, to: 2010 },
      { from: 2021, to: 2021 },
    ]);
  });

  it.each([
    ['genre', '3'],
    ['genre', '4,abc'],
    ['genre', '12'],
    ['year', '2019'],
    ['year', '2016-2021'],
    ['year', '2024,1999'],
    ['sortby', 'a-z'],
    ['sortby', 'rating'],
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'two'],
    ['page', '1000001'],
    ['search', 'x'.repeat(101)],
  ])('rejects %s=%s and names the field', (field, value) => {
    const result = movieListQuery.safeParse({ [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('accepts the largest page and a 100-character search', () => {
    expect(movieListQuery.parse({ page: '1000000' }).page).toBe(1_000_000);
    expect(movieListQuery.parse({ search: 'x'.repeat(100) }).search).toHaveLength(100);
  });

  it('accepts only ongoing or ended as a series status', () => {
    expect(seriesListQuery.parse({ status: 'ended' }).status).toBe('ended');
    expect(seriesListQuery.parse({ status: 'ongoing' }).status).toBe('ongoing');
    expect(seriesListQuery.safeParse({ status: 'finished' }).success).toBe(false);
  });

  it('accepts (and ignores) the rating and user id parameters', () => {
    const q = movieListQuery.parse({ rating: '7', user_id: '12' });
    expect(q.user_id).toBe('12');
  });
});
