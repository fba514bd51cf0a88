import { z } from 'zod';

// Media ingest in the operator console (issue 17): uploads, transcode jobs
// and subtitles — `/api/admin/uploads` (tus) and `/api/admin/media/*`
// answers, and the texts of both sides (our own: the spec leaves admin
// functions "not shown").

export const INGEST_VIDEO_TYPES = ['movie', 'episode'] as const;
export type IngestVideoType = (typeof INGEST_VIDEO_TYPES)[number];

/** Languages the console takes subtitles in, with the player's labels. */
export const SUBTITLE_LANGUAGES = { en: 'English', tr: 'Türkçe' } as const;
export type SubtitleLanguage = keyof typeof SUBTITLE_LANGUAGES;

export const SUBTITLE_ENCODINGS = ['utf-8', 'utf-8-bom', 'utf-16', 'windows-1254'] as const;
export type SubtitleEncoding = (typeof SUBTITLE_ENCODINGS)[number];

/** Largest video upload (bytes) unless MAX_UPLOAD_BYTES says otherwise: 20 GB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 ** 3;
/** Largest subtitle file (bytes). */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
/** Video files the console offers to upload (checked again by content on the server). */
export const VIDEO_UPLOAD_ACCEPT = '.mp4,.mkv,.mov,video/mp4,video/x-matroska,video/quicktime';
/** How often the console asks for job progress while a job runs. */
export const JOB_POLL_MS = 2000;
/** How often it asks otherwise, to keep the live workers current. */
export const WORKERS_POLL_MS = 10_000;
/**
 * A worker (or a running job's heartbeat) silent this long has stopped: the
 * console says so (workers beat every 2 s; decision 0115).
 */
export const WORKER_SILENT_SECONDS = 10;
/** The command that starts a transcode worker, as the console names it. */
export const WORKER_COMMAND = 'npm run worker';

export const subtitleCue = z.object({
  number: z.number(),
  start_ms: z.number(),
  end_ms: z.number(),
  settings: z.string(),
  text: z.string(),
});
export type SubtitleCue = z.infer<typeof subtitleCue>;

/** What a job does: make an upload into renditions, or find an episode's markers (issue 28). */
export const MEDIA_JOB_KINDS = ['transcode', 'markers'] as const;
export type MediaJobKind = (typeof MEDIA_JOB_KINDS)[number];

export const mediaJob = z.object({
  id: z.number(),
  kind: z.enum(MEDIA_JOB_KINDS),
  video_type: z.enum(INGEST_VIDEO_TYPES),
  video_id: z.number(),
  video_title: z.string(),
  /** The upload a transcode makes; null for a markers job. */
  upload_id: z.string().nullable(),
  file_name: z.string().nullable(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  attempts: z.number(),
  error: z.string().nullable(),
  worker: z.string().nullable(),
  /** Seconds since the job's worker last beat (the database's clock), or null before any worker took it. */
  heartbeat_seconds_ago: z.number().nullable(),
  /**
   * What the operator must know about a waiting or running job: no live
   * worker to take it, or its worker stopped (silent WORKER_SILENT_SECONDS).
   */
  attention: z.enum(['no_worker', 'worker_stopped']).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type MediaJob = z.infer<typeof mediaJob>;

/** An upload that never became a job (issue 27): the console offers Use and Delete. */
export const mediaUpload = z.object({
  id: z.string(),
  file_name: z.string(),
  size: z.number(),
  /** Bytes on the server (less than size: the upload stopped before its end). */
  received: z.number(),
  complete: z.boolean(),
  /** The title it was sent for, when the console named one. */
  video_type: z.enum(INGEST_VIDEO_TYPES).nullable(),
  video_id: z.number().nullable(),
  video_title: z.string().nullable(),
  created_at: z.string(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;
export const mediaUploadsBody = z.object({ uploads: z.array(mediaUpload) });
export type MediaUploadsBody = z.infer<typeof mediaUploadsBody>;

/** A live transcode runner: `npm run worker`, or the site's own. */
export const mediaWorker = z.object({
  name: z.string(),
  host: z.string(),
  pid: z.number(),
  concurrency: z.number(),
  /** The jobs it runs now. */
  jobs: z.array(z.number()),
  started_at: z.string(),
  seen_seconds_ago: z.number(),
});
export type MediaWorker = z.infer<typeof mediaWorker>;

export const mediaJobsBody = z.object({ jobs: z.array(mediaJob), workers: z.array(mediaWorker) });
export type MediaJobsBody = z.infer<typeof mediaJobsBody>;

/** Below this share of the disk free, the console warns (issue 27). */
export const LOW_DISK_SHARE = 0.1;

export const mediaStatusBody = z.object({
  ffmpeg: z.string().nullable(),
  /** Transcodes this site process runs at once (0: only `npm run worker` processes run them). */
  concurrency: z.number(),
  max_upload_bytes: z.number(),
  /** Keep an upload's source in incoming/ after its transcode succeeded (the console's setting). */
  keep_originals: z.boolean(),
  /** MEDIA_DIR's disk: its size and free space, what the media files take, and whether free space is low. */
  disk: z.object({
    total_bytes: z.number(),
    free_bytes: z.number(),
    media_bytes: z.number(),
    incoming_bytes: z.number(),
    low: z.boolean(),
  }),
});
export type MediaStatusBody = z.infer<typeof mediaStatusBody>;
/** POST /api/admin/media/settings: a form (or JSON) flag. */
export const mediaSettingsForm = z.object({
  keep_originals: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
});

export const subtitleTrackBody = z.object({
  language: z.enum(['en', 'tr']),
  label: z.string(),
  encoding: z.enum(SUBTITLE_ENCODINGS).nullable(),
  /** The whole-file shift the operator set (ms): kept when the file is replaced, unless cleared. */
  offset_ms: z.number(),
  cues: z.array(subtitleCue),
  warnings: z.array(z.string()),
});
export type SubtitleTrackBody = z.infer<typeof subtitleTrackBody>;

export const mediaVideoBody = z.object({
  video_type: z.enum(INGEST_VIDEO_TYPES),
  video_id: z.number(),
  title: z.string(),
  /** True when the video has its HLS and progressive files (it plays). */
  ready: z.boolean(),
  subtitles: z.array(z.object({ language: z.string(), label: z.string() })),
  jobs: z.array(mediaJob),
});
export type MediaVideoBody = z.infer<typeof mediaVideoBody>;

/** A refused subtitle file (400): every cue that cannot be read, with its number. */
export const subtitleErrorBody = z.object({
  error: z.string(),
  field: z.string().optional(),
  cue_errors: z.array(z.object({ cue: z.number(), error: z.string() })).optional(),
});
export type SubtitleErrorBody = z.infer<typeof subtitleErrorBody>;

export const mediaPreviewBody = z.object({ video_url: z.string() });
export type MediaPreviewBody = z.infer<typeof mediaPreviewBody>;

export { INGEST_TEXTS } from './ingest-texts.js';
