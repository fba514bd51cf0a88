import {
  DEFAULT_SUBTITLE_SETTINGS,
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type SubtitleSettings,
  type VideoType,
} from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of playback: which files a movie or episode
// plays (media_renditions, subtitle_tracks), saved positions (watch_history),
// subtitle looks (subtitle_settings) and issue reports. Titles and episode
// lists come from the catalogue's repository.

export interface RenditionRow {
  kind: 'hls' | 'mp4';
  /** Relative to config.media.dir, e.g. 'demo/ferry/master.m3u8'. */
  path: string;
}

export interface SubtitleRow {
  language: string;
  label: string;
  path: string;
  isDefault: boolean;
}

/** A playable video: its title and files, only while it is published. */
export interface VideoMediaRow {
  title: string;
  renditions: RenditionRow[];
  subtitles: SubtitleRow[];
}

export interface ProgressRow {
  positionSeconds: number;
  durationSeconds: number;
  updatedAt: string;
}

export interface ProgressInput {
  userId: number;
  videoType: VideoType;
  videoId: number;
  positionSeconds: number;
  durationSeconds: number;
  /** The client's clock (ms since 1970) when the position was read. */
  clientTime: number;
}

const FK = { movie: 'movie_id', episode: 'episode_id' } as const;

/** Published movies; episodes of published series that are out (published_at passed). */
const TITLE_SQL = {
  movie: `SELECT title FROM movies WHERE id = $1 AND published`,
  episode: `SELECT s.title || ' — ' || se.title || ', ' || e.title AS title
    FROM episodes e JOIN seasons se ON se.id = e.season_id JOIN series s ON s.id = e.series_id
    WHERE e.id = $1 AND s.published AND e.published_at <= now()`,
} as const;

/** Any movie or episode, published or not: the operators' console preview (decision 0090). */
const ANY_TITLE_SQL = {
  movie: `SELECT title FROM movies WHERE id = $1`,
  episode: `SELECT s.title || ' — ' || se.title || ', ' || e.title AS title
    FROM episodes e JOIN seasons se ON se.id = e.season_id JOIN series s ON s.id = e.series_id
    WHERE e.id = $1`,
} as const;

const EXISTS_SQL = {
  movie: 'SELECT 1 FROM movies WHERE id = $1',
  // A scheduled episode does not exist yet for anyone (decision 0023).
  episode: 'SELECT 1 FROM episodes WHERE id = $1 AND published_at <= now()',
} as const;

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function createPlaybackRepository(db: Queryable) {
  return {
    /**
     * The title and files of a playable video, or null (unknown, unpublished);
     * `unpublished`: published or not (only for an operator's preview).
     */
    async videoMedia(videoType: VideoType, videoId: number, unpublished = false): Promise<VideoMediaRow | null> {
      const fk = FK[videoType];
      const [[title], renditions, subtitles] = await Promise.all([
        db.query<{ title: string }>((unpublished ? ANY_TITLE_SQL : TITLE_SQL)[videoType], [videoId]),
        db.query<RenditionRow>(`SELECT kind, path FROM media_renditions WHERE ${fk} = $1 ORDER BY id`, [videoId]),
        db.query<SubtitleRow>(
          `SELECT language, label, path, is_default AS "isDefault" FROM subtitle_tracks
           WHERE ${fk} = $1 ORDER BY is_default DESC, id`,
          [videoId],
        ),
      ]);
      return title ? { title: title.title, renditions, subtitles } : null;
    },

    /** The series of a published, released episode, or null. */
    async episodeSeriesId(episodeId: number): Promise<number | null> {
      const [row] = await db.query<{ seriesId: number }>(
        `SELECT e.series_id AS "seriesId" FROM episodes e JOIN series s ON s.id = e.series_id
         WHERE e.id = $1 AND s.published AND e.published_at <= now()`,
        [episodeId],
      );
      return row?.seriesId ?? null;
    },

    async videoExists(videoType: VideoType, videoId: number): Promise<boolean> {
      return (await db.query(EXISTS_SQL[videoType], [videoId])).length > 0;
    },

    async progress(userId: number, videoType: VideoType, videoId: number): Promise<ProgressRow | null> {
      const [row] = await db.query<ProgressRow>(
        `SELECT position_seconds AS "positionSeconds", duration_seconds AS "durationSeconds",
           to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
         FROM watch_history WHERE user_id = $1 AND ${FK[videoType]} = $2`,
        [userId, videoId],
      );
      return row ?? null;
    },

    /**
     * One row per user and title; the save with the latest client time wins.
     * The conflict target is the partial unique index of the video type; the
     * WHERE of DO UPDATE drops an older save atomically, even when two
     * arrive at once. True when this save was kept.
     */
    async saveProgress(input: ProgressInput): Promise<boolean> {
      const fk = FK[input.videoType];
      const rows = await db.query(
        `INSERT INTO watch_history (user_id, ${fk}, position_seconds, duration_seconds, client_time, updated_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (user_id, ${fk}) WHERE ${fk} IS NOT NULL DO UPDATE
           SET position_seconds = EXCLUDED.position_seconds, duration_seconds = EXCLUDED.duration_seconds,
               client_time = EXCLUDED.client_time, updated_at = now()
           WHERE watch_history.client_time <= EXCLUDED.client_time
         RETURNING 1`,
        [input.userId, input.videoId, input.positionSeconds, input.durationSeconds, input.clientTime],
      );
      return rows.length > 0;
    },

    /** The account's subtitle look, or null when never saved. */
    /** Deletes every saved position of the user (modules/history's delete all); the number of rows removed. */
    async forgetProgress(userId: number): Promise<number> {
      const rows = await db.query('DELETE FROM watch_history WHERE user_id = $1 RETURNING 1', [userId]);
      return rows.length;
    },

    async subtitleSettings(userId: number): Promise<SubtitleSettings | null> {
      const [row] = await db.query<{ size: string; color: string; background: string; dual: boolean }>(
        'SELECT size, color, background, dual FROM subtitle_settings WHERE user_id = $1',
        [userId],
      );
      if (!row) return null;
      // A value a later version no longer offers reads as the default.
      return {
        size: pick(row.size, SUBTITLE_SIZES, DEFAULT_SUBTITLE_SETTINGS.size),
        color: pick(row.color, SUBTITLE_COLORS, DEFAULT_SUBTITLE_SETTINGS.color),
        background: pick(row.background, SUBTITLE_BACKGROUNDS, DEFAULT_SUBTITLE_SETTINGS.background),
        dual: row.dual,
      };
    },

    /** The account's "Skip recaps and intros automatically" (issue 28); off without a row. */
    async autoSkip(userId: number): Promise<boolean> {
      const [row] = await db.query<{ auto_skip: boolean }>(
        'SELECT auto_skip FROM player_preferences WHERE user_id = $1',
        [userId],
      );
      return row?.auto_skip ?? false;
    },

    async saveAutoSkip(userId: number, on: boolean): Promise<void> {
      await db.query(
        `INSERT INTO player_preferences (user_id, auto_skip, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id) DO UPDATE SET auto_skip = EXCLUDED.auto_skip, updated_at = now()`,
        [userId, on],
      );
    },

    /** Whether the viewer has watched another episode of this episode's series (this one is not their first). */
    async watchedOtherEpisode(userId: number, episodeId: number): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM watch_history h JOIN episodes e ON e.id = h.episode_id
         WHERE h.user_id = $1 AND h.episode_id <> $2
           AND e.series_id = (SELECT series_id FROM episodes WHERE id = $2) LIMIT 1`,
        [userId, episodeId],
      );
      return rows.length > 0;
    },

    async saveSubtitleSettings(userId: number, settings: SubtitleSettings): Promise<void> {
      await db.query(
        `INSERT INTO subtitle_settings (user_id, size, color, background, dual, updated_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (user_id) DO UPDATE SET size = EXCLUDED.size, color = EXCLUDED.color,
           background = EXCLUDED.background, dual = EXCLUDED.dual, updated_at = now()`,
        [userId, settings.size, settings.color, settings.background, settings.dual],
      );
    },

    /**
     * A new episode plays what its series' latest playable episode plays
     * (the operator's publish-episode, modules/notifications).
     */
    async copySeriesMedia(episodeId: number): Promise<void> {
      const source = `(SELECT e.id FROM episodes e JOIN seasons se ON se.id = e.season_id
        WHERE e.series_id = (SELECT series_id FROM episodes WHERE id = $1) AND e.id <> $1
          AND EXISTS (SELECT 1 FROM media_renditions m WHERE m.episode_id = e.id)
        ORDER BY se.season_number DESC, e.episode_number DESC LIMIT 1)`;
      await db.query(
        `INSERT INTO media_renditions (episode_id, kind, path, main_origin, backup_origin, height)
         SELECT $1, kind, path, main_origin, backup_origin, height FROM media_renditions
         WHERE episode_id = ${source} ORDER BY id`,
        [episodeId],
      );
      await db.query(
        `INSERT INTO subtitle_tracks (episode_id, language, label, kind, path, is_default)
         SELECT $1, language, label, kind, path, is_default FROM subtitle_tracks
         WHERE episode_id = ${source} ORDER BY id`,
        [episodeId],
      );
    },

    /**
     * The video plays these files from now on (media ingest, modules/ingest):
     * its renditions replaced, its subtitle tracks moved into the new folder.
     * Call on the transaction that finishes the transcode job.
     */
    async replaceMedia(
      videoType: VideoType,
      videoId: number,
      media: { hlsPath: string; mp4Path: string; height: number; subtitles: { language: string; path: string }[] },
    ): Promise<void> {
      const fk = FK[videoType];
      await db.query(`DELETE FROM media_renditions WHERE ${fk} = $1`, [videoId]);
      await db.query(
        `INSERT INTO media_renditions (${fk}, kind, path, height) VALUES ($1, 'hls', $2, $4), ($1, 'mp4', $3, $4)`,
        [videoId, media.hlsPath, media.mp4Path, media.height],
      );
      for (const s of media.subtitles) {
        await db.query(`UPDATE subtitle_tracks SET path = $3 WHERE ${fk} = $1 AND language = $2`, [
          videoId,
          s.language,
          s.path,
        ]);
      }
    },

    /** The subtitle tracks of a video (any state), by language. */
    /**
     * The HLS playlist a movie or an episode has, published or not (media
     * ingest: a scheduled episode gets its video and subtitles before it
     * comes out); null without media.
     */
    async hlsPath(videoType: VideoType, videoId: number): Promise<string | null> {
      const [row] = await db.query<{ path: string }>(
        `SELECT path FROM media_renditions WHERE ${FK[videoType]} = $1 AND kind = 'hls' ORDER BY id LIMIT 1`,
        [videoId],
      );
      return row?.path ?? null;
    },

    async subtitleTracks(
      videoType: VideoType,
      videoId: number,
    ): Promise<{ language: string; label: string; path: string; offsetMs: number; sourceName: string | null }[]> {
      const rows = await db.query<{
        language: string;
        label: string;
        path: string;
        offset_ms: number;
        source_name: string | null;
      }>(
        `SELECT language, label, path, offset_ms, source_name FROM subtitle_tracks WHERE ${FK[videoType]} = $1 ORDER BY id`,
        [videoId],
      );
      return rows.map((r) => ({
        language: r.language,
        label: r.label,
        path: r.path,
        offsetMs: Number(r.offset_ms),
        sourceName: r.source_name,
      }));
    },

    /**
     * One track per language and video: added, or its file and label
     * replaced; with the offset its cues were shifted by and the name of the
     * file they were read from (the console's, issue 27).
     */
    async putSubtitleTrack(
      videoType: VideoType,
      videoId: number,
      track: { language: string; label: string; path: string; offsetMs?: number; sourceName?: string | null },
    ) {
      const fk = FK[videoType];
      const offset = track.offsetMs ?? 0;
      const source = track.sourceName ?? null;
      const updated = await db.query(
        `UPDATE subtitle_tracks SET path = $3, label = $4, offset_ms = $5, source_name = $6
         WHERE ${fk} = $1 AND language = $2 RETURNING 1`,
        [videoId, track.language, track.path, track.label, offset, source],
      );
      if (updated.length === 0) {
        await db.query(
          `INSERT INTO subtitle_tracks (${fk}, language, label, path, is_default, offset_ms, source_name)
           VALUES ($1, $2, $3, $4, NOT EXISTS (SELECT 1 FROM subtitle_tracks WHERE ${fk} = $1), $5, $6)`,
          [videoId, track.language, track.label, track.path, offset, source],
        );
      }
    },

    /** The offset a track's cues are shifted by now (a whole-file shift from the console). */
    async setSubtitleOffset(videoType: VideoType, videoId: number, language: string, offsetMs: number) {
      await db.query(`UPDATE subtitle_tracks SET offset_ms = $3 WHERE ${FK[videoType]} = $1 AND language = $2`, [
        videoId,
        language,
        offsetMs,
      ]);
    },

    async insertIssueReport(userId: number | null, note: string, payload: Record<string, string>): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO issue_reports (user_id, payload, note) VALUES ($1, $2::jsonb, $3) RETURNING id',
        [userId, JSON.stringify(payload), note],
      );
      return row!.id;
    },
  };
}

export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;
