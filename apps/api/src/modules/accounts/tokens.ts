import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, VERIFICATION_CODE_LENGTH } from '@bosphorus/contract';

// Access tokens (JWT, HS256 only), opaque refresh and reset credentials
// (stored as SHA-256) and e-mail codes (stored as HMAC-SHA-256 under a
// server secret, so a leaked table does not give 6-digit codes away).

export const ACCESS_TOKEN_TYPE = 'access';
const ALGORITHM = 'HS256';

export interface AccessTokens {
  /** A token for the user; `sessionId` names the session (refresh family) it was issued with. */
  sign(userId: number, sessionId?: string): Promise<string>;
  /** The user id of a valid access token, or null (any failure). */
  verify(token: string): Promise<number | null>;
  /** When a token `verify` accepted was issued (Unix seconds); null for any other token. */
  issuedAt(token: string): number | null;
  /**
   * The session a token of ours was issued with (its `sid`), even when the
   * token has expired: sign-out ends that session (issue 27 finding 6). Null
   * for a token that is not ours or names no session.
   */
  sessionOf(token: string): Promise<string | null>;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verified access tokens remembered at most (oldest out first); one per active client. */
const VERIFIED_TOKENS_HELD = 50_000;

export function createAccessTokens(secret: string): AccessTokens {
  const verified = new Map<string, { userId: number; expiresAt: number; issuedAt: number }>();
  // Imported once: given raw bytes, jose imports the key again on every
  // call, which was half the cost of verifying a token (decision 0028).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(userId, sessionId) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ typ: ACCESS_TOKEN_TYPE, ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    async verify(token) {
      // A client sends the same token with every request for its lifetime:
      // a token verified once is remembered until it expires (the exact
      // string, so nothing unverified can match), and the signature is
      // checked again only for tokens not seen yet (decision 0028).
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.userId;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['sub', 'exp'],
        });
        if (payload.typ !== ACCESS_TOKEN_TYPE) return null;
        if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,14}$/.test(payload.sub)) return null;
        const userId = Number(payload.sub);
        if (verified.size >= VERIFIED_TOKENS_HELD) verified.delete(verified.keys().next().value!);
        const issuedAt = typeof payload.iat === 'number' ? payload.iat : payload.exp! - ACCESS_TOKEN_TTL_SECONDS;
        verified.set(token, { userId, expiresAt: payload.exp! * 1000, issuedAt });
        return userId;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
    issuedAt(token) {
      return verified.get(token)?.issuedAt ?? null;
    },
    async sessionOf(token) {
      try {
        // The signature must be ours; the expiry does not matter here (a
        // client signs out with whatever token it holds).
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          currentDate: new Date(0),
        });
        if (payload.typ !== ACCESS_TOKEN_TYPE) return null;
        return typeof payload.sid === 'string' && SESSION_ID.test(payload.sid) ? payload.sid : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

/** 32 random bytes, base64url: refresh credentials and reset tokens (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** A credential as a client may send it: base64url of 32 bytes. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

export function createCodeHasher(secret: string) {
  const key = createHmac('sha256', secret).update('bosphorus e-mail codes').digest();
  return {
    hash(userId: number, code: string): Buffer {
      return createHmac('sha256', key).update(`${userId}:${code}`).digest();
    },
    matches(stored: Uint8Array, userId: number, code: string): boolean {
      const expected = this.hash(userId, code);
      const actual = Buffer.from(stored);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;
