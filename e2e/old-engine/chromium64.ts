import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// The old TV engine (docs/reference/notes/tv-engines.md): the headless
// Chromium 64 that the chrome-aws-lambda@64.0.3264 npm package carries
// brotli-packed. Unpacked once into the user's cache folder (never into
// the repository), then reused by every run.

export const CHROMIUM_64_VERSION = '64.0.3264';

/** Flags it needs on our machines (headless, as root in a container). */
export const CHROMIUM_64_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--single-process',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A TV starts the movie the viewer chose; headless has no gesture to give.
  '--autoplay-policy=no-user-gesture-required',
];

function cacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME?.trim() || path.join(os.homedir(), '.cache');
  return path.join(base, 'bosphorus', `chromium-${CHROMIUM_64_VERSION}`);
}

/** The unpacked binary's path, unpacking it first if this machine has not yet. */
export function chromium64(env: NodeJS.ProcessEnv = process.env): string {
  const dir = cacheDir(env);
  const binary = path.join(dir, 'chromium');
  if (fs.existsSync(binary)) return binary;
  const require = createRequire(import.meta.url);
  const packed = path.join(path.dirname(require.resolve('chrome-aws-lambda/package.json')), 'bin', 'chromium.br');
  if (!fs.existsSync(packed))
    throw new Error(`${packed} is missing: is chrome-aws-lambda@${CHROMIUM_64_VERSION} installed?`);
  fs.mkdirSync(dir, { recursive: true });
  // Written under a temporary name and renamed: two runs unpacking at once
  // never leave a half-written binary behind.
  const partial = `${binary}.${process.pid}.tmp`;
  fs.writeFileSync(partial, zlib.brotliDecompressSync(fs.readFileSync(packed)), { mode: 0o755 });
  fs.renameSync(partial, binary);
  return binary;
}
