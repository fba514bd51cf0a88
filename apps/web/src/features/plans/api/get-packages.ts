import { queryOptions, useQuery } from '@tanstack/react-query';
import { packagesBody, type Package } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7: GET /packages → body.packages (spec §3 Package, amounts in whole
// dollars, duration with its unit type).

export async function getPackages(signal?: AbortSignal): Promise<Package[]> {
  const body = await api.get<unknown>('/packages', undefined, signal);
  return packagesBody.parse(body).packages;
}

export function getPackagesQueryOptions() {
  return queryOptions({
    queryKey: ['packages'],
    queryFn: ({ signal }) => getPackages(signal),
  });
}

export function usePackages() {
  return useQuery(getPackagesQueryOptions());
}
