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
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type MediaJob = z.infer<typeof mediaJob>;

export const mediaJobsBody = z.object({ jobs: z.array(mediaJob) });
export type MediaJobsBody = z.infer<typeof mediaJobsBody>;

export const mediaStatusBody = z.object({
  ffmpeg: z.string().nullable(),
  /** Transcodes this site process runs at once (0: only `npm run worker` processes run them). */
  concurrency: z.number(),
  max_upload_bytes: z.number(),
});
export type MediaStatusBody = z.infer<typeof mediaStatusBody>;

export const subtitleTrackBody = z.object({
  language: z.enum(['en', 'tr']),
  label: z.string(),
  encoding: z.enum(SUBTITLE_ENCODINGS).nullable(),
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

export const mediaPreviewBody = z.object({ video_url: z.string() });
export type MediaPreviewBody = z.infer<typeof mediaPreviewBody>;

export { INGEST_TEXTS } from './ingest-texts.js';
