import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaStatusBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// GET /api/admin/media/status: ffmpeg's version (null: not installed), this
// server's transcodes at once, the media disk and the keep-originals
// setting; POST /api/admin/media/settings changes the setting.

const STATUS_KEY = ['admin', 'media', 'status'] as const;

export function useKeepOriginals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keep: boolean) =>
      api.post<{ message: string }>('/admin/media/settings', { keep_originals: String(keep) }, undefined, {
        accountLoss: 'caller',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useMediaStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) =>
      api.get<MediaStatusBody>('/admin/media/status', undefined, signal, { accountLoss: 'caller' }),
    staleTime: 60_000,
  });
}
