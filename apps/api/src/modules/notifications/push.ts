import webpush from 'web-push';
import { pushSubscription, type PushMessage, type PushSubscriptionJson } from '@bosphorus/contract';
import type { Config } from '../../config.js';
import type { Secrets } from '../../lib/secrets.js';

// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption
// (RFC 8291). The web-push package builds the encrypted request and the
// signed Authorization header; we deliver it with fetch, which also reaches
// the tests' local push service over http (web-push's own sender is
// https-only). Decision 0023.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services. */
  subject: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service keeps an undelivered message (a new episode is still news tomorrow). */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

/** The subscription in a stored token, or null when it is not one (or not an allowed address). */
export function parseSubscription(token: string, allowHttp: boolean): PushSubscriptionJson | null {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return null;
  }
  const parsed = pushSubscription.safeParse(json);
  if (!parsed.success) return null;
  const protocol = new URL(parsed.data.endpoint).protocol;
  return protocol === 'https:' || (allowHttp && protocol === 'http:') ? parsed.data : null;
}

export function createPushSender(vapid: VapidKeys, opts: { allowHttp: boolean }) {
  return {
    publicKey: vapid.publicKey,

    /** Sends one message to one subscription; never throws. 'gone': the service forgot it (404/410). */
    async send(token: string, message: PushMessage): Promise<PushOutcome> {
      const subscription = parseSubscription(token, opts.allowHttp);
      if (!subscription) return 'gone';
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: subscription.keys },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            // Later messages about the same episode replace an undelivered one.
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          },
        );
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          // fetch sets the length itself from the body.
          if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
        }
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) return 'gone';
        return res.ok ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

/** Web Push with the configured VAPID keys (VAPID_*), else those kept in DATA_DIR; null when there are none. */
export function pushSenderOf(
  config: Pick<Config, 'push'>,
  secrets: Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'>,
) {
  const publicKey = config.push.vapidPublicKey ?? secrets.vapidPublicKey;
  const privateKey = config.push.vapidPrivateKey ?? secrets.vapidPrivateKey;
  if (!publicKey || !privateKey) return null;
  return createPushSender(
    { publicKey, privateKey, subject: config.push.vapidSubject },
    { allowHttp: config.push.allowHttpEndpoints },
  );
}
