import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  isAddedMessage,
  LIBRARY_TEXTS,
  TOAST_SHORT_MS,
  type MovieDetailBody,
  type SeriesDetailBody,
  type ToggleAction,
  type WishlistItem,
} from '@bosphorus/contract';
import { api, ApiError } from '../../../lib/api';
import { getStoredUser } from '../../../lib/session';
import { showToast } from '../../../components/ui/toast';
import { itemKey, savedKey } from './get-wishlist';

// Spec §7 POST /user/{user_id}/wishlist/series/{serie_id} (form user_id,
// serie_id) and POST /user/{userId}/wishlist/movies/{movie_id} (form user_id,
// movie_id). The web sends `action` (add / remove, from the state it shows):
// a retried press (spec §9: mutations retry twice) can then never undo
// itself (decision 0022). Spec §4: the icon follows the answer's message.

export interface WishlistTarget {
  kind: 'movie' | 'series';
  id: number;
  title: string;
  year: number;
  /** The state the viewer sees now: the press asks for the other one. */
  saved: boolean;
}

interface ToggleAnswer {
  message: string;
  is_wishlist: '0' | '1';
}

export async function toggleWishlist(target: WishlistTarget): Promise<{ saved: boolean; message: string }> {
  const user = getStoredUser();
  if (!user) throw new ApiError(401, LIBRARY_TEXTS.toggleFailed);
  const userId = String(user.user_id);
  const action: ToggleAction = target.saved ? 'remove' : 'add';
  const path =
    target.kind === 'movie'
      ? `/user/${encodeURIComponent(userId)}/wishlist/movies/${target.id}`
      : `/user/${encodeURIComponent(userId)}/wishlist/series/${target.id}`;
  const form: Record<string, string> = {
    user_id: userId,
    [target.kind === 'movie' ? 'movie_id' : 'serie_id']: String(target.id),
    action,
  };
  const answer = await api.post<ToggleAnswer>(path, form);
  return { saved: isAddedMessage(answer.message), message: answer.message };
}

/** Lays the new state over every cached answer that shows it: the list and the detail answer. */
export function applyWishlistChange(client: QueryClient, target: WishlistTarget, saved: boolean) {
  const key = savedKey(target.kind, target.id);
  if (!saved) {
    client.setQueriesData<WishlistItem[]>({ queryKey: ['wishlist'] }, (old) =>
      old?.filter((item) => itemKey(item) !== key),
    );
  }
  // A newly saved title's card comes from the server (it holds more than we know here).
  void client.invalidateQueries({ queryKey: ['wishlist'] });
  const flag = saved ? '1' : '0';
  if (target.kind === 'movie') {
    client.setQueriesData<MovieDetailBody>({ queryKey: ['movies', 'detail', target.id] }, (old) =>
      old?.movie ? { ...old, movie: { ...old.movie, is_wishlist: flag } } : old,
    );
  } else {
    client.setQueriesData<SeriesDetailBody>({ queryKey: ['series', 'detail', target.id] }, (old) =>
      old?.series ? { ...old, series: { ...old.series, is_wishlist: flag } } : old,
    );
  }
}

/** The bookmark press: the answer's state, the cached answers updated, the §8 toast for 3 s (§9). */
export function useToggleWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleWishlist,
    onSuccess: ({ saved }, target) => {
      applyWishlistChange(client, target, saved);
      showToast(
        saved
          ? LIBRARY_TEXTS.toastAdded(target.title, target.year)
          : LIBRARY_TEXTS.toastRemoved(target.title, target.year),
        { tone: 'success', durationMs: TOAST_SHORT_MS },
      );
    },
    onError: (error) => {
      showToast(error instanceof ApiError && error.message ? error.message : LIBRARY_TEXTS.toggleFailed, {
        tone: 'error',
      });
    },
  });
}
