import { AUTH_FIELDS, loginBody, type LoginBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

/** POST /auth/token (spec §7): body.token and body.user. */
export async function postLogin(email: string, password: string): Promise<LoginBody> {
  const body = await api.post<unknown>('/auth/token', {
    [AUTH_FIELDS.loginEmail]: email,
    [AUTH_FIELDS.loginPassword]: password,
  });
  return parseAnswer(loginBody, body);
}
