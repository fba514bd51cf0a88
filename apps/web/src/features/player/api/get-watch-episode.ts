import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubtitleSettings, WatchEpisodeBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { renewPlaybackToken } from './renew-playback-token';

// Spec §7 GET /episodes?episodeId= → body.episode (with episode_link, the
// series, its seasons and the previous/next episodes) and body.canPlay.
// Same rules as the movie's watch answer: subscribers only (401/403), 404
// for an unknown episode, never served from an old cache.

export function getWatchEpisode(id: number, signal?: AbortSignal): Promise<WatchEpisodeBody> {
  return api.get<WatchEpisodeBody>('/episodes', { episodeId: id, cb: Date.now() }, signal);
}

export function getWatchEpisodeQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['episodes', 'watch', id],
    queryFn: ({ signal }) => getWatchEpisode(id, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

export function useWatchEpisode(id: number | null) {
  return useQuery({ ...getWatchEpisodeQueryOptions(id ?? 0), enabled: id !== null });
}

/** Token renewal: a fresh token alone (not every season and episode again), kept in the cached answer too. */
export function useRenewEpisodeToken(id: number) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const fresh = await renewPlaybackToken('episode', id);
    queryClient.setQueryData(getWatchEpisodeQueryOptions(id).queryKey, (old) =>
      old
        ? { ...old, episode: { ...old.episode, playback_token: fresh.token, playback_expires_at: fresh.expiresAt } }
        : old,
    );
    return fresh;
  }, [queryClient, id]);
}

export function useRememberEpisodeSubtitles(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (settings: SubtitleSettings) =>
      queryClient.setQueryData(getWatchEpisodeQueryOptions(id).queryKey, (old) =>
        old ? { ...old, episode: { ...old.episode, subtitle_settings: settings } } : old,
      ),
    [queryClient, id],
  );
}
