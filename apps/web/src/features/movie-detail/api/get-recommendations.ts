import { queryOptions } from '@tanstack/react-query';
import type { RecommendationsBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { useStreamedQuery } from '../../../lib/streamed-query';

// Spec §2/§7: the Recommended row of the movie page, GET /recommendations
// (movies like this one first; the answer never includes it).

export function getRecommendations(movieId: number, signal?: AbortSignal): Promise<RecommendationsBody> {
  return api.get<RecommendationsBody>('/recommendations', { movie_id: movieId }, signal);
}

export function getRecommendationsQueryOptions(movieId: number) {
  return queryOptions({
    queryKey: ['recommendations', movieId],
    queryFn: ({ signal }) => getRecommendations(movieId, signal),
  });
}

/** Below the page's first screen: streamed after the page's shell (decision 0146). */
export function useRecommendations(movieId: number) {
  return useStreamedQuery(getRecommendationsQueryOptions(movieId));
}
