import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_DEFAULTS, type MovieDetailBody, type Review } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §2 Watch (movie): "reviews" as on the detail page. The watch answer
// does not carry them, so they come from GET /movies/{id} — under the same
// query key as the detail page, so coming from it shows them at once.

export function getMovieDetail(id: number, signal?: AbortSignal): Promise<MovieDetailBody> {
  return api.get<MovieDetailBody>(`/movies/${id}`, undefined, signal);
}

export function getMovieReviewsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['movies', 'detail', id],
    queryFn: ({ signal }) => getMovieDetail(id, signal),
    staleTime: QUERY_DEFAULTS.detailStaleTimeMs,
  });
}

export function useMovieReviews(id: number): { reviews: Review[] | undefined; average?: number; failed: boolean } {
  const query = useQuery(getMovieReviewsQueryOptions(id));
  return {
    reviews: query.data?.movie.movies_reviews,
    average: query.data?.movie.avg_rating,
    failed: query.isError,
  };
}
