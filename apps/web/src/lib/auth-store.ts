import { APP_VERSION, TOKEN_COOKIE_EXPIRY } from '@bosphorus/contract';

// Browser storage of the session (spec §3 storage keys 'user', 'authToken',
// 'app_version'; a token cookie; a push token). No React and no HTTP here, so
// both the API client and the session logic can build on it without a cycle.

export interface StoredUser {
  user_id: number | string;
  user_name: string;
  user_email: string;
  user_status: string | number | boolean;
  image_url?: string | null;
  plan_id?: number | string | null;
  expired_at?: string | null;
  email_verified?: string;
  is_banned?: string;
  role?: string;
}

export const USER_STORAGE_KEY = 'user';
/**
 * On <html> while a user is stored: the server renders every page for a
 * visitor (decision 0107), and what only a visitor sees (home's welcome) is
 * hidden by the stylesheet before the first paint, not removed after it.
 * Set by the start-up script from storage, kept by the app (root-layout.tsx).
 */
export const SIGNED_IN_ROOT_CLASS = 'signed-in';
/**
 * On <html> while the stored user has a plan: a detail hero keeps the room
 * of the viewer's own actions (Favorites, the bell) from the first paint
 * (decision 0161). Set by the start-up script, kept by the app.
 */
export const SUBSCRIBER_ROOT_CLASS = 'subscriber';
/** The stored `user_status` values of an account without a plan (spec §3); so is a missing one. */
export const NO_PLAN_STATUSES: readonly (string | number | boolean)[] = ['0', 0, false, ''];

/** Spec §6: whether a stored user has a plan; user_status '0' has none (the one rule, for the app and the start-up script). */
export function isSubscribed(user: Pick<StoredUser, 'user_status'> | null): boolean {
  const status = user?.user_status;
  return status !== null && status !== undefined && !NO_PLAN_STATUSES.includes(status);
}
/**
 * Home's rows of the viewer's own as last drawn (Continue Watching, Next
 * Up): their classes, kept in storage and put on <html> by the start-up
 * script for a stored user, so the server's visitor page keeps their room
 * from the first paint and nothing moves when they arrive (decision 0109).
 */
export const CONTINUE_ROWS_STORAGE_KEY = 'continue_rows';
export const CONTINUE_ROW_CLASSES = { continueWatching: 'continue-watching', nextUp: 'next-up' } as const;
/** Every class the start-up script may put on <html> before the app renders (ServerEntry.rootClasses). */
export const ROOT_CLASSES: readonly string[] = [
  SIGNED_IN_ROOT_CLASS,
  SUBSCRIBER_ROOT_CLASS,
  ...Object.values(CONTINUE_ROW_CLASSES),
];
export const TOKEN_STORAGE_KEY = 'authToken';
export const TOKEN_COOKIE_NAME = 'authToken';
export const APP_VERSION_STORAGE_KEY = 'app_version';
/** Push registration (filled by the notifications issue); forgotten on log out. */
export const PUSH_TOKEN_STORAGE_KEY = 'fcm_token';
export const DEVICE_ID_STORAGE_KEY = 'device_id';
/** The e-mail the verification popup is waiting on (never the password). */
export const VERIFICATION_STORAGE_KEY = 'verification_email';

const HOUR_MS = 3_600_000;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session then lives for this page only.
  }
}

// ---------- change listeners (useSyncExternalStore) ----------

const listeners = new Set<() => void>();
export function subscribeSession(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}
function notify() {
  for (const cb of [...listeners]) cb();
}

// ---------- user ----------

let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

/** The stored user; corrupt stored data is cleared (spec §3). */
export function getStoredUser(): StoredUser | null {
  const raw = readStorage(USER_STORAGE_KEY);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as StoredUser;
      if (parsed && typeof parsed === 'object' && parsed.user_id !== undefined) cachedUser = parsed;
      else throw new Error('bad user');
    } catch {
      writeStorage(USER_STORAGE_KEY, null);
      cachedRaw = null;
    }
  }
  return cachedUser;
}

export function setStoredUser(user: StoredUser) {
  writeStorage(USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

// ---------- token (local storage and cookie) ----------

export function getToken(): string | null {
  return readStorage(TOKEN_STORAGE_KEY);
}

function writeCookie(value: string, maxAgeMs: number) {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const expires = new Date(Date.now() + maxAgeMs).toUTCString();
  document.cookie = `${TOKEN_COOKIE_NAME}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function readTokenCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE_NAME) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Spec §4: the token lives in local storage and in a cookie, 24 hours
 * (TOKEN_COOKIE_EXPIRY) or SOCIAL_TOKEN_COOKIE_DAYS after Google sign-in.
 * The server never reads the cookie (docs/auth.md): it only mirrors the spec.
 */
export function setToken(token: string, cookieMaxAgeMs = TOKEN_COOKIE_EXPIRY * HOUR_MS) {
  writeStorage(TOKEN_STORAGE_KEY, token);
  writeCookie(token, cookieMaxAgeMs);
}

function clearTokenCookie() {
  if (typeof document === 'undefined') return;
  document.cookie = `${TOKEN_COOKIE_NAME}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

export function rememberAppVersion() {
  writeStorage(APP_VERSION_STORAGE_KEY, APP_VERSION);
}

export function setVerificationEmail(email: string | null) {
  writeStorage(VERIFICATION_STORAGE_KEY, email);
}

/** Which of home's own rows the viewer's home drew (none: forgotten), and on <html> from now on. */
export function rememberContinueRows(rows: { continueWatching: boolean; nextUp: boolean }) {
  const classes = (Object.keys(CONTINUE_ROW_CLASSES) as (keyof typeof CONTINUE_ROW_CLASSES)[])
    .filter((row) => rows[row])
    .map((row) => CONTINUE_ROW_CLASSES[row]);
  writeStorage(CONTINUE_ROWS_STORAGE_KEY, classes.length ? classes.join(' ') : null);
  if (typeof document !== 'undefined') {
    for (const name of Object.values(CONTINUE_ROW_CLASSES))
      document.documentElement.classList.toggle(name, classes.includes(name));
  }
}

/**
 * Spec §4 Logout: user, tokens, cookie, push token and verification state go.
 * A forced logout (banned, refresh failed, account gone) clears all storage.
 */
export function clearSession({ forced = false } = {}) {
  if (forced) {
    try {
      storage()?.clear();
    } catch {
      // nothing stored to clear
    }
  } else {
    for (const key of [
      USER_STORAGE_KEY,
      TOKEN_STORAGE_KEY,
      PUSH_TOKEN_STORAGE_KEY,
      VERIFICATION_STORAGE_KEY,
      CONTINUE_ROWS_STORAGE_KEY,
    ]) {
      writeStorage(key, null);
    }
  }
  clearTokenCookie();
  // No rows of the viewer's own any more: their room goes too.
  rememberContinueRows({ continueWatching: false, nextUp: false });
  notify();
}

// ---------- session events (forced logout, notices) ----------

export interface SessionEvent {
  /** 'ended': the session was closed by force; 'notice': a message to show. */
  type: 'ended' | 'notice';
  message?: string;
  durationMs?: number;
  /** Query for /signin, e.g. banned. */
  redirect?: string;
}

const eventListeners = new Set<(e: SessionEvent) => void>();
export function onSessionEvent(cb: (e: SessionEvent) => void): () => void {
  eventListeners.add(cb);
  return () => eventListeners.delete(cb);
}
export function emitSessionEvent(e: SessionEvent) {
  for (const cb of [...eventListeners]) cb(e);
}

/** Forced logout: clear everything, then tell the app (toast, go to /signin). */
export function endSession(message?: string, durationMs?: number) {
  clearSession({ forced: true });
  emitSessionEvent({ type: 'ended', message, durationMs, redirect: '/signin' });
}

// ---------- header notice (spec §8: the banned message shows in the header) ----------

let headerNotice: string | null = null;
export function getHeaderNotice(): string | null {
  return headerNotice;
}
export function setHeaderNotice(message: string | null) {
  headerNotice = message;
  notify();
}
