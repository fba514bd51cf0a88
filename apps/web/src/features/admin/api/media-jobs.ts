import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_POLL_MS, WORKERS_POLL_MS, type MediaJob, type MediaJobsBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// GET /api/admin/media/jobs (polled every 2 s while a job waits or runs:
// the progress survives a reload, it is the database's; every 10 s
// otherwise, for the live workers), POST …/jobs/{id}/retry.

export const MEDIA_JOBS_KEY = ['admin', 'media', 'jobs'] as const;

const active = (jobs: MediaJob[] | undefined) => jobs?.some((j) => j.state === 'queued' || j.state === 'running');

export function useMediaJobs() {
  return useQuery({
    queryKey: MEDIA_JOBS_KEY,
    queryFn: ({ signal }) => api.get<MediaJobsBody>('/admin/media/jobs', undefined, signal, { accountLoss: 'caller' }),
    refetchInterval: (query) => (active(query.state.data?.jobs) ? JOB_POLL_MS : WORKERS_POLL_MS),
    staleTime: 0,
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<MediaJob>(`/admin/media/jobs/${id}/retry`, {}, undefined, { accountLoss: 'caller' }),
    onSettled: () => client.invalidateQueries({ queryKey: MEDIA_JOBS_KEY }),
  });
}

/** POST /api/admin/media/jobs: a finished upload transcoded for a movie or an episode. */
export function startTranscode(input: { uploadId: string; videoType: string; videoId: string }) {
  return api.post<MediaJob>(
    '/admin/media/jobs',
    { upload_id: input.uploadId, video_type: input.videoType, video_id: input.videoId },
    undefined,
    { accountLoss: 'caller' },
  );
}
