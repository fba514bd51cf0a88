import { queryOptions, useQuery } from '@tanstack/react-query';
import { techSupportBody, type TechSupportBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// GET /api/technical-support (signed in): the connection as our backend sees
// it and the CDN test addresses (decision 0053).

export async function getTechnicalSupport(signal?: AbortSignal): Promise<TechSupportBody> {
  // The client unwraps the answer's `body` (lib/api.ts).
  return techSupportBody.parse(await api.get<unknown>('/technical-support', undefined, signal));
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
