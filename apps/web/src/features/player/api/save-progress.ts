import type { ProgressForm } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Our call (issue 8, Progress): POST /user/{userId}/progress with the
// contract's progressForm → {message}. One row per title per user on the
// server; the latest client_time wins, so a late delivery never moves a
// position backwards. `keepalive` lets the last save of a page that is
// being closed or left still reach the server.

export type ProgressInput = Omit<ProgressForm, 'user_id'>;

export function saveProgress(
  userId: string | number,
  input: ProgressInput,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/user/${userId}/progress`,
    {
      video_type: input.video_type,
      video_id: input.video_id,
      position_seconds: String(input.position_seconds),
      duration_seconds: String(input.duration_seconds),
      client_time: String(input.client_time),
    },
    undefined,
    { keepalive },
  );
}
