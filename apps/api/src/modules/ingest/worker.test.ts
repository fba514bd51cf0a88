import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { openPostgres, type Db } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { catalogue, movie } from '../../../test/factories.js';
import {
  createPostgresDatabase,
  eventually,
  idOf,
  seedCatalogue,
  TEST_DATABASE_URL,
  type PostgresTestDatabase,
} from '../../../test/harness.js';
import { createIngestRepository } from './ingest.repository.js';
import { makeVideo } from './test-media.js';

// Issue 17, jobs past one machine: `npm run worker` processes take
// transcodes from the same PostgreSQL. One is killed (SIGKILL, its ffmpeg
// with it, as a machine dies) while running a job; another takes the job
// again once the heartbeat is stale, and finishes it. PostgreSQL only: the
// embedded database is one process's.

const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const WORKER = path.join(REPO_ROOT, 'apps/api/src/cli/worker.ts');

describe.skipIf(!TEST_DATABASE_URL)('npm run worker [postgres]', () => {
  let database: PostgresTestDatabase;
  let db: Db;
  let mediaDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    db = openPostgres(database.url, 2);
    await migrate(db);
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-worker-media-'));
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    await db.close();
    await database.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  function startWorker(name: string) {
    const child = spawn(TSX, [WORKER], {
      cwd: REPO_ROOT,
      detached: true, // its own process group: the kill below takes its ffmpeg too
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        MEDIA_DIR: mediaDir,
        INGEST_STALE_SECONDS: '3',
        INGEST_CONCURRENCY: '1',
        INGEST_PRESET: 'medium',
        HOSTNAME: name,
      },
    });
    let log = '';
    child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    children.push(child);
    return { child, log: () => log };
  }

  it("a separate worker transcodes; a killed worker's job is taken again and completes", async () => {
    const title = `Worker ${Date.now()}`;
    await seedCatalogue(db, catalogue({ movies: [movie({ title })] }));
    const movieId = await idOf(db, 'movies', title);
    const repo = createIngestRepository(db);
    const uploadId = crypto.randomBytes(16).toString('hex');
    fs.mkdirSync(path.join(mediaDir, 'incoming'), { recursive: true });
    fs.copyFileSync(makeVideo({ seconds: 4, width: 640, height: 480 }), path.join(mediaDir, 'incoming', uploadId));
    await repo.createUpload({ id: uploadId, fileName: 'clip.mp4', size: 1, uploadedBy: null });
    await repo.completeUpload(uploadId, { durationSeconds: 4, height: 480 });
    const jobId = await repo.enqueue({
      videoType: 'movie',
      videoId: movieId,
      uploadId,
      createdBy: null,
      maxAttempts: 3,
    });

    const first = startWorker('first');
    await eventually(async () => expect((await repo.job(jobId))?.state).toBe('running'), 60_000);
    const firstWorker = (await repo.job(jobId))!.worker;
    process.kill(-first.child.pid!, 'SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect((await repo.job(jobId))!.state).toBe('running');

    const second = startWorker('second');
    await eventually(async () => expect((await repo.job(jobId))?.state, second.log()).toBe('done'), 120_000);
    const job = (await repo.job(jobId))!;
    expect(job.attempts).toBe(2);
    expect(job.worker).not.toBe(firstWorker);
    const [hls] = await db.query<{ path: string }>(
      `SELECT path FROM media_renditions WHERE movie_id = $1 AND kind = 'hls'`,
      [movieId],
    );
    expect(hls!.path).toBe(`ingest/movie-${movieId}/job-${jobId}-2/master.m3u8`);
    expect(fs.readFileSync(path.join(mediaDir, hls!.path), 'utf8')).toContain('360p.m3u8');

    // SIGTERM: a clean stop.
    second.child.kill('SIGTERM');
    const code = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(0);
  }, 240_000);
});
