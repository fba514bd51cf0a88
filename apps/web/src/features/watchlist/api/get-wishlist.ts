import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishlistBody, WishlistItem } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { isSubscribed, useCurrentUser, useViewerKey } from '../../../lib/session';

// Spec §7 GET /user/{user_id}/wishlist → body.wactchLater (spelled so): the
// saved movie and series cards, newest first. Keyed by the viewer, so one
// account's list is never shown to another (lib/session.ts useViewerKey).

export function getWishlist(userId: number | string, signal?: AbortSignal): Promise<WishlistItem[]> {
  return api
    .get<WishlistBody>(`/user/${encodeURIComponent(String(userId))}/wishlist`, undefined, signal)
    .then((body) => body.wactchLater);
}

export const wishlistQueryKey = (viewer: string) => ['wishlist', viewer] as const;

export function getWishlistQueryOptions(userId: number | string, viewer: string) {
  return queryOptions({
    queryKey: wishlistQueryKey(viewer),
    queryFn: ({ signal }) => getWishlist(userId, signal),
  });
}

/** The viewer's list; fetched only for users with a plan (spec §6). */
export function useWishlist() {
  const user = useCurrentUser();
  const viewer = useViewerKey();
  return useQuery({ ...getWishlistQueryOptions(user?.user_id ?? 0, viewer), enabled: isSubscribed(user) });
}

/** The key of a title within the list ('m12', 's7'). */
export function savedKey(kind: 'movie' | 'series', id: number) {
  return `${kind === 'movie' ? 'm' : 's'}${id}`;
}
export function itemKey(item: WishlistItem) {
  return item.type === 'movie' ? savedKey('movie', item.movie_id) : savedKey('series', item.serie_id);
}
