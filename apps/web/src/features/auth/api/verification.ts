import {
  AUTH_FIELDS,
  successBody,
  verificationCheckBody,
  type SuccessBody,
  type VerificationCheckBody,
} from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

// The three calls of the verification popup (spec §7 Authentication).

/** POST /auth/check-existing-verification-code: remaining_time feeds the countdown. */
export async function checkExistingCode(email: string): Promise<VerificationCheckBody> {
  return parseAnswer(
    verificationCheckBody,
    await api.post<unknown>('/auth/check-existing-verification-code', { email }),
  );
}

/** POST /auth/resend-verification-code. */
export async function resendCode(email: string): Promise<SuccessBody> {
  return parseAnswer(successBody, await api.post<unknown>('/auth/resend-verification-code', { email }));
}

/** POST /auth/verify-email. */
export async function verifyEmail(email: string, code: string): Promise<SuccessBody> {
  return parseAnswer(successBody, await api.post<unknown>('/auth/verify-email', { email, [AUTH_FIELDS.code]: code }));
}
