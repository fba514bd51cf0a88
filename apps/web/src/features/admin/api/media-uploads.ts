import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WORKERS_POLL_MS, type MediaUploadsBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { MEDIA_JOBS_KEY } from './media-jobs';

// Uploads that never became a job (issue 27): GET /api/admin/media/uploads
// (the server's list, so it survives a reload), DELETE …/uploads/{id}.

export const MEDIA_UPLOADS_KEY = ['admin', 'media', 'uploads'] as const;
const OPTS = { accountLoss: 'caller' } as const;

export function useStrandedUploads() {
  return useQuery({
    queryKey: MEDIA_UPLOADS_KEY,
    queryFn: ({ signal }) => api.get<MediaUploadsBody>('/admin/media/uploads', undefined, signal, OPTS),
    refetchInterval: WORKERS_POLL_MS,
    staleTime: 0,
  });
}

export function useDeleteUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<{ message: string }>(`/admin/media/uploads/${id}`, undefined, undefined, OPTS),
    onSettled: () => client.invalidateQueries({ queryKey: MEDIA_UPLOADS_KEY }),
  });
}

/** After a job was made from an upload: both lists change. */
export function refreshMediaLists(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: MEDIA_JOBS_KEY });
  void client.invalidateQueries({ queryKey: MEDIA_UPLOADS_KEY });
}
