import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// GET /api/admin/audit-log: newest first, continued with `before`.

export function getAuditLog(before: number | null, signal?: AbortSignal): Promise<AuditLogBody> {
  return api.get<AuditLogBody>('/admin/audit-log', before === null ? undefined : { before }, signal, {
    accountLoss: 'caller',
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit-log'],
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 0,
  });
}
