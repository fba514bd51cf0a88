import { AUTH_FIELDS, loginBody, type LoginBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

/**
 * POST /auth/token (spec §7): body.token and body.user. `captcha`: a solved
 * challenge, sent when the server asked for one (an account being guessed
 * at, decision 0111).
 */
export async function postLogin(email: string, password: string, captcha?: string): Promise<LoginBody> {
  const body = await api.post<unknown>('/auth/token', {
    [AUTH_FIELDS.loginEmail]: email,
    [AUTH_FIELDS.loginPassword]: password,
    ...(captcha ? { [AUTH_FIELDS.captcha]: captcha } : {}),
  });
  return parseAnswer(loginBody, body);
}
