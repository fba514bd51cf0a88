import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteOrigins } from '../../plugins/site-origin.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  AUTH_ERRORS,
  AUTH_FIELDS,
  AUTH_MESSAGES,
  AUTH_TEXTS,
  authOptionsBody,
  CLIENT_FIELD,
  EMAIL_MAX_LENGTH,
  envelope,
  isEmailAddress,
  loginBody,
  PASSWORD_MAX_LENGTH,
  REFRESH_COOKIE,
  refreshBody,
  registerBody,
  resetBody,
  successBody,
  verificationCheckBody,
  missingCaptchaText,
} from '@bosphorus/contract';
import type { Captcha } from '../../lib/captcha.js';
import { bearer, HttpFailure, privateAnswers } from '../../plugins/auth.js';
import { errorAnswers } from '../../plugins/routes.js';
import type { AuthService } from './auth.service.js';
import { clientField, clientUserId, newPassword, required, requiredText, userName } from './fields.js';
import { passwordLength } from './passwords.js';
import {
  byEmailField,
  byIp,
  byIpAndEmailField,
  counterOf,
  countFailure,
  isAtMax,
  HOUR,
  MINUTE,
  retryAfter,
  type FailureRule,
  type LimitRule,
  type Limits,
} from '../../plugins/rate-limits.js';
import { sameOriginGuard } from '../../plugins/same-origin.js';
import {
  clientMeta,
  presentedCredential,
  refreshCookieOptions,
  sessionAnswer,
  setRefreshCookie,
} from './session-answer.js';

// docs/auth.md, every call but Google sign-in. Forms arrive urlencoded,
// multipart or JSON alike; answers are {"body": …} through the contract's
// schemas (allow-lists), errors {"error"} (400s name the field).

// ───────────── form fields ─────────────
/** An address a mail server would deliver to (the contract's isEmailAddress, docs/auth.md). */
const email = () =>
  requiredText().max(EMAIL_MAX_LENGTH, AUTH_ERRORS.invalidEmail).refine(isEmailAddress, AUTH_ERRORS.invalidEmail);

const loginForm = z.object({
  [AUTH_FIELDS.loginEmail]: email(),
  [AUTH_FIELDS.loginPassword]: required()
    .min(1, AUTH_ERRORS.required)
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, AUTH_ERRORS.passwordTooLong),
  [CLIENT_FIELD]: clientField,
  /** A solved challenge, asked for only while the account is being guessed at (FAILURES.loginAccount). */
  [AUTH_FIELDS.captcha]: z.string().optional(),
});
const registerForm = z.object({
  [AUTH_FIELDS.registerName]: userName(),
  [AUTH_FIELDS.registerEmail]: email(),
  [AUTH_FIELDS.registerPassword]: newPassword(),
  [AUTH_FIELDS.captcha]: z.string().optional(),
});
const refreshForm = z.object({ user_id: clientUserId, refresh_token: z.string().optional() });
const emailForm = z.object({ email: email() });
const verifyForm = emailForm.extend({ [AUTH_FIELDS.code]: required().trim() });
const resetQuery = z.object({ token: z.string().optional() });
const resetForm = z.object({ [AUTH_FIELDS.newPassword]: required() });
const messageBody = z.object({ message: z.string() });

// ───────────── limits (docs/auth.md "Limits", decisions 0026 and 0111) ─────────────
/** Counted answers: failures, or mails sent (`forgot`, `resend`). */
export const FAILURES = {
  /**
   * 10 failed sign-ins of an account in 15 minutes, from anywhere: the
   * account is being guessed at. Nothing is refused for it (a lock would let
   * anyone lock anyone out, issue 27): an address that has itself failed to
   * sign in lately must then send a solved challenge (decision 0111).
   */
  loginAccount: {
    name: 'login-fail-account',
    max: 10,
    windowMs: 15 * MINUTE,
    key: byEmailField(AUTH_FIELDS.loginEmail),
  },
  /** 10 failed sign-ins of an account from one address in 15 minutes lock it for that address only. */
  loginPair: {
    name: 'login-fail-pair',
    max: 10,
    windowMs: 15 * MINUTE,
    key: byIpAndEmailField(AUTH_FIELDS.loginEmail),
    message: AUTH_MESSAGES.accountLocked,
  },
  /** 25 failed sign-ins from an address in 5 minutes: further failures answer 429; right passwords still sign in. */
  loginIp: { name: 'login-fail-ip', max: 25, windowMs: 5 * MINUTE, key: byIp, message: AUTH_MESSAGES.networkThrottled },
  /** Refused sign-ups (captcha, validation, e-mail taken) of an address. */
  registerFailIp: {
    name: 'register-fail-ip',
    max: 20,
    windowMs: HOUR,
    key: byIp,
    message: AUTH_ERRORS.tooManyFailures,
  },
  /** Accounts created from an address (a generous ceiling for scripted sign-ups that pass the captcha). */
  registerIp: { name: 'register-ip', max: 50, windowMs: HOUR, key: byIp },
  /** Codes mailed to one address (the 60 s cooldown stays besides). */
  resendEmail: { name: 'resend-email', max: 5, windowMs: HOUR, key: byEmailField('email') },
  /** Wrong codes for one e-mail (each code also dies after 5), and from one address. */
  verifyFailEmail: {
    name: 'verify-fail-email',
    max: 10,
    windowMs: HOUR,
    key: byEmailField('email'),
    message: AUTH_ERRORS.tooManyFailures,
  },
  verifyFailIp: {
    name: 'verify-fail-ip',
    max: 30,
    windowMs: 15 * MINUTE,
    key: byIp,
    message: AUTH_ERRORS.tooManyFailures,
  },
  /** Reset links mailed to one address. */
  forgotEmail: { name: 'forgot-email', max: 5, windowMs: HOUR, key: byEmailField('email') },
  /** Refused forgot/reset calls (bad e-mail, invalid or used token, weak password) of an address. */
  resetFailIp: { name: 'reset-fail-ip', max: 20, windowMs: HOUR, key: byIp, message: AUTH_ERRORS.tooManyFailures },
} satisfies Record<string, FailureRule>;

/** Counted attempts (every call). */
export const RULES = {
  /** The code calls together, per address: a cheap ceiling against scripted lookups. */
  codesIp: { name: 'codes-ip', max: 60, timeWindowMs: MINUTE, key: byIp },
} satisfies Record<string, LimitRule>;

const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 429;
const isSuccess = (status: number) => status >= 200 && status < 300;

export interface AuthRoutesOptions {
  service: AuthService;
  captcha: Captcha;
  limit: Limits;
  publicUrl: string;
  /** Where mailed links point (decision 0034). */
  origins: Pick<SiteOrigins, 'forMail'>;
  googleEnabled: boolean;
}

type Hooks = {
  preHandler: (req: FastifyRequest) => Promise<void>;
  onSend?: (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
};
/** Route hooks of several limits, in order. */
function chain(...parts: Hooks[]) {
  return {
    preHandler: parts.map((part) => part.preHandler),
    onSend: parts.flatMap((part) => (part.onSend ? [part.onSend] : [])),
  };
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, captcha, limit } = opts;
  const cookie = refreshCookieOptions(opts.publicUrl);
  const sameOrigin = sameOriginGuard(opts.publicUrl);
  privateAnswers(app);
  /** A call with no body at all is missing its fields: say which. */
  const emptyBody = async (req: FastifyRequest) => {
    req.body ??= {};
  };

  api.post(
    '/auth/token',
    {
      schema: {
        body: loginForm,
        response: { 200: envelope(loginBody), ...errorAnswers(400, 401, 403, 404, 429) },
      },
      preValidation: emptyBody,
      // A foreign page cannot sign a browser in (login CSRF); an address that
      // locked itself out of an account waits; a guessing address proves work.
      preHandler: [sameOrigin, limit.failures(() => false, FAILURES.loginPair).preHandler, challengeGuessers],
    },
    async (req, reply) => {
      let session;
      try {
        session = await service.login(req.body.email, req.body.inputPassword, clientMeta(req));
      } catch (error) {
        await countLoginFailure(req, error);
        throw error;
      }
      return sessionAnswer(req, reply, opts.publicUrl, session);
    },
  );

  /**
   * While an account is being guessed at (FAILURES.loginAccount at its
   * maximum), an address that has failed to sign in lately — to this account
   * or any — must send a solved challenge (the sign-up's captcha: ALTCHA's
   * proof of work by default) before its password is even looked at. An
   * address that has not been guessing signs in as always: the account's
   * counter never refuses its owner (decision 0111).
   */
  async function challengeGuessers(req: FastifyRequest) {
    const counters = limit.counters;
    if (!counters || !isAtMax(FAILURES.loginAccount, await counterOf(counters, req, FAILURES.loginAccount))) return;
    const [address, pair] = await Promise.all([
      counterOf(counters, req, FAILURES.loginIp),
      counterOf(counters, req, FAILURES.loginPair),
    ]);
    if (!address?.count && !pair?.count) return;
    const answer = (req.body as { captcha?: string } | undefined)?.captcha;
    if (await captcha.verify(answer, req.ip)) return;
    throw new HttpFailure(400, { error: AUTH_MESSAGES.signInChallenge, field: AUTH_FIELDS.captcha });
  }

  /**
   * A wrong password or an unknown e-mail counts against the account, the
   * address with the account, and the address; past the address's budget the
   * failure itself answers 429.
   */
  async function countLoginFailure(req: FastifyRequest, error: unknown) {
    if (!limit.counters || !(error instanceof HttpFailure) || (error.status !== 401 && error.status !== 404)) return;
    const [, , address] = await countFailure(limit.counters, req, [
      FAILURES.loginAccount,
      FAILURES.loginPair,
      FAILURES.loginIp,
    ]);
    if (address && address.count > FAILURES.loginIp.max) {
      throw new HttpFailure(429, { error: FAILURES.loginIp.message }, retryAfter(address));
    }
  }

  api.post(
    '/auth/refresh-token',
    {
      schema: { body: refreshForm, response: { 200: envelope(refreshBody), ...errorAnswers(400, 401, 403) } },
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
      schema: { body: refreshForm, response: { 200: messageBody, ...errorAnswers(403) } },
      preValidation: emptyBody,
      preHandler: sameOrigin,
    },
    async (req, reply) => {
      // The refresh credential's session, and the session the Bearer token was issued with.
      await service.logout(presentedCredential(req)?.value ?? null, bearer(req));
      reply.clearCookie(REFRESH_COOKIE, cookie);
      return { message: AUTH_TEXTS.loggedOut };
    },
  );

  api.post(
    '/auth/register',
    {
      schema: { body: registerForm, response: { 201: envelope(registerBody), ...errorAnswers(400, 403, 409, 429) } },
      preValidation: emptyBody,
      ...chain(
        limit.failures(isRefusal, FAILURES.registerFailIp),
        limit.failures((status) => status === 201, FAILURES.registerIp),
      ),
    },
    async (req, reply) => {
      if (!(await captcha.verify(req.body.captcha, req.ip))) {
        throw new HttpFailure(400, { error: missingCaptchaText(captcha.provider), field: AUTH_FIELDS.captcha });
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
      schema: { body: emailForm, response: { 200: envelope(verificationCheckBody), ...errorAnswers(400, 429) } },
      preValidation: emptyBody,
      preHandler: limit(RULES.codesIp),
    },
    async (req) => ({ body: await service.checkExistingCode(req.body.email) }),
  );

  api.post(
    '/auth/resend-verification-code',
    {
      schema: { body: emailForm, response: { 200: envelope(successBody), ...errorAnswers(400, 429, 503) } },
      preValidation: emptyBody,
      ...chain({ preHandler: limit(RULES.codesIp) }, limit.failures(isSuccess, FAILURES.resendEmail)),
    },
    async (req) => {
      await service.resendCode(req.body.email);
      return { body: { success: true } };
    },
  );

  api.post(
    '/auth/verify-email',
    {
      schema: { body: verifyForm, response: { 200: envelope(successBody), ...errorAnswers(400, 429) } },
      preValidation: emptyBody,
      ...chain(
        { preHandler: limit(RULES.codesIp) },
        limit.failures(isRefusal, FAILURES.verifyFailEmail, FAILURES.verifyFailIp),
      ),
    },
    async (req) => {
      await service.verifyEmail(req.body.email, req.body.verification_code);
      return { body: { success: true } };
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: { body: emailForm, response: { 200: messageBody, ...errorAnswers(400, 429) } },
      preValidation: emptyBody,
      ...chain(limit.failures(isRefusal, FAILURES.resetFailIp), limit.failures(isSuccess, FAILURES.forgotEmail)),
    },
    async (req) => {
      await service.forgotPassword(req.body.email, opts.origins.forMail(req));
      return { message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  api.post(
    '/auth/reset',
    {
      schema: {
        querystring: resetQuery,
        body: resetForm,
        response: { 200: envelope(resetBody), ...errorAnswers(400, 429) },
      },
      preValidation: emptyBody,
      ...limit.failures(isRefusal, FAILURES.resetFailIp),
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
    { schema: { response: { 200: z.record(z.string(), z.unknown()), ...errorAnswers(404) } } },
    async () => {
      if (captcha.provider !== 'altcha') throw new HttpFailure(404, { error: API_ERRORS.notFound });
      return (await captcha.challenge()) as unknown as Record<string, unknown>;
    },
  );
}
