import { useSyncExternalStore } from 'react';
import {
  AUTH_MESSAGES,
  AUTH_RESTORE_DELAY_MS,
  BANNED_POLL_INTERVAL_MS,
  SOCIAL_TOKEN_COOKIE_DAYS,
  TOAST_LONG_MS,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_THRESHOLD_SECONDS,
  type AuthUser,
} from '@bosphorus/contract';
import { ApiError, api, refreshAccessToken } from './api';
import {
  DEVICE_ID_STORAGE_KEY,
  clearSession,
  emitSessionEvent,
  endSession,
  getHeaderNotice,
  getStoredUser,
  getToken,
  readStorage,
  rememberAppVersion,
  setHeaderNotice,
  setStoredUser,
  setToken,
  subscribeSession,
  type StoredUser,
} from './auth-store';

// The session of spec §4 Authentication on top of auth-store (storage) and
// api (HTTP): signing in and out, the token check every 5 minutes, the
// banned poll every 30 s, the account refresh on start, and the short
// "restoring" window during which protected routes show 'Loading...'.

export { getStoredUser, isSubscribed, USER_STORAGE_KEY, type StoredUser } from './auth-store';

function subscribe(cb: () => void) {
  const off = subscribeSession(cb);
  window.addEventListener('storage', cb);
  return () => {
    off();
    window.removeEventListener('storage', cb);
  };
}

export function useCurrentUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

/**
 * Who the per-viewer fields of catalogue answers (canPlay) are for: part of
 * those queries' keys, so signing in, out or buying a plan fetches them anew
 * and one viewer's answer is never shown to another.
 */
export function useViewerKey(): string {
  return viewerKeyOf(useCurrentUser());
}

/** The viewer key of `user` (outside React: the route loaders' prefetch). */
export function viewerKeyOf(user: StoredUser | null): string {
  return user ? `${user.user_id}:${user.user_status}` : 'visitor';
}

/**
 * Whether the query a placeholder would come from was the same title's, for
 * a query keyed by `[...titleKey, viewer]` (decision 0107): while a new
 * viewer's answer loads, the last viewer's answer for the same title stays
 * on screen (a page the server rendered for a visitor, then signed in).
 * Another title's answer never does: a tap from one title to the next shows
 * the next one's skeleton, not the last title under its address.
 */
export function sameTitle(titleKey: readonly unknown[], previousQuery?: { queryKey: readonly unknown[] }): boolean {
  return !!previousQuery && titleKey.every((part, i) => previousQuery.queryKey[i] === part);
}

export function useHeaderNotice(): string | null {
  return useSyncExternalStore(subscribe, getHeaderNotice, () => null);
}

// ---------- restoring ----------

let restoring = true;
const restoringListeners = new Set<() => void>();
function setRestoring(value: boolean) {
  restoring = value;
  for (const cb of [...restoringListeners]) cb();
}
/** True for AUTH_RESTORE_DELAY_MS after start: protected routes wait. */
export function useSessionRestoring(): boolean {
  return useSyncExternalStore(
    (cb) => {
      restoringListeners.add(cb);
      return () => restoringListeners.delete(cb);
    },
    () => restoring,
    () => true,
  );
}
/** Tests: start as if the restore window had passed (or not). */
export function setSessionRestoredForTests(restored: boolean) {
  setRestoring(!restored);
}

// ---------- sign in ----------

/**
 * Store a signed-in user (spec §4): the token in local storage and the
 * cookie (24 hours; 7 days after Google sign-in).
 */
export function signIn(token: string, user: AuthUser | StoredUser, { social = false } = {}) {
  setToken(token, social ? SOCIAL_TOKEN_COOKIE_DAYS * 86_400_000 : undefined);
  setHeaderNotice(null);
  setStoredUser(user);
}

// ---------- token check ----------

function decodeSegment(segment: string): unknown {
  const b64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * Spec §4: refresh when the token is missing, malformed (not three parts),
 * lacks exp or sub, or expires in under TOKEN_REFRESH_THRESHOLD_SECONDS.
 */
export function tokenNeedsRefresh(token: string | null, nowMs = Date.now()): boolean {
  if (!token) return true;
  const parts = token.split('.');
  if (parts.length !== 3) return true;
  let claims: { exp?: unknown; sub?: unknown };
  try {
    claims = decodeSegment(parts[1]!) as typeof claims;
  } catch {
    return true;
  }
  if (!claims || typeof claims !== 'object') return true;
  if (typeof claims.exp !== 'number') return true;
  if (claims.sub === undefined || claims.sub === null || claims.sub === '') return true;
  return claims.exp - nowMs / 1000 < TOKEN_REFRESH_THRESHOLD_SECONDS;
}

/** Refresh the token if needed; a failed refresh ends the session (in api). */
export async function checkToken(nowMs = Date.now()): Promise<void> {
  if (!getStoredUser()) return;
  if (!tokenNeedsRefresh(getToken(), nowMs)) return;
  await refreshAccessToken().catch(() => undefined);
}

// ---------- banned poll and account refresh ----------

interface UserAnswer {
  user?: Partial<AuthUser> & { deleted?: boolean | string };
}

function bannedOut() {
  // Spec §8: the header says so, the user is logged out and sent to /signin.
  setHeaderNotice(AUTH_MESSAGES.bannedHeader);
  endSession(AUTH_MESSAGES.banned);
}

export async function pollBanned(): Promise<void> {
  const user = getStoredUser();
  if (!user) return;
  try {
    const body = await api.get<UserAnswer>(`/user/${user.user_id}`);
    if (body?.user?.is_banned === '1') bannedOut();
  } catch {
    // api already handled a banned answer or a lost account; a network error
    // waits for the next poll.
  }
}

/** Spec §4/§8 account refresh: POST /user/{id}?uid={id} replaces the stored user. */
export async function refreshAccount(): Promise<void> {
  const user = getStoredUser();
  if (!user) return;
  try {
    const body = await api.post<UserAnswer>(`/user/${user.user_id}`, {}, undefined, {
      query: { uid: String(user.user_id) },
      accountLoss: 'caller',
    });
    const fresh = body?.user;
    if (!fresh || fresh.deleted === true || fresh.deleted === '1') {
      endSession(AUTH_MESSAGES.accountNotFound);
      return;
    }
    if (fresh.is_banned === '1') {
      bannedOut();
      return;
    }
    setStoredUser({ ...user, ...fresh } as StoredUser);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 500)) {
      endSession(AUTH_MESSAGES.accountNotFound);
    } else if (err instanceof ApiError && (err.banned || err.status === 401)) {
      // The client already ended the session.
    } else {
      const message = err instanceof ApiError && err.status !== 0 ? (err.serverMessage ?? err.message) : undefined;
      emitSessionEvent({
        type: 'notice',
        message: message ?? AUTH_MESSAGES.serverConnectionError,
        durationMs: TOAST_LONG_MS,
      });
    }
  }
}

// ---------- log out ----------

/**
 * Spec §4 Logout: tell the server (revoke the refresh family, forget the push
 * device), then clear user, tokens, cookie, push token and verification
 * state. The server calls are best effort: the local logout always happens.
 */
export async function logout(): Promise<void> {
  const deviceId = readStorage(DEVICE_ID_STORAGE_KEY);
  await Promise.allSettled([
    api.post('/auth/logout', {}, undefined, { noRefresh: true }),
    // Only a device that registered for push has something to forget: a
    // call without its id would be a 400 on every log out (issue 10).
    ...(deviceId ? [api.del('/fcm', { device_id: deviceId }, undefined, { noRefresh: true })] : []),
  ]);
  clearSession();
}

// ---------- start ----------

/**
 * Start of the app: restore window, app version, token check now and every
 * 5 minutes, account refresh, banned poll every 30 s. Returns a cleanup.
 */
export function startSession(): () => void {
  rememberAppVersion();
  const restoreTimer = setTimeout(() => setRestoring(false), AUTH_RESTORE_DELAY_MS);
  if (getStoredUser()) {
    void checkToken().then(() => refreshAccount());
  }
  const tokenTimer = setInterval(() => void checkToken(), TOKEN_CHECK_INTERVAL_MS);
  const bannedTimer = setInterval(() => void pollBanned(), BANNED_POLL_INTERVAL_MS);
  return () => {
    clearTimeout(restoreTimer);
    clearInterval(tokenTimer);
    clearInterval(bannedTimer);
  };
}
