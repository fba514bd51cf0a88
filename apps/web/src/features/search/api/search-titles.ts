import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { rankSearchResults } from '../utils/relevance';

export type { SearchResult } from '../utils/relevance';

// Spec §7: POST /search with q → body.movies and body.series, shown together
// in the header's dropdown, best match first across both (utils/relevance.ts). Spec §5: asked only for a
// non-empty query.

export function searchTitles(q: string, signal?: AbortSignal): Promise<SearchBody> {
  return api.post<SearchBody>('/search', { q }, signal);
}

export function getSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['header-search', q],
    queryFn: ({ signal }) => searchTitles(q, signal),
    select: (body: SearchBody) => rankSearchResults(body, q),
    staleTime: 30_000,
  });
}

export function useSearchTitles(q: string) {
  return useQuery({ ...getSearchQueryOptions(q), enabled: q !== '' });
}
