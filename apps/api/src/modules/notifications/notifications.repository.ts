import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of notifications: the notifications table,
// the push subscriptions it sends to (push_devices; `DELETE /fcm` on log out
// lives in modules/users) and the two publishing columns of episodes
// (published_at of a scheduled episode made available now, announced_at).
// Every other column of the catalogue is the catalogue module's.
// Functions take the Queryable they run on, so the announcing steps share
// one transaction.

export interface NotificationRow {
  id: number;
  itemId: number | null;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: string;
}

/** An episode about to be announced, with what its notification says. */
export interface DueEpisodeRow {
  id: number;
  seriesId: number;
  seriesTitle: string;
  seasonNumber: number;
  episodeNumber: number;
  episodeTitle: string;
}

export interface InsertedNotificationRow {
  id: number;
  userId: number;
  episodeId: number;
  title: string;
  content: string;
}

export interface PushDeviceRow {
  id: number;
  userId: number;
  token: string;
}

/**
 * "Not yet announced" (migration 0008): announced_at before published_at.
 * Word for word the predicate of the partial index episodes_to_announce.
 */
const NOT_ANNOUNCED = '(e.announced_at IS NULL OR e.announced_at < e.published_at)';

export function createNotificationsRepository(db: Queryable) {
  return {
    async list(userId: number, limit: number): Promise<NotificationRow[]> {
      return db.query<NotificationRow>(
        `SELECT id, episode_id AS "itemId", title, content, read_at IS NOT NULL AS "isRead",
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
         FROM notifications WHERE user_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [userId, limit],
      );
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
        [userId],
      );
      return row?.n ?? 0;
    },

    /** False when the notification is not this user's (or does not exist). */
    async markRead(userId: number, notificationId: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING 1`,
        [notificationId, userId],
      );
      return rows.length > 0;
    },

    async deleteAll(userId: number): Promise<number> {
      const rows = await db.query('DELETE FROM notifications WHERE user_id = $1 RETURNING 1', [userId]);
      return rows.length;
    },

    /**
     * Keeps this browser's subscription for the user. The same subscription
     * held by another account (signed in there before, log-out call lost) is
     * dropped, so one browser never receives two people's notifications.
     */
    async saveDevice(userId: number, deviceId: string, token: string): Promise<void> {
      await db.query(
        `WITH others AS (
           DELETE FROM push_devices WHERE md5(token) = md5($3) AND token = $3 AND user_id <> $1
         )
         INSERT INTO push_devices (user_id, device_id, token) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, device_id) DO UPDATE SET token = EXCLUDED.token, created_at = now()`,
        [userId, deviceId, token],
      );
    },

    async devicesOf(userIds: number[]): Promise<PushDeviceRow[]> {
      if (!userIds.length) return [];
      return db.query<PushDeviceRow>(
        'SELECT id, user_id AS "userId", token FROM push_devices WHERE user_id = ANY($1::bigint[]) ORDER BY id',
        [userIds],
      );
    },

    /** Forgets a subscription the push service says is gone, unless it was replaced meanwhile. */
    async removeDevice(id: number, token: string): Promise<void> {
      await db.query('DELETE FROM push_devices WHERE id = $1 AND token = $2', [id, token]);
    },

    // ───────────── publishing ─────────────

    /**
     * Locks up to `limit` episodes that are out and not yet announced, of
     * published series. SKIP LOCKED: an episode another instance is
     * announcing right now is left to it.
     */
    async claimDue(limit: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT e.id FROM episodes e
         WHERE ${NOT_ANNOUNCED} AND e.published_at <= now()
           AND EXISTS (SELECT 1 FROM series s WHERE s.id = e.series_id AND s.published)
         ORDER BY e.published_at, e.id
         LIMIT $1
         FOR UPDATE OF e SKIP LOCKED`,
        [limit],
      );
      return rows.map((r) => r.id);
    },

    async episodeInfo(ids: number[]): Promise<DueEpisodeRow[]> {
      if (!ids.length) return [];
      return db.query<DueEpisodeRow>(
        `SELECT e.id, e.series_id AS "seriesId", s.title AS "seriesTitle", se.season_number AS "seasonNumber",
           e.episode_number AS "episodeNumber", e.title AS "episodeTitle"
         FROM episodes e JOIN series s ON s.id = e.series_id JOIN seasons se ON se.id = e.season_id
         WHERE e.id = ANY($1::bigint[]) ORDER BY e.published_at, e.id`,
        [ids],
      );
    },

    /**
     * One notification per follower of each episode's series. The UNIQUE
     * (user_id, episode_id) constraint is the last guard: a second
     * announcement of an episode inserts nothing.
     */
    async insertForFollowers(
      items: { episodeId: number; title: string; content: string }[],
    ): Promise<InsertedNotificationRow[]> {
      if (!items.length) return [];
      return db.query<InsertedNotificationRow>(
        `INSERT INTO notifications (user_id, episode_id, title, content)
         SELECT f.user_id, x.episode_id, x.title, x.content
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(episode_id, title, content)
         JOIN episodes e ON e.id = x.episode_id
         JOIN series_follows f ON f.series_id = e.series_id
         ORDER BY x.episode_id, f.user_id
         ON CONFLICT (user_id, episode_id) DO NOTHING
         RETURNING id, user_id AS "userId", episode_id AS "episodeId", title, content`,
        [items.map((i) => i.episodeId), items.map((i) => i.title), items.map((i) => i.content)],
      );
    },

    async markAnnounced(ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db.query('UPDATE episodes SET announced_at = greatest(now(), published_at) WHERE id = ANY($1::bigint[])', [
        ids,
      ]);
    },

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

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
