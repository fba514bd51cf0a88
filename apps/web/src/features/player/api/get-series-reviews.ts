import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_DEFAULTS, type Review, type SeriesDetailBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// The episode player shows the reviews of that episode (decision 0021). The
// watch answer does not carry them, so they come from GET /series/{id} —
// under the detail page's key prefix, so a review written on either page
// refreshes both.

export function getSeriesDetail(id: number, signal?: AbortSignal): Promise<SeriesDetailBody> {
  return api.get<SeriesDetailBody>(`/series/${id}`, undefined, signal);
}

export function getSeriesReviewsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['series', 'detail', id],
    queryFn: ({ signal }) => getSeriesDetail(id, signal),
    staleTime: QUERY_DEFAULTS.detailStaleTimeMs,
  });
}

export function useSeriesReviews(id: number): { reviews: Review[] | undefined; failed: boolean } {
  const query = useQuery(getSeriesReviewsQueryOptions(id));
  return { reviews: query.data?.series?.series_reviews, failed: query.isError };
}
