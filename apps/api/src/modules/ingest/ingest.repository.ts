import {
  WORKER_SILENT_SECONDS,
  type IngestVideoType,
  type MediaJob,
  type MediaJobKind,
  type MediaWorker,
} from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';

// The only SQL of media ingest (migrations 0020, 0029): uploads and the job
// queue (transcodes, and an episode's markers: modules/markers). The queue is FOR UPDATE SKIP LOCKED with our own heartbeat
// (decision 0085): a job is taken by one worker; a job whose worker stopped
// beating is taken again.

const FK = { movie: 'movie_id', episode: 'episode_id' } as const;

export interface ClaimedJob {
  id: number;
  kind: MediaJobKind;
  videoType: IngestVideoType;
  videoId: number;
  /** The upload a transcode makes; null for a markers job. */
  uploadId: string | null;
  attempts: number;
}

interface JobRow {
  id: number;
  kind: MediaJobKind;
  movie_id: number | null;
  episode_id: number | null;
  video_title: string | null;
  upload_id: string | null;
  file_name: string | null;
  state: MediaJob['state'];
  progress: number;
  attempts: number;
  error: string | null;
  worker: string | null;
  heartbeat_age: string | number | null;
  attention: MediaJob['attention'];
  created_at: Date;
  finished_at: Date | null;
}

/** A live worker is one that beat within WORKER_SILENT_SECONDS (a constant, not input). */
const LIVE_WORKER = `seen_at >= now() - make_interval(secs => ${WORKER_SILENT_SECONDS})`;

const JOB_SELECT = `SELECT j.id, j.kind, j.movie_id, j.episode_id, j.upload_id, u.file_name, j.state, j.progress, j.attempts,
    j.error, j.worker, j.created_at, j.finished_at,
    extract(epoch FROM now() - j.heartbeat_at) AS heartbeat_age,
    CASE
      WHEN j.state = 'running' AND j.heartbeat_at < now() - make_interval(secs => ${WORKER_SILENT_SECONDS})
        THEN 'worker_stopped'
      WHEN j.state = 'queued' AND NOT EXISTS (SELECT 1 FROM media_workers WHERE ${LIVE_WORKER}) THEN 'no_worker'
    END AS attention,
    COALESCE(m.title, s.title || ' · ' || e.title) AS video_title
  FROM media_jobs j LEFT JOIN media_uploads u ON u.id = j.upload_id
  LEFT JOIN movies m ON m.id = j.movie_id
  LEFT JOIN episodes e ON e.id = j.episode_id LEFT JOIN series s ON s.id = e.series_id`;

const toJob = (r: JobRow): MediaJob => ({
  id: Number(r.id),
  kind: r.kind,
  video_type: r.movie_id !== null ? 'movie' : 'episode',
  video_id: Number(r.movie_id ?? r.episode_id),
  video_title: r.video_title ?? '',
  upload_id: r.upload_id,
  file_name: r.file_name,
  state: r.state,
  progress: Number(r.progress),
  attempts: Number(r.attempts),
  error: r.error,
  worker: r.worker,
  heartbeat_seconds_ago: r.heartbeat_age === null ? null : Math.max(0, Math.floor(Number(r.heartbeat_age))),
  attention: r.attention ?? null,
  created_at: new Date(r.created_at).toISOString(),
  finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

export function createIngestRepository(db: Queryable) {
  return {
    async createUpload(u: {
      id: string;
      fileName: string;
      size: number;
      uploadedBy: number | null;
      target?: { type: IngestVideoType; id: number } | null;
    }): Promise<void> {
      await db.query(
        'INSERT INTO media_uploads (id, file_name, size, uploaded_by, video_type, video_id) VALUES ($1, $2, $3, $4, $5, $6)',
        [u.id, u.fileName, u.size, u.uploadedBy, u.target?.type ?? null, u.target?.id ?? null],
      );
    },

    /**
     * Uploads no job uses (issue 27), newest first: finished ones whose job
     * was never made, and stopped ones. `graceSeconds` leaves alone an upload
     * whose job is being made this very moment.
     */
    async strandedUploads(graceSeconds: number) {
      const rows = await db.query<{
        id: string;
        file_name: string;
        size: string | number;
        complete: boolean;
        video_type: IngestVideoType | null;
        video_id: string | number | null;
        video_title: string | null;
        created_at: Date;
      }>(
        `SELECT u.id, u.file_name, u.size, u.completed_at IS NOT NULL AS complete, u.video_type, u.video_id,
           CASE u.video_type
             WHEN 'movie' THEN (SELECT title FROM movies WHERE id = u.video_id)
             WHEN 'episode' THEN (SELECT s.title || ' · ' || e.title FROM episodes e JOIN series s ON s.id = e.series_id
                                  WHERE e.id = u.video_id)
           END AS video_title,
           u.created_at
         FROM media_uploads u
         WHERE NOT EXISTS (SELECT 1 FROM media_jobs j WHERE j.upload_id = u.id)
           AND COALESCE(u.completed_at, u.created_at) < now() - make_interval(secs => $1)
         ORDER BY u.created_at DESC LIMIT 100`,
        [graceSeconds],
      );
      return rows.map((r) => ({
        id: r.id,
        fileName: r.file_name,
        size: Number(r.size),
        complete: r.complete,
        videoType: r.video_type,
        videoId: r.video_id === null ? null : Number(r.video_id),
        videoTitle: r.video_title,
        createdAt: new Date(r.created_at),
      }));
    },

    /** An upload's row, or null. */
    async upload(id: string): Promise<{ id: string; fileName: string; size: number; inUse: boolean } | null> {
      const [row] = await db.query<{ id: string; file_name: string; size: string | number; in_use: boolean }>(
        `SELECT id, file_name, size, EXISTS (SELECT 1 FROM media_jobs WHERE upload_id = $1) AS in_use
         FROM media_uploads WHERE id = $1`,
        [id],
      );
      return row ? { id: row.id, fileName: row.file_name, size: Number(row.size), inUse: row.in_use } : null;
    },

    /** The console's media settings (one row, migration 0028). */
    async settings(): Promise<{ keepOriginals: boolean }> {
      const [row] = await db.query<{ keep_originals: boolean }>('SELECT keep_originals FROM media_settings');
      return { keepOriginals: row?.keep_originals ?? false };
    },

    async setKeepOriginals(keep: boolean): Promise<void> {
      await db.query('UPDATE media_settings SET keep_originals = $1, updated_at = now()', [keep]);
    },

    /** True when a job other than `jobId` may still need the upload's file (waiting, running, or failed and retryable). */
    async uploadNeeded(uploadId: string, jobId: number): Promise<boolean> {
      const [row] = await db.query<{ needed: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM media_jobs WHERE upload_id = $1 AND id <> $2
           AND state IN ('queued', 'running', 'failed')) AS needed`,
        [uploadId, jobId],
      );
      return row?.needed ?? false;
    },

    /** Deletes an upload's row when no job uses it; false when one does (or it is gone). */
    async deleteUpload(id: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM media_uploads WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM media_jobs WHERE upload_id = $1) RETURNING 1',
        [id],
      );
      return rows.length > 0;
    },

    async completeUpload(id: string, probe: { durationSeconds: number; height: number }): Promise<void> {
      await db.query(
        'UPDATE media_uploads SET completed_at = now(), duration_seconds = $2, height = $3 WHERE id = $1',
        [id, probe.durationSeconds, probe.height],
      );
    },

    async forgetUpload(id: string): Promise<void> {
      await db.query(
        'DELETE FROM media_uploads WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM media_jobs WHERE upload_id = $1)',
        [id],
      );
    },

    async completedUpload(id: string): Promise<{ id: string; fileName: string } | null> {
      const [row] = await db.query<{ id: string; fileName: string }>(
        'SELECT id, file_name AS "fileName" FROM media_uploads WHERE id = $1 AND completed_at IS NOT NULL',
        [id],
      );
      return row ?? null;
    },

    /** The title of a movie or an episode ('Series · Episode'), or null when there is none. */
    async videoTitle(type: IngestVideoType, id: number): Promise<string | null> {
      const sql =
        type === 'movie'
          ? 'SELECT title FROM movies WHERE id = $1'
          : `SELECT s.title || ' · ' || e.title AS title FROM episodes e JOIN series s ON s.id = e.series_id WHERE e.id = $1`;
      const [row] = await db.query<{ title: string }>(sql, [id]);
      return row?.title ?? null;
    },

    async enqueue(job: {
      videoType: IngestVideoType;
      videoId: number;
      uploadId: string;
      createdBy: number | null;
      maxAttempts: number;
    }) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO media_jobs (${FK[job.videoType]}, upload_id, created_by, max_attempts) VALUES ($1, $2, $3, $4) RETURNING id`,
        [job.videoId, job.uploadId, job.createdBy, job.maxAttempts],
      );
      return Number(row!.id);
    },

    /**
     * A markers job (modules/markers) for each of these episodes that has
     * media and no markers job waiting yet; returns the new jobs' ids.
     */
    async enqueueMarkers(episodeIds: number[], createdBy: number | null, maxAttempts: number): Promise<number[]> {
      if (!episodeIds.length) return [];
      const rows = await db.query<{ id: string | number }>(
        `INSERT INTO media_jobs (kind, episode_id, created_by, max_attempts)
         SELECT 'markers', e.id, $2, $3 FROM episodes e
         WHERE e.id = ANY($1::bigint[])
           AND EXISTS (SELECT 1 FROM media_renditions m WHERE m.episode_id = e.id)
           AND NOT EXISTS (SELECT 1 FROM media_jobs j WHERE j.episode_id = e.id AND j.kind = 'markers' AND j.state = 'queued')
         ORDER BY e.id
         RETURNING id`,
        [episodeIds, createdBy, maxAttempts],
      );
      return rows.map((r) => Number(r.id));
    },

    /**
     * Markers jobs for an episode that got new media and for the episodes
     * just before and after it in its series (their recap and preview are
     * found against it).
     */
    async enqueueMarkersAround(episodeId: number, createdBy: number | null, maxAttempts: number): Promise<number[]> {
      const [row] = await db.query<{ prev: string | number | null; next: string | number | null }>(
        `SELECT prev, next FROM (
           SELECT e.id, lag(e.id) OVER w AS prev, lead(e.id) OVER w AS next
           FROM episodes e JOIN seasons se ON se.id = e.season_id
           WHERE e.series_id = (SELECT series_id FROM episodes WHERE id = $1)
           WINDOW w AS (ORDER BY se.season_number, e.episode_number)
         ) o WHERE id = $1`,
        [episodeId],
      );
      const ids = [episodeId, row?.prev, row?.next].filter((x) => x !== null && x !== undefined).map(Number);
      return this.enqueueMarkers(ids, createdBy, maxAttempts);
    },

    async jobs(opts: {
      limit: number;
      video?: { type: IngestVideoType; id: number };
      kind?: MediaJobKind;
    }): Promise<MediaJob[]> {
      const params: unknown[] = [opts.limit];
      const where: string[] = [];
      if (opts.video) where.push(`j.${FK[opts.video.type]} = $${params.push(opts.video.id)}`);
      if (opts.kind) where.push(`j.kind = $${params.push(opts.kind)}`);
      const rows = await db.query<JobRow>(
        `${JOB_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY j.id DESC LIMIT $1`,
        params,
      );
      return rows.map(toJob);
    },

    /** The queue's view of job folders (the sweep): state, attempts and when each finished. */
    async jobStates(ids: number[]): Promise<Map<number, { state: string; attempts: number; finishedAt: Date | null }>> {
      if (!ids.length) return new Map();
      const rows = await db.query<{ id: string | number; state: string; attempts: number; finished_at: Date | null }>(
        'SELECT id, state, attempts, finished_at FROM media_jobs WHERE id = ANY($1::bigint[])',
        [ids],
      );
      return new Map(
        rows.map((r) => [
          Number(r.id),
          { state: r.state, attempts: r.attempts, finishedAt: r.finished_at && new Date(r.finished_at) },
        ]),
      );
    },

    async job(id: number): Promise<MediaJob | null> {
      const [row] = await db.query<JobRow>(`${JOB_SELECT} WHERE j.id = $1`, [id]);
      return row ? toJob(row) : null;
    },

    /**
     * Jobs whose worker stopped beating for `staleSeconds`: back in the
     * queue, or failed when that was their last attempt. A job put back
     * says so (`retaken`, with how far it had come) until it is done.
     */
    async releaseStale(
      staleSeconds: number,
      texts: { lost: string; retaken(percent: number): string },
    ): Promise<number> {
      const rows = await db.query<{ id: string | number; state: string; progress: number; attempts: number }>(
        `UPDATE media_jobs SET
           state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
           error = CASE WHEN attempts >= max_attempts THEN $2 ELSE error END,
           finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
           worker = NULL
         WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => $1)
         RETURNING id, state, progress, attempts`,
        [staleSeconds, texts.lost],
      );
      for (const r of rows.filter((row) => row.state === 'queued')) {
        // By attempt, not state: a worker may have taken it again meanwhile (attempt + 1).
        await db.query('UPDATE media_jobs SET error = $2 WHERE id = $1 AND attempts IN ($3, $3 + 1)', [
          r.id,
          texts.retaken(Math.round(Number(r.progress) * 100)),
          r.attempts,
        ]);
      }
      return rows.length;
    },

    /** A runner is alive (every HEARTBEAT_MS, idle or not); rows silent for an hour go. */
    async workerBeat(w: { name: string; host: string; pid: number; concurrency: number }): Promise<void> {
      await db.query(
        `INSERT INTO media_workers (name, host, pid, concurrency) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET seen_at = now()`,
        [w.name, w.host, w.pid, w.concurrency],
      );
      await db.query(`DELETE FROM media_workers WHERE seen_at < now() - interval '1 hour'`);
    },

    /** A runner stopped cleanly. */
    async workerGone(name: string): Promise<void> {
      await db.query('DELETE FROM media_workers WHERE name = $1', [name]);
    },

    /** The runners that beat within WORKER_SILENT_SECONDS, with the jobs they run. */
    async liveWorkers(): Promise<MediaWorker[]> {
      const rows = await db.query<{
        name: string;
        host: string;
        pid: number;
        concurrency: number;
        started_at: Date;
        seen_age: string | number;
        jobs: (string | number)[] | null;
      }>(
        `SELECT w.name, w.host, w.pid, w.concurrency, w.started_at, extract(epoch FROM now() - w.seen_at) AS seen_age,
           ARRAY(SELECT j.id FROM media_jobs j WHERE j.worker = w.name AND j.state = 'running' ORDER BY j.id) AS jobs
         FROM media_workers w WHERE ${LIVE_WORKER} ORDER BY w.host, w.pid, w.name`,
      );
      return rows.map((r) => ({
        name: r.name,
        host: r.host,
        pid: Number(r.pid),
        concurrency: Number(r.concurrency),
        jobs: (r.jobs ?? []).map(Number),
        started_at: new Date(r.started_at).toISOString(),
        seen_seconds_ago: Math.max(0, Math.floor(Number(r.seen_age))),
      }));
    },

    /** Takes the oldest waiting job for `worker`, or null. Two workers never take the same job. */
    async claim(worker: string): Promise<ClaimedJob | null> {
      const [row] = await db.query<{
        id: number;
        kind: MediaJobKind;
        movie_id: number | null;
        episode_id: number | null;
        upload_id: string | null;
        attempts: number;
      }>(
        `UPDATE media_jobs SET state = 'running', worker = $1, attempts = attempts + 1, heartbeat_at = now(),
           started_at = now(), progress = 0
         WHERE id = (SELECT id FROM media_jobs WHERE state = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
         RETURNING id, kind, movie_id, episode_id, upload_id, attempts`,
        [worker],
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        kind: row.kind,
        videoType: row.movie_id !== null ? 'movie' : 'episode',
        videoId: Number(row.movie_id ?? row.episode_id),
        uploadId: row.upload_id,
        attempts: Number(row.attempts),
      };
    },

    /** The worker is alive and this far; false when the job is no longer its own (taken again, or gone). */
    async beat(jobId: number, worker: string, progress: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE media_jobs SET heartbeat_at = now(), progress = $3 WHERE id = $1 AND worker = $2 AND state = 'running' RETURNING 1`,
        [jobId, worker, progress],
      );
      return rows.length > 0;
    },

    /** Done (on the transaction that attaches the media); false when the job is no longer this worker's. */
    async finish(jobId: number, worker: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE media_jobs SET state = 'done', progress = 1, finished_at = now(), error = NULL
         WHERE id = $1 AND worker = $2 AND state = 'running' RETURNING 1`,
        [jobId, worker],
      );
      return rows.length > 0;
    },

    async fail(jobId: number, worker: string, error: string): Promise<void> {
      await db.query(
        `UPDATE media_jobs SET state = 'failed', error = $3, finished_at = now()
         WHERE id = $1 AND worker = $2 AND state = 'running'`,
        [jobId, worker, error],
      );
    },

    /** A job this worker stops running (a clean shutdown) goes back to the queue, the attempt not counted. */
    async release(jobId: number, worker: string): Promise<void> {
      await db.query(
        `UPDATE media_jobs SET state = 'queued', attempts = GREATEST(attempts - 1, 0), worker = NULL, progress = 0
         WHERE id = $1 AND worker = $2 AND state = 'running'`,
        [jobId, worker],
      );
    },

    /** A failed job back in the queue with its attempts anew; false when it was not failed. */
    async retry(jobId: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE media_jobs SET state = 'queued', attempts = 0, error = NULL, progress = 0, worker = NULL, finished_at = NULL
         WHERE id = $1 AND state = 'failed' RETURNING 1`,
        [jobId],
      );
      return rows.length > 0;
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
