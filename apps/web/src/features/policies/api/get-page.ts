import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageBody, type Page } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Our GET /pages/{slug} (decision 0025): a policy page as structured blocks.

export async function getPage(slug: string, signal?: AbortSignal): Promise<Page> {
  // The client hands back the answer's `body` (lib/api.ts).
  return pageBody.parse(await api.get<unknown>(`/pages/${encodeURIComponent(slug)}`, undefined, signal)).page;
}

export const getPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['page', slug],
    queryFn: ({ signal }) => getPage(slug, signal),
    staleTime: 5 * 60_000,
  });

export function usePage(slug: string) {
  return useQuery(getPageQueryOptions(slug));
}
