import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isTurnedOnMessage,
  LIBRARY_TEXTS,
  TOAST_SHORT_MS,
  type SeriesDetailBody,
  type ToggleAction,
} from '@bosphorus/contract';
import { api, ApiError } from '../../../lib/api';
import { getStoredUser } from '../../../lib/session';
import { showToast } from '../../../components/ui/toast';

// Spec §7 POST /user/{user_id}/user_notifications/{serie_id}: the series
// bell. Like the bookmark it sends `action` from the state it shows, and the
// icon follows the answer's message ('turned on', spec §4 Toggles).

export interface BellTarget {
  id: number;
  title: string;
  /** The state the viewer sees now. */
  on: boolean;
}

export async function toggleNotifications(target: BellTarget): Promise<{ on: boolean; message: string }> {
  const user = getStoredUser();
  if (!user) throw new ApiError(401, LIBRARY_TEXTS.toggleFailed);
  const userId = String(user.user_id);
  const action: ToggleAction = target.on ? 'remove' : 'add';
  const answer = await api.post<{ message: string }>(
    `/user/${encodeURIComponent(userId)}/user_notifications/${target.id}`,
    { user_id: userId, action },
  );
  return { on: isTurnedOnMessage(answer.message), message: answer.message };
}

export function useToggleNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleNotifications,
    onSuccess: ({ on }, target) => {
      client.setQueriesData<SeriesDetailBody>({ queryKey: ['series', 'detail', target.id] }, (old) =>
        old?.series ? { ...old, series: { ...old.series, is_notification_on: on ? '1' : '0' } } : old,
      );
      showToast(
        on ? LIBRARY_TEXTS.toastNotificationsOn(target.title) : LIBRARY_TEXTS.toastNotificationsOff(target.title),
        {
          tone: 'success',
          durationMs: TOAST_SHORT_MS,
        },
      );
    },
    onError: (error) => {
      showToast(error instanceof ApiError && error.message ? error.message : LIBRARY_TEXTS.toggleFailed, {
        tone: 'error',
      });
    },
  });
}
