import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// Spec §7: POST /user/{user_id}/notifications/deleteall, form _method=DELETE → message.

export function deleteAllNotifications(userId: number | string): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/user/${encodeURIComponent(String(userId))}/notifications/deleteall`,
    { _method: 'DELETE' },
    undefined,
    { accountLoss: 'caller' },
  );
}

export function useDeleteAllNotifications(userId: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAllNotifications(userId),
    // Not retried behind the viewer's back: the toast says what happened.
    retry: false,
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
