import { API_ERRORS, AUTH_FIELDS, AUTH_MESSAGES } from '@bosphorus/contract';
import { ApiError } from '../../../lib/api';

// Spec §8 'Account and session' and 'Sign-in toasts'.

/**
 * 'Email verification required', or an error mentioning 'Email not
 * verified' or email_verified: the verification popup opens instead.
 */
export function needsVerification(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const text = err.message;
  return (
    text === AUTH_MESSAGES.verificationRequired ||
    text.includes(AUTH_MESSAGES.emailNotVerified) ||
    text.includes('email_verified') ||
    err.data?.email_verified === '0' ||
    err.data?.email_verified === 0
  );
}

/** The server asks for a solved verification before it looks at the password (decision 0111). */
export function needsChallenge(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.field === AUTH_FIELDS.captcha;
}

/** The sign-in toast for a failed login, or null when the popup takes over. */
export function signInErrorMessage(err: unknown): string | null {
  if (needsVerification(err)) return null;
  if (!(err instanceof ApiError) || err.status === 0) return AUTH_MESSAGES.unexpectedError;
  if (err.banned) return AUTH_MESSAGES.banned;
  if (err.message === AUTH_MESSAGES.invalidPasswordServer) return AUTH_MESSAGES.invalidPassword;
  if (err.status === 404) return AUTH_MESSAGES.userNotFound;
  if (err.status === 400) return AUTH_MESSAGES.invalidRequest;
  if (err.status === 500) return err.serverMessage ?? AUTH_MESSAGES.internalServerError;
  // A locked account or a throttled network: the server's text says what to do.
  if (err.status === 429) return err.serverMessage ?? API_ERRORS.tooManyRequests;
  return AUTH_MESSAGES.errorOccurredPrefix + err.message;
}
