import { REQUEST_TIMEOUT_MS } from '@bosphorus/contract';

// The one HTTP client of the web app (spec §7): every call goes to /api with
// a 30-second timeout. Answers are `{"body": …}`; errors `{"error": "…"}`.
// (The session parts of §4 — token, 401 refresh-once, user_id hook — arrive
// with the accounts issue and live here too.)

export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | undefined | null> | URLSearchParams;

function buildUrl(path: string, query?: Query) {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (query && !(query instanceof URLSearchParams)) {
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Query; form?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const res = await fetch(buildUrl(path, opts.query), {
    method,
    signal,
    headers: {
      accept: 'application/json',
      ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
  });
  const data = (await res.json().catch(() => null)) as { body?: T; error?: string; field?: string } | null;
  if (!res.ok) throw new ApiError(res.status, data?.error ?? `Request failed (${res.status})`, data?.field);
  return (data?.body ?? data) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, form: Record<string, string>, signal?: AbortSignal) =>
    request<T>('POST', path, { form, signal }),
};
