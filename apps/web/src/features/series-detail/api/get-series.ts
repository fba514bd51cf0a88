import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_DEFAULTS, type SeriesDetailBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { sameTitle, useViewerKey } from '../../../lib/session';

// Spec §7 GET /series/{id} → body.series (with seasons and episodes),
// body.canPlay. The series query goes stale after 5 s (spec §9) so a newly
// published episode appears soon.

export function getSeries(id: number, signal?: AbortSignal): Promise<SeriesDetailBody> {
  return api.get<SeriesDetailBody>(`/series/${id}`, undefined, signal);
}

export function getSeriesQueryOptions(id: number, viewer = 'visitor') {
  const titleKey = ['series', 'detail', id] as const;
  return queryOptions({
    // canPlay belongs to the viewer (lib/session.ts useViewerKey). A
    // signed-in viewer's page, rendered for a visitor by the server, keeps
    // the visitor's answer on screen until theirs arrives (decision 0107);
    // another title's answer is never kept.
    placeholderData: (previous: SeriesDetailBody | undefined, previousQuery) =>
      sameTitle(titleKey, previousQuery) ? previous : undefined,
    // A title the server found missing (or failed to load) is not asked
    // again as the page hydrates: the page offers its own retry.
    retryOnMount: false,
    queryKey: [...titleKey, viewer],
    queryFn: ({ signal }) => getSeries(id, signal),
    staleTime: QUERY_DEFAULTS.detailStaleTimeMs,
  });
}

/** `id` null (a malformed route id) fetches nothing. */
export function useSeries(id: number | null) {
  return useQuery({ ...getSeriesQueryOptions(id ?? 0, useViewerKey()), enabled: id !== null });
}
