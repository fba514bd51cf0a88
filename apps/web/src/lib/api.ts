import { AUTH_MESSAGES, REQUEST_TIMEOUT_MS } from '@bosphorus/contract';
import { endSession, getStoredUser, getToken, setToken } from './auth-store';

// The one HTTP client of the web app (spec §7, §4 Authentication):
// - every call goes to /api with a 30-second timeout and same-origin cookies;
// - the access token travels only as `Authorization: Bearer` (docs/auth.md);
// - a request hook adds user_id to the query when a user is stored;
// - a 401 on anything but the auth calls triggers exactly one refresh, shared
//   by every request that fails meanwhile; they all retry with the new token;
// - an error answer with is_banned '1' ends the session.
// Answers are `{"body": …}`; errors `{"error": "…"}` (400 adds `field`).

export const API_BASE = '/api';

/**
 * How a request reaches the API: the browser's fetch, or on the server's
 * render (entry-server.tsx) the server's own routes, in process.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

/** The server's render sends the app's requests to its own routes (decision 0107). */
export function setApiTransport(send: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = send;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** The parsed error answer, when there was one. */
    readonly data?: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's own error text, if it sent one. */
  get serverMessage(): string | undefined {
    return typeof this.data?.error === 'string' ? this.data.error : undefined;
  }
  get banned(): boolean {
    return this.data?.is_banned === '1' || this.data?.banned === true;
  }
}

/** No answer at all (network down, timeout): status 0. */
export class NetworkError extends ApiError {
  constructor(message: string) {
    super(0, message);
    this.name = 'NetworkError';
  }
}

type Query = Record<string, string | number | undefined | null> | URLSearchParams;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Query;
  form?: Record<string, string>;
  multipart?: FormData;
  signal?: AbortSignal;
  /**
   * 'caller': a 404/500 on a /user/ path is left to the caller (the account
   * refresh says its own message); otherwise the session ends here.
   */
  accountLoss?: 'end-session' | 'caller';
  /** Never refresh on 401 (log out's own calls). */
  noRefresh?: boolean;
  /** Let the request outlive the page (a last save while it is being left). */
  keepalive?: boolean;
}

// Calls that are themselves about credentials: a 401 there is an answer
// (wrong password, used code), never a reason to refresh.
const AUTH_CALL = /^\/auth\/(?!update-profile)/;

function buildUrl(path: string, query?: Query): string {
  const url = new URL(API_BASE + path, 'http://x');
  if (query instanceof URLSearchParams) query.forEach((v, k) => url.searchParams.set(k, v));
  else if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    }
  }
  // Spec §7 request hook: user_id when a user is stored and none is given.
  const user = getStoredUser();
  if (user && !url.searchParams.has('user_id')) url.searchParams.set('user_id', String(user.user_id));
  const qs = url.searchParams.toString();
  return url.pathname + (qs ? `?${qs}` : '');
}

async function send(method: Method, path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.multipart) body = opts.multipart;
  else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  try {
    return await transport(buildUrl(path, opts.query), {
      method,
      signal,
      headers,
      body,
      credentials: 'same-origin',
      // Our pages answer `Referrer-Policy: no-referrer`, under which engines
      // before Chromium 8x (2019–2020 TVs) send `Origin: null` even to their
      // own site, and the sign-in, refresh and logout calls are refused as
      // cross-origin (DESIGN §4). Naming our own origin as the referrer of
      // our own API calls leaks nothing and gives them the real Origin (issue 14).
      referrerPolicy: 'strict-origin',
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
}

async function readJson(res: Response): Promise<{ ok: true; data: unknown } | { ok: false }> {
  try {
    return { ok: true, data: await res.json() };
  } catch {
    return { ok: false };
  }
}

// ---------- refresh once ----------

let refreshing: Promise<string> | null = null;

async function doRefresh(): Promise<string> {
  const user = getStoredUser();
  if (!user) {
    endSession(AUTH_MESSAGES.notAuthenticated);
    throw new ApiError(401, AUTH_MESSAGES.notAuthenticated);
  }
  // No answer at all (offline) throws NetworkError and keeps the session:
  // being offline is not a reason to sign someone out.
  const res = await send('POST', '/auth/refresh-token', { form: { user_id: String(user.user_id) } }, null);
  const parsed = await readJson(res);
  if (!parsed.ok) {
    endSession(AUTH_MESSAGES.invalidResponseFormat);
    throw new ApiError(res.status, AUTH_MESSAGES.invalidResponseFormat);
  }
  const data = parsed.data as { body?: { token?: unknown }; error?: string; is_banned?: string } | null;
  if (!res.ok) {
    const banned = data?.is_banned === '1';
    endSession(banned ? AUTH_MESSAGES.banned : AUTH_MESSAGES.notAuthenticated);
    throw new ApiError(res.status, data?.error ?? AUTH_MESSAGES.notAuthenticated, undefined, data);
  }
  const token = data?.body?.token;
  if (typeof token !== 'string' || !token) {
    endSession(AUTH_MESSAGES.failedToGetToken);
    throw new ApiError(res.status, AUTH_MESSAGES.failedToGetToken);
  }
  setToken(token);
  return token;
}

/**
 * One refresh at a time (spec §4): whoever asks while one runs gets the same
 * promise. A failed refresh ends the session (to /signin).
 */
/** The Web Locks name shared by every tab of the site. */
export const REFRESH_LOCK = 'bosphorus-token-refresh';

/**
 * Tabs share the refresh cookie, and the server treats a rotated credential
 * used twice as stolen (docs/auth.md). So tabs refresh one at a time under a
 * Web Lock, and a tab that waited takes the token the tab before it stored
 * instead of presenting the credential again — a browser restoring several
 * tabs at once must not log itself out. Without Web Locks (old TV browsers)
 * each tab refreshes on its own.
 */
async function refreshAcrossTabs(): Promise<string> {
  const before = getToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return doRefresh();
  return locks.request(REFRESH_LOCK, async () => {
    const now = getToken();
    if (now && now !== before) return now;
    return doRefresh();
  });
}

export function refreshAccessToken(): Promise<string> {
  refreshing ??= refreshAcrossTabs().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// ---------- request ----------

async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  // A refresh under way: wait for it rather than send a token about to change.
  if (refreshing) await refreshing.catch(() => undefined);
  const token = getToken();
  let res = await send(method, path, opts, token);

  if (res.status === 401 && !opts.noRefresh && !AUTH_CALL.test(path)) {
    const current = getToken();
    // Someone refreshed while this request was out: just retry with the new token.
    const fresh = current && current !== token ? current : await refreshAccessToken();
    res = await send(method, path, opts, fresh);
    if (res.status === 401) {
      endSession(AUTH_MESSAGES.notAuthenticated);
    }
  }

  const parsed = await readJson(res);
  if (!res.ok) {
    const data = (parsed.ok && parsed.data && typeof parsed.data === 'object' ? parsed.data : null) as Record<
      string,
      unknown
    > | null;
    const message = typeof data?.error === 'string' ? data.error : `Request failed (${res.status})`;
    const field = typeof data?.field === 'string' ? data.field : undefined;
    const error = new ApiError(res.status, message, field, data);
    // Spec §8: any answer with is_banned '1' ends a stored session. Without
    // one (a sign-in or sign-up form) the page says it itself.
    if (error.banned && getStoredUser()) endSession(AUTH_MESSAGES.banned);
    else if (
      (res.status === 404 || res.status === 500) &&
      path.startsWith('/user/') &&
      opts.accountLoss !== 'caller' &&
      getStoredUser()
    ) {
      endSession(AUTH_MESSAGES.userAccountNotFound);
      throw new ApiError(res.status, AUTH_MESSAGES.userAccountNotFound, undefined, data);
    }
    throw error;
  }
  if (!parsed.ok) throw new ApiError(res.status, AUTH_MESSAGES.invalidResponseFormat);
  const data = parsed.data as { body?: T } | null;
  return (data && typeof data === 'object' && 'body' in data ? data.body : data) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal, opts?: RequestOptions) =>
    request<T>('GET', path, { ...opts, query, signal }),
  post: <T>(path: string, form: Record<string, string>, signal?: AbortSignal, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, form, signal }),
  postMultipart: <T>(path: string, data: FormData, signal?: AbortSignal, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, multipart: data, signal }),
  patch: <T>(path: string, form: Record<string, string>, signal?: AbortSignal, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, form, signal }),
  del: <T>(path: string, form?: Record<string, string>, signal?: AbortSignal, opts?: RequestOptions) =>
    request<T>('DELETE', path, { ...opts, form, signal }),
};
