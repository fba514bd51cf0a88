import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SiteOrigins } from '../../plugins/site-origin.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  CLIENT_FIELD,
  envelope,
  loginBody,
  OAUTH_TEXTS,
  safeNextPath,
  missingCaptchaText,
} from '@bosphorus/contract';
import type { Captcha } from '../../lib/captcha.js';
import { authErrorBody, BANNED_ERROR, HttpFailure, privateAnswers } from '../../plugins/auth.js';
import { byIp, MINUTE, type Limits } from '../../plugins/rate-limits.js';
import { sameOriginGuard } from '../../plugins/same-origin.js';
import { clientField } from './fields.js';
import { clientMeta, sessionAnswer } from './session-answer.js';
import type { FlowChecks, OidcClient } from './google-client.js';
import type { OauthService } from './oauth.service.js';

// Spec §4 social sign-in through OpenID Connect (docs/auth.md, decision 0013):
//   GET  /api/auth/google            → the provider (PKCE, state, nonce kept
//                                      in a short signed HttpOnly cookie)
//   GET  /api/auth/google/callback   → /signin?token=<one-time code>[&next=<path>]
//   POST /api/auth/google-profile    → the session, like a sign-in
// From the sign-up page the captcha travels along and is checked first.
// `next` (a path of this site only, contract next-path.ts) is sealed in the
// flow and handed back to the sign-in page, which goes there (decision 0074).

export const FLOW_COOKIE = 'bos_oauth';
const FLOW_TTL_SECONDS = 10 * 60;

export interface OauthRoutesOptions {
  /** Null when Google sign-in is not configured. */
  client: OidcClient | null;
  service: OauthService;
  captcha: Captcha;
  limit: Limits;
  publicUrl: string;
  /** The origin a sign-in starts at: its callback and the way back (decision 0034). */
  origins: Pick<SiteOrigins, 'of'>;
  /** Signs the flow cookie. */
  secret: string;
}

interface Flow extends FlowChecks {
  /** Started from the sign-up page with a solved captcha. */
  signup: boolean;
  /** The origin the sign-in started at: the callback and the way back (decision 0034). */
  site?: string;
  /** Where the viewer was going: a same-site path (safeNextPath), never an address. */
  next?: string;
  /** Seconds since the epoch. */
  exp: number;
}

const startQuery = z.object({
  captcha: z.string().max(10_000).optional(),
  from: z.enum(['register', 'signin']).optional(),
  /** Anything but a same-site path is dropped, not refused: the sign-in still works. */
  next: z.string().max(2000).optional(),
});
const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
const profileForm = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200),
  [CLIENT_FIELD]: clientField,
});

const START_LIMIT = { name: 'google-ip', max: 30, timeWindowMs: MINUTE, key: byIp };

export async function oauthRoutes(app: FastifyInstance, opts: OauthRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { client, service, captcha, limit } = opts;
  const secure = opts.publicUrl.startsWith('https:');
  const flowCookie = { httpOnly: true, sameSite: 'lax' as const, path: '/api/auth/google', secure };
  privateAnswers(app);

  /** Back to a screen of ours with a message (never to an address the request names). */
  const backTo = (reply: FastifyReply, page: '/signin' | '/register', params: Record<string, string>, site: string) =>
    reply.redirect(`${site}${page}?${new URLSearchParams(params).toString()}`, 302);

  api.get(
    '/auth/google',
    { schema: { hide: true, querystring: startQuery }, preHandler: limit(START_LIMIT) },
    async (req, reply) => {
      if (!client) throw new HttpFailure(503, { error: AUTH_ERRORS.googleUnavailable });
      const signup = req.query.from === 'register';
      const site = opts.origins.of(req);
      if (signup && !(await captcha.verify(req.query.captcha, req.ip))) {
        return backTo(reply, '/register', { error: missingCaptchaText(captcha.provider, true) }, site);
      }
      let started;
      try {
        started = await client.start(`${site}/api/auth/google/callback`);
      } catch (error) {
        req.log.error({ err: error }, 'Google sign-in could not start');
        return backTo(reply, signup ? '/register' : '/signin', { error: OAUTH_TEXTS.failed }, site);
      }
      const next = safeNextPath(req.query.next) ?? undefined;
      const flow: Flow = {
        ...started.checks,
        signup,
        site,
        ...(next ? { next } : {}),
        exp: Math.floor(Date.now() / 1000) + FLOW_TTL_SECONDS,
      };
      reply.setCookie(FLOW_COOKIE, sealFlow(flow, opts.secret), { ...flowCookie, maxAge: FLOW_TTL_SECONDS });
      return reply.redirect(started.url, 302);
    },
  );

  api.get(
    '/auth/google/callback',
    { schema: { hide: true, querystring: callbackQuery }, preHandler: limit(START_LIMIT) },
    async (req, reply) => {
      const flow = openFlow(req.cookies?.[FLOW_COOKIE], opts.secret);
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      // The sealed flow says where it started; without one, where this request came.
      const site = flow?.site ?? opts.origins.of(req);
      if (!client) throw new HttpFailure(503, { error: AUTH_ERRORS.googleUnavailable });
      if (req.query.error) return backTo(reply, '/signin', { error: OAUTH_TEXTS.cancelled }, site);
      if (!flow) return backTo(reply, '/signin', { error: OAUTH_TEXTS.expired }, site);

      let identity;
      try {
        // Every parameter the provider sent (code, state, iss…), as sent: the
        // route's schema keeps only the ones it names.
        const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        const callbackUrl = new URL(`${site}/api/auth/google/callback${search}`);
        identity = await client.finish(callbackUrl, flow);
      } catch (error) {
        req.log.warn({ err: error }, 'Google sign-in refused');
        return backTo(reply, '/signin', { error: OAUTH_TEXTS.failed }, site);
      }
      if (!identity.email || !identity.emailVerified) {
        return backTo(reply, '/signin', { error: OAUTH_TEXTS.emailNotVerified }, site);
      }

      const outcome = await service.finish({ subject: identity.subject, email: identity.email, name: identity.name });
      if (outcome.kind === 'failed') return backTo(reply, '/signin', { error: OAUTH_TEXTS.failed }, site);
      if (outcome.kind === 'banned') return backTo(reply, '/signin', { error: AUTH_MESSAGES.banned }, site);
      // The sealed path is checked again: a flow is ours, but the rule is one.
      const next = safeNextPath(flow.next);
      return backTo(reply, '/signin', { token: outcome.code, ...(next ? { next } : {}) }, site);
    },
  );

  api.post(
    '/auth/google-profile',
    {
      schema: {
        body: profileForm,
        response: {
          200: envelope(loginBody),
          400: authErrorBody,
          401: authErrorBody,
          403: authErrorBody,
          429: authErrorBody,
        },
      },
      // It sets the refresh cookie: only from our own pages (login CSRF).
      preHandler: [sameOriginGuard(opts.publicUrl), limit(START_LIMIT)],
    },
    async (req, reply) => {
      const session = await service.exchange(req.body.token, clientMeta(req));
      if (session === 'expired') throw new HttpFailure(401, { error: OAUTH_TEXTS.expired });
      if (session === 'banned') throw new HttpFailure(403, BANNED_ERROR);
      return sessionAnswer(req, reply, opts.publicUrl, session);
    },
  );
}

/** `value.signature`: the flow's checks, readable by us only as long as nobody changed them. */
export function sealFlow(flow: Flow, secret: string): string {
  const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
  const mac = createHmac('sha256', secret).update(value).digest('base64url');
  return `${value}.${mac}`;
}

export function openFlow(sealed: string | undefined, secret: string, now = Date.now()): Flow | null {
  if (!sealed) return null;
  const [value, mac] = sealed.split('.');
  if (!value || !mac) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Flow;
    return flow.exp * 1000 > now ? flow : null;
  } catch {
    return null;
  }
}
