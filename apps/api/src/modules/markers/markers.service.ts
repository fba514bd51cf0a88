import path from 'node:path';
import {
  MARKERS_TEXTS,
  type AdminEpisodeMarkersBody,
  type EpisodeMarkersBody,
  type MarkerKind,
  type MediaJob,
} from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { Actor, AuditRepository } from '../admin/audit.repository.js';
import type { ClaimedJob, IngestRepository } from '../ingest/ingest.repository.js';
import type { Tools } from '../ingest/transcode.js';
import { detectMarkers, type DetectOptions, type EpisodeAudio } from './detect.js';
import { mediaDuration } from './fingerprint.js';
import type { MarkersRepository, SeriesEpisodeMedia } from './markers.repository.js';

// Episode markers (issue 28; README.md here, decisions 0125, 0126): the
// markers job the ingest queue runs (`runJob`, registered as the queue's
// 'markers' kind), the console's list/add/edit/remove (audited on the
// change's transaction) and the player's read.

/** How often a running markers job beats (as a transcode does). */
const HEARTBEAT_MS = 2_000;
/** Episodes besides the previous and next one whose heads and tails are compared. */
const MORE_NEIGHBOURS = 2;

export interface MarkersServiceDeps {
  db: Db;
  repo: MarkersRepository;
  ingest: IngestRepository;
  audit: AuditRepository;
  /** The repositories bound to a transaction (a job's finish, an operator's edit). */
  reposIn(tx: Queryable): { markers: MarkersRepository; ingest: IngestRepository };
  tools: Tools;
  mediaDir: string;
  maxAttempts: number;
  /** Detection's windows and thresholds (tests use short media). */
  detect?: Partial<DetectOptions>;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** The neighbours detection compares an episode with: the previous and next with other media, and a few more. */
export function neighboursOf(list: SeriesEpisodeMedia[], episodeId: number) {
  const at = list.findIndex((e) => e.id === episodeId);
  const target = list[at];
  if (!target?.path) return null;
  const usable = (e: SeriesEpisodeMedia | undefined) => (e?.path && e.path !== target.path ? e : null);
  const previous = usable(list[at - 1]);
  const next = usable(list[at + 1]);
  const seen = new Set([target.path, previous?.path, next?.path]);
  const others: SeriesEpisodeMedia[] = [];
  // Nearest first, alternating back and forth.
  for (let d = 2; d < list.length && others.length < MORE_NEIGHBOURS; d += 1) {
    for (const e of [list[at - d], list[at + d]]) {
      if (e?.path && !seen.has(e.path) && others.length < MORE_NEIGHBOURS) {
        seen.add(e.path);
        others.push(e);
      }
    }
  }
  return { target, previous, next, others };
}

export function createMarkersService(deps: MarkersServiceDeps) {
  const { repo } = deps;
  const mediaRoot = path.resolve(deps.mediaDir);
  const abs = (rel: string) => {
    const file = path.resolve(mediaRoot, rel);
    if (!file.startsWith(mediaRoot + path.sep)) throw new Error(`outside MEDIA_DIR: ${rel}`);
    return file;
  };

  async function requireEpisode(id: number) {
    if (!(await repo.episodeExists(id))) throw new HttpFailure(404, { error: MARKERS_TEXTS.episodeNotFound });
  }

  async function adminBody(episodeId: number): Promise<AdminEpisodeMarkersBody> {
    const [rows, jobs] = await Promise.all([
      repo.all(episodeId),
      deps.ingest.jobs({ limit: 5, video: { type: 'episode', id: episodeId }, kind: 'markers' }),
    ]);
    return {
      episode_id: episodeId,
      markers: rows.filter((m) => !m.removed).map(({ removed: _removed, ...m }) => m),
      removed: rows.filter((m) => m.removed).map((m) => m.kind),
      jobs,
    };
  }

  /** One change by an operator, audited on its transaction. */
  async function change(
    episodeId: number,
    kind: MarkerKind,
    by: Actor,
    action: 'markers.add' | 'markers.edit' | 'markers.remove',
    write: (r: MarkersRepository) => Promise<void>,
  ) {
    const before = (await repo.all(episodeId)).find((m) => m.kind === kind && !m.removed) ?? null;
    await deps.db.transaction(async (tx) => {
      const r = deps.reposIn(tx).markers;
      await write(r);
      const after = (await r.all(episodeId)).find((m) => m.kind === kind) ?? null;
      await deps.audit.recordBy(
        by,
        {
          action,
          targetType: 'episode',
          targetId: episodeId,
          before: before && {
            kind,
            start_seconds: before.start_seconds,
            end_seconds: before.end_seconds,
            source: before.source,
          },
          after:
            after && !after.removed
              ? { kind, start_seconds: after.start_seconds, end_seconds: after.end_seconds }
              : { kind, removed: true },
        },
        tx,
      );
    });
    return adminBody(episodeId);
  }

  function checkSpan(start: number, end: number) {
    if (!(end > start)) throw new HttpFailure(400, { error: MARKERS_TEXTS.startNotBeforeEnd, field: 'start_seconds' });
  }

  return {
    /** The queue's 'markers' job: finds the episode's markers and stores them on the transaction that finishes it. */
    async runJob(job: ClaimedJob, worker: string, signal: AbortSignal): Promise<void> {
      let lost = false;
      const controller = new AbortController();
      const onAbort = () => controller.abort();
      signal.addEventListener('abort', onAbort);
      const beat = setInterval(() => {
        deps.ingest.beat(job.id, worker, 0).then(
          (ours) => {
            if (!ours) {
              lost = true;
              controller.abort();
            }
          },
          (err: unknown) => deps.log.warn({ err, job: job.id }, 'markers: heartbeat failed'),
        );
      }, HEARTBEAT_MS);
      try {
        const around = neighboursOf(await repo.seriesEpisodes(job.videoId), job.videoId);
        if (!around) throw new Error(MARKERS_TEXTS.noMedia);
        const audio = async (e: SeriesEpisodeMedia | null): Promise<EpisodeAudio | null> => {
          if (!e?.path) return null;
          const file = abs(e.path);
          return { file, durationSeconds: await mediaDuration(deps.tools, file, controller.signal) };
        };
        const started = Date.now();
        const [target, previous, next, ...others] = await Promise.all(
          [around.target, around.previous, around.next, ...around.others].map(audio),
        );
        const found = await detectMarkers(
          deps.tools,
          { target: target!, previous, next, others: others.filter((o): o is EpisodeAudio => o !== null) },
          { ...deps.detect, signal: controller.signal },
        );
        const done = await deps.db.transaction(async (tx) => {
          const r = deps.reposIn(tx);
          if (!(await r.ingest.finish(job.id, worker))) return false;
          await r.markers.replaceDetected(job.videoId, found);
          return true;
        });
        deps.log.info(
          { job: job.id, episode: job.videoId, found: found.map((m) => m.kind), ms: Date.now() - started, done },
          done ? 'markers: found' : 'markers: the job was taken again',
        );
      } catch (error) {
        if (lost) {
          deps.log.warn({ job: job.id }, 'markers: the job was taken again; this run stopped');
          return;
        }
        if (signal.aborted) {
          await deps.ingest.release(job.id, worker);
          deps.log.warn({ job: job.id }, 'markers: stopping; the job is back in the queue');
          return;
        }
        const why = error instanceof Error ? error.message : String(error);
        deps.log.error({ job: job.id, err: error }, 'markers: detection failed');
        await deps.ingest.fail(job.id, worker, why.slice(0, 500));
      } finally {
        clearInterval(beat);
        signal.removeEventListener('abort', onAbort);
      }
    },

    /** The player's read: a published, released episode's markers (404 otherwise). */
    async published(episodeId: number): Promise<EpisodeMarkersBody> {
      const markers = await repo.published(episodeId);
      if (markers === null) throw new HttpFailure(404, { error: MARKERS_TEXTS.episodeNotFound });
      return { episode_id: episodeId, markers };
    },

    async list(episodeId: number): Promise<AdminEpisodeMarkersBody> {
      await requireEpisode(episodeId);
      return adminBody(episodeId);
    },

    async add(episodeId: number, input: { kind: MarkerKind; start: number; end: number }, by: Actor) {
      await requireEpisode(episodeId);
      checkSpan(input.start, input.end);
      const current = (await repo.all(episodeId)).find((m) => m.kind === input.kind && !m.removed);
      if (current) throw new HttpFailure(409, { error: MARKERS_TEXTS.markerExists, field: 'kind' });
      return change(episodeId, input.kind, by, 'markers.add', (r) =>
        r.putByOperator(episodeId, input.kind, input.start, input.end),
      );
    },

    async edit(episodeId: number, kind: MarkerKind, input: { start?: number; end?: number }, by: Actor) {
      await requireEpisode(episodeId);
      const current = (await repo.all(episodeId)).find((m) => m.kind === kind && !m.removed);
      if (!current) throw new HttpFailure(404, { error: MARKERS_TEXTS.markerNotFound });
      const start = input.start ?? current.start_seconds;
      const end = input.end ?? current.end_seconds;
      checkSpan(start, end);
      return change(episodeId, kind, by, 'markers.edit', (r) => r.putByOperator(episodeId, kind, start, end));
    },

    async remove(episodeId: number, kind: MarkerKind, by: Actor) {
      await requireEpisode(episodeId);
      const current = (await repo.all(episodeId)).find((m) => m.kind === kind && !m.removed);
      if (!current) throw new HttpFailure(404, { error: MARKERS_TEXTS.markerNotFound });
      return change(episodeId, kind, by, 'markers.remove', (r) => r.removeByOperator(episodeId, kind));
    },

    /** Detection again (an operator's request): a markers job, queued; 409 when the episode has no media. */
    async detect(episodeId: number, by: Actor): Promise<MediaJob> {
      await requireEpisode(episodeId);
      const id = await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        const [jobId] = await r.ingest.enqueueMarkers([episodeId], by.id, deps.maxAttempts);
        if (jobId === undefined) return null;
        await deps.audit.recordBy(
          by,
          { action: 'markers.detect', targetType: 'episode', targetId: episodeId, after: { job: jobId } },
          tx,
        );
        return jobId;
      });
      if (id === null) {
        // No media, or a markers job already waits: that one is the answer.
        const waiting = (
          await deps.ingest.jobs({ limit: 1, video: { type: 'episode', id: episodeId }, kind: 'markers' })
        )[0];
        if (waiting?.state === 'queued') return waiting;
        throw new HttpFailure(409, { error: MARKERS_TEXTS.noMedia });
      }
      return (await deps.ingest.job(id))!;
    },
  };
}

export type MarkersService = ReturnType<typeof createMarkersService>;
