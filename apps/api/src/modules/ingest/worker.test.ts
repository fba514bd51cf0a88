import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_TEXTS, type MediaJob, type MediaJobsBody } from '@bosphorus/contract';
import { loadConfig, REPO_ROOT } from '../../config.js';
import { openPostgres, type Db } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { catalogue, insertUser, movie } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  createPostgresDatabase,
  eventually,
  idOf,
  seedCatalogue,
  signIn,
  TEST_DATABASE_URL,
  type PostgresTestDatabase,
  type TestApp,
} from '../../../test/harness.js';
import { createIngestRepository } from './ingest.repository.js';
import { makeVideo } from './test-media.js';
import { PARENT_MARKER } from './transcode.js';

// Issues 17 and 27, jobs past one machine: `npm run worker` processes take
// transcodes from the same PostgreSQL, with the default timings. One is
// killed with SIGKILL (that process alone, as `kill -9` does) while its
// ffmpeg runs; the console's API says the job has no worker, then that its
// worker stopped (within 15 s), lists the live workers; the next worker ends
// the dead one's ffmpeg at start and takes the job again within 30 s of the
// last heartbeat, and finishes it. PostgreSQL only: the embedded database
// is one process's.

const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const WORKER = path.join(REPO_ROOT, 'apps/api/src/cli/worker.ts');

/** The pids of the tools (ffmpeg, ffprobe) that the process `starter` started, alive now. */
function toolsOf(starter: number): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc').filter((n) => /^[0-9]+$/.test(n))) {
    try {
      const env = fs.readFileSync(`/proc/${name}/environ`, 'latin1').split('\0');
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'latin1');
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
      if (state !== 'Z' && env.includes(`${PARENT_MARKER}=${starter}`)) found.push(Number(name));
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

describe.skipIf(!TEST_DATABASE_URL)('npm run worker [postgres]', () => {
  let database: PostgresTestDatabase;
  let db: Db;
  let app: TestApp;
  let operator: string;
  let mediaDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    db = openPostgres(database.url, 4);
    await migrate(db);
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-worker-media-'));
    const defaults = loadConfig({});
    // The console's API (no runner of its own: concurrency 0).
    app = await buildTestApp(db, { media: { ...defaults.media, dir: mediaDir } });
    const op = await insertUser(db, { role: 'admin' });
    operator = (await signIn(app, op.email, op.password)).token;
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    await app.close();
    await db.close();
    await database.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  function startWorker() {
    const child = spawn(TSX, [WORKER], {
      cwd: REPO_ROOT,
      detached: true, // its own process group, for the clean-up above
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        MEDIA_DIR: mediaDir,
        INGEST_CONCURRENCY: '1',
        INGEST_PRESET: 'medium',
      },
    });
    let log = '';
    child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    children.push(child);
    return { child, log: () => log };
  }

  async function console_(): Promise<MediaJobsBody> {
    const res = await app.inject({ method: 'GET', url: '/api/admin/media/jobs', headers: bearer(operator) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: MediaJobsBody }>().body;
  }
  const jobIn = (body: MediaJobsBody, id: number) => body.jobs.find((j) => j.id === id)!;

  it("lists live workers; a killed worker's job says so within 15 s, is taken again within 30 s and completes; its ffmpeg dies", async () => {
    const title = `Worker ${Date.now()}`;
    await seedCatalogue(db, catalogue({ movies: [movie({ title })] }));
    const movieId = await idOf(db, 'movies', title);
    const repo = createIngestRepository(db);
    const uploadId = crypto.randomBytes(16).toString('hex');
    fs.mkdirSync(path.join(mediaDir, 'incoming'), { recursive: true });
    // Long enough that the killed worker's ffmpeg is still encoding when its
    // successor starts (8 s finished by itself first, and proved nothing).
    fs.copyFileSync(makeVideo({ seconds: 24, width: 640, height: 480 }), path.join(mediaDir, 'incoming', uploadId));
    await repo.createUpload({ id: uploadId, fileName: 'clip.mp4', size: 1, uploadedBy: null });
    await repo.completeUpload(uploadId, { durationSeconds: 24, height: 480 });
    const jobId = await repo.enqueue({
      videoType: 'movie',
      videoId: movieId,
      uploadId,
      createdBy: null,
      maxAttempts: 3,
    });

    // No worker at all: the console says so plainly.
    let seen = await console_();
    expect(seen.workers).toEqual([]);
    expect(jobIn(seen, jobId)).toMatchObject({ state: 'queued', attention: 'no_worker', heartbeat_seconds_ago: null });

    const first = startWorker();
    let running: MediaJob | undefined;
    await eventually(async () => {
      seen = await console_();
      running = jobIn(seen, jobId);
      expect(running.state, first.log()).toBe('running');
      expect(running.progress).toBeGreaterThan(0); // ffmpeg is encoding
    }, 60_000);
    expect(running!.attention).toBeNull();
    expect(running!.heartbeat_seconds_ago).toBeLessThanOrEqual(3);
    expect(seen.workers).toHaveLength(1);
    const [worker] = seen.workers;
    expect(worker).toMatchObject({ name: running!.worker, host: os.hostname(), concurrency: 1, jobs: [jobId] });
    const tools = toolsOf(worker!.pid);
    expect(tools.length, 'the worker runs ffmpeg').toBeGreaterThan(0);

    // kill -9 of the worker process alone (not its group): it cannot end its ffmpeg.
    process.kill(worker!.pid, 'SIGKILL');
    const killedAt = Date.now();
    // Its ffmpeg outlives it: nothing but the next worker can end it. Seen at
    // once: with its progress pipe broken, an ffmpeg ends by itself about a
    // second after its worker (seen here), which CI's loaded run once beat.
    const orphans = toolsOf(worker!.pid);
    await new Promise((resolve) => first.child.once('exit', resolve));
    const dead = jobIn(await console_(), jobId);
    const lastBeat = killedAt - (dead.heartbeat_seconds_ago! + 1) * 1000;
    const lostAt = Math.round(dead.progress * 100); // no beat moves it any more
    expect(orphans.length, 'the killed worker left its ffmpeg running').toBeGreaterThan(0);

    // The next worker on this host ends the dead one's ffmpeg at start, and says so.
    const second = startWorker();
    await eventually(async () => expect(toolsOf(worker!.pid)).toEqual([]), 20_000);
    // (A dead ffmpeg may stay a zombie where nothing reaps orphans: toolsOf skips those.)
    await eventually(async () => {
      const line = second
        .log()
        .split('\n')
        .find((l) => l.includes('ingest: ended ffmpeg left by a worker that died'));
      expect(line, second.log()).toBeDefined();
      expect((JSON.parse(line!) as { pids: number[] }).pids).toEqual(expect.arrayContaining(orphans));
    }, 20_000);

    // The console says the worker stopped, within 15 s of its last heartbeat.
    await eventually(async () => {
      seen = await console_();
      expect(jobIn(seen, jobId).attention).toBe('worker_stopped');
    }, 20_000);
    const saidAfter = Date.now() - lastBeat;
    expect(saidAfter).toBeLessThanOrEqual(15_000);
    expect(seen.workers.map((w) => w.name)).not.toContain(worker!.name);
    expect(jobIn(seen, jobId).heartbeat_seconds_ago).toBeGreaterThanOrEqual(10);

    // Taken again within 30 s of the last heartbeat, saying what happened.
    await eventually(async () => {
      const job = jobIn(await console_(), jobId);
      expect(job.attempts, second.log()).toBe(2);
      expect(job.state).toBe('running');
    }, 30_000);
    const retakenAfter = Date.now() - lastBeat;
    expect(retakenAfter).toBeLessThanOrEqual(30_000);
    // The figures, for the record (at most: the last beat is taken a second early).
    console.log(`worker stopped said ${saidAfter / 1000} s, retaken ${retakenAfter / 1000} s after its last heartbeat`);
    seen = await console_();
    expect(jobIn(seen, jobId).error).toBe(INGEST_TEXTS.workerLostRetaken(lostAt));
    expect(seen.workers).toHaveLength(1);
    expect(seen.workers[0]!.jobs).toEqual([jobId]);

    await eventually(async () => expect((await repo.job(jobId))?.state, second.log()).toBe('done'), 120_000);
    const job = (await repo.job(jobId))!;
    expect(job).toMatchObject({ attempts: 2, error: null });
    expect(job.worker).not.toBe(worker!.name);
    const [hls] = await db.query<{ path: string }>(
      `SELECT path FROM media_renditions WHERE movie_id = $1 AND kind = 'hls'`,
      [movieId],
    );
    expect(hls!.path).toBe(`ingest/movie-${movieId}/job-${jobId}-2/master.m3u8`);
    expect(fs.readFileSync(path.join(mediaDir, hls!.path), 'utf8')).toContain('360p.m3u8');

    // SIGTERM: a clean stop, and the worker leaves the list at once.
    second.child.kill('SIGTERM');
    const code = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(0);
    expect((await console_()).workers).toEqual([]);
  }, 240_000);
});
