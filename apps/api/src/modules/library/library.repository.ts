import type { FollowPreference } from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';

// The only SQL of modules/library: `wishlist_items` (favourites) and
// `series_follows` (the per-series bell). Both tables carry unique keys per
// user and title (0001_create_schema.sql), so every write here is one
// statement whose outcome the index decides: parallel presses can never make
// a duplicate, and a lost race is a no-op, never an error (decision 0022).

export type SavedKind = 'movie' | 'series';

/** A saved title, newest first. */
export interface SavedRow {
  kind: SavedKind;
  id: number;
  addedAt: string;
}

/** What a toggle did: `on` is the state after the statement. */
export interface ToggleResult {
  on: boolean;
}

/** The title a toggle names: display title and year (for the message), or null when unknown or withdrawn. */
export interface TitleRef {
  title: string;
  year: number;
}

const WISHLIST_COLUMN = { movie: 'movie_id', series: 'series_id' } as const;
const TITLE_TABLE = { movie: 'movies', series: 'series' } as const;

export function createLibraryRepository(db: Queryable) {
  /**
   * Add when absent, remove when present, in ONE statement. Under
   * concurrency (PostgreSQL, read committed): two presses on an absent row
   * both find nothing to delete, one insert wins and the other meets the
   * unique index and does nothing (ON CONFLICT), so it reports the row as
   * present; two presses on a present row delete it once and the second,
   * after waiting for the first, inserts it again: a real second press.
   */
  async function toggle(table: 'wishlist_items' | 'series_follows', column: string, userId: number, id: number) {
    const [row] = await db.query<{ added: boolean; removed: boolean }>(
      `WITH removed AS (
         DELETE FROM ${table} WHERE user_id = $1 AND ${column} = $2 RETURNING 1
       ), added AS (
         INSERT INTO ${table} (user_id, ${column})
         SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM removed)
         ON CONFLICT DO NOTHING RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM added) AS added, EXISTS (SELECT 1 FROM removed) AS removed`,
      [userId, id],
    );
    // Neither added nor removed: another press inserted it first, so it is there.
    return { on: !row!.removed } satisfies ToggleResult;
  }

  async function put(table: 'wishlist_items' | 'series_follows', column: string, userId: number, id: number) {
    await db.query(`INSERT INTO ${table} (user_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, id]);
    return { on: true } satisfies ToggleResult;
  }

  async function remove(table: 'wishlist_items' | 'series_follows', column: string, userId: number, id: number) {
    await db.query(`DELETE FROM ${table} WHERE user_id = $1 AND ${column} = $2`, [userId, id]);
    return { on: false } satisfies ToggleResult;
  }

  return {
    /** A published title's display title and year, or null. */
    async titleRef(kind: SavedKind, id: number): Promise<TitleRef | null> {
      const [row] = await db.query<TitleRef>(
        `SELECT title, year FROM ${TITLE_TABLE[kind]} WHERE id = $1 AND published`,
        [id],
      );
      return row ?? null;
    },

    toggleWishlist: (userId: number, kind: SavedKind, id: number) =>
      toggle('wishlist_items', WISHLIST_COLUMN[kind], userId, id),
    addToWishlist: (userId: number, kind: SavedKind, id: number) =>
      put('wishlist_items', WISHLIST_COLUMN[kind], userId, id),
    removeFromWishlist: (userId: number, kind: SavedKind, id: number) =>
      remove('wishlist_items', WISHLIST_COLUMN[kind], userId, id),

    toggleFollow: (userId: number, seriesId: number) => toggle('series_follows', 'series_id', userId, seriesId),
    follow: (userId: number, seriesId: number) => put('series_follows', 'series_id', userId, seriesId),
    unfollow: (userId: number, seriesId: number) => remove('series_follows', 'series_id', userId, seriesId),

    /**
     * What a follow tells about (issue 28, migration 0030): set in one
     * statement, following the series when the user does not yet. Parallel
     * calls leave one row with one of the values sent.
     */
    async setFollowPreference(userId: number, seriesId: number, preference: FollowPreference): Promise<void> {
      await db.query(
        `INSERT INTO series_follows (user_id, series_id, notify) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, series_id) DO UPDATE SET notify = EXCLUDED.notify`,
        [userId, seriesId, preference],
      );
    },

    /** The follow's preference, or null when the user does not follow the series. */
    async followPreference(userId: number, seriesId: number): Promise<FollowPreference | null> {
      const [row] = await db.query<{ notify: FollowPreference }>(
        'SELECT notify FROM series_follows WHERE user_id = $1 AND series_id = $2',
        [userId, seriesId],
      );
      return row?.notify ?? null;
    },

    /** The user's saved published titles, newest first. */
    async wishlist(userId: number): Promise<SavedRow[]> {
      return db.query<SavedRow>(
        `SELECT CASE WHEN w.movie_id IS NULL THEN 'series' ELSE 'movie' END AS kind,
                COALESCE(w.movie_id, w.series_id) AS id,
                to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "addedAt"
           FROM wishlist_items w
           LEFT JOIN movies m ON m.id = w.movie_id
           LEFT JOIN series s ON s.id = w.series_id
          WHERE w.user_id = $1 AND COALESCE(m.published, s.published)
          ORDER BY w.created_at DESC, w.id DESC`,
        [userId],
      );
    },

    /** Everything a viewer has saved or follows, for their detail answers' flags (one query). */
    async viewerLibrary(userId: number): Promise<ViewerLibrary> {
      const rows = await db.query<{ list: 'movie' | 'series' | 'follow'; id: number; notify: FollowPreference | null }>(
        `SELECT 'movie' AS list, movie_id AS id, NULL AS notify FROM wishlist_items
           WHERE user_id = $1 AND movie_id IS NOT NULL
         UNION ALL
         SELECT 'series', series_id, NULL FROM wishlist_items WHERE user_id = $1 AND series_id IS NOT NULL
         UNION ALL
         SELECT 'follow', series_id, notify FROM series_follows WHERE user_id = $1`,
        [userId],
      );
      const library: ViewerLibrary = { movies: new Set(), series: new Set(), follows: new Map() };
      for (const row of rows) {
        if (row.list === 'movie') library.movies.add(Number(row.id));
        else if (row.list === 'series') library.series.add(Number(row.id));
        else library.follows.set(Number(row.id), row.notify!);
      }
      return library;
    },
  };
}

/** The ids a viewer has saved (movies, series) and follows. */
export interface ViewerLibrary {
  movies: Set<number>;
  series: Set<number>;
  /** Followed series, each with what its follow tells about. */
  follows: Map<number, FollowPreference>;
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
