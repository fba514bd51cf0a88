import { z } from 'zod';
import {
  GENRE_IDS,
  parseYearOption,
  SEARCH_MAX_LENGTH,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  type SeriesStatus,
  type SortOption,
  type YearRange,
} from './catalogue-options.js';

// Spec §7 list calls: GET /movies/filters and GET /series take genre, year,
// sortby, status (series), search and page. Multi-valued filters travel
// comma-separated (`genre=4,5`, `year=2024,2016-2020`). An empty value means
// "no filter", as the web client sends every key.

const MAX_PAGE = 1_000_000;

function csv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

const genreParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const ids = csv(value).map(Number);
    if (ids.some((id) => !GENRE_IDS.includes(id))) {
      ctx.addIssue({ code: 'custom', message: `must be genre ids from ${GENRE_IDS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

const yearParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const ranges: YearRange[] = [];
    for (const label of csv(value)) {
      const range = parseYearOption(label);
      if (!range) {
        ctx.addIssue({ code: 'custom', message: `'${label}' is not a year option` });
        return z.NEVER;
      }
      ranges.push(range);
    }
    return ranges;
  });

const pageParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 1;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGE) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole number from 1' });
      return z.NEVER;
    }
    return Number(value);
  });

const sortParam = z
  .union([z.literal(''), z.enum(SORT_OPTIONS)], { message: "must be 'A-Z' or 'Z-A'" })
  .optional()
  .transform((v): SortOption | null => (v ? v : null));

const searchParam = z
  .string()
  .max(SEARCH_MAX_LENGTH, { message: `must be at most ${SEARCH_MAX_LENGTH} characters` })
  .optional()
  .transform((v) => v?.trim() ?? '');

const userIdParam = z.string().optional();

export const movieListQuery = z.object({
  genre: genreParam,
  year: yearParam,
  sortby: sortParam,
  search: searchParam,
  page: pageParam,
  rating: z.string().optional(),
  user_id: userIdParam,
  userId: userIdParam,
});

export const seriesListQuery = movieListQuery.extend({
  status: z
    .union([z.literal(''), z.enum(STATUS_OPTIONS)], { message: "must be 'ongoing' or 'ended'" })
    .optional()
    .transform((v): SeriesStatus | null => (v ? v : null)),
});

export type MovieListQuery = z.output<typeof movieListQuery>;
export type SeriesListQuery = z.output<typeof seriesListQuery>;

export const searchForm = z.object({
  q: z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(SEARCH_MAX_LENGTH, { message: `must be at most ${SEARCH_MAX_LENGTH} characters` }),
  user_id: z.string().optional(),
});
