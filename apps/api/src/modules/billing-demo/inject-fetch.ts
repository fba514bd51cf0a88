import type { FastifyInstance } from 'fastify';

// The embedded demo provider is this same server. Its clients (the official
// Stripe SDK, our PayPal client) keep building real requests (paths, form
// bodies, headers, versions), but they reach the stub through app.inject
// rather than the network: no loopback port to know (tests never listen,
// HOST may be a public address, PORT may be 0), and no self-connection that
// a proxy or firewall could refuse.

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A fetch that answers every URL from this app, under `mount` (the stub's prefix). */
export function injectFetch(app: FastifyInstance, mount: string): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? request?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init?.body ?? null;
    const res = await app.inject({
      method: (init?.method ?? request?.method ?? 'GET') as 'GET',
      url: mount + url.pathname + url.search,
      headers,
      ...(body === null || body === undefined ? {} : { payload: typeof body === 'string' ? body : String(body) }),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(v));
    }
    return new Response(NULL_BODY_STATUSES.has(res.statusCode) ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}

/** Posts a signed webhook to this app's own route, as the provider would over the network. */
export function injectDelivery(app: FastifyInstance, url: string) {
  return async (payload: string, headers: Record<string, string>): Promise<number> => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });
    return res.statusCode;
  };
}
