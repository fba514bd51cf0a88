import { queryOptions, useQuery } from '@tanstack/react-query';
import { authOptionsBody, type AuthOptionsBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { parseAnswer } from './parse';

/** GET /auth/options: whether Google sign-in is on and which captcha to show. */
export async function getAuthOptions(signal?: AbortSignal): Promise<AuthOptionsBody> {
  return parseAnswer(authOptionsBody, await api.get<unknown>('/auth/options', undefined, signal));
}

export const getAuthOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth-options'], queryFn: ({ signal }) => getAuthOptions(signal), staleTime: Infinity });

export function useAuthOptions() {
  return useQuery(getAuthOptionsQueryOptions());
}
