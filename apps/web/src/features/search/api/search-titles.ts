import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7: POST /search with q → body.movies and body.series, shown together
// in the header's dropdown, movies first. Spec §5: asked only for a
// non-empty query.

export function searchTitles(q: string, signal?: AbortSignal): Promise<SearchBody> {
  return api.post<SearchBody>('/search', { q }, signal);
}

/** One row of the dropdown: 'Movie' or 'Serie', the title and its year. */
export interface SearchResult {
  key: string;
  to: string;
  kind: 'Movie' | 'Serie';
  title: string;
  year: number;
}

function toSearchResults(body: SearchBody): SearchResult[] {
  return [
    ...body.movies.map((m) => ({
      key: `m${m.movie_id}`,
      to: `/moviedetail/${m.movie_id}`,
      kind: 'Movie' as const,
      title: m.movie_title,
      year: m.movie_year,
    })),
    ...body.series.map((s) => ({
      key: `s${s.serie_id}`,
      to: `/seriesdetail/${s.serie_id}`,
      kind: 'Serie' as const,
      title: s.serie_title,
      year: s.serie_year,
    })),
  ];
}

export function getSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['header-search', q],
    queryFn: ({ signal }) => searchTitles(q, signal),
    select: toSearchResults,
    staleTime: 30_000,
  });
}

export function useSearchTitles(q: string) {
  return useQuery({ ...getSearchQueryOptions(q), enabled: q !== '' });
}
