import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLIENT_FIELD,
  CLIENT_HEADER,
  type LoginBody,
  NATIVE_CLIENT,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_DAYS,
} from '@bosphorus/contract';
import type { ClientMeta } from './auth.service.js';

// How a session reaches the client (docs/auth.md): the refresh credential as
// the HttpOnly cookie for browsers, in the body for native clients. Shared by
// every call that starts or reads a session (`auth.routes.ts`, Google sign-in
// in `oauth.routes.ts`, the profile edit in `users.routes.ts`).

export function clientMeta(req: FastifyRequest): ClientMeta {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof agent === 'string' ? agent : null };
}

export function refreshCookieOptions(publicUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/api/auth',
    secure: publicUrl.startsWith('https:'),
  };
}

/** True when a native client (mobile, TV) asked for the refresh credential in the body. */
export function wantsNativeSession(req: FastifyRequest): boolean {
  const field = (req.body as Record<string, unknown> | undefined)?.[CLIENT_FIELD];
  return field === NATIVE_CLIENT || req.headers[CLIENT_HEADER] === NATIVE_CLIENT;
}

/**
 * The answer of a sign-in (login, Google): browsers get the refresh
 * credential as the HttpOnly cookie only; native clients in body.refresh_token.
 */
export function sessionAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  session: { token: string; refreshToken: string; user: LoginBody['user'] },
): { body: LoginBody } {
  if (wantsNativeSession(req)) {
    return { body: { token: session.token, user: session.user, refresh_token: session.refreshToken } };
  }
  setRefreshCookie(reply, publicUrl, session.refreshToken);
  return { body: { token: session.token, user: session.user } };
}

/** Hands the browser a (new) refresh credential, for REFRESH_TOKEN_TTL_DAYS. */
export function setRefreshCookie(reply: FastifyReply, publicUrl: string, value: string) {
  return reply.setCookie(REFRESH_COOKIE, value, {
    ...refreshCookieOptions(publicUrl),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
}

/** The refresh credential of a request: the form field, else the cookie. */
export function presentedCredential(req: FastifyRequest): { value: string; from: 'field' | 'cookie' } | null {
  const field = (req.body as Record<string, unknown> | undefined)?.refresh_token;
  if (typeof field === 'string' && field !== '') return { value: field, from: 'field' };
  const cookie = req.cookies?.[REFRESH_COOKIE];
  if (typeof cookie === 'string' && cookie !== '') return { value: cookie, from: 'cookie' };
  return null;
}
