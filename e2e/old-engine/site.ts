import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.js';
import { webBuildCommands } from '../support/web-build.js';

// The site the old-engine suite drives, started the way the Playwright
// suite's webServer starts it (playwright.config.ts): a production build of
// the web app in the run's own folder, then e2e/support/serve.ts (the real
// server with SMTP and OpenID beside it) on a fresh embedded database.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Site {
  baseURL: string;
  /** The run's folder (BOSPHORUS_E2E_RUN_DIR: the mails land there). */
  runDir: string;
  stop(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const port = await freePort(3410);
  const controlPort = await freePort(port + 100);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosphorus-old-engine-'));
  const baseURL = `http://127.0.0.1:${port}`;
  // E2E_WEB_DIST names a build that already exists (a path from the
  // repository root, as for the Playwright suite; `npm test` passes
  // apps/web/dist): it is copied into the run's folder, so a rebuild of it
  // meanwhile cannot blank the pages. Without it the run builds its own.
  const webDistDir = path.join(runDir, 'web');
  const prebuilt = process.env.E2E_WEB_DIST ? path.resolve(repoRoot, process.env.E2E_WEB_DIST) : null;
  if (prebuilt) {
    if (!fs.existsSync(path.join(prebuilt, 'index.html')))
      throw new Error(`E2E_WEB_DIST=${process.env.E2E_WEB_DIST}: no index.html in ${prebuilt}; run npm run build`);
    fs.cpSync(prebuilt, webDistDir, { recursive: true });
  }
  const command = [
    ...(prebuilt ? [] : webBuildCommands(webDistDir)),
    'exec node --import tsx e2e/support/serve.ts',
  ].join(' && ');
  Object.assign(process.env, { BOSPHORUS_E2E_RUN_DIR: runDir, E2E_CONTROL_PORT: String(controlPort) });
  const child: ChildProcess = spawn('sh', ['-c', command], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(runDir, 'data'),
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'on',
      NODE_ENV: 'production',
      PAYMENTS_DEMO: 'on',
      MEDIA_BACKUP_ORIGIN: `http://localhost:${port}`,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const stop = async () => {
    if (!exited && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      for (let i = 0; i < 100 && !exited; i++) await sleep(100);
      if (!exited) process.kill(-child.pid, 'SIGKILL');
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  // The build (legacy bundle included) and the first start (initdb,
  // migrations, demo seed) take minutes on a shared machine.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`the site exited before it was ready:\n${output.slice(-4000)}`);
    }
    const ready = await fetch(`${baseURL}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { baseURL, runDir, stop };
    await sleep(500);
  }
  await stop();
  throw new Error(`the site was not ready in 10 minutes:\n${output.slice(-4000)}`);
}
