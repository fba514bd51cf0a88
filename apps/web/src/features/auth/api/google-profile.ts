import { loginBody, type LoginBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

/** POST /auth/google-profile (spec §4 Social sign-in): the one-time code for the user. */
export async function postGoogleProfile(token: string): Promise<LoginBody> {
  return parseAnswer(loginBody, await api.post<unknown>('/auth/google-profile', { token }));
}

/** GET /auth/google is a browser navigation, not a fetch. */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';
