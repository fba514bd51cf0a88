import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_ERRORS, AUTH_ERRORS, AUTH_MESSAGES } from '@bosphorus/contract';
import type { AccessTokens } from '../modules/accounts/tokens.js';
import { HttpFailure } from './errors.js';

export { HttpFailure };

// DESIGN §4: identity comes only from the verified access token, read from
// `Authorization: Bearer` and nowhere else (a cookie alone never
// authenticates a write). Routes opt in with `preHandler: app.authenticate`
// and then read `req.userId`.
//
// The guard also compares the user ids clients add to private calls (the
// query `user_id` / `userId` / `uid` of spec §7's request hook and a form
// `user_id`) with the token's user: a mismatch is 403. A path id that names
// a user is compared by the route (assertSameUser).

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies the access token (sets `req.userId`); throws the refusal (401, 403, 404). */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The token's user; 0 before `app.authenticate` ran. */
    userId: number;
    /** When the verified access token was issued (Unix seconds); 0 before `app.authenticate` ran. */
    tokenIssuedAt: number;
  }
}

/** Error answers of account calls (DESIGN §3): banned ones carry is_banned '1'. */
export const authErrorBody = z.object({
  error: z.string(),
  field: z.string().optional(),
  is_banned: z.literal('1').optional(),
  banned: z.boolean().optional(),
  email_verified: z.literal('0').optional(),
});
export type AuthErrorBody = z.infer<typeof authErrorBody>;

export const BANNED_ERROR: AuthErrorBody = { error: AUTH_MESSAGES.banned, is_banned: '1' };

/** For the account modules' route contexts: no answer — tokens, users, codes — is ever cached anywhere. */
export function privateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

const USER_ID_QUERY_KEYS = ['user_id', 'userId', 'uid'] as const;

/** True when every given id (ignoring absent and empty ones) names this user. */
export function sameUser(userId: number, ...ids: unknown[]): boolean {
  return ids.every((id) => id === undefined || id === null || id === '' || String(id) === String(userId));
}

/** 403 unless every given client-supplied id names the token's user. */
export function assertSameUser(req: FastifyRequest, ...ids: unknown[]) {
  if (!sameUser(req.userId, ...ids)) throw new HttpFailure(403, { error: AUTH_ERRORS.forbidden });
}

/** The access token of `Authorization: Bearer`, or null. */
export function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export interface AuthGuardDeps {
  tokens: AccessTokens;
  /** Existence and ban state of an account (null: deleted). */
  userStatus(id: number): Promise<{ banned: boolean } | null>;
}

/** Called with the root instance so every route of the app can use app.authenticate. */
export function registerAuthGuard(app: FastifyInstance, deps: AuthGuardDeps) {
  app.decorateRequest('userId', 0);
  app.decorateRequest('tokenIssuedAt', 0);
  // Refusals are thrown, never sent from here: a hook that sends and returns
  // the reply while an async onSend hook (privateAnswers) is still writing
  // the answer lets Fastify run the rest of the chain — the route's handler
  // included — and log "Reply was already sent" (issue 27 finding 4). A
  // thrown refusal ends the chain and goes through the one error handler.
  app.decorate('authenticate', async function authenticate(req: FastifyRequest, _reply: FastifyReply) {
    // Already verified for this request (the rule below, then the route's own guard).
    if (req.userId !== 0) return;
    const token = bearer(req);
    const userId = token === null ? null : await deps.tokens.verify(token);
    if (userId === null) throw new HttpFailure(401, { error: AUTH_ERRORS.unauthorized });
    const status = await deps.userStatus(userId);
    if (status === null) {
      // Spec §8: a /user/ path answers 404 for a deleted account (the client
      // then logs out); elsewhere the token simply no longer authenticates.
      if (req.url.startsWith('/api/user/')) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      throw new HttpFailure(401, { error: AUTH_ERRORS.unauthorized });
    }
    if (status.banned) throw new HttpFailure(403, BANNED_ERROR);
    const query = queryOf(req);
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const claimed = [...USER_ID_QUERY_KEYS.flatMap((key) => query.getAll(key)), body.user_id];
    if (!sameUser(userId, ...claimed)) throw new HttpFailure(403, { error: AUTH_ERRORS.forbidden });
    req.userId = userId;
    req.tokenIssuedAt = deps.tokens.issuedAt(token!) ?? 0;
  });

  // One rule for every read (issue 16 finding 8): a GET that presents an
  // access token and names a user (user_id, userId, uid) is checked like a
  // private call — 401 for a bad token, 403 for another user — whether or
  // not the route itself is private or personalises its answer. Public
  // reads without a token, or without a named user, pay nothing. (Writes are
  // private routes already; the token refresh names its user with an
  // expired token by design.)
  app.addHook('preHandler', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization === undefined) return;
    const query = queryOf(req);
    if (!USER_ID_QUERY_KEYS.some((key) => query.has(key))) return;
    return app.authenticate(req, reply);
  });
}

/** The raw query string's parameters: a route's schema may drop keys it does not name. */
function queryOf(req: FastifyRequest): URLSearchParams {
  const mark = req.url.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : req.url.slice(mark + 1));
}
