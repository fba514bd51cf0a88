import type { SubtitleSettings } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Our call: POST /user/{userId}/subtitle-settings (form size, color,
// background, dual) → {message}. The player applies a change at once; this
// keeps it for the account, so every device starts with it.

export function saveSubtitleSettings(
  userId: string | number,
  settings: SubtitleSettings,
): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/user/${userId}/subtitle-settings`, {
    size: settings.size,
    color: settings.color,
    background: settings.background,
    dual: String(settings.dual),
  });
}
