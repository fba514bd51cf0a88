import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_DEFAULTS, type MovieDetailBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { sameTitle, useViewerKey } from '../../../lib/session';

// Spec §7 GET /movies/{id} → body.movie, body.canPlay. Detail answers go
// stale after 5 s (spec §9) so a review posted elsewhere shows up soon.

export function getMovie(id: number, signal?: AbortSignal): Promise<MovieDetailBody> {
  return api.get<MovieDetailBody>(`/movies/${id}`, undefined, signal);
}

export function getMovieQueryOptions(id: number, viewer = 'visitor') {
  const titleKey = ['movies', 'detail', id] as const;
  return queryOptions({
    // canPlay belongs to the viewer (lib/session.ts useViewerKey). A
    // signed-in viewer's page, rendered for a visitor by the server, keeps
    // the visitor's answer on screen until theirs arrives (decision 0107);
    // another title's answer is never kept.
    placeholderData: (previous: MovieDetailBody | undefined, previousQuery) =>
      sameTitle(titleKey, previousQuery) ? previous : undefined,
    // A title the server found missing (or failed to load) is not asked
    // again as the page hydrates: the page offers its own retry.
    retryOnMount: false,
    queryKey: [...titleKey, viewer],
    queryFn: ({ signal }) => getMovie(id, signal),
    staleTime: QUERY_DEFAULTS.detailStaleTimeMs,
  });
}

/** `id` null (a malformed route id) fetches nothing. */
export function useMovie(id: number | null) {
  return useQuery({ ...getMovieQueryOptions(id ?? 0, useViewerKey()), enabled: id !== null });
}
