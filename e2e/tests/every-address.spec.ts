import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_FIELDS } from '@bosphorus/contract';
import { freshEmail, PASSWORD, SignInPage } from '../pages/auth-pages.js';
import { WatchPage } from '../pages/watch-page.js';
import { packages, payThroughDemo, planOfType } from '../support/billing.js';
import { richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';

// Issue 16, decision 0034: the site opened at http://127.0.0.1:PORT with
// PUBLIC_URL unset — as a TV on the home network opens http://192.168.x.y:3000.
// The player frame must load (its frame-ancestors is the address the page
// was opened at) and the demo checkout must come back to that address, where
// the viewer is signed in. The suite's own server sets PUBLIC_URL (its
// backup media origin needs it), so this spec starts one of its own on the
// run's build, with nothing set but what a home install sets.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runDir = process.env.BOSPHORUS_E2E_RUN_DIR;
const webDistDir = runDir ? path.join(runDir, 'web') : null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;
let origin: string;

test.describe('every address the site is opened at', () => {
  test.skip(!webDistDir || !fs.existsSync(path.join(webDistDir, 'index.html')), 'needs the run’s own build');

  test.beforeAll(async () => {
    // Its first start (PGlite initdb, migrations, the demo seed) beside the suite's own.
    test.setTimeout(420_000);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bosphorus-e2e-address-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir!,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PAYMENTS_DEMO: 'on',
      // Sign-up itself is tested elsewhere (accounts.spec.ts).
      CAPTCHA_PROVIDER: 'off',
      REQUIRE_EMAIL_VERIFICATION: 'off',
      PUBLISH_INTERVAL_SECONDS: '0',
    };
    for (const name of ['PUBLIC_URL', 'MEDIA_MAIN_ORIGIN', 'MEDIA_BACKUP_ORIGIN', 'DATABASE_URL', 'SMTP_URL'])
      delete env[name];
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const errors: string[] = [];
    for (const stream of [server.stdout!, server.stderr!])
      stream.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    const until = Date.now() + 400_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server stopped: ${errors.join('')}`);
      const ready = await fetch(`${origin}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > until) throw new Error(`the server did not get ready: ${errors.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const stopped = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('at 127.0.0.1 without PUBLIC_URL the player frame loads and the demo checkout comes back there', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    // What the suite's fixture watches on its own server: page errors and
    // refusals under the Content-Security-Policy (a refused frame is one).
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught ${error.name}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to frame/i.test(message.text()))
        problems.push(`CSP: ${message.text()}`);
    });
    try {
      const email = freshEmail('address');
      const registered = await context.request.post('/api/auth/register', {
        form: {
          [AUTH_FIELDS.registerName]: 'Deniz Ekran',
          [AUTH_FIELDS.registerEmail]: email,
          [AUTH_FIELDS.registerPassword]: PASSWORD,
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const signIn = new SignInPage(page);
      await signIn.goto();
      await signIn.signIn(email, PASSWORD);
      await expect(page).not.toHaveURL(/\/signin/);

      // Pay through the demo checkout: served here, and back here, signed in.
      const monthly = planOfType(await packages(context.request), 'monthly');
      await payThroughDemo(page, monthly);
      expect(new URL(page.url()).origin, 'the checkout came back to the address it started at').toBe(origin);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible();

      // The player frame on this address loads and plays.
      const movie = await richMovie(context.request);
      await page.goto(`/watch/${movie.movie_id}`);
      const watch = new WatchPage(page);
      await expect(watch.frameElement).toBeVisible();
      const src = new URL((await watch.frameElement.getAttribute('src'))!);
      expect(src.origin, 'the player on the address the page was opened at').toBe(origin);
      await watch.player.play();
      await watch.player.expectAdvancing();
      expect(problems, 'errors the page raised').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
