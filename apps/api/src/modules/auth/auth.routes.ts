import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  AUTH_ERRORS,
  AUTH_FIELDS,
  AUTH_MESSAGES,
  authOptionsBody,
  envelope,
  loginBody,
  PASSWORD_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_DAYS,
  refreshBody,
  registerBody,
  resetBody,
  successBody,
  verificationCheckBody,
} from '@bosphorus/contract';
import type { Captcha } from '../../lib/captcha.js';
import { authErrorBody, HttpFailure, privateAnswers } from '../../plugins/auth.js';
import { AUTH_TEXTS, type AuthService, type ClientMeta } from './auth.service.js';
import { passwordLength, passwordProblem } from './passwords.js';
import { byEmailField, byIp, HOUR, MINUTE, type LimitRule, type Limits } from './rate-limits.js';

// docs/auth.md, every call but Google sign-in. Forms arrive urlencoded,
// multipart or JSON alike; answers are {"body": …} through the contract's
// schemas (allow-lists), errors {"error"} (400s name the field).

// ───────────── form fields ─────────────
const required = () =>
  z.string({ error: (issue) => (issue.input === undefined ? AUTH_ERRORS.required : 'must be text') });
const requiredText = () => required().trim().min(1, AUTH_ERRORS.required);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = () => requiredText().max(254, AUTH_ERRORS.invalidEmail).regex(EMAIL_PATTERN, AUTH_ERRORS.invalidEmail);
/** A new password: 8 to 256 characters, kept exactly as typed. */
export const newPassword = () =>
  required().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const userName = () =>
  requiredText().max(PROFILE_NAME_MAX_LENGTH, `must be at most ${PROFILE_NAME_MAX_LENGTH} characters`);
/** A user id as forms (text) or JSON (a number) carry it. */
export const clientUserId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .optional();

const loginForm = z.object({
  [AUTH_FIELDS.loginEmail]: requiredText().max(254, AUTH_ERRORS.invalidEmail),
  [AUTH_FIELDS.loginPassword]: required()
    .min(1, AUTH_ERRORS.required)
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, AUTH_ERRORS.passwordTooLong),
});
const registerForm = z.object({
  [AUTH_FIELDS.registerName]: userName(),
  [AUTH_FIELDS.registerEmail]: email(),
  [AUTH_FIELDS.registerPassword]: newPassword(),
  [AUTH_FIELDS.captcha]: z.string().optional(),
});
const refreshForm = z.object({ user_id: clientUserId, refresh_token: z.string().optional() });
const emailForm = z.object({ email: requiredText().max(254, AUTH_ERRORS.invalidEmail) });
const verifyForm = emailForm.extend({ [AUTH_FIELDS.code]: required().trim() });
const resetQuery = z.object({ token: z.string().optional() });
const resetForm = z.object({ [AUTH_FIELDS.newPassword]: required() });
const messageBody = z.object({ message: z.string() });

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, authErrorBody]));

// ───────────── limits (docs/auth.md "Limits") ─────────────
export const RULES = {
  loginIp: { name: 'login-ip', max: 10, timeWindowMs: MINUTE, key: byIp },
  loginAccount: { name: 'login-email', max: 5, timeWindowMs: MINUTE, key: byEmailField(AUTH_FIELDS.loginEmail) },
  registerIp: { name: 'register-ip', max: 5, timeWindowMs: HOUR, key: byIp },
  codesIp: { name: 'codes-ip', max: 10, timeWindowMs: MINUTE, key: byIp },
  codesEmail: { name: 'codes-email', max: 10, timeWindowMs: MINUTE, key: byEmailField('email') },
  resetIp: { name: 'reset-ip', max: 5, timeWindowMs: HOUR, key: byIp },
} satisfies Record<string, LimitRule>;

export interface AuthRoutesOptions {
  service: AuthService;
  captcha: Captcha;
  limit: Limits;
  publicUrl: string;
  googleEnabled: boolean;
}

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

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, captcha, limit } = opts;
  const cookie = refreshCookieOptions(opts.publicUrl);
  const allowedOrigin = new URL(opts.publicUrl).origin;
  privateAnswers(app);

  /**
   * DESIGN §4: a cookie-carried state change must come from our own pages
   * (or no browser): PUBLIC_URL's origin, or the origin the request itself
   * was addressed to (the development server's proxy keeps its own host). A
   * page elsewhere cannot make a browser send a foreign Origin with our Host.
   */
  const sameOrigin = async (req: FastifyRequest) => {
    const origin = req.headers.origin;
    if (origin === undefined || origin === allowedOrigin) return;
    if (req.headers.host && origin === `${req.protocol}://${req.headers.host}`) return;
    throw new HttpFailure(403, { error: AUTH_ERRORS.crossOrigin });
  };
  /** A call with no body at all is missing its fields: say which. */
  const emptyBody = async (req: FastifyRequest) => {
    req.body ??= {};
  };

  api.post(
    '/auth/token',
    {
      schema: {
        body: loginForm,
        response: { 200: envelope(loginBody), ...errors(400, 401, 403, 404, 429) },
      },
      preValidation: emptyBody,
      preHandler: limit(RULES.loginIp, RULES.loginAccount),
    },
    async (req, reply) => {
      const session = await service.login(req.body.email, req.body.inputPassword, clientMeta(req));
      setRefreshCookie(reply, opts.publicUrl, session.refreshToken);
      return { body: { token: session.token, user: session.user } };
    },
  );

  api.post(
    '/auth/refresh-token',
    {
      schema: { body: refreshForm, response: { 200: envelope(refreshBody), ...errors(400, 401, 403) } },
      preValidation: emptyBody,
      preHandler: sameOrigin,
    },
    async (req, reply) => {
      const credential = presentedCredential(req);
      if (!credential) throw new HttpFailure(401, { error: AUTH_ERRORS.refreshRequired });
      const query = (req.query ?? {}) as Record<string, unknown>;
      const claimed = [req.body.user_id, query.user_id]
        .filter((id) => id !== undefined && id !== '')
        .map((id) => String(id));
      const result = await service.refresh(credential.value, claimed, clientMeta(req));
      if (credential.from === 'cookie') {
        setRefreshCookie(reply, opts.publicUrl, result.refreshToken);
        return { body: { token: result.token } };
      }
      return { body: { token: result.token, refresh_token: result.refreshToken } };
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: { body: refreshForm, response: { 200: messageBody, ...errors(403) } },
      preValidation: emptyBody,
      preHandler: sameOrigin,
    },
    async (req, reply) => {
      await service.logout(presentedCredential(req)?.value ?? null);
      reply.clearCookie(REFRESH_COOKIE, cookie);
      return { message: AUTH_TEXTS.loggedOut };
    },
  );

  api.post(
    '/auth/register',
    {
      schema: { body: registerForm, response: { 201: envelope(registerBody), ...errors(400, 403, 409, 429) } },
      preValidation: emptyBody,
      preHandler: limit(RULES.registerIp),
    },
    async (req, reply) => {
      if (!(await captcha.verify(req.body.captcha, req.ip))) {
        throw new HttpFailure(400, { error: AUTH_MESSAGES.completeCaptcha, field: AUTH_FIELDS.captcha });
      }
      const body = await service.register({
        name: req.body.user_name,
        email: req.body.user_email,
        password: req.body.user_password,
      });
      return reply.code(201).send({ body });
    },
  );

  api.post(
    '/auth/check-existing-verification-code',
    {
      schema: { body: emailForm, response: { 200: envelope(verificationCheckBody), ...errors(400, 429) } },
      preValidation: emptyBody,
      preHandler: limit(RULES.codesIp),
    },
    async (req) => ({ body: await service.checkExistingCode(req.body.email) }),
  );

  api.post(
    '/auth/resend-verification-code',
    {
      schema: { body: emailForm, response: { 200: envelope(successBody), ...errors(400, 429, 503) } },
      preValidation: emptyBody,
      preHandler: limit(RULES.codesIp, RULES.codesEmail),
    },
    async (req) => {
      await service.resendCode(req.body.email);
      return { body: { success: true } };
    },
  );

  api.post(
    '/auth/verify-email',
    {
      schema: { body: verifyForm, response: { 200: envelope(successBody), ...errors(400, 429) } },
      preValidation: emptyBody,
      preHandler: limit(RULES.codesIp, RULES.codesEmail),
    },
    async (req) => {
      await service.verifyEmail(req.body.email, req.body.verification_code);
      return { body: { success: true } };
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: { body: emailForm, response: { 200: messageBody, ...errors(400, 429) } },
      preValidation: emptyBody,
      preHandler: limit(RULES.resetIp),
    },
    async (req) => {
      await service.forgotPassword(req.body.email);
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  api.post(
    '/auth/reset',
    {
      schema: {
        querystring: resetQuery,
        body: resetForm,
        response: { 200: envelope(resetBody), ...errors(400, 429) },
      },
      preValidation: emptyBody,
      preHandler: limit(RULES.resetIp),
    },
    async (req) => {
      const user = await service.resetPassword(req.query.token ?? '', req.body.newPassword);
      return { body: { user } };
    },
  );

  api.get('/auth/options', { schema: { response: { 200: envelope(authOptionsBody) } } }, () => ({
    body: {
      google: opts.googleEnabled,
      captcha: {
        provider: captcha.provider,
        ...(captcha.provider === 'recaptcha' && captcha.siteKey ? { site_key: captcha.siteKey } : {}),
      },
    },
  }));

  api.get(
    '/auth/captcha-challenge',
    { schema: { response: { 200: z.record(z.string(), z.unknown()), ...errors(404) } } },
    async () => {
      if (captcha.provider !== 'altcha') throw new HttpFailure(404, { error: API_ERRORS.notFound });
      return (await captcha.challenge()) as unknown as Record<string, unknown>;
    },
  );
}
