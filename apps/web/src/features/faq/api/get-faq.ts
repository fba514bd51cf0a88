import { queryOptions, useQuery } from '@tanstack/react-query';
import { faqAnswer, type FaqItem } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7: GET /faq → status 'success' and data (header, id, text), top level.

export async function getFaq(signal?: AbortSignal): Promise<FaqItem[]> {
  return faqAnswer.parse(await api.get<unknown>('/faq', undefined, signal)).data;
}

export const getFaqQueryOptions = () =>
  queryOptions({ queryKey: ['faq'], queryFn: ({ signal }) => getFaq(signal), staleTime: 5 * 60_000 });

export function useFaq() {
  return useQuery(getFaqQueryOptions());
}
