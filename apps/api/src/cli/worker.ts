import { pathToFileURL } from 'node:url';
import { INGEST_TEXTS } from '@bosphorus/contract';
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/open.js';
import { createIngest, createRepositories } from '../services.js';

// `npm run worker`: a process that only runs transcode jobs (issue 17,
// modules/ingest, decision 0085), taking them from the same PostgreSQL as
// the site (DATABASE_URL) and writing under the same MEDIA_DIR (a shared
// volume when it runs on another machine). INGEST_CONCURRENCY jobs at once
// (at least 1 here). Any number of them may run; a killed one's job is
// taken again once its heartbeat is INGEST_STALE_SECONDS old. SIGTERM puts
// a running job back in the queue at once.

const log = {
  info: (obj: object, msg: string) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
  warn: (obj: object, msg: string) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
  error: (obj: object, msg: string) =>
    console.error(JSON.stringify({ level: 'error', msg, ...obj, err: String((obj as { err?: unknown }).err ?? '') })),
};

export async function runWorker() {
  const config = loadConfigOrExit(1);
  if (config.databaseUrl === null) {
    console.error(
      "npm run worker needs DATABASE_URL (PostgreSQL): the embedded database is the site's alone, and the site runs its jobs itself.",
    );
    process.exit(2);
  }
  const db = await openDatabase({ ...config, seedDemo: false }, (msg) => console.log(msg));
  const ingest = createIngest(db, createRepositories(db), config, log);
  const version = await ingest.ffmpegVersion();
  if (version === null) {
    console.error(INGEST_TEXTS.ffmpegMissing);
    await db.close();
    process.exit(1);
  }
  const runner = ingest.startRunner({ concurrency: Math.max(1, config.ingest.concurrency) });
  log.info(
    { worker: runner.worker, ffmpeg: version, concurrency: Math.max(1, config.ingest.concurrency) },
    'worker: taking jobs',
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker: stopping');
    await runner.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runWorker();
