import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_POLL_MS, type NotificationsBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/session';

// Spec §7: GET /user/{user_id}/notifications → body.notifications (newest
// first) and our unread_count. The bell asks modestly: every minute while
// the page is open and when the window gets focus back (decision 0023).

export function getNotifications(userId: number | string, signal?: AbortSignal): Promise<NotificationsBody> {
  return api.get<NotificationsBody>(`/user/${encodeURIComponent(String(userId))}/notifications`, undefined, signal, {
    // A failure here is the bell's to show, not a lost account (lib/api.ts).
    accountLoss: 'caller',
  });
}

export function getNotificationsQueryOptions(userId: number | string, viewer: string) {
  return queryOptions({
    queryKey: ['notifications', viewer],
    queryFn: ({ signal }) => getNotifications(userId, signal),
    staleTime: NOTIFICATIONS_POLL_MS / 2,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications(userId: number | string) {
  return useQuery(getNotificationsQueryOptions(userId, useViewerKey()));
}
