import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  INGEST_TEXTS,
  LOW_DISK_SHARE,
  SUBTITLE_LANGUAGES,
  type MediaStatusBody,
  type IngestVideoType,
  type MediaJob,
  type MediaJobKind,
  type MediaUpload,
  type MediaVideoBody,
  type SubtitleLanguage,
  type SubtitleTrackBody,
} from '@bosphorus/contract';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { AuditRepository } from '../admin/audit.repository.js';
import type { PlaybackRepository } from '../playback/playback.repository.js';
import type { ClaimedJob, IngestRepository } from './ingest.repository.js';
import { decodeSubtitles, parseSubtitles, shiftCues, SubtitleError, toWebVtt } from './subtitles.js';
import { endOrphans, ffmpegVersion, probe, transcode, type Tools } from './transcode.js';

// Media ingest (issue 17; README.md here): uploads land in
// MEDIA_DIR/incoming, a transcode job per upload and title runs in a queue
// on the database (ingest.repository.ts), and a finished job attaches its
// folder MEDIA_DIR/ingest/<type>-<id>/job-<job>-<attempt>/ to the title in
// the same transaction that marks it done: until then the title does not
// play. Subtitles are files of that folder too (subs/<lang>.vtt).

export const INCOMING_FOLDER = 'incoming';
export const INGEST_FOLDER = 'ingest';
/** How often a running job's worker beats (and reports progress). */
export const HEARTBEAT_MS = 2_000;
/** How often an idle worker looks for a job. */
export const POLL_MS = 1_000;
/** Who acts, for the audit log. */
export interface Actor {
  id: number | null;
  name: string;
}

/** Runs one claimed job to its end (finish, fail or release it). */
export type JobRunner = (job: ClaimedJob, worker: string, signal: AbortSignal) => Promise<void>;

export interface IngestServiceDeps {
  db: Db;
  /**
   * The runners of the queue's other job kinds (a transcode is this
   * service's own): `markers`, modules/markers (issue 28).
   */
  runners: Record<Exclude<MediaJobKind, 'transcode'>, JobRunner>;
  repo: IngestRepository;
  /** The repositories bound to a transaction (the job's finish, a subtitle's write). */
  reposIn(tx: Queryable): { ingest: IngestRepository; playback: PlaybackRepository; audit: AuditRepository };
  playback: PlaybackRepository;
  /**
   * A subtitle track was stored, on the upload's transaction (issue 28: an
   * episode's English track is news, modules/notifications); what it
   * returns runs after the commit. Absent where nobody is told (the worker).
   */
  subtitlesStored?(
    tx: Queryable,
    type: IngestVideoType,
    id: number,
    language: SubtitleLanguage,
  ): Promise<{ afterCommit(): Promise<void> } | null>;
  config: Config['ingest'];
  mediaDir: string;
  /**
   * How long a folder may still be streamed after the title moved on from it:
   * a playback token's lifetime and playback's file cache (the sweep waits
   * this long before it removes a replaced transcode).
   */
  servedForSeconds: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

const videoFolder = (type: IngestVideoType, id: number) => `${INGEST_FOLDER}/${type}-${id}`;
const VIDEO_FOLDER = /^(movie|episode)-([1-9][0-9]*)$/;
const JOB_FOLDER = /^job-([1-9][0-9]*)-([0-9]+)$/;
const PENDING_SUBTITLES = 'subs-pending';
/** A finished upload without a job is listed this long after it finished (its job is being made meanwhile). */
const STRANDED_GRACE_SECONDS = 30;
/** A partial upload with nothing written for this long has stopped. */
const STOPPED_AFTER_MS = 60_000;
/** How long the disk figures are reused (walking MEDIA_DIR is not free). */
const DISK_CACHE_MS = 60_000;

/** The console warns when MEDIA_DIR's disk has less than LOW_DISK_SHARE (10%) free (issue 27, decision 0119). */
export function diskIsLow(freeBytes: number, totalBytes: number): boolean {
  return totalBytes > 0 && freeBytes / totalBytes < LOW_DISK_SHARE;
}
/** How often a runner sweeps replaced transcodes away. */
export const SWEEP_MS = 15 * 60_000;

export function createIngestService(deps: IngestServiceDeps) {
  const { repo, config } = deps;
  const mediaRoot = path.resolve(deps.mediaDir);
  const tools: Tools = { ffmpeg: config.ffmpeg, ffprobe: config.ffprobe };
  const abs = (rel: string) => {
    const file = path.resolve(mediaRoot, rel);
    if (!file.startsWith(mediaRoot + path.sep)) throw new Error(`outside MEDIA_DIR: ${rel}`);
    return file;
  };
  const incoming = abs(INCOMING_FOLDER);
  let ffmpeg: Promise<string | null> | null = null;

  async function requireVideo(type: IngestVideoType, id: number): Promise<string> {
    const title = await repo.videoTitle(type, id);
    if (title === null) throw new HttpFailure(404, { error: INGEST_TEXTS.videoNotFound });
    return title;
  }

  /** The folder a video plays from now (relative to MEDIA_DIR), or null when it has no media. */
  async function currentFolder(type: IngestVideoType, id: number): Promise<string | null> {
    // Published or not: a scheduled episode gets its media before it is out.
    const hls = await deps.playback.hlsPath(type, id);
    return hls ? path.posix.dirname(hls) : null;
  }

  /** Where the next subtitle file of a video goes: its playing folder, or a waiting one until it has media. */
  async function subtitleFolder(type: IngestVideoType, id: number) {
    return (await currentFolder(type, id)) ?? `${videoFolder(type, id)}/${PENDING_SUBTITLES}`;
  }

  async function writeAtomically(rel: string, data: string | Uint8Array) {
    const file = abs(rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  /**
   * Removes the transcodes a title no longer plays from (decision 0085): a
   * folder of `ingest/<type>-<id>/` that is not the title's current one, is
   * not being written by a live attempt, and cannot be streamed any more —
   * the title moved on (its current job finished) longer than
   * `servedForSeconds` ago, or, for a title without media, the folder was
   * last written longer ago than that. Failed and abandoned attempts go the
   * same way. Every process with a runner sweeps; removing twice is harmless.
   */
  async function sweep(now = Date.now()): Promise<string[]> {
    const servedForMs = deps.servedForSeconds * 1000;
    const removed: string[] = [];
    const root = abs(INGEST_FOLDER);
    const titles = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
    for (const title of titles) {
      const match = title.isDirectory() ? VIDEO_FOLDER.exec(title.name) : null;
      if (!match) continue;
      const type = match[1] as IngestVideoType;
      const base = videoFolder(type, Number(match[2]));
      const current = await currentFolder(type, Number(match[2]));
      const entries = (await fs.readdir(abs(base), { withFileTypes: true })).filter((e) => e.isDirectory());
      const jobIds = entries
        .map((e) => JOB_FOLDER.exec(e.name))
        .filter((m) => m !== null)
        .map((m) => Number(m[1]));
      const currentJob = current && JOB_FOLDER.exec(path.posix.basename(current));
      const states = await repo.jobStates(currentJob ? [...jobIds, Number(currentJob[1])] : jobIds);
      const movedOnAt = currentJob ? states.get(Number(currentJob[1]))?.finishedAt?.getTime() : undefined;
      for (const entry of entries) {
        const rel = `${base}/${entry.name}`;
        if (rel === current) continue;
        const job = JOB_FOLDER.exec(entry.name);
        // Waiting subtitles wait until the title has media (then they were copied along).
        if (!job && (entry.name !== PENDING_SUBTITLES || !current)) continue;
        if (job) {
          const state = states.get(Number(job[1]));
          const live = state && (state.state === 'queued' || state.state === 'running');
          if (live && state.attempts === Number(job[2])) continue;
        }
        // When the folder was last streamable: up to the title's move to its
        // current folder, or (no current folder) its own last write.
        const until = current ? (movedOnAt ?? now) : ((await fs.stat(abs(rel)).catch(() => null))?.mtimeMs ?? now);
        if (now - until < servedForMs) continue;
        await fs.rm(abs(rel), { recursive: true, force: true });
        removed.push(rel);
      }
      // A title folder left empty (a removed title's) goes too.
      if (!current) await fs.rmdir(abs(base)).catch(() => {});
    }
    if (removed.length) deps.log.info({ removed }, 'ingest: replaced transcodes removed');
    return removed;
  }

  /**
   * After a successful transcode the upload's source goes from incoming/
   * (decision 0119), unless the operator keeps originals (the caller's
   * reading as the job finished) or another job may still need it (waiting,
   * running, or failed and retryable).
   */
  async function dropSource(job: ClaimedJob) {
    const { uploadId } = job;
    if (uploadId === null) return; // a markers job reads the transcoded media, not an upload
    try {
      if (await repo.uploadNeeded(uploadId, job.id)) return;
      await fs.rm(path.join(incoming, uploadId), { force: true });
      await fs.rm(path.join(incoming, `${uploadId}.json`), { force: true });
      deps.log.info({ job: job.id, upload: uploadId }, 'ingest: the source upload was removed');
    } catch (err) {
      deps.log.warn({ err, job: job.id }, 'ingest: the source upload could not be removed');
    }
  }

  /** Bytes of the files under `dir` (0 when it does not exist). */
  async function sizeOf(dir: string): Promise<number> {
    let total = 0;
    const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const stat = await fs.stat(path.join(e.parentPath, e.name)).catch(() => null);
      total += stat?.size ?? 0;
    }
    return total;
  }

  let diskCache: { at: number; value: Promise<MediaStatusBody['disk']> } | null = null;
  /** MEDIA_DIR's disk and what the media take (walked at most once a minute). */
  function disk(now = Date.now()): Promise<MediaStatusBody['disk']> {
    if (diskCache && now - diskCache.at < DISK_CACHE_MS) return diskCache.value;
    const value = (async () => {
      const fsStat = await fs.statfs(mediaRoot);
      const total = fsStat.blocks * fsStat.bsize;
      const free = fsStat.bavail * fsStat.bsize;
      const [media, waiting] = await Promise.all([sizeOf(mediaRoot), sizeOf(incoming)]);
      return {
        total_bytes: total,
        free_bytes: free,
        media_bytes: media,
        incoming_bytes: waiting,
        low: diskIsLow(free, total),
      };
    })();
    diskCache = { at: now, value };
    value.catch(() => (diskCache = null));
    return value;
  }

  async function process(job: ClaimedJob, worker: string, signal: AbortSignal) {
    if (job.uploadId === null) throw new Error(`transcode job ${job.id} has no upload`);
    const source = path.join(incoming, job.uploadId);
    const folder = `${videoFolder(job.videoType, job.videoId)}/job-${job.id}-${job.attempts}`;
    let progress = 0;
    let lost = false;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort);
    // The heartbeat: progress for the console, and proof of life for the
    // queue; when the job is no longer ours (taken again), ffmpeg stops.
    const beat = setInterval(() => {
      repo.beat(job.id, worker, progress).then(
        (ours) => {
          if (!ours) {
            lost = true;
            controller.abort();
          }
        },
        (err: unknown) => deps.log.warn({ err, job: job.id }, 'ingest: heartbeat failed'),
      );
    }, HEARTBEAT_MS);
    try {
      const result = await transcode(tools, source, abs(folder), {
        signal: controller.signal,
        preset: config.preset,
        onProgress: (p) => (progress = p),
      });
      // Subtitles already uploaded for the title come along into the new folder.
      const tracks = await deps.playback.subtitleTracks(job.videoType, job.videoId);
      const moved: { language: string; path: string }[] = [];
      for (const t of tracks) {
        const target = `${folder}/subs/${t.language}.vtt`;
        try {
          const vtt = await fs.readFile(abs(t.path));
          await fs.mkdir(path.dirname(abs(target)), { recursive: true });
          await fs.writeFile(abs(target), vtt);
          moved.push({ language: t.language, path: target });
        } catch (err) {
          deps.log.warn({ err, job: job.id, track: t.path }, 'ingest: a subtitle file could not be copied');
        }
      }
      // The originals setting as the job becomes done, read in the same
      // transaction: an operator's change a moment later (once the console
      // shows the job done) applies to the next job, not to this one.
      let keepSource = false;
      const done = await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        if (!(await r.ingest.finish(job.id, worker))) return false;
        keepSource = (await r.ingest.settings()).keepOriginals;
        await r.playback.replaceMedia(job.videoType, job.videoId, {
          hlsPath: `${folder}/${result.master}`,
          mp4Path: `${folder}/${result.progressive}`,
          height: result.height,
          subtitles: moved,
        });
        // New media: its markers, and its neighbours' (their recap and
        // preview are found against it), are found next (modules/markers).
        if (job.videoType === 'episode') await r.ingest.enqueueMarkersAround(job.videoId, null, config.maxAttempts);
        return true;
      });
      deps.log.info({ job: job.id, folder, done }, done ? 'ingest: media ready' : 'ingest: job was taken again');
      if (done && !keepSource) await dropSource(job);
    } catch (error) {
      if (lost) {
        deps.log.warn({ job: job.id }, 'ingest: the job was taken again; this run stopped');
        return;
      }
      if (signal.aborted) {
        // A clean stop (SIGTERM): the job goes back to the queue at once.
        await repo.release(job.id, worker);
        deps.log.warn({ job: job.id }, 'ingest: stopping; the job is back in the queue');
        return;
      }
      const why = error instanceof Error ? error.message : String(error);
      deps.log.error({ job: job.id, err: error }, 'ingest: transcode failed');
      await repo.fail(job.id, worker, INGEST_TEXTS.ffmpegFailed(why.slice(0, 500)));
    } finally {
      clearInterval(beat);
      signal.removeEventListener('abort', onAbort);
    }
  }

  const runners: Record<MediaJobKind, JobRunner> = { transcode: process, ...deps.runners };

  return {
    tools,
    incomingDir: incoming,

    /** The ffmpeg version, or null when it is missing (asked once per process). */
    ffmpegVersion(): Promise<string | null> {
      ffmpeg ??= ffmpegVersion(tools);
      return ffmpeg;
    },

    disk,

    /** The console's media settings. */
    settings: () => repo.settings(),

    /** Keep (or not) an upload's source after its transcode succeeded; audited. */
    async setKeepOriginals(keep: boolean, by: Actor) {
      const before = await repo.settings();
      await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        await r.ingest.setKeepOriginals(keep);
        await r.audit.record(
          {
            actorId: by.id,
            actor: by.name,
            action: 'media.settings',
            targetType: 'media',
            targetId: null,
            before: { keep_originals: before.keepOriginals },
            after: { keep_originals: keep },
          },
          tx,
        );
      });
      return { keepOriginals: keep };
    },

    /** True when the video plays: its HLS and progressive files are attached. */
    playable: async (type: IngestVideoType, id: number) => (await currentFolder(type, id)) !== null,

    /**
     * The poster frame the video's transcode took (`poster.jpg` beside the
     * renditions it plays from), or null: no media, or media not from a
     * transcode (the demo clips). Decision 0090.
     */
    async posterFrame(type: IngestVideoType, id: number): Promise<Buffer | null> {
      const folder = await currentFolder(type, id);
      if (folder === null) return null;
      try {
        return await fs.readFile(abs(`${folder}/poster.jpg`));
      } catch {
        return null;
      }
    },

    /**
     * An upload starts (tus `onUploadCreate`): its row, named by the
     * server-made id, with the title it was sent for when the console named
     * one (so a job never made can be made later, issue 27).
     */
    async uploadStarted(
      id: string,
      fileName: string,
      size: number,
      by: Actor,
      target: { type: IngestVideoType; id: number } | null = null,
    ) {
      await repo.createUpload({ id, fileName: fileName.slice(0, 300), size, uploadedBy: by.id, target });
    },

    /**
     * Uploads no job uses (issue 27): finished ones whose job was never made
     * (30 s after they finished), and stopped ones (nothing written for a
     * minute; tus-js-client resumes the same file chosen again).
     */
    async strandedUploads(): Promise<MediaUpload[]> {
      const rows = await repo.strandedUploads(STRANDED_GRACE_SECONDS);
      const out: MediaUpload[] = [];
      for (const r of rows) {
        const stat = await fs.stat(path.join(incoming, r.id)).catch(() => null);
        if (!r.complete && stat && Date.now() - stat.mtimeMs < STOPPED_AFTER_MS) continue; // still arriving
        out.push({
          id: r.id,
          file_name: r.fileName,
          size: r.size,
          received: stat?.size ?? 0,
          complete: r.complete,
          video_type: r.videoType,
          video_id: r.videoId,
          video_title: r.videoTitle,
          created_at: r.createdAt.toISOString(),
        });
      }
      return out;
    },

    /** Deletes an upload no job uses: its file and its row (audited). Says what it deleted. */
    async deleteUpload(id: string, by: Actor): Promise<string> {
      const upload = await repo.upload(id);
      if (!upload) throw new HttpFailure(404, { error: INGEST_TEXTS.uploadNotFound });
      if (upload.inUse) throw new HttpFailure(409, { error: INGEST_TEXTS.uploadInUse });
      const deleted = await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        if (!(await r.ingest.deleteUpload(id))) return false;
        await r.audit.record(
          {
            actorId: by.id,
            actor: by.name,
            action: 'media.upload.delete',
            targetType: 'upload',
            targetId: id,
            before: { upload: id, file: upload.fileName, size: upload.size },
          },
          tx,
        );
        return true;
      });
      if (!deleted) throw new HttpFailure(409, { error: INGEST_TEXTS.uploadInUse });
      await fs.rm(path.join(incoming, id), { force: true });
      await fs.rm(path.join(incoming, `${id}.json`), { force: true });
      return INGEST_TEXTS.uploadDeleted(upload.fileName);
    },

    /**
     * The last byte arrived: the file must be a video by its content (magic
     * bytes, then ffprobe). A file that is not goes at once.
     */
    async uploadFinished(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
      const file = path.join(incoming, id);
      const head = Buffer.alloc(12);
      const handle = await fs.open(file, 'r');
      try {
        await handle.read(head, 0, 12, 0);
      } finally {
        await handle.close();
      }
      const box = head.toString('latin1', 4, 8);
      const isoBmff = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box); // MP4, MOV
      const matroska = head.readUInt32BE(0) === 0x1a45dfa3; // MKV
      let error: string | null = isoBmff || matroska ? null : INGEST_TEXTS.notAVideo;
      if (!error) {
        try {
          const info = await probe(tools, file);
          await repo.completeUpload(id, { durationSeconds: info.durationSeconds, height: info.height });
        } catch {
          error = INGEST_TEXTS.noVideoStream;
        }
      }
      if (error) {
        await fs.rm(file, { force: true });
        await fs.rm(`${file}.json`, { force: true });
        await repo.forgetUpload(id);
        return { ok: false, error };
      }
      return { ok: true };
    },

    /** A transcode of a finished upload for a movie or an episode, queued (never run here). */
    async enqueue(
      input: { uploadId: string; videoType: IngestVideoType; videoId: number },
      by: Actor,
    ): Promise<MediaJob> {
      const title = await requireVideo(input.videoType, input.videoId);
      const upload = await repo.completedUpload(input.uploadId);
      if (!upload) throw new HttpFailure(404, { error: INGEST_TEXTS.uploadNotFound });
      const id = await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        const jobId = await r.ingest.enqueue({ ...input, createdBy: by.id, maxAttempts: config.maxAttempts });
        await r.audit.record(
          {
            actorId: by.id,
            actor: by.name,
            action: 'media.transcode',
            targetType: input.videoType,
            targetId: input.videoId,
            after: { job: jobId, upload: upload.id, file: upload.fileName, title },
          },
          tx,
        );
        return jobId;
      });
      return (await repo.job(id))!;
    },

    /** The newest jobs, and the live workers (the console's Media page). */
    async jobs(limit = 50) {
      const [jobs, workers] = await Promise.all([repo.jobs({ limit }), repo.liveWorkers()]);
      return { jobs, workers };
    },

    async retry(jobId: number, by: Actor): Promise<MediaJob> {
      const job = await repo.job(jobId);
      if (!job) throw new HttpFailure(404, { error: INGEST_TEXTS.jobNotFound });
      const ok = await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        if (!(await r.ingest.retry(jobId))) return false;
        await r.audit.record(
          {
            actorId: by.id,
            actor: by.name,
            action: 'media.retry',
            targetType: job.video_type,
            targetId: job.video_id,
            before: { job: jobId, state: job.state, error: job.error },
            after: { job: jobId, state: 'queued' },
          },
          tx,
        );
        return true;
      });
      if (!ok) throw new HttpFailure(409, { error: INGEST_TEXTS.jobNotFailed });
      return (await repo.job(jobId))!;
    },

    async video(type: IngestVideoType, id: number): Promise<MediaVideoBody> {
      const title = await requireVideo(type, id);
      const [folder, tracks, jobs] = await Promise.all([
        currentFolder(type, id),
        deps.playback.subtitleTracks(type, id),
        repo.jobs({ limit: 20, video: { type, id } }),
      ]);
      return {
        video_type: type,
        video_id: id,
        title,
        ready: folder !== null,
        subtitles: tracks.map((t) => ({ language: t.language, label: t.label })),
        jobs,
      };
    },

    /**
     * Stores a subtitle file (any encoding, SRT or WebVTT) as the video's
     * WebVTT track in `language`, its cues shifted by `offsetMs` — or, when
     * null, by the offset the track it replaces had (issue 27: the operator's
     * shift is kept unless they clear it). The audit entry names what it
     * replaced.
     */
    async putSubtitles(
      type: IngestVideoType,
      id: number,
      language: SubtitleLanguage,
      bytes: Uint8Array,
      offsetMs: number | null,
      fileName: string | null,
      by: Actor,
    ): Promise<SubtitleTrackBody> {
      await requireVideo(type, id);
      const decoded = decodeSubtitles(bytes);
      let parsed;
      try {
        parsed = parseSubtitles(decoded.text);
      } catch (error) {
        if (error instanceof SubtitleError) {
          throw new HttpFailure(400, {
            error: error.message,
            field: 'file',
            ...(error.cueErrors.length ? { cue_errors: error.cueErrors } : {}),
          });
        }
        throw error;
      }
      const replaced = (await deps.playback.subtitleTracks(type, id)).find((t) => t.language === language) ?? null;
      const offset = offsetMs ?? replaced?.offsetMs ?? 0;
      const cues = shiftCues(parsed.cues, offset);
      const rel = `${await subtitleFolder(type, id)}/subs/${language}.vtt`;
      await writeAtomically(rel, toWebVtt(cues));
      const stored = await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        await r.playback.putSubtitleTrack(type, id, {
          language,
          label: SUBTITLE_LANGUAGES[language],
          path: rel,
          offsetMs: offset,
          sourceName: fileName,
        });
        await r.audit.record(
          {
            actorId: by.id,
            actor: by.name,
            action: 'subtitles.upload',
            targetType: type,
            targetId: id,
            before: replaced && {
              language,
              file: replaced.sourceName,
              path: replaced.path,
              offset_ms: replaced.offsetMs,
            },
            after: { language, file: fileName, encoding: decoded.encoding, cues: cues.length, offset_ms: offset },
          },
          tx,
        );
        return (await deps.subtitlesStored?.(tx, type, id, language)) ?? null;
      });
      await stored?.afterCommit();
      return {
        language,
        label: SUBTITLE_LANGUAGES[language],
        encoding: decoded.encoding,
        offset_ms: offset,
        cues: cues.map((c, i) => ({ ...c, number: i + 1 })),
        warnings: parsed.warnings,
      };
    },

    async subtitles(type: IngestVideoType, id: number, language: SubtitleLanguage): Promise<SubtitleTrackBody> {
      await requireVideo(type, id);
      const track = (await deps.playback.subtitleTracks(type, id)).find((t) => t.language === language);
      const text = track && (await fs.readFile(abs(track.path), 'utf8').catch(() => null));
      if (!track || !text) throw new HttpFailure(404, { error: INGEST_TEXTS.subtitleNotFound });
      const { cues } = parseSubtitles(text);
      return { language, label: track.label, encoding: null, offset_ms: track.offsetMs, cues, warnings: [] };
    },

    /** Every cue of a stored track moved by `offsetMs` (a whole-file shift, added to the track's offset). */
    async shiftSubtitles(type: IngestVideoType, id: number, language: SubtitleLanguage, offsetMs: number, by: Actor) {
      const current = await this.subtitles(type, id, language);
      const track = (await deps.playback.subtitleTracks(type, id)).find((t) => t.language === language)!;
      const cues = shiftCues(current.cues, offsetMs);
      const total = current.offset_ms + offsetMs;
      await writeAtomically(track.path, toWebVtt(cues));
      await deps.db.transaction(async (tx) => {
        const r = deps.reposIn(tx);
        await r.playback.setSubtitleOffset(type, id, language, total);
        await r.audit.record(
          {
            actorId: by.id,
            actor: by.name,
            action: 'subtitles.shift',
            targetType: type,
            targetId: id,
            before: { language, cues: current.cues.length, offset_ms: current.offset_ms },
            after: { language, cues: cues.length, offset_ms: total, shifted_by_ms: offsetMs },
          },
          tx,
        );
      });
      return { ...current, offset_ms: total, cues: cues.map((c, i) => ({ ...c, number: i + 1 })) };
    },

    /**
     * Runs jobs from the queue: up to `concurrency` at once, until stop().
     * Every process with the database may run one (the site, `npm run worker`).
     */
    sweep,

    startRunner(opts: { concurrency: number; name?: string }) {
      const host = os.hostname();
      const pid = globalThis.process.pid;
      const worker = opts.name ?? `${host}:${pid}:${crypto.randomBytes(3).toString('hex')}`;
      const stop = new AbortController();
      // A predecessor on this host killed with SIGKILL left its ffmpeg running: it ends now.
      const orphans = endOrphans();
      if (orphans.length) deps.log.warn({ pids: orphans }, 'ingest: ended ffmpeg left by a worker that died');
      // The worker's own heartbeat, idle or busy: the console lists the live ones.
      const me = { name: worker, host, pid, concurrency: opts.concurrency };
      let beating: Promise<void> = Promise.resolve();
      const alive = () => {
        if (stop.signal.aborted) return;
        beating = repo
          .workerBeat(me)
          .catch((err: unknown) => deps.log.warn({ err }, 'ingest: worker heartbeat failed'));
      };
      const aliveTimer = setInterval(alive, HEARTBEAT_MS);
      aliveTimer.unref();
      alive();
      const slots: Promise<void>[] = [];
      const sleep = (ms: number) =>
        new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            stop.signal.removeEventListener('abort', wake);
            resolve();
          };
          const timer = setTimeout(wake, ms);
          stop.signal.addEventListener('abort', wake);
        });
      const loop = async () => {
        while (!stop.signal.aborted) {
          try {
            await repo.releaseStale(config.staleSeconds, {
              lost: INGEST_TEXTS.workerLost,
              retaken: INGEST_TEXTS.workerLostRetaken,
            });
            const job = await repo.claim(worker);
            if (!job) {
              await sleep(POLL_MS);
              continue;
            }
            deps.log.info({ job: job.id, kind: job.kind, worker, attempt: job.attempts }, 'ingest: job started');
            await runners[job.kind](job, worker, stop.signal);
          } catch (err) {
            if (stop.signal.aborted) break;
            deps.log.error({ err }, 'ingest: the job loop failed; trying again');
            await sleep(POLL_MS * 5);
          }
        }
      };
      for (let i = 0; i < opts.concurrency; i += 1) slots.push(loop());
      // Replaced transcodes go: at start, then every SWEEP_MS.
      const sweepNow = () => {
        if (!stop.signal.aborted) sweep().catch((err: unknown) => deps.log.warn({ err }, 'ingest: the sweep failed'));
      };
      const sweeper = setInterval(sweepNow, SWEEP_MS);
      sweeper.unref();
      sweepNow();
      return {
        worker,
        async stop() {
          stop.abort();
          clearInterval(sweeper);
          clearInterval(aliveTimer);
          await Promise.all(slots);
          await beating; // a beat in flight must not bring the row back
          await repo.workerGone(worker).catch((err: unknown) => deps.log.warn({ err }, 'ingest: worker row kept'));
        },
      };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
