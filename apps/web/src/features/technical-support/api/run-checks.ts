import { ApiError } from '../../../lib/api';
import { getTechnicalSupport } from './get-technical-support';

// Spec §2 Technical support: two groups of three checks, each a success with
// its milliseconds or a failure with its status code (null: no answer).

export type CheckResult = { ok: true; ms: number } | { ok: false; status: number | null };

/** Times one fetch, reading the whole answer (a segment's download is the point). */
export async function timeFetch(url: string, init: RequestInit = {}): Promise<CheckResult> {
  const started = performance.now();
  try {
    const res = await fetch(url, { cache: 'no-store', credentials: 'same-origin', ...init });
    await res.arrayBuffer();
    if (!res.ok) return { ok: false, status: res.status };
    return { ok: true, ms: Math.max(1, Math.round(performance.now() - started)) };
  } catch {
    return { ok: false, status: null };
  }
}

/** Times a signed-in API call through the app's client (token, refresh once on 401). */
export async function timeSignedInCall(): Promise<CheckResult> {
  const started = performance.now();
  try {
    await getTechnicalSupport();
    return { ok: true, ms: Math.max(1, Math.round(performance.now() - started)) };
  } catch (error) {
    return { ok: false, status: error instanceof ApiError && error.status > 0 ? error.status : null };
  }
}

export type BackendCheck = 'root' | 'api' | 'signedIn';
export const BACKEND_CHECKS: Record<BackendCheck, () => Promise<CheckResult>> = {
  root: () => timeFetch('/'),
  api: () => timeFetch('/api/technical-support/ping'),
  signedIn: timeSignedInCall,
};
