import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of history: it reads the player's saved
// positions (watch_history, owned and written by modules/playback, which
// also deletes them for POST /user/{id}/history/all) with the catalogue
// rows a card needs. Published titles and released episodes only: a
// withdrawn title or a scheduled episode never shows.

export interface ProgressFields {
  positionSeconds: number;
  durationSeconds: number;
  /** ISO 8601 UTC with milliseconds: sorts as text. */
  watchedAt: string;
  /** watch_history.id: breaks ties between saves of the same millisecond. */
  rowId: number;
}

export interface MovieHistoryRow extends ProgressFields {
  movieId: number;
  title: string;
  year: number;
  image: string;
  cover: string;
  durationMinutes: number;
}

export interface EpisodeFields {
  episodeId: number;
  episodeTitle: string;
  episodeNumber: number;
  episodeImage: string;
  seasonId: number;
  seasonTitle: string;
  seasonNumber: number;
}

export interface SeriesFields {
  serieId: number;
  title: string;
  year: number;
  image: string;
  cover: string;
}

export interface SeriesHistoryRow extends ProgressFields, SeriesFields, EpisodeFields {}

export interface NextEpisodeRow extends SeriesFields, EpisodeFields {
  /** The finished episode this one follows. */
  afterEpisodeId: number;
}

const WATCHED_AT = `to_char(h.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "watchedAt"`;
const PROGRESS = `h.position_seconds AS "positionSeconds", h.duration_seconds AS "durationSeconds", h.id AS "rowId", ${WATCHED_AT}`;
const EPISODE = `e.id AS "episodeId", e.title AS "episodeTitle", e.episode_number AS "episodeNumber",
  e.image AS "episodeImage", se.id AS "seasonId", se.title AS "seasonTitle", se.season_number AS "seasonNumber"`;
const SERIES = `s.id AS "serieId", s.title, s.year, s.image, s.cover`;

export function createHistoryRepository(db: Queryable) {
  return {
    /** The user's movies, most recent first (watch_history_recent serves the order). */
    async movies(userId: number, limit: number): Promise<MovieHistoryRow[]> {
      return db.query<MovieHistoryRow>(
        `SELECT m.id AS "movieId", m.title, m.year, m.image, m.cover, m.duration_minutes AS "durationMinutes", ${PROGRESS}
         FROM watch_history h JOIN movies m ON m.id = h.movie_id
         WHERE h.user_id = $1 AND m.published
         ORDER BY h.updated_at DESC, h.id DESC
         LIMIT $2`,
        [userId, limit],
      );
    },

    /** The user's series, each once with its most recently watched released episode; most recent first. */
    async series(userId: number, limit: number): Promise<SeriesHistoryRow[]> {
      return db.query<SeriesHistoryRow>(
        `SELECT * FROM (
           SELECT DISTINCT ON (e.series_id) ${SERIES}, ${EPISODE}, ${PROGRESS}, h.updated_at
           FROM watch_history h
           JOIN episodes e ON e.id = h.episode_id
           JOIN seasons se ON se.id = e.season_id
           JOIN series s ON s.id = e.series_id
           WHERE h.user_id = $1 AND s.published AND e.published_at <= now()
           ORDER BY e.series_id, h.updated_at DESC, h.id DESC
         ) latest
         ORDER BY updated_at DESC, "rowId" DESC
         LIMIT $2`,
        [userId, limit],
      );
    },

    /**
     * The released episode after each of these, in the player's order of play
     * (season number, then episode number, across season borders; empty
     * seasons skipped). An episode with nothing after it has no row.
     */
    async nextEpisodes(episodeIds: number[]): Promise<NextEpisodeRow[]> {
      if (!episodeIds.length) return [];
      return db.query<NextEpisodeRow>(
        `SELECT cur.id AS "afterEpisodeId", ${SERIES}, ${EPISODE}
         FROM episodes cur
         JOIN seasons cs ON cs.id = cur.season_id
         JOIN series s ON s.id = cur.series_id
         CROSS JOIN LATERAL (
           SELECT e.* FROM episodes e JOIN seasons se ON se.id = e.season_id
           WHERE e.series_id = cur.series_id AND e.published_at <= now()
             AND (se.season_number, e.episode_number) > (cs.season_number, cur.episode_number)
           ORDER BY se.season_number, e.episode_number
           LIMIT 1
         ) e
         JOIN seasons se ON se.id = e.season_id
         WHERE cur.id = ANY($1::bigint[]) AND s.published`,
        [episodeIds],
      );
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
