import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContinueBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/session';

// Our GET /user/{userId}/continue (decision 0024): Continue Watching and
// Next Up for a signed-in subscriber. Private and per viewer; the public
// /api/home answer stays shared and cached.

export function getContinue(userId: number | string, signal?: AbortSignal): Promise<ContinueBody> {
  return api.get<ContinueBody>(`/user/${encodeURIComponent(String(userId))}/continue`, undefined, signal, {
    // A failure only hides the rows, never ends the session (lib/api.ts).
    accountLoss: 'caller',
  });
}

export function getContinueQueryOptions(userId: number | string, viewer: string) {
  return queryOptions({
    queryKey: ['continue', viewer],
    queryFn: ({ signal }) => getContinue(userId, signal),
    // Back from the player, home shows the new position at once.
    staleTime: 0,
    // A failure only hides the rows: the spec's rows are what home is for.
    retry: 1,
  });
}

export function useContinue(userId: number | string) {
  return useQuery(getContinueQueryOptions(userId, useViewerKey()));
}
