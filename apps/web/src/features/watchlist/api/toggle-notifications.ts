import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isTurnedOnMessage,
  LIBRARY_TEXTS,
  TOAST_SHORT_MS,
  type FollowPreference,
  type FollowToggleAnswer,
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

export async function toggleNotifications(
  target: BellTarget,
): Promise<{ on: boolean; message: string; preference?: FollowPreference }> {
  const user = getStoredUser();
  if (!user) throw new ApiError(401, LIBRARY_TEXTS.toggleFailed);
  const userId = String(user.user_id);
  const action: ToggleAction = target.on ? 'remove' : 'add';
  // The client hands back the answer's body (its message, its flags).
  const answer = await api.post<FollowToggleAnswer['body']>(
    `/user/${encodeURIComponent(userId)}/user_notifications/${target.id}`,
    { user_id: userId, action },
  );
  // Issue 28: a new follow answers what it tells about (the default choice).
  const preference = answer.notification_preference;
  return { on: isTurnedOnMessage(answer.message), message: answer.message, ...(preference && { preference }) };
}

export function useToggleNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleNotifications,
    onSuccess: ({ on, preference }, target) => {
      client.setQueriesData<SeriesDetailBody>({ queryKey: ['series', 'detail', target.id] }, (old) => {
        if (!old?.series) return old;
        const { notification_preference: _, ...rest } = old.series;
        const series = on && preference ? { ...rest, notification_preference: preference } : rest;
        return { ...old, series: { ...series, is_notification_on: on ? '1' : '0' } };
      });
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
