import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaPreviewBody, MediaVideoBody, SubtitleLanguage, SubtitleTrackBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// A title's media in the console: GET /api/admin/media/videos/{type}/{id},
// its subtitle tracks (GET, upload as a form's file, shift) and the
// preview's address (through the token-gated media route).

export interface VideoRef {
  type: 'movie' | 'episode';
  id: number;
}

const base = (v: VideoRef) => `/admin/media/videos/${v.type}/${v.id}`;
const OPTS = { accountLoss: 'caller' } as const;

export function useMediaVideo(v: VideoRef | null) {
  return useQuery({
    queryKey: ['admin', 'media', 'video', v?.type, v?.id],
    queryFn: ({ signal }) => api.get<MediaVideoBody>(base(v!), undefined, signal, OPTS),
    enabled: v !== null,
    retry: false,
  });
}

export function usePreview(v: VideoRef | null, ready: boolean) {
  return useQuery({
    queryKey: ['admin', 'media', 'preview', v?.type, v?.id],
    queryFn: ({ signal }) => api.get<MediaPreviewBody>(`${base(v!)}/preview`, undefined, signal, OPTS),
    enabled: v !== null && ready,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export function useSubtitles(v: VideoRef | null, language: SubtitleLanguage, exists: boolean) {
  return useQuery({
    queryKey: ['admin', 'media', 'subtitles', v?.type, v?.id, language],
    queryFn: ({ signal }) => api.get<SubtitleTrackBody>(`${base(v!)}/subtitles/${language}`, undefined, signal, OPTS),
    enabled: v !== null && exists,
    retry: false,
  });
}

export function useUploadSubtitles(v: VideoRef) {
  const client = useQueryClient();
  return useMutation({
    // offsetMs null: the server keeps the replaced track's shift (issue 27); 0 clears it.
    mutationFn: (input: { language: SubtitleLanguage; file: File; offsetMs: number | null }) => {
      const form = new FormData();
      if (input.offsetMs !== null) form.append('offset_ms', String(input.offsetMs));
      form.append('file_name', input.file.name.slice(0, 300));
      form.append('file', input.file);
      return api.postMultipart<SubtitleTrackBody>(`${base(v)}/subtitles/${input.language}`, form, undefined, OPTS);
    },
    onSuccess: (track) => {
      client.setQueryData(['admin', 'media', 'subtitles', v.type, v.id, track.language], track);
      void client.invalidateQueries({ queryKey: ['admin', 'media', 'video', v.type, v.id] });
    },
  });
}

export function useShiftSubtitles(v: VideoRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { language: SubtitleLanguage; offsetMs: number }) =>
      api.post<SubtitleTrackBody>(
        `${base(v)}/subtitles/${input.language}/shift`,
        { offset_ms: String(input.offsetMs) },
        undefined,
        OPTS,
      ),
    onSuccess: (track) => client.setQueryData(['admin', 'media', 'subtitles', v.type, v.id, track.language], track),
  });
}
