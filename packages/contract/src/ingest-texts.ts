// Media ingest's texts (issue 17), apart from its answers' schemas
// (ingest.ts) so a page that shows one does not carry zod (decision 0062, 0093).

import { CONSOLE_TITLES } from './console-titles.js';

const cueRef = (n: number, timing: string) => `Cue ${n} (${timing})`;

export const INGEST_TEXTS = {
  media: CONSOLE_TITLES.media,
  tusResumableRequired: 'An upload speaks tus 1.0: send Tus-Resumable: 1.0.0.',
  badUploadId: 'is not an upload of ours',
  ffmpegMissing:
    'ffmpeg is not installed on this server: uploads are kept, but nothing is transcoded until it is (apt-get install ffmpeg).',
  ffmpegVersion: (version: string) => `ffmpeg ${version}`,
  concurrency: (n: number) =>
    n === 0
      ? 'This server runs no transcodes; worker processes do.'
      : `This server runs up to ${n} transcode${n === 1 ? '' : 's'} at once.`,
  uploadTitle: 'Upload a video',
  uploadHint: 'MP4, MKV or MOV. A dropped connection resumes where it stopped.',
  videoType: 'Attach to',
  videoId: 'Id',
  file: 'File',
  upload: 'Upload and transcode',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  uploadFailed: (why: string) => `The upload failed: ${why}`,
  jobs: 'Transcode jobs',
  noJobs: 'No video has been uploaded yet.',
  retry: 'Retry',
  states: { queued: 'Waiting', running: 'Transcoding', done: 'Ready', failed: 'Failed' },
  attempt: (n: number) => `attempt ${n}`,
  heartbeat: (seconds: number) => `last heartbeat ${seconds} s ago`,
  noWorkerTaken: 'No worker has taken this job: start',
  workerStopped: 'Its worker stopped answering: the job goes back to the queue and starts again from the beginning.',
  workers: 'Workers',
  noWorkers: 'No worker is running: transcodes wait until one starts.',
  workerHost: 'Host',
  workerPid: 'Pid',
  workerJobs: 'Jobs',
  workerSeen: 'Last heartbeat',
  secondsAgo: (seconds: number) => `${seconds} s ago`,
  idle: 'idle',
  subtitles: CONSOLE_TITLES.subtitles,
  subtitlesOf: 'Subtitles of',
  open: 'Open',
  language: 'Language',
  subtitleFile: 'SRT or WebVTT file',
  uploadSubtitles: 'Upload subtitles',
  offset: 'Shift every cue (ms)',
  applyOffset: 'Shift',
  encodingWas: (encoding: string) => `Read as ${encoding}.`,
  notReady: 'This title has no playable video yet.',
  cues: (n: number) => `${n} cues`,
  noSubtitles: 'No subtitles yet.',
  // Uploads that never became a job (issue 27).
  queueFailed: (why: string) => `The upload finished, but its transcode was not queued: ${why}`,
  retryQueue: 'Queue the transcode again',
  stranded: 'Uploads without a job',
  strandedHint: 'Finished or stopped uploads that no transcode uses. Use one for a title, or delete it.',
  use: 'Use',
  assignUpload: (file: string) => `Use ${file}`,
  deleteUpload: 'Delete',
  confirmDeleteUpload: (file: string) => `Delete ${file} from the server? It cannot be brought back.`,
  uploadDeleted: (file: string) => `${file} was deleted.`,
  forTitle: (type: string, id: number, title: string | null) => `for ${type} ${id}${title ? ` (${title})` : ''}`,
  incomplete: (percent: number) => `stopped at ${percent}%`,
  startTranscode: 'Transcode',
  // Disk use (issue 27).
  diskUse: (media: string, incoming: string, free: string, total: string) =>
    `Media files: ${media} (uploads waiting or kept: ${incoming}) · free: ${free} of ${total}`,
  diskLow: (free: string, percent: number) =>
    `The media disk is nearly full: ${free} free (${percent}%). Delete uploads without a job, or make room, before the next transcode.`,
  keepOriginals: 'Keep uploaded originals after a successful transcode',
  settingSaved: 'Setting saved.',
  // API errors.
  videoNotFound: 'There is no such movie or episode.',
  uploadNotFound: 'There is no finished upload with this id.',
  uploadTooLarge: 'The file is larger than this server accepts.',
  notAVideo: 'The file is not an MP4, MKV or MOV video.',
  noVideoStream: 'The file has no video stream ffmpeg can read.',
  fileNameRequired: 'The upload needs a file name (tus metadata "filename").',
  /** A tus refusal that said nothing itself. */
  uploadRefused: 'The upload was refused.',
  jobNotFound: 'There is no such job.',
  jobNotFailed: 'Only a failed job can be retried.',
  uploadInUse: 'A transcode job uses this upload: it cannot be deleted.',
  subtitleNotFound: 'This title has no subtitles in that language.',
  subtitleTooLarge: 'Subtitle files are at most 2 MB.',
  workerLost: 'The worker running this job stopped answering; it was given up after its last attempt.',
  workerLostRetaken: (percent: number) =>
    `Its worker stopped answering at ${percent}%; the job went back to the queue and starts again from the beginning.`,
  ffmpegFailed: (detail: string) => `ffmpeg failed: ${detail}`,
  // Subtitle validation (400, naming the cue).
  cueNoTiming: (n: number, first: string) => `Cue ${n} has no timing line (it starts "${first}").`,
  cueBadTiming: (n: number, timing: string) => `${cueRef(n, timing)}: the times cannot be read.`,
  cueEndsBeforeStart: (n: number, timing: string) => `${cueRef(n, timing)}: it ends before it starts.`,
  cueEmpty: (n: number) => `Cue ${n} has no text and was left out.`,
  cueOverlaps: (n: number) => `Cue ${n} starts before the previous one ends.`,
  noCues: 'The file holds no subtitle cues.',
  cueErrors: (count: number, listed: number) =>
    `${count} cues cannot be read${count > listed ? ` (the first ${listed} are listed)` : ''}; nothing was stored.`,
  // The track's offset on the console (issue 27).
  currentOffset: (ms: number) => `Cues shifted by ${ms > 0 ? '+' : ''}${ms} ms.`,
  keepOffset: (ms: number) => `Keep the shift of ${ms > 0 ? '+' : ''}${ms} ms`,
} as const;
