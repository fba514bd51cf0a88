import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromotionBody } from '@bosphorus/contract';
import { api } from '../lib/api';

// GET /api/get-promotion-text (spec §7): the banner above the header. It is
// layout, not a feature, so it lives in app/.

/** A promotion changes rarely; five minutes of staleness is fine. */
const PROMOTION_STALE_MS = 5 * 60_000;

export function getPromotion(signal?: AbortSignal): Promise<PromotionBody> {
  return api.get<PromotionBody>('/get-promotion-text', undefined, signal);
}

export function getPromotionQueryOptions() {
  return queryOptions({
    queryKey: ['promotion'],
    queryFn: ({ signal }) => getPromotion(signal),
    staleTime: PROMOTION_STALE_MS,
  });
}

export function usePromotion() {
  return useQuery(getPromotionQueryOptions());
}
