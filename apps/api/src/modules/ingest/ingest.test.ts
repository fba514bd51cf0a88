import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_ERRORS,
  INGEST_TEXTS,
  PLAYBACK_TEXTS,
  type MediaJob,
  type MediaJobsBody,
  type MediaStatusBody,
  type MediaUploadsBody,
  type MediaVideoBody,
  type SubtitleTrackBody,
} from '@bosphorus/contract';
import { loadConfig } from '../../config.js';
import { createIngest, createRepositories } from '../../services.js';
import { catalogue, insertActivePlan, insertUser, movie } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  eventually,
  idOf,
  seedCatalogue,
  signIn,
  type TestApp,
} from '../../../test/harness.js';
import { diskIsLow } from './ingest.service.js';
import { makeVideo, TURKISH_SRT, windows1254 } from './test-media.js';

// Issue 17, media ingest through the console's API: a resumable upload
// checked by content, a queued transcode that a runner (here the site's
// own) turns into the player's ladder, the title unplayable until then, a
// failed job that says why and is retried, and Turkish subtitles in
// Windows-1254. The runner of another process: worker.test.ts.

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

describeEachDatabase('media ingest', (t) => {
  let app: TestApp;
  let mediaDir: string;
  let operator: string;
  let viewer: string;
  let movieId: number;
  let source: Buffer;
  const title = `Ingest ${Date.now()}`;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-ingest-media-'));
    const defaults = loadConfig({});
    app = await buildTestApp(t.db, {
      media: { ...defaults.media, dir: mediaDir },
      ingest: { ...defaults.ingest, concurrency: 1, preset: 'ultrafast', maxUploadBytes: 5 * 1024 * 1024 },
    });
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title })] }));
    movieId = await idOf(t.db, 'movies', title);
    const op = await insertUser(t.db, { role: 'admin' });
    const subscriber = await insertUser(t.db);
    await insertActivePlan(t.db, subscriber.id);
    operator = (await signIn(app, op.email, op.password)).token;
    viewer = (await signIn(app, subscriber.email, subscriber.password)).token;
    source = fs.readFileSync(makeVideo());
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  async function startUpload(size: number, name = 'clip.mp4', meta: Record<string, string> = {}) {
    const metadata = Object.entries({ filename: name, ...meta })
      .map(([k, v]) => `${k} ${b64(v)}`)
      .join(',');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: {
        ...TUS,
        ...bearer(operator),
        'upload-length': String(size),
        'upload-metadata': metadata,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = path.posix.basename(String(res.headers.location));
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    return id;
  }

  const patch = (id: string, offset: number, bytes: Buffer) =>
    app.inject({
      method: 'PATCH',
      url: `/api/admin/uploads/${id}`,
      headers: {
        ...TUS,
        ...bearer(operator),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });

  async function uploadVideo(bytes: Buffer) {
    const id = await startUpload(bytes.length);
    // A dropped connection: half arrives, HEAD tells where to go on, the rest follows.
    const half = Math.floor(bytes.length / 2);
    expect((await patch(id, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    const head = await app.inject({
      method: 'HEAD',
      url: `/api/admin/uploads/${id}`,
      headers: { ...TUS, ...bearer(operator) },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await patch(id, half, bytes.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    return id;
  }

  const jobOf = async (id: number) =>
    (await app.inject({ url: '/api/admin/media/jobs', headers: bearer(operator) }))
      .json<{ body: { jobs: MediaJob[] } }>()
      .body.jobs.find((j) => j.id === id)!;

  it('refuses a non-operator upload before its body, a file that is not a video, and one too large', async () => {
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(visitor.statusCode).toBe(401);
    const watcher = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...TUS, ...bearer(viewer), 'upload-length': '10' },
    });
    expect(watcher.statusCode).toBe(403);

    const text = Buffer.from('this is a text file named like a video, not a video at all');
    const id = await startUpload(text.length, 'film.mp4');
    const refused = await patch(id, 0, text);
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body)).toEqual({ error: INGEST_TEXTS.notAVideo });
    expect(fs.existsSync(path.join(mediaDir, 'incoming', id))).toBe(false);
    const [row] = await t.db.query('SELECT 1 FROM media_uploads WHERE id = $1', [id]);
    expect(row).toBeUndefined();

    const big = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: {
        ...TUS,
        ...bearer(operator),
        'upload-length': String(6 * 1024 * 1024),
        'upload-metadata': `filename ${b64('x.mkv')}`,
      },
    });
    expect(big.statusCode).toBe(413);
  });

  it('transcodes an upload into the ladder; the title plays only once it is ready; the job is audited', async () => {
    const watch = () => app.inject({ url: `/api/movies/${movieId}/watch`, headers: bearer(viewer) });
    expect((await watch()).json()).toEqual({ error: PLAYBACK_TEXTS.noMedia });
    const uploadId = await uploadVideo(source);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/media/jobs',
      headers: bearer(operator),
      payload: { upload_id: uploadId, video_type: 'movie', video_id: movieId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json<{ body: MediaJob }>().body;
    expect(job).toMatchObject({ video_type: 'movie', video_id: movieId, video_title: title, file_name: 'clip.mp4' });
    expect(['queued', 'running']).toContain(job.state);
    // The site's own runner is a live worker, listed with its host and pid.
    const { workers } = (await app.inject({ url: '/api/admin/media/jobs', headers: bearer(operator) })).json<{
      body: MediaJobsBody;
    }>().body;
    expect(workers).toEqual([expect.objectContaining({ host: os.hostname(), pid: process.pid, concurrency: 1 })]);
    expect(workers[0]!.seen_seconds_ago).toBeLessThanOrEqual(3);

    await eventually(async () => expect((await jobOf(job.id)).state).toBe('done'), 90_000);
    expect(await jobOf(job.id)).toMatchObject({ attention: null, error: null });
    const video = (
      await app.inject({ url: `/api/admin/media/videos/movie/${movieId}`, headers: bearer(operator) })
    ).json<{
      body: MediaVideoBody;
    }>().body;
    expect(video.ready).toBe(true);
    const renditions = await t.db.query<{ kind: string; path: string }>(
      'SELECT kind, path FROM media_renditions WHERE movie_id = $1 ORDER BY kind',
      [movieId],
    );
    const folder = `ingest/movie-${movieId}/job-${job.id}-1`;
    expect(renditions).toEqual([
      { kind: 'hls', path: `${folder}/master.m3u8` },
      { kind: 'mp4', path: `${folder}/progressive.mp4` },
    ]);
    // The source upload went from incoming/ (originals are not kept by default).
    await eventually(async () => {
      expect(fs.existsSync(path.join(mediaDir, 'incoming', uploadId))).toBe(false);
      expect(fs.existsSync(path.join(mediaDir, 'incoming', `${uploadId}.json`))).toBe(false);
    });
    const files = fs.readdirSync(path.join(mediaDir, folder)).sort();
    expect(files).toEqual(['240p.m3u8', '240p_0.m4s', 'init_240p.mp4', 'master.m3u8', 'poster.jpg', 'progressive.mp4']);
    const playlist = fs.readFileSync(path.join(mediaDir, folder, '240p.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-MAP:URI="init_240p.mp4"');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(fs.readFileSync(path.join(mediaDir, folder, 'master.m3u8'), 'utf8')).toMatch(
      /#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=320x240,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"\n240p\.m3u8/,
    );
    await eventually(async () => expect((await watch()).statusCode).toBe(200), 35_000);
    const [audit] = await t.db.query<{ action: string; target_id: string }>(
      `SELECT action, target_id FROM operator_audit_log WHERE action = 'media.transcode' AND target_id = $1`,
      [String(movieId)],
    );
    expect(audit).toBeDefined();
  }, 150_000);

  it('a failed job says why and is retried', async () => {
    const uploadId = await uploadVideo(source);
    const kept = path.join(mediaDir, 'incoming', `${uploadId}.kept`);
    fs.renameSync(path.join(mediaDir, 'incoming', uploadId), kept);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/media/jobs',
      headers: bearer(operator),
      payload: { upload_id: uploadId, video_type: 'movie', video_id: movieId },
    });
    const { id } = created.json<{ body: MediaJob }>().body;
    await eventually(async () => expect((await jobOf(id)).state).toBe('failed'), 30_000);
    expect((await jobOf(id)).error).toMatch(/^ffmpeg failed: .*No such file or directory/);
    const notFailed = await app.inject({
      method: 'POST',
      url: `/api/admin/media/jobs/999999/retry`,
      headers: bearer(operator),
    });
    expect(notFailed.statusCode).toBe(404);

    fs.renameSync(kept, path.join(mediaDir, 'incoming', uploadId));
    const retried = await app.inject({
      method: 'POST',
      url: `/api/admin/media/jobs/${id}/retry`,
      headers: bearer(operator),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ body: MediaJob }>().body).toMatchObject({ state: 'queued', error: null, attempts: 0 });
    await eventually(async () => expect((await jobOf(id)).state).toBe('done'), 90_000);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/media/jobs/${id}/retry`,
      headers: bearer(operator),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: INGEST_TEXTS.jobNotFailed });
  }, 150_000);

  it('sweeps the transcodes a title moved on from once no token can stream them, never its own or a live one', async () => {
    // After the two tests above the movie has played from two transcodes: the
    // first job's folder is replaced by the retried job's.
    const folders = () => fs.readdirSync(path.join(mediaDir, `ingest/movie-${movieId}`)).sort();
    const [current] = await t.db.query<{ path: string }>(
      `SELECT path FROM media_renditions WHERE movie_id = $1 AND kind = 'hls'`,
      [movieId],
    );
    const currentFolder = path.posix.basename(path.posix.dirname(current!.path));
    const jobFolders = folders().filter((f) => f.startsWith('job-'));
    expect(jobFolders.length).toBeGreaterThanOrEqual(2);
    const replaced = jobFolders.filter((f) => f !== currentFolder);
    // A live attempt (running, beating) writing a folder of its own, and one of an attempt that died.
    const [upload] = await t.db.query<{ id: string }>(
      'SELECT id FROM media_uploads WHERE completed_at IS NOT NULL LIMIT 1',
    );
    const [live] = await t.db.query<{ id: string | number }>(
      `INSERT INTO media_jobs (movie_id, upload_id, state, attempts, worker, heartbeat_at, started_at)
       VALUES ($1, $2, 'running', 2, 'elsewhere', now() + interval '1 hour', now()) RETURNING id`,
      [movieId, upload!.id],
    );
    for (const name of [`job-${live!.id}-2`, `job-${live!.id}-1`]) {
      fs.mkdirSync(path.join(mediaDir, `ingest/movie-${movieId}`, name, 'subs'), { recursive: true });
    }
    const servedForSeconds = 4 * 3600 + 60;
    const defaults = loadConfig({});
    const config = { ...defaults, media: { ...defaults.media, dir: mediaDir } };
    expect(config.media.tokenTtlSeconds + 60).toBe(servedForSeconds);
    const ingest = createIngest(t.db, createRepositories(t.db), config, {
      info: () => {},
      warn: () => {},
      error: () => {},
    });
    try {
      // Within a token's lifetime of the move, everything stays.
      expect(await ingest.sweep(Date.now())).toEqual([]);
      expect(folders()).toEqual([...jobFolders, `job-${live!.id}-1`, `job-${live!.id}-2`].sort());
      // Past it: the replaced transcode and the dead attempt go; the current and the live one stay.
      const later = Date.now() + (servedForSeconds + 5) * 1000;
      const removed = await ingest.sweep(later);
      expect(removed.sort()).toEqual(
        [...replaced, `job-${live!.id}-1`].map((f) => `ingest/movie-${movieId}/${f}`).sort(),
      );
      expect(folders()).toEqual([currentFolder, `job-${live!.id}-2`].sort());
      // The movie still plays from its current transcode.
      const watch = await app.inject({ url: `/api/movies/${movieId}/watch`, headers: bearer(viewer) });
      expect(watch.statusCode).toBe(200);
      expect(fs.existsSync(path.join(mediaDir, current!.path))).toBe(true);
    } finally {
      await t.db.query(`UPDATE media_jobs SET state = 'failed', worker = NULL WHERE id = $1`, [live!.id]);
    }
  });

  it('an upload whose job was never made is listed with its title, used from there, or deleted', async () => {
    const list = async () =>
      (await app.inject({ url: '/api/admin/media/uploads', headers: bearer(operator) })).json<{
        body: MediaUploadsBody;
      }>().body.uploads;
    const finished = await startUpload(source.length, 'bolum.mp4', { video_type: 'movie', video_id: String(movieId) });
    expect((await patch(finished, 0, source)).statusCode).toBe(204);
    // Just finished: its job is being made this moment, so it is not listed yet.
    expect((await list()).map((u) => u.id)).not.toContain(finished);
    await t.db.query(`UPDATE media_uploads SET completed_at = now() - interval '1 minute' WHERE id = $1`, [finished]);
    expect((await list()).find((u) => u.id === finished)).toEqual({
      id: finished,
      file_name: 'bolum.mp4',
      size: source.length,
      received: source.length,
      complete: true,
      video_type: 'movie',
      video_id: movieId,
      video_title: title,
      created_at: expect.any(String),
    });
    // A partial upload that stopped a while ago, sent for no title.
    const partial = await startUpload(source.length, 'yarim.mp4');
    expect((await patch(partial, 0, source.subarray(0, 1000))).statusCode).toBe(204);
    expect((await list()).map((u) => u.id)).not.toContain(partial); // still arriving
    await t.db.query(`UPDATE media_uploads SET created_at = now() - interval '5 minutes' WHERE id = $1`, [partial]);
    const past = new Date(Date.now() - 5 * 60_000);
    fs.utimesSync(path.join(mediaDir, 'incoming', partial), past, past);
    expect((await list()).find((u) => u.id === partial)).toMatchObject({
      complete: false,
      received: 1000,
      video_type: null,
      video_id: null,
      video_title: null,
    });

    // An operator who keeps originals (audited): the source stays after the transcode.
    const keep = await app.inject({
      method: 'POST',
      url: '/api/admin/media/settings',
      headers: bearer(operator),
      payload: { keep_originals: true },
    });
    expect(keep.json()).toEqual({ body: { message: INGEST_TEXTS.settingSaved } });
    const badSetting = await app.inject({
      method: 'POST',
      url: '/api/admin/media/settings',
      headers: bearer(operator),
      payload: { keep_originals: 'maybe' },
    });
    expect(badSetting.statusCode).toBe(400);
    expect(badSetting.json()).toMatchObject({ field: 'keep_originals' });
    // Use: its job is made and it leaves the list.
    const used = await app.inject({
      method: 'POST',
      url: '/api/admin/media/jobs',
      headers: bearer(operator),
      payload: { upload_id: finished, video_type: 'movie', video_id: movieId },
    });
    expect(used.statusCode, used.body).toBe(201);
    expect((await list()).map((u) => u.id)).not.toContain(finished);
    const inUse = await app.inject({
      method: 'DELETE',
      url: `/api/admin/media/uploads/${finished}`,
      headers: bearer(operator),
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: INGEST_TEXTS.uploadInUse });

    // Delete: a viewer may not; the operator's removes the file and the row, audited.
    const del = (token: string) =>
      app.inject({ method: 'DELETE', url: `/api/admin/media/uploads/${partial}`, headers: bearer(token) });
    expect((await del(viewer)).statusCode).toBe(403);
    const deleted = await del(operator);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ body: { message: INGEST_TEXTS.uploadDeleted('yarim.mp4') } });
    expect(fs.existsSync(path.join(mediaDir, 'incoming', partial))).toBe(false);
    expect(fs.existsSync(path.join(mediaDir, 'incoming', `${partial}.json`))).toBe(false);
    expect((await list()).map((u) => u.id)).not.toContain(partial);
    const [audit] = await t.db.query<{ before: unknown }>(
      `SELECT before FROM operator_audit_log WHERE action = 'media.upload.delete' AND target_id = $1`,
      [partial],
    );
    expect(audit!.before).toEqual({ upload: partial, file: 'yarim.mp4', size: source.length });
    expect((await del(operator)).json()).toEqual({ error: INGEST_TEXTS.uploadNotFound });
    const badId = await app.inject({ method: 'DELETE', url: '/api/admin/media/uploads/x', headers: bearer(operator) });
    expect(badId.statusCode).toBe(400);
    await eventually(
      async () => expect((await jobOf(used.json<{ body: MediaJob }>().body.id)).state).toBe('done'),
      60_000,
    );
    expect(fs.existsSync(path.join(mediaDir, 'incoming', finished))).toBe(true);
    const [setting] = await t.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM operator_audit_log WHERE action = 'media.settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(setting).toEqual({ before: { keep_originals: false }, after: { keep_originals: true } });
    await app.inject({
      method: 'POST',
      url: '/api/admin/media/settings',
      headers: bearer(operator),
      payload: { keep_originals: false },
    });
  }, 90_000);

  it('an unknown upload or title is a 404, a malformed one a 400', async () => {
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/admin/media/jobs', headers: bearer(operator), payload });
    expect((await post({ upload_id: 'a'.repeat(32), video_type: 'movie', video_id: movieId })).json()).toEqual({
      error: INGEST_TEXTS.uploadNotFound,
    });
    expect((await post({ upload_id: 'a'.repeat(32), video_type: 'movie', video_id: 99_999_999 })).json()).toEqual({
      error: INGEST_TEXTS.videoNotFound,
    });
    const bad = await post({ upload_id: '../../etc/passwd', video_type: 'movie', video_id: movieId });
    expect(bad.statusCode).toBe(400);
  });

  it('answers in our shape and with our headers what the tus protocol does not: no Tus-Resumable, a bad upload id', async () => {
    const noTus = await app.inject({
      method: 'PATCH',
      url: `/api/admin/uploads/${'a'.repeat(32)}`,
      headers: { ...bearer(operator), 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      payload: Buffer.from('abc'),
    });
    expect(noTus.statusCode).toBe(412);
    expect(noTus.json()).toEqual({ error: INGEST_TEXTS.tusResumableRequired, field: 'Tus-Resumable' });
    expect(noTus.headers['x-content-type-options']).toBe('nosniff');
    const badId = await app.inject({
      method: 'DELETE',
      url: '/api/admin/uploads/..%2F..%2Fetc',
      headers: { ...TUS, ...bearer(operator) },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: 'upload' });
    // The protocol's own answers (here: no such upload) carry our security headers too.
    const unknown = await app.inject({
      method: 'HEAD',
      url: `/api/admin/uploads/${'b'.repeat(32)}`,
      headers: { ...TUS, ...bearer(operator) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a file name the database cannot store with a 400 in our shape, our headers and no database text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: {
        ...TUS,
        ...bearer(operator),
        origin: 'https://elsewhere.example',
        'upload-length': '10',
        'upload-metadata': `filename ${b64('a.mp4\0.html')}`,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: `filename: ${API_ERRORS.unstorableText}`, field: 'filename' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/UTF8|0x00|byte sequence/);
    // The protocol's own refusals are in our shape too: an upload that does not exist.
    const unknown = await app.inject({
      method: 'PATCH',
      url: `/api/admin/uploads/${'c'.repeat(32)}`,
      headers: { ...TUS, ...bearer(operator), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('abc'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof unknown.json<{ error: string }>().error).toBe('string');
    expect(unknown.headers['access-control-allow-origin']).toBeUndefined();
    // A successful start carries our headers and no CORS grant.
    const started = await app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...TUS, ...bearer(operator), 'upload-length': '10', 'upload-metadata': `filename ${b64('b.mp4')}` },
    });
    expect(started.statusCode).toBe(201);
    expect(started.headers['tus-resumable']).toBe('1.0.0');
    expect(started.headers['x-content-type-options']).toBe('nosniff');
    expect(started.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes a Windows-1254 SRT as WebVTT with ş ğ ı İ intact, refuses bad cues naming each, shifts all cues', async () => {
    const put = (bytes: Buffer, language = 'tr', fields: Record<string, string> = { offset_ms: '0' }) => {
      const boundary = 'ingestboundary';
      const payload = Buffer.concat([
        ...Object.entries(fields).map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tr.srt"\r\n`),
        Buffer.from('Content-Type: application/x-subrip\r\n\r\n'),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: `/api/admin/media/videos/movie/${movieId}/subtitles/${language}`,
        headers: { ...bearer(operator), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const res = await put(windows1254(TURKISH_SRT));
    expect(res.statusCode, res.body).toBe(200);
    const track = res.json<{ body: SubtitleTrackBody }>().body;
    expect(track).toMatchObject({ language: 'tr', label: 'Türkçe', encoding: 'windows-1254', warnings: [] });
    expect(track.cues.map((c) => c.text)).toEqual(['şişe ğüz ılık İstanbul', 'Dağ başı']);
    const [row] = await t.db.query<{ path: string }>(
      `SELECT path FROM subtitle_tracks WHERE movie_id = $1 AND language = 'tr'`,
      [movieId],
    );
    expect(fs.readFileSync(path.join(mediaDir, row!.path), 'utf8')).toBe(
      'WEBVTT\n\n1\n00:00:00.200 --> 00:00:01.000\nşişe ğüz ılık İstanbul\n\n2\n00:00:01.100 --> 00:00:01.900\nDağ başı\n',
    );

    const bad = await put(
      windows1254('1\n00:00:01,000 --> 00:00:02,000\nBir\n\n2\n00:00:05,000 --> 00:00:04,000\nİki\n'),
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Cue 2 (00:00:05,000 --> 00:00:04,000): it ends before it starts.',
      field: 'file',
      cue_errors: [{ cue: 2, error: 'Cue 2 (00:00:05,000 --> 00:00:04,000): it ends before it starts.' }],
    });
    // Every cue that cannot be read is named, not only the first.
    const worse = await put(
      Buffer.from(
        '1\n00:00:01,000 --> 00:00:02,000\nBir\n\n2\n00:00:05,000 --> 00:00:04,000\nİki\n\n' +
          '3\n00:00:06,000 --> 00:00:07,000\nÜç\n\n4\n00:00:08,000 --> 00:0x:09,000\nDört\n\n5\n00:00:10,000 --> 00:00:10,000\nBeş\n',
      ),
      'en',
    );
    expect(worse.statusCode).toBe(400);
    expect(worse.json()).toEqual({
      error: INGEST_TEXTS.cueErrors(3, 3),
      field: 'file',
      cue_errors: [
        { cue: 2, error: 'Cue 2 (00:00:05,000 --> 00:00:04,000): it ends before it starts.' },
        { cue: 4, error: 'Cue 4 (00:00:08,000 --> 00:0x:09,000): the times cannot be read.' },
        { cue: 5, error: 'Cue 5 (00:00:10,000 --> 00:00:10,000): it ends before it starts.' },
      ],
    });
    // Nothing was stored: no entry for the refused files.
    const refusedEntries = await t.db.query(
      `SELECT 1 FROM operator_audit_log WHERE action = 'subtitles.upload' AND target_id = $1 AND after->>'language' = 'en'`,
      [String(movieId)],
    );
    expect(refusedEntries).toEqual([]);

    const shifted = await app.inject({
      method: 'POST',
      url: `/api/admin/media/videos/movie/${movieId}/subtitles/tr/shift`,
      headers: bearer(operator),
      payload: { offset_ms: 500 },
    });
    expect(shifted.statusCode).toBe(200);
    expect(shifted.json<{ body: SubtitleTrackBody }>().body.cues.map((c) => [c.start_ms, c.end_ms])).toEqual([
      [700, 1500],
      [1600, 2400],
    ]);
    const read = await app.inject({
      url: `/api/admin/media/videos/movie/${movieId}/subtitles/tr`,
      headers: bearer(operator),
    });
    expect(read.json<{ body: SubtitleTrackBody }>().body).toMatchObject({ offset_ms: 500 });
    expect(read.json<{ body: SubtitleTrackBody }>().body.cues[0]).toMatchObject({
      start_ms: 700,
      text: 'şişe ğüz ılık İstanbul',
    });

    // Replacing the file keeps the operator's shift; the audit entry names what it replaced.
    const again = await put(windows1254(TURKISH_SRT), 'tr', { file_name: 'tr-v2.srt' });
    expect(again.statusCode, again.body).toBe(200);
    const kept = again.json<{ body: SubtitleTrackBody }>().body;
    expect(kept.offset_ms).toBe(500);
    expect(kept.cues.map((c) => c.start_ms)).toEqual([700, 1600]);
    const [entry] = await t.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM operator_audit_log WHERE action = 'subtitles.upload' AND target_id = $1
       ORDER BY id DESC LIMIT 1`,
      [String(movieId)],
    );
    expect(entry!.before).toEqual({ language: 'tr', file: null, path: row!.path, offset_ms: 500 });
    expect(entry!.after).toEqual({
      language: 'tr',
      file: 'tr-v2.srt',
      encoding: 'windows-1254',
      cues: 2,
      offset_ms: 500,
    });
    // Cleared by the operator: 0.
    const cleared = await put(windows1254(TURKISH_SRT), 'tr', { offset_ms: '0', file_name: 'tr-v3.srt' });
    expect(cleared.json<{ body: SubtitleTrackBody }>().body).toMatchObject({ offset_ms: 0 });
    expect(cleared.json<{ body: SubtitleTrackBody }>().body.cues.map((c) => c.start_ms)).toEqual([200, 1100]);
    const [last] = await t.db.query<{ before: unknown }>(
      `SELECT before FROM operator_audit_log WHERE action = 'subtitles.upload' AND target_id = $1
       ORDER BY id DESC LIMIT 1`,
      [String(movieId)],
    );
    expect(last!.before).toMatchObject({ file: 'tr-v2.srt', offset_ms: 500 });
    const none = await app.inject({
      url: `/api/admin/media/videos/movie/${movieId}/subtitles/en`,
      headers: bearer(operator),
    });
    expect(none.json()).toEqual({ error: INGEST_TEXTS.subtitleNotFound });
  });

  it('says whether ffmpeg is installed, the media disk’s use and free space, and the originals setting', async () => {
    const res = await app.inject({ url: '/api/admin/media/status', headers: bearer(operator) });
    const body = res.json<{ body: MediaStatusBody }>().body;
    expect(body).toMatchObject({ ffmpeg: expect.stringMatching(/^\d/), concurrency: 1, keep_originals: false });
    const { disk } = body;
    const fsStat = fs.statfsSync(mediaDir);
    expect(disk.total_bytes).toBe(fsStat.blocks * fsStat.bsize);
    expect(disk.free_bytes).toBeGreaterThan(0);
    expect(disk.free_bytes).toBeLessThanOrEqual(disk.total_bytes);
    expect(disk.low).toBe(disk.free_bytes / disk.total_bytes < 0.1);
    // What the media files take: at least the transcodes and kept uploads written above.
    const du = (dir: string): number =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce(
          (n, e) => n + (e.isDirectory() ? du(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size),
          0,
        );
    expect(disk.media_bytes).toBeGreaterThan(source.length);
    expect(disk.media_bytes).toBeLessThanOrEqual(du(mediaDir));
    expect(disk.incoming_bytes).toBeGreaterThanOrEqual(source.length); // the kept original
    expect(disk.incoming_bytes).toBeLessThan(disk.media_bytes);
  });
});

it('warns of the media disk below 10% free, not at 10%', () => {
  const GB = 1024 ** 3;
  expect(diskIsLow(9.9 * GB, 100 * GB)).toBe(true);
  expect(diskIsLow(0, 100 * GB)).toBe(true);
  expect(diskIsLow(10 * GB, 100 * GB)).toBe(false);
  expect(diskIsLow(77 * GB, 252 * GB)).toBe(false);
  // A disk statfs could not size: no warning it cannot back.
  expect(diskIsLow(0, 0)).toBe(false);
});
