import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// Spec §7: POST /user/{userId}/history/all, form _method=DELETE → message.
// History, Continue Watching and Next Up are all read from the same rows,
// so all three are fetched anew afterwards.

export function deleteAllHistory(userId: number | string): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/user/${encodeURIComponent(String(userId))}/history/all`,
    { _method: 'DELETE' },
    undefined,
    // A failure is this page's to show (spec §8), not a lost account (lib/api.ts).
    { accountLoss: 'caller' },
  );
}

export function useDeleteAllHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAllHistory,
    // A delete is not retried behind the viewer's back: they can press again.
    retry: false,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['history'] }),
        client.invalidateQueries({ queryKey: ['continue'] }),
      ]),
  });
}
