import type { Queryable } from '../../db/client.js';

// The catalogue's writes of episode publishing (decision 0023): a scheduled
// episode made available now, or a new episode when none is scheduled. Called
// by modules/notifications inside its publishing transaction, which then
// announces the episode (announced_at and the notifications are its own).
// Kept apart from catalogue.repository.ts, the reads behind the catalogue's answers.

export function createPublishingRepository(db: Queryable) {
  return {
    /** The series, locked until the end of the transaction (one publish of it at a time). */
    async lockSeries(seriesId: number): Promise<{ id: number; title: string } | null> {
      const [row] = await db.query<{ id: number; title: string }>(
        'SELECT id, title FROM series WHERE id = $1 FOR UPDATE',
        [seriesId],
      );
      return row ?? null;
    },

    /**
     * Makes the series' next scheduled episode (season, then number order)
     * available now; its id or null. The clock, not now(): after waiting for
     * the series lock, the transaction's start time may be earlier than the
     * moment another publish of this series made its episode available.
     */
    async publishNextScheduled(seriesId: number): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `UPDATE episodes SET published_at = clock_timestamp(), air_date = current_date
         WHERE id = (
           SELECT e.id FROM episodes e JOIN seasons se ON se.id = e.season_id
           WHERE e.series_id = $1 AND e.published_at > clock_timestamp()
           ORDER BY se.season_number, e.episode_number LIMIT 1
         )
         RETURNING id`,
        [seriesId],
      );
      return row?.id ?? null;
    },

    /**
     * One episode of the series made available now (the console's "Publish
     * now"): the clock, as publishNextScheduled. Null when the series has no
     * such episode; `wasOut` when it was out already (nothing changes).
     */
    async publishEpisodeNow(seriesId: number, episodeId: number): Promise<{ id: number; wasOut: boolean } | null> {
      const [row] = await db.query<{ id: number; was_out: boolean }>(
        `WITH target AS (
           SELECT id, published_at <= clock_timestamp() AS was_out FROM episodes WHERE id = $2 AND series_id = $1
         ), moved AS (
           UPDATE episodes e SET published_at = clock_timestamp(), air_date = current_date
           FROM target WHERE e.id = target.id AND NOT target.was_out RETURNING e.id
         )
         SELECT id, was_out FROM target`,
        [seriesId, episodeId],
      );
      return row ? { id: Number(row.id), wasOut: row.was_out } : null;
    },

    /**
     * A new episode, available now: the next number in the latest season
     * (a first season when there is none), the still and length of the
     * series' latest episode. Not announced yet (announced_at NULL).
     */
    async createNextEpisode(seriesId: number): Promise<number> {
      const [season] = await db.query<{ id: number }>(
        `WITH latest AS (SELECT id FROM seasons WHERE series_id = $1 ORDER BY season_number DESC LIMIT 1),
         created AS (
           INSERT INTO seasons (series_id, season_number, title)
           SELECT $1, 1, 'Season 1' WHERE NOT EXISTS (SELECT 1 FROM latest)
           RETURNING id
         )
         SELECT id FROM latest UNION ALL SELECT id FROM created`,
        [seriesId],
      );
      const [last] = await db.query<{ image: string; durationMinutes: number }>(
        `SELECT e.image, e.duration_minutes AS "durationMinutes"
         FROM episodes e JOIN seasons se ON se.id = e.season_id
         WHERE e.series_id = $1 ORDER BY se.season_number DESC, e.episode_number DESC LIMIT 1`,
        [seriesId],
      );
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, image, duration_minutes,
           published_at, announced_at)
         SELECT $1, $2, n, 'Episode ' || n, current_date, $3, $4, clock_timestamp(), NULL
         FROM (SELECT COALESCE(max(episode_number), 0) + 1 AS n FROM episodes WHERE season_id = $1) AS next
         RETURNING id`,
        [season!.id, seriesId, last?.image ?? '', last?.durationMinutes ?? 0],
      );
      return row!.id;
    },
  };
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
