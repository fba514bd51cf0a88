import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildCommands } from './web-build.js';

// `npm run test:dev-hydration` (part of `npm test`, decision 0152): the
// hydration spec again, on a development build of the web app. Production
// React reports a hydration that failed (#418 and its kin) but never an
// attribute that differs between the server's HTML and the browser's first
// render: it keeps the server's value silently. React's development build
// logs every such difference as a console error, which the spec fails on.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosphorus-dev-build-'));
try {
  for (const command of webBuildCommands(outDir, { development: true })) {
    execSync(command, { cwd: repoRoot, stdio: 'inherit' });
  }
  const run = spawnSync('npx', ['playwright', 'test', 'tests/hydration.spec.ts', ...process.argv.slice(2)], {
    cwd: path.join(repoRoot, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, E2E_WEB_DIST: outDir, E2E_DEVELOPMENT_BUILD: '1' },
  });
  process.exitCode = run.status ?? 1;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
