import {
  API_ERRORS,
  ENGLISH_SUBTITLES_TEXTS,
  type FollowPreference,
  LIBRARY_TEXTS,
  type MovieCard,
  type SeriesCard,
  type ToggleAction,
  type WishlistItem,
} from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/errors.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { LibraryRepository, SavedKind, ViewerLibrary } from './library.repository.js';

// Favourites (the watchlist) and the per-series bell: spec §2 Profile area
// Favorites, §4 Toggles, §6 (an active plan), §7 User data. Hazards: README.md.

export interface LibraryServiceDeps {
  repo: LibraryRepository;
  /** The catalogue's cards by id (in the order given; unknown ids left out), through app.ts. */
  cards: {
    movies(ids: number[]): Promise<MovieCard[]>;
    series(ids: number[]): Promise<SeriesCard[]>;
  };
  /** Whether a signed-in user has an active plan (spec §6 user_status), through app.ts. */
  viewer(userId: number): Promise<{ canPlay: boolean }>;
  /** Drops a viewer's held library when it changes (decision 0028). */
  feed: ChangeFeed;
}

/** How long a viewer's library is held at most; the change feed drops it on every change. */
export const VIEWER_LIBRARY_TTL_MS = 60_000;
const VIEWER_LIBRARY_MAX_ENTRIES = 20_000;

export function createLibraryService(deps: LibraryServiceDeps) {
  const { repo, feed } = deps;
  // Each signed-in detail answer carries the viewer's flags: their saved and
  // followed ids are held per viewer, read once, dropped on every change.
  const held = new TtlCache<ViewerLibrary>(VIEWER_LIBRARY_TTL_MS, VIEWER_LIBRARY_MAX_ENTRIES);
  feed.on('library', (userId) => held.delete(String(userId)));
  feed.onReset(() => held.clear());
  const libraryOf = (userId: number) =>
    feed.live ? held.getOrCompute(String(userId), () => repo.viewerLibrary(userId)) : repo.viewerLibrary(userId);

  /** Spec §6: the wishlist and the notification icons are for users with an active plan. */
  async function requirePlan(userId: number) {
    const viewer = await deps.viewer(userId);
    if (!viewer.canPlay) throw new HttpFailure(403, { error: LIBRARY_TEXTS.planRequired });
  }

  async function requireTitle(kind: SavedKind, id: number) {
    const title = await repo.titleRef(kind, id);
    if (!title) throw new HttpFailure(404, { error: API_ERRORS.notFound });
    return title;
  }

  return {
    /** GET /user/{id}/wishlist: the saved cards, newest first. */
    async wishlist(userId: number): Promise<WishlistItem[]> {
      await requirePlan(userId);
      const rows = await repo.wishlist(userId);
      const ids = (kind: SavedKind) => rows.filter((r) => r.kind === kind).map((r) => r.id);
      const [movies, series] = await Promise.all([deps.cards.movies(ids('movie')), deps.cards.series(ids('series'))]);
      const movieById = new Map(movies.map((c) => [c.movie_id, c]));
      const seriesById = new Map(series.map((c) => [c.serie_id, c]));
      return rows.flatMap((row): WishlistItem[] => {
        if (row.kind === 'movie') {
          const card = movieById.get(row.id);
          return card ? [{ ...card, type: 'movie', added_at: row.addedAt }] : [];
        }
        const card = seriesById.get(row.id);
        return card ? [{ ...card, type: 'series', added_at: row.addedAt }] : [];
      });
    },

    /** The wishlist toggles: the state after the call and the §4 message ('added' / 'removed'). */
    async setWishlist(userId: number, kind: SavedKind, id: number, action: ToggleAction | undefined) {
      await requirePlan(userId);
      const title = await requireTitle(kind, id);
      const { on } =
        action === 'add'
          ? await repo.addToWishlist(userId, kind, id)
          : action === 'remove'
            ? await repo.removeFromWishlist(userId, kind, id)
            : await repo.toggleWishlist(userId, kind, id);
      feed.changed('library', userId);
      const message = on ? LIBRARY_TEXTS.wishlistAdded(title.title) : LIBRARY_TEXTS.wishlistRemoved(title.title);
      return { on, message };
    },

    /** The series bell: the state after the call and the §4 message ('turned on' / 'turned off'). */
    async setFollow(userId: number, seriesId: number, action: ToggleAction | undefined) {
      await requirePlan(userId);
      const title = await requireTitle('series', seriesId);
      const { on } =
        action === 'add'
          ? await repo.follow(userId, seriesId)
          : action === 'remove'
            ? await repo.unfollow(userId, seriesId)
            : await repo.toggleFollow(userId, seriesId);
      feed.changed('library', userId);
      const message = on ? LIBRARY_TEXTS.notificationsOn(title.title) : LIBRARY_TEXTS.notificationsOff(title.title);
      const preference = on ? await repo.followPreference(userId, seriesId) : null;
      return { on, message, preference };
    },

    /**
     * Issue 28: what the viewer's follow of a series tells about, saved per
     * follow (the series is followed if it was not). Plan and title checks
     * as the bell's.
     */
    async setFollowPreference(userId: number, seriesId: number, preference: FollowPreference) {
      await requirePlan(userId);
      const title = await requireTitle('series', seriesId);
      await repo.setFollowPreference(userId, seriesId, preference);
      feed.changed('library', userId);
      return { message: ENGLISH_SUBTITLES_TEXTS.preferenceSaved(title.title, preference), preference };
    },

    /** is_wishlist of a movie detail answer for this viewer. */
    async movieFlags(userId: number, movieId: number) {
      const library = await libraryOf(userId);
      return { is_wishlist: library.movies.has(movieId) ? '1' : '0' } as const;
    },

    /** is_wishlist, is_notification_on and the follow's notification_preference of a series detail answer. */
    async seriesFlags(userId: number, seriesId: number) {
      const library = await libraryOf(userId);
      const preference = library.follows.get(seriesId);
      return {
        is_wishlist: library.series.has(seriesId) ? '1' : '0',
        is_notification_on: preference ? '1' : '0',
        ...(preference && { notification_preference: preference }),
      } as const;
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
