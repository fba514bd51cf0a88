import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEpisodeMarkersBody, MarkerKind, MediaJob } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// An episode's markers in the console (issue 28, decision 0126):
// GET /api/admin/media/episodes/{id}/markers, an operator's add (POST), fix
// (PATCH …/{kind}), removal (DELETE …/{kind}), each audited by the API, and
// detection asked again (POST …/detect). Every write answers the episode's
// markers as they now are.

const OPTS = { accountLoss: 'caller' } as const;
const base = (episodeId: number) => `/admin/media/episodes/${episodeId}/markers`;
export const markersKey = (episodeId: number) => ['admin', 'media', 'markers', episodeId] as const;

export function useEpisodeMarkers(episodeId: number) {
  return useQuery({
    queryKey: markersKey(episodeId),
    queryFn: ({ signal }) => api.get<AdminEpisodeMarkersBody>(base(episodeId), undefined, signal, OPTS),
    retry: false,
    // A markers job is under way: its result shows when it is done.
    refetchInterval: (q) =>
      q.state.data?.jobs.some((j) => j.state === 'queued' || j.state === 'running') ? 3_000 : false,
  });
}

/** A marker's span as a form sends it. */
const span = (start: number, end: number) => ({ start_seconds: String(start), end_seconds: String(end) });

export type MarkerWrite =
  | { action: 'add'; kind: MarkerKind; start: number; end: number }
  | { action: 'edit'; kind: MarkerKind; start: number; end: number }
  | { action: 'remove'; kind: MarkerKind };

export function useWriteMarker(episodeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (w: MarkerWrite) => {
      if (w.action === 'add')
        return api.post<AdminEpisodeMarkersBody>(
          base(episodeId),
          { kind: w.kind, ...span(w.start, w.end) },
          undefined,
          OPTS,
        );
      if (w.action === 'edit')
        return api.patch<AdminEpisodeMarkersBody>(
          `${base(episodeId)}/${w.kind}`,
          span(w.start, w.end),
          undefined,
          OPTS,
        );
      return api.del<AdminEpisodeMarkersBody>(`${base(episodeId)}/${w.kind}`, undefined, undefined, OPTS);
    },
    onSuccess: (body) => client.setQueryData(markersKey(episodeId), body),
  });
}

export function useDetectMarkers(episodeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MediaJob>(`${base(episodeId)}/detect`, {}, undefined, OPTS),
    onSuccess: () => void client.invalidateQueries({ queryKey: markersKey(episodeId) }),
  });
}
