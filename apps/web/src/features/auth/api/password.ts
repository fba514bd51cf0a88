import { AUTH_FIELDS, resetBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

/** POST /auth/forgot-password: the same message whether or not the e-mail is known. */
export async function postForgotPassword(email: string): Promise<{ message?: string }> {
  return (await api.post<{ message?: string } | null>('/auth/forgot-password', { email })) ?? {};
}

/** POST /auth/reset?token=: the e-mail to sign in with afterwards. */
export async function postResetPassword(token: string, newPassword: string): Promise<string> {
  const body = await api.post<unknown>('/auth/reset', { [AUTH_FIELDS.newPassword]: newPassword }, undefined, {
    query: { token },
  });
  return parseAnswer(resetBody, body).user.user_email;
}
