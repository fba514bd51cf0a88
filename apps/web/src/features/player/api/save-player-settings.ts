import { api } from '../../../lib/api';

// Our call (issue 28): POST /user/{userId}/player-settings (form auto_skip)
// → {message}: "Skip recaps and intros automatically", kept for the account
// as the subtitle look is.

export function savePlayerSettings(userId: string | number, settings: { autoSkip: boolean }) {
  return api.post<{ message: string }>(`/user/${userId}/player-settings`, { auto_skip: String(settings.autoSkip) });
}
