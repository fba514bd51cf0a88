import type { FastifyRequest } from 'fastify';
import { AUTH_ERRORS } from '@bosphorus/contract';
import { HttpFailure } from './errors.js';

/**
 * DESIGN §4: a cookie-setting or cookie-carried state change (sign-in,
 * Google exchange, refresh, logout) must come from our own pages, or from no
 * browser at all (no Origin: native clients, curl). Ours is PUBLIC_URL's
 * origin, or the origin the request itself was addressed to (the development
 * server's proxy keeps its own host). A page elsewhere cannot make a browser
 * send a foreign Origin with our Host, so a cross-site form post gets 403
 * before anything is read or set (login CSRF).
 */
export function sameOriginGuard(publicUrl: string) {
  const allowedOrigin = new URL(publicUrl).origin;
  return async function sameOrigin(req: FastifyRequest) {
    const origin = req.headers.origin;
    if (origin === undefined || origin === allowedOrigin) return;
    if (req.headers.host && origin === `${req.protocol}://${req.headers.host}`) return;
    throw new HttpFailure(403, { error: AUTH_ERRORS.crossOrigin });
  };
}
