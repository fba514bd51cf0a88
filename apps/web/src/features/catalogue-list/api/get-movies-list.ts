import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQueryParams, type MoviesListBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { movieItem } from '../../../components/ui/title-card';
import type { ListPageData, ListUrlState } from '../types';

// Spec §7: GET /movies/filters with genre, year, sortby, search and page
// (movies have no status).

export function getMoviesList(params: ListUrlState, signal?: AbortSignal): Promise<MoviesListBody> {
  return api.get<MoviesListBody>(
    '/movies/filters',
    listQueryParams(params.filters, params.search, params.page, 'movies'),
    signal,
  );
}

function toListPage(body: MoviesListBody): ListPageData {
  return { items: body.movies.map(movieItem), totalPages: body.total_pages };
}

export function getMoviesListQueryOptions(params: ListUrlState) {
  const query = listQueryParams(params.filters, params.search, params.page, 'movies').toString();
  return queryOptions({
    queryKey: ['movies-list', query],
    queryFn: ({ signal }) => getMoviesList(params, signal),
    select: toListPage,
    // The previous page stays on screen (dimmed) while the next one loads,
    // so the grid never collapses to a spinner between filter changes.
    placeholderData: keepPreviousData,
  });
}

export function useMoviesList(params: ListUrlState, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMoviesListQueryOptions(params), enabled });
}
