import type { PushKeyBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Web Push (decision 0023): GET /fcm/key → body.public_key (the VAPID key to
// subscribe with; null when the server has push off), and POST /fcm with
// device_id + token (the subscription as JSON). `DELETE /fcm` on log out
// (lib/session.ts) removes it again.

export function getPushKey(signal?: AbortSignal): Promise<PushKeyBody> {
  return api.get<PushKeyBody>('/fcm/key', undefined, signal);
}

export function registerPushDevice(deviceId: string, token: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/fcm', { device_id: deviceId, token }, undefined, { accountLoss: 'caller' });
}
