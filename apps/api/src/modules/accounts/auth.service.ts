import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_ERRORS,
  AUTH_FIELDS,
  AUTH_MESSAGES,
  AUTH_TEXTS,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_SECONDS,
  REFRESH_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  RESEND_COOLDOWN_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  type AuthUser,
  type RegisterBody,
  type VerificationCheckBody,
} from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { BANNED_ERROR, HttpFailure } from '../../plugins/auth.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow, UsersRepository } from './users.repository.js';
import { toAuthUser } from './user-view.js';
import type { AuthRepository } from './auth.repository.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { createCodeHasher, newVerificationCode, randomToken, sha256, type AccessTokens } from './tokens.js';

// Spec §7 Authentication with DESIGN §4 (docs/auth.md is the contract).
// Refusals are HttpFailure (status + answer); routes only translate HTTP.

const VERIFY_PURPOSE = 'verify_email';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface Session {
  token: string;
  refreshToken: string;
  user: AuthUser;
}

export interface AuthServiceDeps {
  db: Db;
  /** Sessions, codes and resets (this module's tables). */
  repo: AuthRepository;
  /** Accounts (`users.repository.ts`, the owner of the users table). */
  users: UsersRepository;
  tokens: AccessTokens;
  /** Secret keying the HMAC of e-mail codes. */
  codeSecret: string;
  mailer: Mailer;
  requireEmailVerification: boolean;
  log: FastifyBaseLogger;
}

const invalidCode = () => new HttpFailure(400, { error: AUTH_MESSAGES.invalidCode, field: AUTH_FIELDS.code });

export function createAuthService(deps: AuthServiceDeps) {
  const { db, repo, users, tokens, mailer } = deps;
  const codes = createCodeHasher(deps.codeSecret);
  // A rotated credential's successor is derived from it (HMAC under a server
  // key), so a request that raced the rotation can be handed the very same
  // successor without the server keeping it (decision 0026).
  const successorKey = createHmac('sha256', deps.codeSecret).update('bosphorus refresh successors').digest();
  const successorOf = (credential: string) => createHmac('sha256', successorKey).update(credential).digest('base64url');

  async function newRefresh(
    userId: number,
    familyId: string,
    meta: ClientMeta,
    q: Queryable = db,
    refreshToken = randomToken(),
  ) {
    await repo.insertRefresh(
      {
        userId,
        familyId,
        tokenHash: sha256(refreshToken),
        ttlDays: REFRESH_TOKEN_TTL_DAYS,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip,
      },
      q,
    );
    return refreshToken;
  }

  /** Mails a fresh code (the older ones die). Must run inside the user's lock. */
  async function storeCode(userId: number, q: Queryable) {
    const code = newVerificationCode();
    await repo.insertCode(
      { userId, purpose: VERIFY_PURPOSE, codeHash: codes.hash(userId, code), ttlSeconds: EMAIL_CODE_TTL_SECONDS },
      q,
    );
    return code;
  }

  function codeMail(to: string, code: string) {
    const minutes = EMAIL_CODE_TTL_SECONDS / 60;
    return {
      to,
      subject: `Your Bosphorus verification code: ${code}`,
      text:
        `Your verification code is ${code}.\n\n` +
        `Enter it in the verification window to confirm your e-mail address. ` +
        `It expires in ${minutes} minutes and works once.\n\n` +
        `If you did not create a Bosphorus account, you can ignore this mail.`,
    };
  }

  return {
    async login(email: string, password: string, meta: ClientMeta): Promise<Session> {
      const user = await users.byEmail(email);
      // Unknown e-mails and password-less (Google) accounts cost a hash too.
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user) throw new HttpFailure(404, { error: AUTH_TEXTS.userNotFound });
      if (!ok) throw new HttpFailure(401, { error: AUTH_MESSAGES.invalidPasswordServer });
      if (user.banned) throw new HttpFailure(403, BANNED_ERROR);
      if (deps.requireEmailVerification && !user.verified) {
        throw new HttpFailure(403, { error: AUTH_MESSAGES.verificationRequired, email_verified: '0' });
      }
      return this.startSession(user, meta);
    },

    /** A new session family for a signed-in user (login, Google). */
    async startSession(user: UserRow, meta: ClientMeta): Promise<Session> {
      const sessionId = randomUUID();
      const refreshToken = await newRefresh(user.id, sessionId, meta);
      return { token: await tokens.sign(user.id, sessionId), refreshToken, user: toAuthUser(user) };
    },

    /** A one-time code that carries a finished Google sign-in to POST /auth/google-profile (stored hashed). */
    async issueExchangeCode(userId: number, ttlSeconds: number): Promise<string> {
      const code = randomToken();
      await repo.insertExchange(userId, sha256(code), ttlSeconds);
      return code;
    },

    /** Uses an exchange code up: the user it names, or null when unknown, used or expired. */
    redeemExchangeCode: (code: string): Promise<number | null> => repo.consumeExchange(sha256(code)),

    /**
     * Rotates a refresh credential. A used one revokes its whole family (a
     * stolen copy was replayed or the owner was), except within
     * REFRESH_GRACE_SECONDS of its rotation while its successor is still
     * unused: then it answers that same successor (two requests of one
     * client that raced). `user_id`, when given, must be the credential's user.
     */
    async refresh(credential: string, claimedUserIds: string[], meta: ClientMeta) {
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.refreshByHash(sha256(credential), tx, REFRESH_GRACE_SECONDS);
        if (!row || row.revoked || row.expired) return { kind: 'invalid' as const };
        let graceSuccessor: string | null = null;
        if (row.used) {
          const successor = successorOf(credential);
          const next = row.usedWithinGrace ? await repo.refreshByHash(sha256(successor), tx, 0) : null;
          if (!next || next.familyId !== row.familyId || next.used || next.revoked || next.expired) {
            await repo.revokeFamily(row.familyId, tx);
            return { kind: 'reused' as const, userId: row.userId };
          }
          graceSuccessor = successor;
        }
        if (claimedUserIds.some((id) => id !== String(row.userId))) return { kind: 'other-user' as const };
        const user = await users.byId(row.userId, tx);
        if (!user) return { kind: 'invalid' as const };
        if (user.banned) return { kind: 'banned' as const };
        const session = { userId: row.userId, sessionId: row.familyId };
        if (graceSuccessor !== null) return { kind: 'ok' as const, ...session, refreshToken: graceSuccessor };
        await repo.markRefreshUsed(row.id, tx);
        const refreshToken = await newRefresh(row.userId, row.familyId, meta, tx, successorOf(credential));
        return { kind: 'ok' as const, ...session, refreshToken };
      });
      switch (outcome.kind) {
        case 'ok':
          return {
            token: await tokens.sign(outcome.userId, outcome.sessionId),
            refreshToken: outcome.refreshToken,
          };
        case 'reused':
          deps.log.warn({ userId: outcome.userId }, 'refresh credential reused: session family revoked');
          throw new HttpFailure(401, { error: AUTH_ERRORS.unauthorized });
        case 'other-user':
          throw new HttpFailure(403, { error: AUTH_ERRORS.forbidden });
        case 'banned':
          throw new HttpFailure(403, BANNED_ERROR);
        default:
          throw new HttpFailure(401, { error: AUTH_ERRORS.unauthorized });
      }
    },

    /**
     * Ends the session of the refresh credential, and the one the access
     * token was issued with: a client that signs out with only its Bearer
     * token ends its session too (issue 27 finding 6).
     */
    async logout(credential: string | null, accessToken: string | null = null) {
      const sessionId = accessToken ? await tokens.sessionOf(accessToken) : null;
      if (!credential && !sessionId) return;
      await db.transaction(async (tx) => {
        const row = credential ? await repo.refreshByHash(sha256(credential), tx) : null;
        if (row) await repo.revokeFamily(row.familyId, tx);
        if (sessionId && sessionId !== row?.familyId) await repo.revokeFamily(sessionId, tx);
      });
    },

    async register(input: { name: string; email: string; password: string }): Promise<RegisterBody> {
      const existing = await users.byEmail(input.email);
      if (existing?.banned) throw new HttpFailure(403, { ...BANNED_ERROR, banned: true });
      if (existing) throw new HttpFailure(409, { error: AUTH_ERRORS.emailTaken, field: AUTH_FIELDS.registerEmail });
      const passwordHash = await hashPassword(input.password);
      const verified = !deps.requireEmailVerification;
      let code: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const id = await users.create({ email: input.email, name: input.name, passwordHash, verified }, tx);
          if (!verified) code = await storeCode(id, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new HttpFailure(409, { error: AUTH_ERRORS.emailTaken, field: AUTH_FIELDS.registerEmail });
        }
        throw error;
      }
      if (code !== null) {
        // Not awaited: a slow or failing mail server must not hold the
        // answer. The account exists either way and the popup's Resend Code
        // tries again.
        void mailer.send(codeMail(input.email, code)).catch((error: unknown) => {
          deps.log.error({ err: error }, 'verification mail failed');
        });
      }
      return {
        success: true,
        banned: false,
        message: verified ? AUTH_TEXTS.registered : AUTH_MESSAGES.registrationSuccessfulVerify,
        email_verified: verified ? '1' : '0',
      };
    },

    async checkExistingCode(email: string): Promise<VerificationCheckBody> {
      const user = await users.byEmail(email);
      if (!user) return { success: false, has_existing_code: false, remaining_time: 0 };
      const code = user.verified ? null : await repo.latestCode(user.id, VERIFY_PURPOSE);
      const live = code !== null && !code.expired && code.attempts < EMAIL_CODE_MAX_ATTEMPTS;
      const age = await repo.lastCodeAge(user.id, VERIFY_PURPOSE);
      const remaining = age === null ? 0 : Math.max(0, RESEND_COOLDOWN_SECONDS - age);
      return { success: true, has_existing_code: live, remaining_time: remaining };
    },

    /** A new code, at most one per cooldown (a business rule: always on). */
    async resendCode(email: string): Promise<void> {
      const user = await users.byEmail(email);
      // Unknown or already verified: the same answer, nothing sent.
      if (!user || user.verified || user.banned) return;
      const outcome = await db.transaction(async (tx) => {
        await users.lock(user.id, tx);
        const age = await repo.lastCodeAge(user.id, VERIFY_PURPOSE, tx);
        if (age !== null && age < RESEND_COOLDOWN_SECONDS) {
          return { code: null, wait: RESEND_COOLDOWN_SECONDS - age };
        }
        return { code: await storeCode(user.id, tx), wait: 0 };
      });
      if (outcome.code === null) {
        throw new HttpFailure(429, { error: AUTH_ERRORS.resendCooldown }, { 'retry-after': String(outcome.wait) });
      }
      try {
        await mailer.send(codeMail(user.email, outcome.code));
      } catch (error) {
        deps.log.error({ err: error }, 'verification mail failed');
        throw new HttpFailure(503, { error: AUTH_MESSAGES.failedToSendCode });
      }
    },

    async verifyEmail(email: string, code: string): Promise<void> {
      const user = await users.byEmail(email);
      if (!user || !/^\d+$/.test(code)) throw invalidCode();
      const outcome = await db.transaction(async (tx) => {
        await users.lock(user.id, tx);
        const row = await repo.latestCode(user.id, VERIFY_PURPOSE, tx);
        if (!row) return 'invalid' as const;
        if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return 'dead' as const;
        if (row.expired) return 'expired' as const;
        if (!codes.matches(row.codeHash, user.id, code)) {
          const attempts = await repo.countWrongAttempt(row.id, tx);
          return attempts >= EMAIL_CODE_MAX_ATTEMPTS ? ('dead' as const) : ('invalid' as const);
        }
        await repo.consumeCode(row.id, tx);
        await users.markVerified(user.id, tx);
        return 'ok' as const;
      });
      if (outcome === 'ok') return;
      if (outcome === 'dead')
        throw new HttpFailure(400, { error: AUTH_ERRORS.tooManyAttempts, field: AUTH_FIELDS.code });
      if (outcome === 'expired')
        throw new HttpFailure(400, { error: AUTH_ERRORS.codeExpired, field: AUTH_FIELDS.code });
      throw invalidCode();
    },

    /**
     * Same answer for every e-mail; the mail goes out in the background.
     * site: the origin of the link (PUBLIC_URL, or the request's when it
     * can only be the viewer's own network: `SiteOrigins.forMail`).
     */
    async forgotPassword(email: string, site: string): Promise<void> {
      const user = await users.byEmail(email);
      if (!user || user.banned) return;
      const token = randomToken();
      await repo.insertReset({ userId: user.id, tokenHash: sha256(token), ttlSeconds: RESET_TOKEN_TTL_SECONDS });
      // Never from a Host a stranger could name (decision 0034).
      const link = `${site}/newpassword?token=${encodeURIComponent(token)}`;
      const minutes = RESET_TOKEN_TTL_SECONDS / 60;
      // Not awaited: a known e-mail must not answer slower than an unknown one.
      void mailer
        .send({
          to: user.email,
          subject: 'Reset your Bosphorus password',
          text:
            `Someone asked to reset the password of your Bosphorus account.\n\n` +
            `Choose a new password here (the link works once, for ${minutes} minutes):\n${link}\n\n` +
            `If it was not you, ignore this mail: your password stays as it is.`,
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'reset mail failed'));
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(token: string, newPassword: string): Promise<{ user_email: string }> {
      const invalid = () => new HttpFailure(400, { error: AUTH_ERRORS.resetTokenInvalid, field: 'token' });
      const tokenHash = sha256(token);
      if (!(await repo.usableReset(tokenHash))) throw invalid();
      const problem = passwordProblem(newPassword);
      if (problem)
        throw new HttpFailure(400, { error: `${AUTH_FIELDS.newPassword}: ${problem}`, field: AUTH_FIELDS.newPassword });
      const passwordHash = await hashPassword(newPassword);
      const userId = await db.transaction(async (tx) => {
        const reset = await repo.usableReset(tokenHash, tx);
        if (!reset) return null;
        await repo.useResets(reset.userId, tx);
        await users.setPassword(reset.userId, passwordHash, tx);
        // The link proved the mailbox: the account counts as verified.
        await users.markVerified(reset.userId, tx);
        await repo.revokeAllOfUser(reset.userId, tx);
        return reset.userId;
      });
      if (userId === null) throw invalid();
      const user = await users.byId(userId);
      return { user_email: user!.email };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
