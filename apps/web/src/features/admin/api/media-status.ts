import { useQuery } from '@tanstack/react-query';
import type { MediaStatusBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// GET /api/admin/media/status: ffmpeg's version (null: not installed) and this server's transcodes at once.

export function useMediaStatus() {
  return useQuery({
    queryKey: ['admin', 'media', 'status'],
    queryFn: ({ signal }) =>
      api.get<MediaStatusBody>('/admin/media/status', undefined, signal, { accountLoss: 'caller' }),
    staleTime: 60_000,
  });
}
