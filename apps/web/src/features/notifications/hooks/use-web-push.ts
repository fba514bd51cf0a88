import { useCallback, useEffect, useState } from 'react';
import { DEVICE_ID_STORAGE_KEY, PUSH_TOKEN_STORAGE_KEY, readStorage } from '../../../lib/auth-store';
import { getPushKey, registerPushDevice } from '../api/register-push-device';

// Web Push on this device (decision 0023). The browser is asked for
// permission only after the viewer presses the button for it — never on
// load — and a refusal (or a dismissed prompt) is remembered, so it is never
// asked twice. Once permission is granted, every later visit keeps the
// subscription registered with the server without asking anything.

/** Set when the viewer refused or dismissed the browser's prompt. */
export const PUSH_REFUSED_STORAGE_KEY = 'push_refused';
const SERVICE_WORKER_URL = '/push-sw.js';

export type PushState = 'unsupported' | 'available' | 'on' | 'denied' | 'working';

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode: this page only
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function currentState(): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied' || readStorage(PUSH_REFUSED_STORAGE_KEY)) return 'denied';
  if (Notification.permission === 'granted' && readStorage(PUSH_TOKEN_STORAGE_KEY)) return 'on';
  return 'available';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/** This browser's stable id (kept across log outs: the server forgets the device on each). */
function deviceId(): string {
  const stored = readStorage(DEVICE_ID_STORAGE_KEY);
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  const made = crypto.randomUUID().replace(/-/g, '');
  write(DEVICE_ID_STORAGE_KEY, made);
  return made;
}

/** Subscribes with the server's VAPID key (again if it changed) and registers the subscription. */
async function subscribeAndRegister(): Promise<boolean> {
  const { public_key: publicKey } = await getPushKey();
  if (!publicKey) return false;
  const key = keyBytes(publicKey);
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const token = JSON.stringify(subscription.toJSON());
  await registerPushDevice(deviceId(), token);
  write(PUSH_TOKEN_STORAGE_KEY, token);
  return true;
}

/** The device's push state for a signed-in viewer, and the action that asks for permission. */
export function useWebPush(userKey: string) {
  const [state, setState] = useState<PushState>(currentState);

  // Already granted (an earlier visit): keep the registration current,
  // silently — after a log out the server forgot this device.
  useEffect(() => {
    if (!pushSupported() || Notification.permission !== 'granted' || readStorage(PUSH_REFUSED_STORAGE_KEY)) return;
    let live = true;
    subscribeAndRegister()
      .then((ok) => live && setState(ok ? 'on' : 'unsupported'))
      .catch(() => live && setState(currentState()));
    return () => {
      live = false;
    };
  }, [userKey]);

  const enable = useCallback(async (): Promise<PushState> => {
    if (!pushSupported()) return 'unsupported';
    setState('working');
    try {
      if (Notification.permission === 'default') {
        const answer = await Notification.requestPermission();
        if (answer !== 'granted') {
          write(PUSH_REFUSED_STORAGE_KEY, '1');
          setState('denied');
          return 'denied';
        }
      }
      if (Notification.permission === 'denied') {
        setState('denied');
        return 'denied';
      }
      const ok = await subscribeAndRegister();
      const next: PushState = ok ? 'on' : 'unsupported';
      setState(next);
      return next;
    } catch (error) {
      setState(currentState());
      throw error;
    }
  }, []);

  return { state, enable };
}
