import { describe, expect, it } from 'vitest';
import { API_ERRORS, AUTH_MESSAGES } from '@bosphorus/contract';
import { ApiError, NetworkError } from '../../../lib/api';
import { needsVerification, signInErrorMessage } from './sign-in-errors';

const apiError = (status: number, error?: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, error ?? `Request failed (${status})`, undefined, error ? { error, ...extra } : null);

describe('sign-in toasts (spec §8)', () => {
  it('maps 404, 400 and 500', () => {
    expect(signInErrorMessage(apiError(404, 'User not found'))).toBe(AUTH_MESSAGES.userNotFound);
    expect(signInErrorMessage(apiError(400, 'email is required'))).toBe(AUTH_MESSAGES.invalidRequest);
    expect(signInErrorMessage(apiError(500, 'Database down'))).toBe('Database down');
    expect(signInErrorMessage(apiError(500))).toBe(AUTH_MESSAGES.internalServerError);
  });

  it("maps the server's 'Invalid Password!'", () => {
    expect(signInErrorMessage(apiError(401, AUTH_MESSAGES.invalidPasswordServer))).toBe(AUTH_MESSAGES.invalidPassword);
  });

  it("shows a 429's own text (a locked account, a throttled network)", () => {
    expect(signInErrorMessage(apiError(429, AUTH_MESSAGES.accountLocked))).toBe(AUTH_MESSAGES.accountLocked);
    expect(signInErrorMessage(apiError(429))).toBe(API_ERRORS.tooManyRequests);
  });

  it('prefixes any other answer and covers no answer at all', () => {
    expect(signInErrorMessage(apiError(409, 'Conflict'))).toBe(AUTH_MESSAGES.errorOccurredPrefix + 'Conflict');
    expect(signInErrorMessage(new NetworkError('Failed to fetch'))).toBe(AUTH_MESSAGES.unexpectedError);
    expect(signInErrorMessage(new TypeError('x'))).toBe(AUTH_MESSAGES.unexpectedError);
  });

  it('says a banned account is banned', () => {
    expect(signInErrorMessage(apiError(403, AUTH_MESSAGES.banned, { is_banned: '1' }))).toBe(AUTH_MESSAGES.banned);
  });

  it('suppresses the toast when verification is needed', () => {
    for (const err of [
      apiError(403, AUTH_MESSAGES.verificationRequired, { email_verified: '0' }),
      apiError(403, 'Login refused: Email not verified'),
      apiError(400, 'email_verified is 0'),
    ]) {
      expect(needsVerification(err)).toBe(true);
      expect(signInErrorMessage(err)).toBeNull();
    }
    expect(needsVerification(apiError(404, 'User not found'))).toBe(false);
  });
});
