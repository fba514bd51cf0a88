import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSubscriptionAnswer, type CurrentSubscription } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7: GET /subscriptions/{userId}/current → the spec §3 Current
// subscription fields, top level; status 'none' and null fields when there is none.

export async function getCurrentSubscription(
  userId: number | string,
  signal?: AbortSignal,
): Promise<CurrentSubscription> {
  const answer = await api.get<unknown>(
    `/subscriptions/${encodeURIComponent(String(userId))}/current`,
    undefined,
    signal,
  );
  return currentSubscriptionAnswer.parse(answer);
}

export function getCurrentSubscriptionQueryOptions(userId: number | string) {
  return queryOptions({
    queryKey: ['current-subscription', String(userId)],
    queryFn: ({ signal }) => getCurrentSubscription(userId, signal),
    // Coming back from the provider's management page must show the change.
    staleTime: 0,
  });
}

export function useCurrentSubscription(userId: number | string) {
  return useQuery(getCurrentSubscriptionQueryOptions(userId));
}
