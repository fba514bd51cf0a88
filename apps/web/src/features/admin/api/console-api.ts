import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminFaq,
  AdminFaqsBody,
  AdminPageSource,
  AdminPagesBody,
  AdminUserActionBody,
  AdminUserDetail,
  AdminUsersBody,
  FaqForm,
  InboxBody,
  InboxKind,
  InboxStatus,
} from '@bosphorus/contract';
import { api } from '../../../lib/api';

// The console's Viewers, Inbox and Pages calls (/api/admin/*, issue 17).
// Writes refresh what they change; a 401 or 403 is the page's to show
// (`accountLoss: 'caller'`), never a sign-out of the operator.

const caller = { accountLoss: 'caller' } as const;

// ───────────── Viewers ─────────────
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: ({ signal }) => api.get<AdminUsersBody>('/admin/users', { q }, signal, caller),
    staleTime: 0,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: ({ signal }) => api.get<AdminUserDetail>(`/admin/users/${id}`, undefined, signal, caller),
    enabled: id !== null,
    staleTime: 0,
  });
}

export type UserAction = 'ban' | 'unban' | 'end-sessions' | 'plan';

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, days }: { id: number; action: UserAction; days?: number }) =>
      api.post<AdminUserActionBody>(
        `/admin/users/${id}/${action}`,
        action === 'plan' ? { days: String(days ?? '') } : {},
        undefined,
        caller,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

// ───────────── Inbox ─────────────
export function useInbox(kind: InboxKind, status: InboxStatus | null) {
  return useInfiniteQuery({
    queryKey: ['admin', 'inbox', kind, status],
    queryFn: ({ pageParam, signal }) =>
      api.get<InboxBody>(`/admin/inbox/${kind}`, { status, before: pageParam }, signal, caller),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 0,
  });
}

export function useSetInboxStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, status }: { kind: InboxKind; id: number; status: InboxStatus }) =>
      api.post<{ message: string }>(`/admin/inbox/${kind}/${id}/status`, { status }, undefined, caller),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'inbox'] }),
  });
}

// ───────────── Pages and FAQ ─────────────
export function usePages() {
  return useQuery({
    queryKey: ['admin', 'pages'],
    queryFn: ({ signal }) => api.get<AdminPagesBody>('/admin/pages', undefined, signal, caller),
    staleTime: 0,
  });
}

export function usePageSource(slug: string | null) {
  return useQuery({
    queryKey: ['admin', 'page', slug],
    queryFn: ({ signal }) => api.get<AdminPageSource>(`/admin/pages/${slug}`, undefined, signal, caller),
    enabled: slug !== null,
    staleTime: 0,
  });
}

export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, source }: { slug: string; source: string }) =>
      api.post<{ message: string }>(`/admin/pages/${slug}`, { source }, undefined, caller),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useFaqs() {
  return useQuery({
    queryKey: ['admin', 'faqs'],
    queryFn: ({ signal }) => api.get<AdminFaqsBody>('/admin/faqs', undefined, signal, caller),
    staleTime: 0,
  });
}

export function useSaveFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, faq }: { id: number | null; faq: FaqForm }) =>
      api.post<AdminFaq>(
        id === null ? '/admin/faqs' : `/admin/faqs/${id}`,
        { header: faq.header, text: faq.text, position: String(faq.position) },
        undefined,
        caller,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'faqs'] }),
  });
}

export function useDeleteFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/admin/faqs/${id}`, undefined, undefined, caller),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'faqs'] }),
  });
}
