import { z } from 'zod';

// Spec §3 Notification and §7 `/user/{user_id}/notifications…`, plus the
// Web Push device registration (`POST /fcm`, decision 0023).

/** What a notification tells: a new episode, or its English subtitles (issue 28). */
export const NOTIFICATION_KINDS = ['episode', 'english_subtitles'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications the list answers with (newest first); the unread count covers all. */
export const NOTIFICATIONS_LIST_SIZE = 50;

/** Spec §3 Notification: id, item_id (the episode), title, content; with our read flag and time. */
export const notification = z.object({
  id: z.number().int(),
  /** The episode id: opening the notification plays /watchEpisodes/{item_id}. */
  item_id: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  /** '1' once opened (spec §7: marks one read). */
  is_read: z.enum(['0', '1']),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /**
   * Ours (issue 28): 'episode' (a new episode is out) or 'english_subtitles'
   * (its English subtitles are ready). One of each at most per episode.
   */
  kind: z.enum(NOTIFICATION_KINDS),
});
export type Notification = z.infer<typeof notification>;

/** `GET /user/{user_id}/notifications` → body.notifications (newest first) and the unread count. */
export const notificationsBody = z.object({
  notifications: z.array(notification),
  unread_count: z.number().int(),
});
export type NotificationsBody = z.infer<typeof notificationsBody>;

const formId = z.union([z.string(), z.number().int().transform(String)]);
const idText = formId.pipe(z.string().regex(/^\d{1,15}$/, { message: 'must be a whole number' }));

/** Form of `POST /user/{user_id}/notifications`: marks one read. */
export const markNotificationReadForm = z.object({
  notification_id: idText,
  user_id: formId.optional(),
});

/** Form of `POST /user/{user_id}/notifications/deleteall` (spec: `_method=DELETE`). */
export const deleteAllNotificationsForm = z.object({
  _method: z.string().regex(/^delete$/i, { message: "must be 'DELETE'" }),
  user_id: formId.optional(),
});

export const notificationsMessageAnswer = z.object({ message: z.string() });

/** A push subscription as the browser's PushSubscription.toJSON() gives it. */
export const pushSubscription = z.object({
  endpoint: z.string().url().max(2_000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { message: 'must be a P-256 public key' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { message: 'must be a 16-byte secret' }),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

/**
 * Form of `POST /fcm` (the device registration the spec's `DELETE /fcm`
 * undoes on log out): this browser's id and its push subscription as JSON text.
 */
export const pushDeviceForm = z.object({
  device_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'must be 8 to 64 letters, digits, - or _' }),
  token: z.string().min(1).max(4_000),
  user_id: formId.optional(),
});

/** `GET /fcm/key` → body.public_key: the VAPID key browsers subscribe with (null: push is off). */
export const pushKeyBody = z.object({ public_key: z.string().nullable() });
export type PushKeyBody = z.infer<typeof pushKeyBody>;

/** The Web Push message a service worker receives (JSON). */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click goes, e.g. '/watchEpisodes/12'. */
  url: string;
  /** Same-episode messages of one kind replace each other on the device. */
  tag: string;
}
