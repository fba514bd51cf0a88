import type { NotificationKind } from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of notifications: the notifications table,
// the push subscriptions it sends to (push_devices; `DELETE /fcm` on log out
// is a route of modules/accounts, which calls forgetDevice) and the one column
// of episodes this module added (announced_at, migration 0008). Making an
// episode available (published_at, a new episode) is the catalogue's
// (catalogue/publishing.repository.ts). Functions take the Queryable they
// run on, so the announcing steps share one transaction.

export interface NotificationRow {
  id: number;
  itemId: number | null;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  kind: NotificationKind;
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
  kind: NotificationKind;
  title: string;
  content: string;
}

/** One notification to insert for the followers of an episode's series who asked for its kind. */
export interface NotificationItem {
  episodeId: number;
  kind: NotificationKind;
  title: string;
  content: string;
}

/**
 * Which follows hear of each kind (series_follows.notify, migration 0030;
 * hearsOfNewEpisodes / hearsOfEnglishSubtitles in the contract).
 */
const FOLLOWS_OF_KIND: Record<NotificationKind, string[]> = {
  episode: ['new_episodes', 'both'],
  english_subtitles: ['english_subtitles', 'both'],
};

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
        `SELECT id, episode_id AS "itemId", title, content, read_at IS NOT NULL AS "isRead", kind,
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

    /** A device the user signs out of (`DELETE /fcm`, modules/accounts). */
    async forgetDevice(userId: number, deviceId: string): Promise<void> {
      await db.query('DELETE FROM push_devices WHERE user_id = $1 AND device_id = $2', [userId, deviceId]);
    },

    /** Forgets a subscription the push service says is gone, unless it was replaced meanwhile. */
    async removeDevice(id: number, token: string): Promise<void> {
      await db.query('DELETE FROM push_devices WHERE id = $1 AND token = $2', [id, token]);
    },

    // ───────────── announcing ─────────────

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
     * One notification per follower of each episode's series who asked for
     * its kind (series_follows.notify). The UNIQUE (user_id, episode_id,
     * kind) constraint is the last guard: a second announcement of an
     * episode, or of its English subtitles, inserts nothing.
     */
    async insertForFollowers(items: NotificationItem[]): Promise<InsertedNotificationRow[]> {
      if (!items.length) return [];
      return db.query<InsertedNotificationRow>(
        `INSERT INTO notifications (user_id, episode_id, kind, title, content)
         SELECT f.user_id, x.episode_id, x.kind, x.title, x.content
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS x(episode_id, kind, title, content)
         JOIN episodes e ON e.id = x.episode_id
         JOIN series_follows f ON f.series_id = e.series_id
           AND f.notify = ANY (CASE x.kind WHEN 'episode' THEN $5::text[] ELSE $6::text[] END)
         ORDER BY x.episode_id, x.kind, f.user_id
         ON CONFLICT (user_id, episode_id, kind) DO NOTHING
         RETURNING id, user_id AS "userId", episode_id AS "episodeId", kind, title, content`,
        [
          items.map((i) => i.episodeId),
          items.map((i) => i.kind),
          items.map((i) => i.title),
          items.map((i) => i.content),
          FOLLOWS_OF_KIND.episode,
          FOLLOWS_OF_KIND.english_subtitles,
        ],
      );
    },

    /**
     * Of these episodes, the ones that have an English subtitle track
     * (playback's subtitle_tracks, read only): publishing one of them is
     * also the news that its English subtitles are ready.
     */
    async withEnglishTrack(ids: number[], language: string): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.query<{ id: number }>(
        `SELECT DISTINCT episode_id AS id FROM subtitle_tracks
         WHERE episode_id = ANY($1::bigint[]) AND language = $2 ORDER BY 1`,
        [ids, language],
      );
      return rows.map((r) => Number(r.id));
    },

    /**
     * The episode if it is out (published_at passed) in a published series,
     * else null; its row locked until the transaction ends. A subtitle
     * upload and a publish of the same episode each see the other's commit:
     * publishing updates the row (so this waits for it, then reads the
     * committed row), and an episode locked here is published only after
     * this transaction, whose track its announcement then reads. The clock,
     * not now(): after the wait, this transaction's start may be older than
     * the moment publishing made the episode available.
     */
    async releasedEpisode(id: number): Promise<DueEpisodeRow | null> {
      // Locked first, whatever its state: a row filtered out by this
      // statement's snapshot (still scheduled there) would not be waited for.
      // The next statement reads what was committed meanwhile.
      await db.query('SELECT 1 FROM episodes WHERE id = $1 FOR NO KEY UPDATE', [id]);
      const [row] = await db.query<DueEpisodeRow>(
        `SELECT e.id, e.series_id AS "seriesId", s.title AS "seriesTitle", se.season_number AS "seasonNumber",
           e.episode_number AS "episodeNumber", e.title AS "episodeTitle"
         FROM episodes e JOIN series s ON s.id = e.series_id JOIN seasons se ON se.id = e.season_id
         WHERE e.id = $1 AND s.published AND e.published_at <= clock_timestamp()`,
        [id],
      );
      return row ?? null;
    },

    async markAnnounced(ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db.query('UPDATE episodes SET announced_at = greatest(now(), published_at) WHERE id = ANY($1::bigint[])', [
        ids,
      ]);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
