import { queryOptions, useQuery } from '@tanstack/react-query';
import { envelope, techSupportBody, type TechSupportBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// GET /api/technical-support (signed in): the connection as our backend sees
// it and the CDN test addresses (decision 0053).

const answer = envelope(techSupportBody);

export async function getTechnicalSupport(signal?: AbortSignal): Promise<TechSupportBody> {
  return answer.parse(await api.get<unknown>('/technical-support', undefined, signal)).body;
}

export const getTechnicalSupportQueryOptions = () =>
  queryOptions({
    queryKey: ['technical-support'],
    queryFn: ({ signal }) => getTechnicalSupport(signal),
    staleTime: 0,
    retry: false,
  });

export function useTechnicalSupport() {
  return useQuery(getTechnicalSupportQueryOptions());
}
