import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_DEFAULTS, type TitleReviewsBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import type { ReviewTitleKind } from './reviews-api';

// Our GET /movies/{id}/reviews and /series/{id}/reviews (decision 0043): a
// title's reviews alone, for the watch pages (the detail pages have them in
// their own answer). Keyed under the title's detail prefix, so a review
// written on either page refreshes both (reviews-api.ts reviewedTitleKeys).

export function getTitleReviews(kind: ReviewTitleKind, id: number, signal?: AbortSignal): Promise<TitleReviewsBody> {
  return api.get<TitleReviewsBody>(`/${kind === 'movie' ? 'movies' : 'series'}/${id}/reviews`, undefined, signal);
}

export function getTitleReviewsQueryOptions(kind: ReviewTitleKind, id: number) {
  return queryOptions({
    queryKey: [kind === 'movie' ? 'movies' : 'series', 'detail', id, 'reviews'],
    queryFn: ({ signal }) => getTitleReviews(kind, id, signal),
    staleTime: QUERY_DEFAULTS.detailStaleTimeMs,
  });
}

export function useTitleReviews(kind: ReviewTitleKind, id: number) {
  return useQuery(getTitleReviewsQueryOptions(kind, id));
}
