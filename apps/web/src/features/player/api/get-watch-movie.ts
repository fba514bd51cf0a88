import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubtitleSettings, WatchMovieBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { renewPlaybackToken } from './renew-playback-token';

// Spec §7 GET /movies/{id}/watch (movieId, user id and a cache-buster) →
// body.movie with movie_link and a short-lived playback token. Only a
// subscriber gets it: 401 for a visitor (the client refreshes once, then
// /signin), 403 {error} for a user without a plan, 404 for an unknown id.
// The answer holds a token that expires, so it is never served from an old
// cache: every visit asks again (a renewal asks for the token alone).

export function getWatchMovie(id: number, signal?: AbortSignal): Promise<WatchMovieBody> {
  return api.get<WatchMovieBody>(`/movies/${id}/watch`, { movieId: id, cb: Date.now() }, signal);
}

export function getWatchMovieQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['movies', 'watch', id],
    queryFn: ({ signal }) => getWatchMovie(id, signal),
    staleTime: 0,
    gcTime: 0,
    // A renewed token must not rebuild the frame: the page reads the link
    // once and the bridge hands later tokens to the player.
    refetchOnReconnect: false,
  });
}

/** `id` null (a malformed route id) fetches nothing. */
export function useWatchMovie(id: number | null) {
  return useQuery({ ...getWatchMovieQueryOptions(id ?? 0), enabled: id !== null });
}

/** Token renewal: a fresh token alone, kept in the cached answer too (a reload starts with it). */
export function useRenewMovieToken(id: number) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const fresh = await renewPlaybackToken('movie', id);
    queryClient.setQueryData(getWatchMovieQueryOptions(id).queryKey, (old) =>
      old
        ? { ...old, movie: { ...old.movie, playback_token: fresh.token, playback_expires_at: fresh.expiresAt } }
        : old,
    );
    return fresh;
  }, [queryClient, id]);
}

/** Keep a new subtitle look in the cached answer, so a reload starts with it. */
export function useRememberMovieSubtitles(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (settings: SubtitleSettings) =>
      queryClient.setQueryData(getWatchMovieQueryOptions(id).queryKey, (old) =>
        old ? { ...old, movie: { ...old.movie, subtitle_settings: settings } } : old,
      ),
    [queryClient, id],
  );
}
