// Issue 16 finding 1, measured: 20 JSON bodies of 200 KB nested 100,000 deep
// (`{"q":[[[[…]]]]}`) posted at once to a JSON route of a production server
// (embedded database, its own DATA_DIR), while /healthz is asked every 5 ms.
// Reports the answers' statuses, the longest /healthz wait during the burst
// (the event loop's stall) and the server's resident memory before, just
// after and 5 s after the burst. Not part of `npm run bench` (a probe, not a
// ratio): `npx tsx bench/hostile-bodies.ts`.
//
//   before the fix: 500s, /healthz stalled > 1 s, memory kept
//   after:          400s naming the limit, no stall, memory unchanged

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, runCleanups, startServer } from './lib/processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BODIES = 20;
const DEPTH = 100_000;

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const port = await freePort();
  const server = await startServer({
    name: 'hostile-bodies',
    args: ['--import', 'tsx', 'apps/api/src/server.ts'],
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'fatal',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bos-hostile-')),
    },
    port,
    readyPath: '/readyz',
  });
  try {
    // Warm up: the route and the JSON parser compiled, the heap settled.
    for (let i = 0; i < 20; i++) await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"q":"ferry"}',
    });
    await sleep(1_000);
    const before = rssMb(server.pid);

    const body = `{"q":${'['.repeat(DEPTH)}0${']'.repeat(DEPTH)}}`;
    let probing = true;
    let longestHealthMs = 0;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await fetch(`${server.url}/healthz`);
        longestHealthMs = Math.max(longestHealthMs, performance.now() - started);
        await sleep(5);
      }
    })();
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: BODIES }, () =>
        fetch(`${server.url}/api/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then((res) => res.status),
      ),
    );
    const burstMs = performance.now() - started;
    probing = false;
    await probe;
    const after = rssMb(server.pid);
    await sleep(5_000);
    const settled = rssMb(server.pid);

    const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    console.log(`${BODIES} bodies of ${Math.round(body.length / 1024)} KB, nested ${DEPTH} deep`);
    console.log(`answers: ${JSON.stringify(counts)} in ${Math.round(burstMs)} ms`);
    console.log(`longest /healthz during the burst: ${Math.round(longestHealthMs)} ms`);
    console.log(`RSS: ${before} MB before, ${after} MB after, ${settled} MB 5 s later`);
  } finally {
    await server.stop();
    await runCleanups();
  }
}

await main();
