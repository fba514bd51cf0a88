import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  GENRE_IDS,
  SEARCH_MAX_LENGTH,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  YEAR_OPTIONS,
  type FilterCriteria,
  type SeriesStatus,
  type SortOption,
} from '@bosphorus/contract';
import type { ListKind, ListUrlState } from '../types';

// The list's filters, search and page live in the address bar
// (`?search=…&genre=4,5&year=2024,2016-2020&status=ended&sortby=A-Z&page=2`)
// so the back button and shared links restore the same list. A hand-edited
// or stale link must never break the page: values the lists do not know are
// dropped here, before they could reach the API and come back as a 400.

// eslint-disable-next-line no-control-regex -- these are the characters it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The API's limit on search text (the contract's catalogue-options.ts); longer text is cut. */
export { SEARCH_MAX_LENGTH };
/** Each list's address (spec §2). */
const LIST_PATHS: Record<ListKind, string> = { series: '/allseries', movies: '/allmovies' };

/** Pages past this are treated as a bad value (the API's own bound). */
const MAX_PAGE = 1_000_000;

function csv(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function parseListUrlState(params: URLSearchParams, kind: ListKind): ListUrlState {
  const years = new Set(csv(params.get('year')));
  const genres = new Set(
    csv(params.get('genre'))
      .filter((v) => /^\d+$/.test(v))
      .map(Number),
  );
  const status = params.get('status') ?? '';
  const sortby = params.get('sortby') ?? '';
  const pageText = params.get('page') ?? '';
  const page = /^\d+$/.test(pageText) ? Number(pageText) : 1;

  const filters: FilterCriteria = {
    // Option-list order, whatever order the link had.
    year: YEAR_OPTIONS.filter((y) => years.has(y)),
    genre: GENRE_IDS.filter((id) => genres.has(id)),
    rating: null,
    sortby: (SORT_OPTIONS as readonly string[]).includes(sortby) ? (sortby as SortOption) : '',
    status: kind === 'series' && (STATUS_OPTIONS as readonly string[]).includes(status) ? (status as SeriesStatus) : '',
  };
  return {
    filters,
    // Control characters (a NUL from a crafted link) match no title and the
    // API refuses a NUL: the search is the rest of the text.
    search: (params.get('search') ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(0, SEARCH_MAX_LENGTH),
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The query string for a list state ('' when nothing is set). Commas stay
 * readable (`genre=4,5`), page 1 and empty filters are left out.
 */
export function serializeListUrlState(state: ListUrlState, kind: ListKind): string {
  const { filters, search, page } = state;
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`);
  if (search.trim()) add('search', search.trim());
  if (filters.genre.length) add('genre', filters.genre.join(','));
  if (filters.year.length) add('year', filters.year.join(','));
  if (kind === 'series' && filters.status) add('status', filters.status);
  if (filters.sortby) add('sortby', filters.sortby);
  if (page > 1) add('page', String(page));
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface ListUrlStateApi {
  state: ListUrlState;
  /** A filter change: back to page 1, as a new history entry. */
  setFilters: (filters: FilterCriteria) => void;
  /** A settled search: back to page 1. */
  setSearch: (search: string) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** The address of another page of this list, filters, sort and search kept (the pagination's links). */
  pageHref: (page: number) => string;
  /** This page's own address: the list's path and the state it shows, nothing the list does not read. */
  canonical: string;
  /** Clears filters and search (sort stays), back to page 1. */
  clearAll: () => void;
}

export function useListUrlState(kind: ListKind): ListUrlStateApi {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search: query } = location;
  const urlState = useMemo(() => parseListUrlState(new URLSearchParams(query), kind), [query, kind]);

  // The router applies a navigation a few microtasks later. Until then the
  // new state is shown from here, so a ticked checkbox stays ticked in the
  // same frame (a controlled input would otherwise flick back for a moment)
  // and the list starts loading at once. It is dropped as soon as the
  // address changes, whoever changed it (Back, a link, our own navigation).
  const [pending, setPending] = useState<{ from: string; state: ListUrlState } | null>(null);
  if (pending && pending.from !== query) setPending(null);
  const state = pending && pending.from === query ? pending.state : urlState;

  const write = useCallback(
    (next: ListUrlState, replace: boolean) => {
      setPending({ from: query, state: next });
      // preventScrollReset: a filter change must not throw the reader back to
      // the top of the window (ScrollRestoration does that for new entries).
      void navigate({ pathname, search: serializeListUrlState(next, kind) }, { replace, preventScrollReset: true });
    },
    [navigate, pathname, query, kind],
  );

  const setFilters = useCallback(
    (filters: FilterCriteria) => write({ ...state, filters, page: 1 }, false),
    [state, write],
  );
  // Starting a search is a new history entry; refining it replaces that
  // entry, so Back does not step through every pause in the typing.
  const setSearch = useCallback(
    (search: string) => write({ ...state, search, page: 1 }, state.search !== ''),
    [state, write],
  );
  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => write({ ...state, page }, options?.replace ?? false),
    [state, write],
  );
  // The list's own path, whatever the address's case or trailing slash.
  const listPath = LIST_PATHS[kind];
  const pageHref = useCallback(
    (page: number) => `${listPath}${serializeListUrlState({ ...state, page }, kind)}`,
    [listPath, state, kind],
  );
  const canonical = `${listPath}${serializeListUrlState(state, kind)}`;
  const clearAll = useCallback(
    () =>
      write(
        {
          filters: { ...state.filters, year: [], genre: [], status: '', rating: null },
          search: '',
          page: 1,
        },
        false,
      ),
    [state, write],
  );

  return { state, setFilters, setSearch, setPage, pageHref, canonical, clearAll };
}
