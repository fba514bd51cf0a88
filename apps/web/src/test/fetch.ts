import { vi } from 'vitest';

// The one fetch stand-in of the web tests: a test answers each call by its
// path, method or form, and reads back what the app sent.

/** What a stubbed call answers: a status and a JSON body (none: `{}`). */
export type Answer = { status: number; body?: unknown };

/** One call the app made, parsed. `path` is without the '/api' prefix. */
export interface FetchCall {
  method: string;
  path: string;
  url: URL;
  form: URLSearchParams;
  init: RequestInit | undefined;
}

export function parseCall(input: RequestInfo | URL, init?: RequestInit): FetchCall {
  const url = new URL(String(input), 'http://localhost');
  return {
    method: init?.method ?? 'GET',
    path: url.pathname.replace(/^\/api/, ''),
    url,
    form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    init,
  };
}

/** The JSON answer a test stub returns. */
export function jsonResponse({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body ?? {}), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A `fetch` for `vi.stubGlobal('fetch', …)`: `route` answers each call (it
 * may throw, as a network failure does). It is a vi.fn, so `mock.calls`
 * holds the raw arguments; `calls` holds the parsed ones, in order (it is
 * not emptied by mockClear: set its length to 0 to forget).
 */
export function mockFetch(route: (call: FetchCall) => Answer | Promise<Answer>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = parseCall(input, init);
    calls.push(call);
    return jsonResponse(await route(call));
  });
  return Object.assign(fn, { calls });
}
