import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ENGLISH_SUBTITLES_TEXTS,
  TOAST_SHORT_MS,
  type FollowPreference,
  type FollowToggleAnswer,
  type SeriesDetailBody,
} from '@bosphorus/contract';
import { api, ApiError } from '../../../lib/api';
import { getStoredUser } from '../../../lib/session';
import { showToast } from '../../../components/ui/toast';

// Ours (issue 28, decision 0130): POST /user/{user_id}/user_notifications/{serie_id}/preference
// (form notification_preference): what the viewer's follow of a series tells
// about. Setting a value is idempotent, so the spec's mutation retries are safe.

export interface PreferenceTarget {
  id: number;
  title: string;
  preference: FollowPreference;
}

export async function setFollowPreference(target: PreferenceTarget): Promise<FollowPreference> {
  const user = getStoredUser();
  if (!user) throw new ApiError(401, ENGLISH_SUBTITLES_TEXTS.preferenceFailed);
  const userId = String(user.user_id);
  // The client hands back the answer's body.
  const answer = await api.post<FollowToggleAnswer['body']>(
    `/user/${encodeURIComponent(userId)}/user_notifications/${target.id}/preference`,
    { user_id: userId, notification_preference: target.preference },
  );
  return answer.notification_preference ?? target.preference;
}

export function useSetFollowPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setFollowPreference,
    onSuccess: (preference, target) => {
      client.setQueriesData<SeriesDetailBody>({ queryKey: ['series', 'detail', target.id] }, (old) =>
        old?.series
          ? { ...old, series: { ...old.series, is_notification_on: '1', notification_preference: preference } }
          : old,
      );
      showToast(ENGLISH_SUBTITLES_TEXTS.preferenceSaved(target.title, preference), {
        tone: 'success',
        durationMs: TOAST_SHORT_MS,
      });
    },
    onError: (error) => {
      showToast(error instanceof ApiError && error.message ? error.message : ENGLISH_SUBTITLES_TEXTS.preferenceFailed, {
        tone: 'error',
      });
    },
  });
}
