import { z } from 'zod';

// Spec §3 (login response, stored user) and §7 Authentication as they travel
// on the wire. Forms are urlencoded, multipart or JSON alike (DESIGN §3).
// Answers follow DESIGN §3: `{"body": …}` where the spec reads body.X, bare
// `message` / `error` fields at the top level.

/** Spec §5 and DESIGN §4: passwords from 8 characters; long ones kept whole. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** DESIGN §4 (the code length and resend cooldown of spec §9 are in constants.ts). */
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
/** Access token lifetime; the client refreshes under 300 s left (spec §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * Seconds a rotated-out refresh credential still refreshes (to the same
 * successor) for requests that raced the rotation (decision 0026).
 */
export const REFRESH_GRACE_SECONDS = 10;
/** Name of the HttpOnly refresh cookie (contains "refresh", DESIGN §4). */
export const REFRESH_COOKIE = 'bos_refresh';
export const PROFILE_NAME_MAX_LENGTH = 80;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Spec §3: flags travel as '0' / '1' strings. */
const flag = z.enum(['0', '1']);

/** The user as the client stores it (spec §3 Login response and User). */
export const authUser = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
  email_verified: flag,
  is_banned: flag,
  /** '0': not subscribed; '1': an active plan (derived, never stored). */
  user_status: flag,
  /** A file name under /uploads, or null. */
  image_url: z.string().nullable(),
  plan_id: z.number().int().nullable(),
  /** ISO date-time the current plan ends, or null. */
  expired_at: z.string().nullable(),
  role: z.enum(['user', 'admin']),
});
export type AuthUser = z.infer<typeof authUser>;

/**
 * POST /api/auth/token, /api/auth/google-profile: body.token and body.user,
 * and body.refresh_token when a native client asked for it (CLIENT_FIELD).
 */
export const loginBody = z.object({ token: z.string(), user: authUser, refresh_token: z.string().optional() });
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/auth/refresh-token: body.token (and the rotated credential for non-browser clients). */
export const refreshBody = z.object({ token: z.string(), refresh_token: z.string().optional() });
export type RefreshBody = z.infer<typeof refreshBody>;

/** POST /api/auth/check-existing-verification-code (spec §3 Verification check response). */
export const verificationCheckBody = z.object({
  success: z.boolean(),
  has_existing_code: z.boolean(),
  /** Seconds until a new code may be requested (the popup's countdown). */
  remaining_time: z.number().int(),
  error: z.string().optional(),
});
export type VerificationCheckBody = z.infer<typeof verificationCheckBody>;

/** POST /api/auth/resend-verification-code and /api/auth/verify-email. */
export const successBody = z.object({ success: z.boolean(), error: z.string().optional() });
export type SuccessBody = z.infer<typeof successBody>;

/** POST /api/auth/register: 201 on success; a banned account gets 403 with banned true. */
export const registerBody = z.object({
  success: z.boolean(),
  banned: z.boolean(),
  message: z.string(),
  email_verified: flag,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/auth/reset?token=: the e-mail to log in with. */
export const resetBody = z.object({ user: z.object({ user_email: z.string() }) });

/** GET /api/user/{id}, POST /api/user/{id}?uid=, POST /api/auth/update-profile. */
export const userBody = z.object({ user: authUser });

/** GET /api/auth/options: what the sign-in and sign-up screens offer. */
export const authOptionsBody = z.object({
  google: z.boolean(),
  captcha: z.object({
    provider: z.enum(['altcha', 'recaptcha', 'off']),
    /** reCAPTCHA site key; absent otherwise. */
    site_key: z.string().optional(),
  }),
});
export type AuthOptionsBody = z.infer<typeof authOptionsBody>;

/** Form field names (spec §7). The captcha answer travels in `captcha`. */
export const AUTH_FIELDS = {
  loginEmail: 'email',
  loginPassword: 'inputPassword',
  registerName: 'user_name',
  registerEmail: 'user_email',
  registerPassword: 'user_password',
  captcha: 'captcha',
  code: 'verification_code',
  newPassword: 'newPassword',
} as const;

/**
 * Native and TV clients (no cookie jar shared with a browser) send
 * `client=native` with a sign-in (form field) or the header `X-Bosphorus-Client: native`:
 * the refresh credential then comes in `body.refresh_token` instead of the cookie.
 */
export const CLIENT_FIELD = 'client';
export const CLIENT_HEADER = 'x-bosphorus-client';
export const NATIVE_CLIENT = 'native';

// ───────────── e-mail addresses (docs/auth.md "E-mail addresses") ─────────────
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** RFC 5322 atext: the characters of a dot-atom local part. */
const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
/** A DNS label: letters, digits and inner hyphens, 1 to 63 characters (IDNs in their xn-- form). */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * True for an address a mail server would deliver to: a dot-atom local part
 * (no quoted strings, no comments) of at most 64 characters, `@`, and a
 * domain of at least two LDH labels whose last one is not all digits; at
 * most 254 characters in all. ASCII only (decision 0026).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !local.split('.').every((atom) => ATOM.test(atom))) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253) return false;
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]!);
}
