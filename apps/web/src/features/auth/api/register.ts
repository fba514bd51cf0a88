import { AUTH_FIELDS, registerBody, type RegisterBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  captcha: string;
}

/** POST /auth/register (spec §7): 201 with success, banned, message, email_verified. */
export async function postRegister({ name, email, password, captcha }: RegisterInput): Promise<RegisterBody> {
  const body = await api.post<unknown>('/auth/register', {
    [AUTH_FIELDS.registerName]: name,
    [AUTH_FIELDS.registerEmail]: email,
    [AUTH_FIELDS.registerPassword]: password,
    [AUTH_FIELDS.captcha]: captcha,
  });
  return parseAnswer(registerBody, body);
}
