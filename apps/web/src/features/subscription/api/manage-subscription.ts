import { useMutation } from '@tanstack/react-query';
import { manageAnswer } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7: POST /subscriptions/{userId}/manage → top-level url, then redirect
// (the card provider's management page; for a demo plan our own page).

export async function createManageLink(userId: number | string): Promise<string> {
  const answer = await api.post<unknown>(`/subscriptions/${encodeURIComponent(String(userId))}/manage`, {});
  return manageAnswer.parse(answer).url;
}

export function useManageSubscription() {
  return useMutation({ mutationFn: createManageLink, retry: false });
}
