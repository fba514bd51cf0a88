import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  INGEST_TEXTS,
  INGEST_VIDEO_TYPES,
  type IngestVideoType,
  MAX_SUBTITLE_BYTES,
  envelope,
  mediaJob,
  mediaJobsBody,
  mediaPreviewBody,
  mediaSettingsForm,
  mediaStatusBody,
  mediaUploadsBody,
  mediaVideoBody,
  subtitleErrorBody,
  subtitleTrackBody,
} from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/errors.js';
import type { SiteOrigins } from '../../plugins/site-origin.js';
import { acceptMultipart } from '../../plugins/forms.js';
import { TOO_DEEP, unstorableField } from '../../plugins/text-input.js';
import { errorAnswers, errorAnswersWith, idString } from '../../plugins/routes.js';
import { ADMIN_TAG, operatorsOnly, type OperatorGuardDeps } from '../admin/operators.js';
import type { PlaybackTokens } from '../playback/playback-token.js';
import type { Actor, IngestService } from './ingest.service.js';

// Media ingest in the operator console (issue 17; README.md here): tus
// uploads under /api/admin/uploads and /api/admin/media/*. Operators only:
// operators.ts refuses everyone else at onRequest, before a byte of an
// upload is read.

export interface IngestRoutesOptions extends OperatorGuardDeps {
  ingest: IngestService;
  maxUploadBytes: number;
  concurrency: number;
  /** The operator as the audit log names them. */
  actorOf(userId: number): Promise<Actor>;
  tokens: PlaybackTokens;
  origins: Pick<SiteOrigins, 'player'>;
}

/** The header the tus hooks read the operator from; set here on every upload request, never the client's. */
const OPERATOR_HEADER = 'x-bosphorus-operator';
const UPLOADS_PATH = '/api/admin/uploads';

/** Headers of a tus answer that Fastify sets itself, or that grant what we do not (CORS). */
const TUS_ANSWER_HEADERS_NOT_OURS = /^(?:access-control-|content-type$|content-length$|connection$)/i;

/** A refusal of our own from a tus hook: the status and our JSON answer. */
function tusRefusal(status: number, body: { error: string; field?: string }) {
  return { status_code: status, body: JSON.stringify(body) };
}
/** Ours (tusRefusal) or the protocol's (a tus ERRORS entry): a client error with its status. */
const isTusRefusal = (error: unknown) => {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** The body of a tus refusal in our shape: our own JSON as is, the protocol's text as its `error`. */
function refusalBody(status: number, text: string): { error: string; field?: string } {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; field?: unknown };
    if (typeof parsed?.error === 'string') {
      return typeof parsed.field === 'string' ? { error: parsed.error, field: parsed.field } : { error: parsed.error };
    }
  } catch {
    // The protocol's own refusals are a line of text.
  }
  if (status >= 500) return { error: API_ERRORS.internal };
  return { error: text.trim() || INGEST_TEXTS.uploadRefused };
}

const videoParams = z.object({
  type: z.enum(INGEST_VIDEO_TYPES),
  id: idString().transform(Number),
});
const subtitleParams = videoParams.extend({ language: z.enum(['en', 'tr']) });
const offsetMs = z.coerce.number().int().min(-36_000_000).max(36_000_000);

export async function ingestRoutes(app: FastifyInstance, opts: IngestRoutesOptions) {
  operatorsOnly(app, opts);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ingest } = opts;
  const actor = (req: FastifyRequest) => opts.actorOf(req.userId);

  // --- Resumable uploads (tus 1.0, @tus/server): POST makes an upload,
  // HEAD tells its offset, PATCH appends from there. Files are named by the
  // server (32 hex digits) inside MEDIA_DIR/incoming; a client's name is
  // only metadata. Bodies stream to disk: memory does not grow with size.
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: ingest.incomingDir }),
    maxSize: opts.maxUploadBytes,
    relativeLocation: true,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    // The console uploads from the site's own origin: no CORS grant (the tus
    // server's default would be `*`).
    allowedOrigins: () => false,
    onUploadCreate: async (req, upload) => {
      // Text PostgreSQL cannot store (a NUL, a lone surrogate) is a 400
      // naming the field, as for every other field (plugins/text-input.ts).
      const unstorable = unstorableField(upload.metadata ?? {});
      if (unstorable !== null) {
        const field = unstorable === TOO_DEEP ? 'Upload-Metadata' : unstorable.join('.');
        throw tusRefusal(400, { error: `${field}: ${API_ERRORS.unstorableText}`, field });
      }
      const fileName = upload.metadata?.filename;
      if (!fileName) throw tusRefusal(400, { error: INGEST_TEXTS.fileNameRequired, field: 'filename' });
      const userId = Number(req.headers.get(OPERATOR_HEADER));
      // The title it is for (the console names it), kept so a job never made can be made later.
      const type = upload.metadata?.video_type;
      const id = upload.metadata?.video_id ?? '';
      const target =
        (type === 'movie' || type === 'episode') && /^[1-9][0-9]{0,14}$/.test(id)
          ? { type: type as IngestVideoType, id: Number(id) }
          : null;
      await ingest.uploadStarted(upload.id, fileName, upload.size ?? 0, await opts.actorOf(userId), target);
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      const result = await ingest.uploadFinished(upload.id);
      if (!result.ok) throw tusRefusal(415, { error: result.error });
      return {};
    },
    // Anything else that failed (the database, the disk) is ours to log and
    // answer as our 500: its message never reaches the client.
    onResponseError: (_req, error) => {
      if (isTusRefusal(error)) return undefined;
      app.log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: JSON.stringify({ error: API_ERRORS.internal }) };
    },
  });
  // The upload's bytes are the tus server's to read, as a stream.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  /**
   * The tus server answers the protocol; Fastify sends its answer, so every
   * answer of the upload routes has our headers (security, no-store) and
   * every refusal our shape, `{"error"}` as JSON (issue 27 finding 3).
   */
  const handOver = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers['tus-resumable'] === undefined) {
      throw new HttpFailure(412, { error: INGEST_TEXTS.tusResumableRequired, field: 'Tus-Resumable' });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === OPERATOR_HEADER || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    headers.set(OPERATOR_HEADER, String(req.userId));
    const hasBody = req.method === 'POST' || req.method === 'PATCH';
    const answer = await tus.handleWeb(
      new Request(`http://upload.invalid${req.url}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
      } as RequestInit),
    );
    for (const [name, value] of answer.headers) {
      if (!TUS_ANSWER_HEADERS_NOT_OURS.test(name)) reply.header(name, value);
    }
    reply.code(answer.status);
    if (answer.status < 400) return reply.send();
    return reply.send(refusalBody(answer.status, await answer.text()));
  };
  /** The server names uploads: 32 hex digits, refused with a 400 naming it otherwise. */
  const uploadParams = z.object({
    upload: z.string().regex(/^[0-9a-f]{32}$/, { message: INGEST_TEXTS.badUploadId }),
  });
  const uploadSchema = (summary: string, hide = false, params?: typeof uploadParams) => ({
    tags: [ADMIN_TAG],
    summary,
    hide,
    ...(params ? { params } : {}),
    response: errorAnswers(400, 401, 403, 412),
  });
  api.post('/uploads', { schema: uploadSchema('Start a resumable (tus) video upload; metadata "filename"') }, handOver);
  api.patch(
    '/uploads/:upload',
    { schema: uploadSchema('Append bytes to an upload at Upload-Offset (tus)', false, uploadParams) },
    handOver,
  );
  api.delete('/uploads/:upload', { schema: uploadSchema('Abandon an upload (tus)', false, uploadParams) }, handOver);
  // HEAD answers have no body to check in the OpenAPI walk; it is the same guard.
  api.head('/uploads/:upload', { schema: uploadSchema('The offset of an upload (tus)', true, uploadParams) }, handOver);

  // --- Jobs and status.
  api.get(
    '/media/status',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Whether ffmpeg is installed, how many transcodes this process runs, the media disk and settings',
        response: { 200: envelope(mediaStatusBody), ...errorAnswers(401, 403) },
      },
    },
    async () => {
      const [ffmpeg, settings, disk] = await Promise.all([ingest.ffmpegVersion(), ingest.settings(), ingest.disk()]);
      return {
        body: {
          ffmpeg,
          concurrency: opts.concurrency,
          max_upload_bytes: opts.maxUploadBytes,
          keep_originals: settings.keepOriginals,
          disk,
        },
      };
    },
  );

  api.post(
    '/media/settings',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Keep (or not) uploaded originals after a successful transcode',
        body: mediaSettingsForm,
        response: { 200: envelope(z.object({ message: z.string() })), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      await ingest.setKeepOriginals(req.body.keep_originals, await actor(req));
      return { body: { message: INGEST_TEXTS.settingSaved } };
    },
  );

  api.get(
    '/media/jobs',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'The newest transcode jobs with their progress and heartbeat, and the live workers',
        response: { 200: envelope(mediaJobsBody), ...errorAnswers(401, 403) },
      },
    },
    async () => ({ body: await ingest.jobs() }),
  );

  api.post(
    '/media/jobs',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Transcode a finished upload for a movie or an episode (queued)',
        body: z.object({
          upload_id: z.string().regex(/^[a-f0-9]{32}$/),
          video_type: z.enum(INGEST_VIDEO_TYPES),
          video_id: z.coerce.number().int().positive(),
        }),
        response: { 201: envelope(mediaJob), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const job = await ingest.enqueue(
        { uploadId: req.body.upload_id, videoType: req.body.video_type, videoId: req.body.video_id },
        await actor(req),
      );
      return reply.code(201).send({ body: job });
    },
  );

  api.post(
    '/media/jobs/:id/retry',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Queue a failed job again',
        params: z.object({ id: idString().transform(Number) }),
        response: { 200: envelope(mediaJob), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ body: await ingest.retry(req.params.id, await actor(req)) }),
  );

  // --- Uploads that never became a job (issue 27): listed, used or deleted.
  api.get(
    '/media/uploads',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Uploads no transcode job uses: finished ones whose job was never made, and stopped ones',
        response: { 200: envelope(mediaUploadsBody), ...errorAnswers(401, 403) },
      },
    },
    async () => ({ body: { uploads: await ingest.strandedUploads() } }),
  );

  api.delete(
    '/media/uploads/:upload',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Delete an upload no job uses (its file and its row)',
        params: uploadParams,
        response: { 200: envelope(z.object({ message: z.string() })), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ body: { message: await ingest.deleteUpload(req.params.upload, await actor(req)) } }),
  );

  // --- A title's media and subtitles.
  api.get(
    '/media/videos/:type/:id',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'A movie or episode: whether it plays, its subtitles and jobs',
        params: videoParams,
        response: { 200: envelope(mediaVideoBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await ingest.video(req.params.type, req.params.id) }),
  );

  api.get(
    '/media/videos/:type/:id/preview',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: "The title's progressive file for the console's preview, through the token-gated media route",
        params: videoParams,
        response: { 200: envelope(mediaPreviewBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const video = await ingest.video(req.params.type, req.params.id);
      if (!video.ready) throw new HttpFailure(404, { error: INGEST_TEXTS.notReady });
      const { token } = opts.tokens.issue(req.userId, req.params.type, req.params.id);
      return { body: { video_url: `${opts.origins.player(req).main}/media/${token}/progressive.mp4` } };
    },
  );

  api.get(
    '/media/videos/:type/:id/subtitles/:language',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'The cues of a subtitle track',
        params: subtitleParams,
        response: { 200: envelope(subtitleTrackBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => ({ body: await ingest.subtitles(req.params.type, req.params.id, req.params.language) }),
  );

  // A subtitle file is a form's file (DESIGN §3: forms arrive multipart),
  // read as bytes: its encoding is found from them, not from a header.
  await acceptMultipart(app);
  api.post(
    '/media/videos/:type/:id/subtitles/:language',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Upload a subtitle track (SRT or WebVTT; UTF-8, Windows-1254 or ISO-8859-9), stored as WebVTT',
        consumes: ['multipart/form-data'],
        params: subtitleParams,
        // offset_ms absent: the replaced track's shift is kept; 0 clears it (issue 27).
        body: z.object({
          file: z.instanceof(Buffer).optional(),
          offset_ms: offsetMs.optional(),
          file_name: z.string().max(300).optional(),
        }),
        response: {
          200: envelope(subtitleTrackBody),
          ...errorAnswersWith(subtitleErrorBody)(400),
          ...errorAnswers(401, 403, 404, 413),
        },
      },
    },
    async (req) => {
      const file = req.body.file;
      if (!file || file.length === 0) throw new HttpFailure(400, { error: INGEST_TEXTS.noCues, field: 'file' });
      if (file.length > MAX_SUBTITLE_BYTES)
        throw new HttpFailure(413, { error: INGEST_TEXTS.subtitleTooLarge, field: 'file' });
      const { type, id, language } = req.params;
      const { offset_ms: offset = null, file_name: name = null } = req.body;
      return { body: await ingest.putSubtitles(type, id, language, file, offset, name, await actor(req)) };
    },
  );

  api.post(
    '/media/videos/:type/:id/subtitles/:language/shift',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'Move every cue of a track by offset_ms',
        params: subtitleParams,
        body: z.object({ offset_ms: offsetMs }),
        response: { 200: envelope(subtitleTrackBody), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { type, id, language } = req.params;
      return { body: await ingest.shiftSubtitles(type, id, language, req.body.offset_ms, await actor(req)) };
    },
  );
}
