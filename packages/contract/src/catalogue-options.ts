// Spec §3: the list filter options. Labels are the wire values of `year`;
// genre ids are the wire values of `genre` (id 3 does not exist).

export const GENRES = [
  { id: 1, title: 'Action' },
  { id: 2, title: 'Adventure' },
  { id: 4, title: 'Drama' },
  { id: 5, title: 'History' },
  { id: 6, title: 'Comedy' },
  { id: 7, title: 'Biography' },
  { id: 8, title: 'Romance' },
  { id: 9, title: 'Thriller' },
  { id: 10, title: 'Horror' },
  { id: 11, title: 'Soap Opera' },
] as const;

export type GenreId = (typeof GENRES)[number]['id'];
export const GENRE_IDS: readonly number[] = GENRES.map((g) => g.id);

export const YEAR_OPTIONS = ['2025', '2024', '2023', '2022', '2021', '2016-2020', '2011-2015', '2001-2010'] as const;
export type YearOption = (typeof YEAR_OPTIONS)[number];

export interface YearRange {
  from: number;
  to: number;
}

/** '2016-2020' → {from: 2016, to: 2020}; '2024' → {from: 2024, to: 2024}; else null. */
export function parseYearOption(label: string): YearRange | null {
  if (!(YEAR_OPTIONS as readonly string[]).includes(label)) return null;
  const [from, to = from] = label.split('-').map(Number) as [number, number?];
  return { from, to };
}

export const STATUS_OPTIONS = ['ongoing', 'ended'] as const;
export type SeriesStatus = (typeof STATUS_OPTIONS)[number];

export const SORT_OPTIONS = ['A-Z', 'Z-A'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Spec §4: the sort control cycles empty → A-Z → Z-A → A-Z. */
export function nextSort(current: SortOption | ''): SortOption {
  return current === 'A-Z' ? 'Z-A' : 'A-Z';
}

/** The longest search text the list calls take (characters); the web cuts longer text. */
export const SEARCH_MAX_LENGTH = 100;

// The web client's side of the list calls (list-query.ts validates them on
// the API): here, apart from the schemas, so a list page carries no zod.

/** The filter set of spec §3 as the web client holds it. */
export interface FilterCriteria {
  year: string[];
  genre: number[];
  rating: number | null;
  sortby: SortOption | '';
  status: SeriesStatus | '';
}

export const EMPTY_FILTERS: FilterCriteria = {
  year: [],
  genre: [],
  rating: null,
  sortby: '',
  status: '',
};

/**
 * The query string of a list call. The rating filter is never sent (spec §7).
 */
export function listQueryParams(
  filters: FilterCriteria,
  search: string,
  page: number,
  kind: 'movies' | 'series',
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.genre.length) params.set('genre', filters.genre.join(','));
  if (filters.year.length) params.set('year', filters.year.join(','));
  if (filters.sortby) params.set('sortby', filters.sortby);
  if (kind === 'series' && filters.status) params.set('status', filters.status);
  if (search.trim()) params.set('search', search.trim());
  params.set('page', String(page));
  return params;
}
