import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/session';

// Spec §7: GET /user/{userId}/history → body.history (movies and series,
// each series once with its latest episode, newest first; decision 0024).

export function getHistory(userId: number | string, signal?: AbortSignal): Promise<HistoryBody> {
  return api.get<HistoryBody>(`/user/${encodeURIComponent(String(userId))}/history`, undefined, signal, {
    // A failure here is this page's to show, not a lost account (lib/api.ts).
    accountLoss: 'caller',
  });
}

export function getHistoryQueryOptions(userId: number | string, viewer: string) {
  return queryOptions({
    queryKey: ['history', viewer],
    queryFn: ({ signal }) => getHistory(userId, signal),
    // Coming back from the player must show where it was left.
    staleTime: 0,
  });
}

export function useHistory(userId: number | string) {
  return useQuery(getHistoryQueryOptions(userId, useViewerKey()));
}
