import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// Spec §7: POST /user/{user_id}/notifications, form notification_id + user_id
// → marks it read. Spec §8: the episode opens even when this fails, so the
// caller navigates without waiting for it.

export function markNotificationRead(userId: number | string, notificationId: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/user/${encodeURIComponent(String(userId))}/notifications`,
    { notification_id: String(notificationId), user_id: String(userId) },
    undefined,
    { accountLoss: 'caller' },
  );
}

export function useMarkNotificationRead(userId: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) => markNotificationRead(userId, notificationId),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
