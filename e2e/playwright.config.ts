import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './support/chromium.js';
import { freePort } from './support/free-port.js';
import { webBuildCommands } from './support/web-build.js';

// The browser suite runs against the production build served by the real
// server (DESIGN §6): the run builds the web app (or takes the build named by
// E2E_WEB_DIST), starts apps/api's server on a fresh embedded database (which
// seeds the demo catalogue on its first start) and drives Chromium: every
// test at desktop size, the viewport-dependent ones (@viewport) at phone
// size too, the remote's journeys (@tv) at TV size with a TV user agent. See
// README.md.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

process.env.E2E_PORT ||= String(await freePort(3210));
const port = Number(process.env.E2E_PORT);
/** The server's loopback control port (support/serve.ts): admin commands during the run. */
process.env.E2E_CONTROL_PORT ||= String(await freePort(port + 100));
/**
 * E2E_BASE_URL points the suite at a server you already run (while building
 * a screen); without it the run starts its own, never reusing one.
 */
const externalServer = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
const baseURL = externalServer || `http://127.0.0.1:${port}`;
/** Spec §4 Player: the backup server. The suite's own server answers under both names. */
const mediaBackupOrigin = `http://localhost:${port}`;
process.env.E2E_MEDIA_BACKUP_ORIGIN ||= externalServer ? '' : mediaBackupOrigin;

// The config is evaluated by the runner and again by every worker; workers
// inherit the runner's environment, so the run's folder is chosen once and
// removed when the runner exits (after it has stopped the server).
if (!process.env.BOSPHORUS_E2E_RUN_DIR) {
  const fresh = path.join(os.tmpdir(), `bosphorus-e2e-${Date.now().toString(36)}-${process.pid}`);
  process.env.BOSPHORUS_E2E_RUN_DIR = fresh;
  process.on('exit', () => fs.rmSync(fresh, { recursive: true, force: true }));
}
const runDir = process.env.BOSPHORUS_E2E_RUN_DIR;
/** A fresh embedded database: the server migrates it and seeds the demo catalogue. */
const dataDir = path.join(runDir, 'data');
/**
 * The production build of the web app, made for this run. Several people
 * build apps/web/dist in this tree at once, and a server holding an
 * index.html whose hashed assets another build has just replaced serves a
 * blank page; a private copy keeps the run about the code, not the timing.
 */
const webDistDir = path.join(runDir, 'web');
/**
 * MEDIA_DIR of the run: a copy of the demo clips, so what the console's
 * media ingest writes (admin-ingest.spec.ts: uploads, transcodes) stays in
 * the run's folder, never in the repository.
 */
const mediaDir = path.join(runDir, 'media');
if (!externalServer && !fs.existsSync(mediaDir)) {
  fs.cpSync(path.join(repoRoot, 'apps/api/media/demo'), path.join(mediaDir, 'demo'), { recursive: true });
}
/**
 * E2E_WEB_DIST names a build that already exists (`npm run build` makes
 * apps/web/dist; a path relative to the repository root): the run copies it
 * into its folder instead of building again. `npm test` builds once this way;
 * the fast loop of README.md reuses one build for many runs.
 */
const prebuiltWebDist = process.env.E2E_WEB_DIST ? path.resolve(repoRoot, process.env.E2E_WEB_DIST) : undefined;
if (prebuiltWebDist && !externalServer && !fs.existsSync(webDistDir)) {
  if (!fs.existsSync(path.join(prebuiltWebDist, 'index.html'))) {
    throw new Error(`E2E_WEB_DIST=${process.env.E2E_WEB_DIST}: no index.html in ${prebuiltWebDist}; run npm run build`);
  }
  fs.cpSync(prebuiltWebDist, webDistDir, { recursive: true });
}
const buildWebDist = webBuildCommands(webDistDir);

const chromium = await resolveChromium();
if (!process.env.BOSPHORUS_E2E_CHROMIUM) {
  // Said once, by the runner (workers inherit the variable).
  process.env.BOSPHORUS_E2E_CHROMIUM = `${chromium.source}: ${chromium.executablePath}`;
  console.log(`Chromium from ${process.env.BOSPHORUS_E2E_CHROMIUM}`);
}

const launchOptions = { executablePath: chromium.executablePath, args: chromium.args };

/** Samsung Tizen 5.0 (2019), the oldest TV class the site supports (docs/reference/notes/tv-engines.md). */
const TIZEN_USER_AGENT =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/5.0 TV Safari/537.36';

export default defineConfig({
  testDir: './tests',
  // One folder per run: concurrent runs (each on its own free port) never wipe
  // each other's traces.
  outputDir: externalServer ? `./test-results/external-${path.basename(runDir)}` : `./test-results/${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A retry would hide a flaky screen; every failure is reported as it is.
  retries: 0,
  // Three workers on CI's two cores (decision 0159): many tests spend
  // seconds waiting on the site's own clocks (a 30-second poll, an upload's
  // grace, a countdown) or on the network going quiet, and with two workers
  // a core sat idle for a sixth of the run; the third fills those waits.
  workers: 3,
  // Generous: the machine has two cores and is often shared with other runs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions,
    locale: 'en-GB',
    // The browser asks for reduced motion (decision 0145): the promotion's
    // endless scroll and the hero's autoplay kept software compositing busy
    // on every page a test held open. The tests of motion itself (the hero's
    // slides, the banner's scroll) ask for it with test.use.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Istanbul',
    // A failed test keeps its trace: every action with its time, the
    // console, the network and the test's source, with the failure's own
    // screenshot below and the page's accessibility tree at the failure
    // (Playwright's error context). Not the filmstrip: Chromium encoding a
    // frame at every paint took a fifth of the suite's time on two cores
    // (decision 0147). Not the DOM before and after every action: copying
    // it took about a third of the pages' CPU time (decision 0156).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'desktop',
      // Every test but the remote's (@tv, the TV project's own).
      grepInvert: /@tv\b/,
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      // Only the tests whose outcome depends on the screen (tagged @viewport:
      // layout, menus, carousels, touch, sizes); the rest would repeat the
      // desktop run at another width (README.md "Which tests run where").
      name: 'phone',
      grep: /@viewport/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Mobile Safari/537.36',
      },
    },
    {
      // A Samsung TV (issue 14): its user agent puts the site in TV mode; the
      // tests tagged @tv (the remote's journeys, tests/tv-remote.spec.ts) run
      // here once, and only here.
      name: 'tv',
      grep: /@tv\b/,
      use: { viewport: { width: 1920, height: 1080 }, userAgent: TIZEN_USER_AGENT },
    },
  ],
  webServer: externalServer
    ? undefined
    : {
        // What `npm run build -w @bosphorus/web` does, into the run's folder
        // (unless E2E_WEB_DIST gave a build), then the server
        // (scripts/start.mjs minus its rebuild of the shared dist).
        command: [
          ...(prebuiltWebDist ? [] : buildWebDist),
          // The site with a real SMTP server and OpenID provider beside it.
          'node --import tsx e2e/support/serve.ts',
        ].join(' && '),
        cwd: repoRoot,
        url: `${baseURL}/readyz`,
        reuseExistingServer: false,
        // First start: PGlite initdb, migrations and the demo seed.
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          DATA_DIR: dataDir,
          MEDIA_DIR: mediaDir,
          WEB_DIST_DIR: webDistDir,
          LOG_LEVEL: 'warn',
          RATE_LIMIT: 'on',
          NODE_ENV: 'production',
          // The embedded demo checkout is off in production unless asked for:
          // the suite pays through it (issue 8).
          PAYMENTS_DEMO: 'on',
          // The backup media server on an origin of its own (the same server
          // under another name), as in production: Backup Server really moves
          // the player to another origin.
          MEDIA_BACKUP_ORIGIN: mediaBackupOrigin,
          E2E_CONTROL_PORT: process.env.E2E_CONTROL_PORT,
        },
      },
});
