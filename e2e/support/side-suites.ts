import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The two suites `npm test` runs after the Playwright one (package.json):
// the old engine (Chromium 64 through Puppeteer, old-engine/run.ts) and the
// hydration check on React's development build (support/dev-hydration.ts).
// Each leaves one of CI's two cores mostly idle (one browser, one page at a
// time), so they run side by side (decision 0159). Their output comes
// line by line as it is written, each line marked with its suite; the exit
// status is non-zero when either fails.

const e2eRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each suite is its own npm script (package.json): `test:<name>`. */
const SUITES = ['old-engine', 'dev-hydration'] as const;

/** Writes `chunk` line by line, each complete line after `prefix`; returns what is left of an unfinished line. */
function writeLines(out: NodeJS.WriteStream, prefix: string, pending: string, chunk: string): string {
  const lines = (pending + chunk).split('\n');
  const rest = lines.pop() ?? '';
  for (const line of lines) out.write(`${prefix}${line}\n`);
  return rest;
}

function runSuite(name: string): Promise<number> {
  const prefix = `[${name}] `;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', `test:${name}`], {
      cwd: e2eRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdoutRest = '';
    let stderrRest = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdoutRest = writeLines(process.stdout, prefix, stdoutRest, c);
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderrRest = writeLines(process.stderr, prefix, stderrRest, c);
    });
    child.once('error', (error) => {
      process.stderr.write(`${prefix}could not start: ${error.message}\n`);
      resolve(1);
    });
    child.once('close', (code, signal) => {
      if (stdoutRest) process.stdout.write(`${prefix}${stdoutRest}\n`);
      if (stderrRest) process.stderr.write(`${prefix}${stderrRest}\n`);
      const status = code ?? 1;
      process.stdout.write(`${prefix}${status === 0 ? 'passed' : `FAILED (${signal ?? `exit ${status}`})`}\n`);
      resolve(status);
    });
  });
}

const statuses = await Promise.all(SUITES.map((name) => runSuite(name)));
process.exitCode = statuses.some((s) => s !== 0) ? 1 : 0;
