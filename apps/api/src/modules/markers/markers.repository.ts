import type { AdminEpisodeMarker, EpisodeMarker, MarkerKind, MarkerSource } from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';
import type { DetectedMarker } from './detect.js';

// The only SQL of episode markers (migration 0029): `episode_markers`, and
// the series order and media files the markers job reads. Detection writes
// only 'detected' rows; an operator's rows ('operator', a removal included)
// are never touched by it (decision 0126).

export interface SeriesEpisodeMedia {
  id: number;
  /** The file the job reads (the progressive MP4, else the HLS playlist), relative to MEDIA_DIR; null without media. */
  path: string | null;
}

interface MarkerRow {
  kind: MarkerKind;
  start_seconds: number;
  end_seconds: number;
  confidence: number;
  source: MarkerSource;
  removed_at: Date | null;
  updated_at: Date;
}

export interface StoredMarker extends AdminEpisodeMarker {
  removed: boolean;
}

const toMarker = (r: MarkerRow): StoredMarker => ({
  kind: r.kind,
  start_seconds: Number(r.start_seconds),
  end_seconds: Number(r.end_seconds),
  confidence: Math.round(Number(r.confidence) * 100) / 100,
  source: r.source,
  updated_at: new Date(r.updated_at).toISOString(),
  removed: r.removed_at !== null,
});

const ORDER = `CASE kind WHEN 'recap' THEN 1 WHEN 'intro' THEN 2 WHEN 'credits' THEN 3 ELSE 4 END`;

export function createMarkersRepository(db: Queryable) {
  return {
    /** Every episode of the episode's series in watching order, with the file it plays; [] for no such episode. */
    async seriesEpisodes(episodeId: number): Promise<SeriesEpisodeMedia[]> {
      const rows = await db.query<{ id: string | number; path: string | null }>(
        `SELECT e.id,
           (SELECT m.path FROM media_renditions m WHERE m.episode_id = e.id
            ORDER BY (m.kind = 'mp4') DESC, m.id LIMIT 1) AS path
         FROM episodes e JOIN seasons se ON se.id = e.season_id
         WHERE e.series_id = (SELECT series_id FROM episodes WHERE id = $1)
         ORDER BY se.season_number, e.episode_number`,
        [episodeId],
      );
      return rows.map((r) => ({ id: Number(r.id), path: r.path }));
    },

    async episodeExists(episodeId: number): Promise<boolean> {
      return (await db.query('SELECT 1 FROM episodes WHERE id = $1', [episodeId])).length > 0;
    },

    /** Every row of the episode (removed ones too), in watching order. */
    async all(episodeId: number): Promise<StoredMarker[]> {
      const rows = await db.query<MarkerRow>(
        `SELECT kind, start_seconds, end_seconds, confidence, source, removed_at, updated_at
         FROM episode_markers WHERE episode_id = $1 ORDER BY ${ORDER}`,
        [episodeId],
      );
      return rows.map(toMarker);
    },

    /**
     * Seconds of each episode of a series that are not story: its recap,
     * credits and preview (the episode list's "… of story", issue 28).
     */
    async notStorySeconds(seriesId: number): Promise<Map<number, number>> {
      const rows = await db.query<{ episode_id: string | number; seconds: number }>(
        `SELECT m.episode_id, sum(m.end_seconds - m.start_seconds) AS seconds
         FROM episode_markers m JOIN episodes e ON e.id = m.episode_id
         WHERE e.series_id = $1 AND m.removed_at IS NULL AND m.kind IN ('recap', 'credits', 'preview')
         GROUP BY m.episode_id`,
        [seriesId],
      );
      return new Map(rows.map((r) => [Number(r.episode_id), Number(r.seconds)]));
    },

    /** What a viewer sees of a published, released episode; null when it is not one. */
    async published(episodeId: number): Promise<EpisodeMarker[] | null> {
      const out = await db.query<{ ok: boolean }>(
        `SELECT true AS ok FROM episodes e JOIN series s ON s.id = e.series_id
         WHERE e.id = $1 AND s.published AND e.published_at <= now()`,
        [episodeId],
      );
      if (!out.length) return null;
      const rows = await db.query<Pick<MarkerRow, 'kind' | 'start_seconds' | 'end_seconds'>>(
        `SELECT kind, start_seconds, end_seconds FROM episode_markers
         WHERE episode_id = $1 AND removed_at IS NULL ORDER BY ${ORDER}`,
        [episodeId],
      );
      return rows.map((r) => ({
        kind: r.kind,
        start_seconds: Number(r.start_seconds),
        end_seconds: Number(r.end_seconds),
      }));
    },

    /**
     * The markers job's result: detected rows replaced by `found` (a kind no
     * longer found goes); an operator's rows stay as they are.
     */
    async replaceDetected(episodeId: number, found: DetectedMarker[]): Promise<void> {
      await db.query(
        `DELETE FROM episode_markers WHERE episode_id = $1 AND source = 'detected' AND NOT (kind = ANY($2::text[]))`,
        [episodeId, found.map((m) => m.kind)],
      );
      for (const m of found) {
        await db.query(
          `INSERT INTO episode_markers (episode_id, kind, start_seconds, end_seconds, confidence, source)
           VALUES ($1, $2, $3, $4, $5, 'detected')
           ON CONFLICT (episode_id, kind) DO UPDATE SET start_seconds = EXCLUDED.start_seconds,
             end_seconds = EXCLUDED.end_seconds, confidence = EXCLUDED.confidence, updated_at = now()
           WHERE episode_markers.source = 'detected'`,
          [episodeId, m.kind, m.start, m.end, m.confidence],
        );
      }
    },

    /** An operator's marker (added or edited): confidence 1, never replaced by detection. */
    async putByOperator(episodeId: number, kind: MarkerKind, start: number, end: number): Promise<void> {
      await db.query(
        `INSERT INTO episode_markers (episode_id, kind, start_seconds, end_seconds, confidence, source)
         VALUES ($1, $2, $3, $4, 1, 'operator')
         ON CONFLICT (episode_id, kind) DO UPDATE SET start_seconds = EXCLUDED.start_seconds,
           end_seconds = EXCLUDED.end_seconds, confidence = 1, source = 'operator', removed_at = NULL, updated_at = now()`,
        [episodeId, kind, start, end],
      );
    },

    /** An operator's removal: kept as a removed row, so detection does not bring the marker back. */
    async removeByOperator(episodeId: number, kind: MarkerKind): Promise<void> {
      await db.query(
        `UPDATE episode_markers SET source = 'operator', removed_at = now(), updated_at = now()
         WHERE episode_id = $1 AND kind = $2`,
        [episodeId, kind],
      );
    },
  };
}

export type MarkersRepository = ReturnType<typeof createMarkersRepository>;
