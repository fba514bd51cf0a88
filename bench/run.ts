// `npm run bench` (DESIGN §6): performance as ratios against baselines taken
// in the same run on this machine, never as timed assertions in tests.
//
//   1. Throughput: a bare Fastify hello-world vs our server (demo catalogue,
//      on PGlite and on PostgreSQL) for the home page, a list page and a list
//      search, each server in its own process, one after the other.
//   2. Scale: a 100,000-title synthetic catalogue on PostgreSQL with the
//      answer cache off: deep pages and search vs the first list page.
//   3. Size: gzip JavaScript the home route loads.
//   4. Sign-in: sign-in p50 and throughput, and GET /api/home during a
//      200-connection sign-in flood as a share of its idle throughput, with
//      the process's peak memory during the flood.
//   5. Media (bench/media.ts): segments behind the playback token vs a bare
//      @fastify/static, and the player's time to first frame in headless
//      Chromium vs the network floor.
//   6. Input → paint (bench/input-paint.ts): a TV's arrow presses on home, a
//      list and a detail page with the CPU slowed 4×, by the Event Timing API.
//
// Prints a table and writes bench/results/<timestamp>.json (git-ignored).
// Exits 1 if any goal fails or could not be measured.
//   7. Slow 3G (bench/slow3g.ts): home on a 2 s round trip, 400 kbit/s link,
//      cold cache then repeat: shell, hero and posters painted, bytes moved.
//   8. Lighthouse (bench/lighthouse.ts, optional dependency): mobile scores
//      and LCP/TBT/CLS of home, /allseries and a series and a movie detail.
//   9. Transcode (bench/transcode.ts): the ingest ladder's speed, × real time.
//  10. Upload (bench/upload-memory.ts): a 1 GiB upload does not grow the server's memory.
//  11. Markers (bench/markers.ts): recap/intro/credits/preview detection on a
//      150-minute episode with its neighbours, × real time.
//  12. Play now (bench/play-now.ts): Watch Now → first moving frame with no
//      other input, on the phone link and on a TV with the CPU slowed 4×.
//
// Options: --only throughput,pages,signin,scale,size,media,input,slow3g,lighthouse,transcode,upload,markers,playnow  --duration 10  --titles 100000
// PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), default
// postgres://postgres@127.0.0.1:5432/postgres; temporary databases
// bos_bench_<pid>_* are created there and dropped afterwards.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runAdmin } from '../apps/api/src/cli/admin.js';
import { openPostgres } from '../apps/api/src/db/client.js';
import { seedSyntheticCatalogue } from './synthetic.js';
import { hlsPlacement, measureHomeBundle, type BundleReport } from './bundle-size.js';
import { benchMedia } from './media.js';
import { benchInputPaint } from './input-paint.js';
import { benchPlayNow } from './play-now.js';
import { benchSlow3g } from './slow3g.js';
import { benchLighthouse } from './lighthouse.js';
import { benchTranscode } from './transcode.js';
import { benchMarkers } from './markers.js';
import { benchUploadMemory } from './upload-memory.js';
import { LOAD_HEADERS, runLoad, summarise, type LoadResult } from './lib/load.js';
import { createTempDatabase, probePostgres } from './lib/postgres.js';
import { freePort, onCleanup, runCleanups, startServer, type ServerProcess } from './lib/processes.js';
import { goalsTable, measurementsTable, type Goal, type Measurement, type Status } from './lib/report.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');

// Goals (docs/decisions/0006-benchmarks.md).
const HOME_MIN_RATIO = 0.5;
/** A title's detail for a signed-in viewer: the shared answer plus the viewer's own fields (issue 9). */
const VIEWER_DETAIL_MIN_RATIO = 0.4;
const LIST_MIN_RATIO = 0.15;
const SEARCH_MIN_RATIO = 0.1;
const DEEP_MAX_P95_FACTOR = 1.3;
/** A deep page of a filter with several genres, a year range and a sort (issue 15). */
const FILTERED_DEEP_PAGE = 100;
const SEARCH_MAX_P95_FACTOR = 2;
// The home route for current browsers (the legacy bundle is apart). Issue
// 15's 120 KB was met on Preact; React 19's react-dom is the fixed renderer
// (decision 0106), and issue 25's budget is 150 KB, React included (also
// measured as sent, in the Slow 3G section).
const HOME_JS_MAX_GZIP_BYTES = 150 * 1024;

const THROUGHPUT_CONNECTIONS = 50;
const THROUGHPUT_WARMUP_SECONDS = 3;
const SCALE_CONNECTIONS = 10;
const SCALE_WARMUP_SECONDS = 2;
/**
 * Scale scenarios run interleaved in rounds, so drift hits all of them alike.
 * Four short rounds rather than two long ones: on a shared virtual machine
 * the speed drifts within seconds (steal time), and two rounds let a slow
 * spell land on one scenario only.
 */
const SCALE_ROUNDS = 4;
const DEEP_PAGE = 2000;

// Realistic searches a visitor types: title words, a place, an English
// title word, an actor. Demo terms hit the demo catalogue; synthetic terms
// hit the word lists of bench/synthetic.ts.
const DEMO_SEARCH_TERMS = ['ertugrul', 'aşk', 'istanbul', 'kurt', 'engin altan'];
const SYNTHETIC_SEARCH_TERMS = ['kara sevda', 'istanbul', 'yemin', 'dirilis', 'love', 'engin yilmaz'];

const { values: args } = parseArgs({
  options: {
    only: {
      type: 'string',
      default: 'throughput,pages,signin,scale,size,media,input,slow3g,lighthouse,transcode,upload,markers,playnow',
    },
    duration: { type: 'string', default: '10' },
    titles: { type: 'string', default: '100000' },
  },
});
const sections = new Set(args.only.split(',').map((s) => s.trim()));
const DURATION_SECONDS = Number(args.duration);
const TITLES = Number(args.titles);
if (!(DURATION_SECONDS > 0) || !(TITLES >= 2_000)) {
  console.error('--duration must be > 0 and --titles at least 2000');
  process.exit(2);
}

const measurements: Measurement[] = [];
const goals: Goal[] = [];
const details: Record<string, unknown> = {};
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

function ratioGoal(id: string, description: string, value: number | undefined, min: number, bad?: number): Goal {
  if (value === undefined) return { id, description, measured: '—', limit: `≥ ${min * 100}%`, status: 'SKIP' };
  const status: Status = value >= min && !bad ? 'PASS' : 'FAIL';
  return {
    id,
    description,
    measured: `${(value * 100).toFixed(1)}%`,
    limit: `≥ ${min * 100}%`,
    status,
    ...(bad ? { reason: `${bad} non-2xx/errors` } : {}),
  };
}

function factorGoal(id: string, description: string, value: LoadResult, base: LoadResult, max: number): Goal {
  const factor = value.p95 / base.p95;
  const bad = value.bad + base.bad;
  return {
    id,
    description,
    measured: `${factor.toFixed(2)}× (${value.p95.toFixed(2)} vs ${base.p95.toFixed(2)} ms)`,
    limit: `≤ ${max}×`,
    status: factor <= max && !bad ? 'PASS' : 'FAIL',
    ...(bad ? { reason: `${bad} non-2xx/errors` } : {}),
  };
}

function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bos-bench-${label}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Environment for a child: ours, minus anything that would point it elsewhere. */
function childEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'SEED_DEMO',
    'CATALOGUE_CACHE_SECONDS',
    'PUBLIC_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
  ]) {
    delete env[key];
  }
  return { ...env, NODE_ENV: 'production', ...extra };
}

/** Our server on a fresh DATA_DIR (unless extra names one), on a free port unless given one. */
async function startApi(name: string, extra: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  return startServer({
    name,
    args: ['--import', 'tsx', 'apps/api/src/server.ts'],
    cwd: ROOT,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: extra.DATA_DIR ?? tempDir(name.replace(/\W+/g, '-')),
      ...extra,
    }),
    port,
    readyPath: '/readyz',
  });
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

async function measure(server: ServerProcess, paths: string[], connections: number, warmup: number, seconds: number) {
  await runLoad({ url: server.url, paths, connections, durationSeconds: warmup });
  return runLoad({ url: server.url, paths, connections, durationSeconds: seconds });
}

const searchPaths = (terms: string[]) => terms.map((t) => `/api/series?search=${encodeURIComponent(t)}`);

// ───────────── 1. Throughput ─────────────

const THROUGHPUT_ROUTES = [
  { id: 'home', scenario: 'GET /api/home', paths: ['/api/home'], min: HOME_MIN_RATIO },
  { id: 'list', scenario: 'GET /api/series?page=2', paths: ['/api/series?page=2'], min: LIST_MIN_RATIO },
  { id: 'search', scenario: 'GET /api/series?search=…', paths: searchPaths(DEMO_SEARCH_TERMS), min: SEARCH_MIN_RATIO },
  // The path is the first top movie's, found at run time; a signed-in
  // subscriber asks (Authorization), so every per-viewer overlay runs.
  { id: 'viewer-detail', scenario: 'GET /api/movies/{id} signed in', paths: [], min: VIEWER_DETAIL_MIN_RATIO },
] as const;

const VIEWER_EMAIL = 'viewer@bosphorus.test';

/**
 * A signed-in viewer for the per-viewer scenario: registered and signed in
 * through the API (the bench servers run without captcha and e-mail
 * verification), given a plan by the operators' command where the database
 * is reachable from here (PostgreSQL); on PGlite the viewer has no plan.
 */
async function benchViewer(server: ServerProcess, grant?: (email: string) => Promise<void>): Promise<string> {
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams(form),
    });
  const registered = await post('/api/auth/register', {
    user_name: 'Viewer',
    user_email: VIEWER_EMAIL,
    user_password: BENCH_PASSWORD,
  });
  if (registered.status !== 201)
    throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
  await grant?.(VIEWER_EMAIL);
  const login = await post('/api/auth/token', { email: VIEWER_EMAIL, inputPassword: BENCH_PASSWORD });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { body: { token: string } }).body.token;
}

async function throughputOf(
  target: string,
  server: ServerProcess,
  grant?: (email: string) => Promise<void>,
): Promise<[string, LoadResult][]> {
  for (const term of DEMO_SEARCH_TERMS) {
    const body = await getJson<{ body: { total_pages: number } }>(`${server.url}${searchPaths([term])[0]}`);
    if (!body.body.total_pages) log(`warning: demo search '${term}' finds nothing`);
  }
  const home = await getJson<{ body: { topMovies: Array<{ movie_id: number }> } }>(`${server.url}/api/home`);
  const detailPath = `/api/movies/${home.body.topMovies[0]!.movie_id}`;
  const token = await benchViewer(server, grant);
  const check = await fetch(`${server.url}${detailPath}`, { headers: { authorization: `Bearer ${token}` } });
  if (check.status !== 200 || check.headers.get('cache-control') !== 'private, no-store') {
    throw new Error(`the viewer's detail answered ${check.status} ${check.headers.get('cache-control')}`);
  }
  const runs: [string, LoadResult][] = [];
  for (const route of THROUGHPUT_ROUTES) {
    const viewer = route.id === 'viewer-detail';
    log(`${target}: ${route.scenario} (${THROUGHPUT_CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
    const load = {
      url: server.url,
      paths: viewer ? [detailPath] : [...route.paths],
      connections: THROUGHPUT_CONNECTIONS,
      headers: viewer ? { authorization: `Bearer ${token}` } : undefined,
    };
    await runLoad({ ...load, durationSeconds: THROUGHPUT_WARMUP_SECONDS });
    runs.push([route.id, await runLoad({ ...load, durationSeconds: DURATION_SECONDS })]);
  }
  return runs;
}

function judgeThroughput(target: string, runs: [string, LoadResult][], baseline: LoadResult) {
  for (const [id, r] of runs) {
    const route = THROUGHPUT_ROUTES.find((x) => x.id === id)!;
    const ratio = r.rps / baseline.rps;
    measurements.push({ section: 'throughput', scenario: route.scenario, target, ...stats(r), ratio });
    goals.push(
      ratioGoal(
        `throughput.${target.toLowerCase()}.${route.id}`,
        `${route.scenario} on ${target} ≥ ${route.min * 100}% of hello-world req/s`,
        ratio,
        route.min,
        r.bad,
      ),
    );
  }
}

function stats(r: LoadResult) {
  return { rps: r.rps, p50: r.p50, p95: r.p95, p99: r.p99, bad: r.bad, load: r.load };
}

function skipGoals(prefix: string, descriptions: string[], reason: string) {
  for (const description of descriptions) {
    goals.push({ id: prefix, description, measured: '—', limit: '', status: 'SKIP', reason });
  }
}

/** One hello-world run in its own process; started and stopped around the measurement. */
async function helloBaseline(label: string): Promise<LoadResult> {
  log(`hello-world baseline (${label})`);
  return bareServerLoad({}, { section: 'throughput', scenario: 'GET / (bare Fastify)', target: `baseline ${label}` });
}

/** A bare Fastify (bench/hello-server.ts) under the throughput load, recorded as `row`. */
async function bareServerLoad(
  env: Record<string, string>,
  row: Pick<Measurement, 'section' | 'scenario' | 'target'>,
): Promise<LoadResult> {
  const port = await freePort();
  const bare = await startServer({
    name: 'hello-world',
    args: ['--import', 'tsx', 'bench/hello-server.ts'],
    cwd: ROOT,
    env: childEnv({ PORT: String(port), ...env }),
    port,
    readyPath: '/',
  });
  try {
    const r = await measure(bare, ['/'], THROUGHPUT_CONNECTIONS, THROUGHPUT_WARMUP_SECONDS, DURATION_SECONDS);
    measurements.push({ ...row, ...stats(r) });
    if (r.bad) throw new Error(`${row.scenario} had ${r.bad} failed requests`);
    return r;
  } finally {
    await bare.stop();
  }
}

/**
 * The faster of the hello-world runs just before and just after a server's
 * runs: other work on a shared machine only ever slows a run down, so the
 * faster one is the better estimate of the machine, and the ratio errs on
 * the strict side.
 */
function around(before: LoadResult, after: LoadResult): LoadResult {
  return before.rps >= after.rps ? before : after;
}

/** The throughput servers let the bench viewer register and sign in at once. */
const VIEWER_SIGN_UP = { CAPTCHA_PROVIDER: 'off', REQUIRE_EMAIL_VERIFICATION: 'off' };

/** `npm run admin -- grant-plan EMAIL 30` against a PostgreSQL database. */
async function grantPlan(databaseUrl: string, email: string): Promise<void> {
  const db = openPostgres(databaseUrl, 1);
  try {
    const result = await runAdmin(db, ['grant-plan', email, '30']);
    if (result.code !== 0) throw new Error(`grant-plan: ${result.out.join(' ')}`);
  } finally {
    await db.close();
  }
}

async function benchThroughput(pgAvailable: boolean, pgReason: string) {
  const demoFile = path.join(ROOT, 'apps/api/src/db/seed/demo-catalogue.ts');
  const descriptions = (target: string) => THROUGHPUT_ROUTES.map((r) => `${r.scenario} on ${target}`);
  if (!fs.existsSync(demoFile)) {
    skipGoals('throughput', [...descriptions('PGlite'), ...descriptions('PostgreSQL')], 'no demo catalogue yet');
    return;
  }
  const first = await helloBaseline('1');

  log('our server on PGlite (fresh DATA_DIR, demo catalogue)');
  const onPglite = await startApi('api-pglite', VIEWER_SIGN_UP);
  const pgliteRuns: [string, LoadResult][] = [];
  try {
    pgliteRuns.push(...(await throughputOf('PGlite', onPglite)));
  } finally {
    await onPglite.stop();
  }
  const second = await helloBaseline('2');
  judgeThroughput('PGlite', pgliteRuns, around(first, second));

  if (!pgAvailable) {
    skipGoals('throughput', descriptions('PostgreSQL'), pgReason);
    return;
  }
  log('our server on PostgreSQL (fresh database, demo catalogue)');
  const db = await createTempDatabase('demo');
  const postgresRuns: [string, LoadResult][] = [];
  try {
    const onPostgres = await startApi('api-postgres', { DATABASE_URL: db.url, SEED_DEMO: 'on', ...VIEWER_SIGN_UP });
    try {
      postgresRuns.push(...(await throughputOf('PostgreSQL', onPostgres, (email) => grantPlan(db.url, email))));
    } finally {
      await onPostgres.stop();
    }
  } finally {
    await db.drop();
  }
  const third = await helloBaseline('3');
  judgeThroughput('PostgreSQL', postgresRuns, around(second, third));
}

// ───────────── 1b. Rendered pages (decision 0107) ─────────────

/** A visitor's home kept rendered: at least this share of hello-world's requests per second. */
const CACHED_PAGE_MIN_RATIO = 0.5;
/** A page rendered for its request (no kept copy): p95 at most this, on this machine. */
const UNCACHED_RENDER_MAX_P95_MS = 40;
/** Distinct addresses per page for the uncached renders: each is rendered once per run. */
const UNCACHED_ADDRESSES = 4_000;

/**
 * The answer `url` gives the load client (its headers, body as sent), as
 * bench/hello-server.ts's ANSWER_FILE; the file is removed when the bench ends.
 */
async function writeAnswer(url: string): Promise<string> {
  const answer = await new Promise<{ headers: Record<string, string>; body: string }>((resolve, reject) => {
    const request = http.get(url, { headers: LOAD_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || ['date', 'connection', 'keep-alive', 'content-length'].includes(name)) continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ headers, body: Buffer.concat(chunks).toString('base64') });
      });
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bos-answer-')), 'answer.json');
  fs.writeFileSync(file, JSON.stringify(answer));
  onCleanup(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
  return file;
}

/**
 * The server's cost of its pages: a visitor's home from the kept render
 * against hello-world, and the render of a page for a request the kept
 * pages do not have (an address with a query seen once: the page's API
 * answers are the API's own cache's, the React render and the document are
 * new), one connection at a time, for its latency.
 */
async function benchPages() {
  const built = path.join(ROOT, 'apps/web/dist/server/entry-server.mjs');
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: run the production build first`);
  const first = await helloBaseline('pages 1');
  const server = await startApi('pages', {});
  let cached: LoadResult;
  let keptAnswer: string;
  const uncached: [string, LoadResult][] = [];
  try {
    const home = await getJson<{
      body: { topMovies: Array<{ movie_id: number }>; topSeries: Array<{ serie_id: number }> };
    }>(`${server.url}/api/home`);
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    if (page.status !== 200 || !html.includes('id="app-data"')) {
      throw new Error(`GET / answered ${page.status} without a rendered page`);
    }
    keptAnswer = await writeAnswer(`${server.url}/`);
    log(`pages: GET / kept rendered (${THROUGHPUT_CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
    cached = await measure(server, ['/'], THROUGHPUT_CONNECTIONS, THROUGHPUT_WARMUP_SECONDS, DURATION_SECONDS);
    const pages = [
      ['home', '/'],
      ['series list', '/allseries'],
      ['series detail', `/seriesdetail/${home.body.topSeries[0]!.serie_id}`],
      ['movie detail', `/moviedetail/${home.body.topMovies[0]!.movie_id}`],
    ] as const;
    for (const [name, address] of pages) {
      const paths = Array.from({ length: UNCACHED_ADDRESSES }, (_, i) => `${address}?render=${i}`);
      log(`pages: ${name} rendered per request (1 connection, ${DURATION_SECONDS} s)`);
      await runLoad({ url: server.url, paths: paths.slice(0, 200), connections: 1, durationSeconds: 2 });
      uncached.push([
        name,
        await runLoad({ url: server.url, paths: paths.slice(200), connections: 1, durationSeconds: DURATION_SECONDS }),
      ]);
    }
  } finally {
    await server.stop();
  }
  // The kept home's own headers and bytes, as the load client asks for them,
  // from a server that does nothing else: what this client reaches on a page
  // of that size. Not a goal; it says how much of the gap to hello-world is
  // the page's size in this client (which decodes every body as text) and
  // how much is the server's work (decision 0143).
  const sameBytes = await bareServerLoad(
    { ANSWER_FILE: keptAnswer },
    { section: 'pages', scenario: "GET / (bare Fastify, the kept home's bytes)", target: 'baseline' },
  );
  const second = await helloBaseline('pages 2');
  const baseline = around(first, second);
  const ratio = cached.rps / baseline.rps;
  measurements.push({ section: 'pages', scenario: 'GET / (kept render)', target: 'PGlite', ...stats(cached), ratio });
  measurements.push({
    section: 'pages',
    scenario: 'GET / (kept render) against the same bytes from a bare server',
    target: 'PGlite',
    ...stats(cached),
    ratio: cached.rps / sameBytes.rps,
  });
  goals.push(
    ratioGoal(
      'pages.cached-home',
      `a visitor's home kept rendered ≥ ${CACHED_PAGE_MIN_RATIO * 100}% of hello-world req/s`,
      ratio,
      CACHED_PAGE_MIN_RATIO,
      cached.bad,
    ),
  );
  for (const [name, r] of uncached) {
    measurements.push({ section: 'pages', scenario: `${name} rendered per request`, target: 'PGlite', ...stats(r) });
    goals.push({
      id: `pages.uncached.${name.replace(/\s+/g, '-')}`,
      description: `${name} rendered per request, p95 ≤ ${UNCACHED_RENDER_MAX_P95_MS} ms`,
      measured: `${r.p95.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}, ${r.rps.toFixed(0)} req/s)`,
      limit: `≤ ${UNCACHED_RENDER_MAX_P95_MS} ms`,
      status: r.p95 <= UNCACHED_RENDER_MAX_P95_MS && !r.bad ? 'PASS' : 'FAIL',
      ...(r.bad ? { reason: `${r.bad} non-2xx/errors` } : {}),
    });
  }
}

// ───────────── 2. Scale ─────────────

async function benchScale() {
  const db = await createTempDatabase('synthetic');
  try {
    log(`generating ${TITLES.toLocaleString('en-US')} synthetic titles into ${db.name}`);
    const seedDb = openPostgres(db.url, 2);
    try {
      details.synthetic = await seedSyntheticCatalogue(seedDb, { titles: TITLES, log });
    } finally {
      await seedDb.close();
    }
    const server = await startApi('api-synthetic', {
      DATABASE_URL: db.url,
      SEED_DEMO: 'off',
      CATALOGUE_CACHE_SECONDS: '0',
    });
    try {
      await scaleScenarios(server);
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

async function scaleScenarios(server: ServerProcess) {
  type Page = { body: { series: unknown[]; total_pages: number } };
  const first = await getJson<Page>(`${server.url}/api/series?page=1`);
  // Page 2,000 on the default 100,000 titles; the last page of a smaller
  // catalogue (--titles) while trying things out.
  const deep = Math.min(DEEP_PAGE, first.body.total_pages);
  const hits: Record<string, number> = {};
  for (const term of SYNTHETIC_SEARCH_TERMS) {
    const page = await getJson<Page>(`${server.url}${searchPaths([term])[0]}`);
    hits[term] = page.body.total_pages;
    if (!page.body.series.length) throw new Error(`synthetic search '${term}' finds nothing`);
  }
  details.syntheticSearchPages = hits;
  // A filter of several genres, a year range and a sort: its page 100, or its last page when it has fewer.
  const filter2 = '/api/movies/filters?genre=2,7&year=2011-2015&sortby=Z-A';
  const filter2Pages = (await getJson<{ body: { total_pages: number } }>(`${server.url}${filter2}&page=1`)).body
    .total_pages;
  const deep2 = Math.max(1, Math.min(FILTERED_DEEP_PAGE, filter2Pages));
  details.filteredDeepPages = { 'series genre=4': 300, [filter2]: `${deep2} of ${filter2Pages}` };

  const scenarios = [
    { id: 'select1', scenario: 'GET /readyz (SELECT 1)', paths: ['/readyz'] },
    { id: 'page1', scenario: 'GET /api/series?page=1', paths: ['/api/series?page=1'] },
    { id: 'deep', scenario: `GET /api/series?page=${deep}`, paths: [`/api/series?page=${deep}`] },
    { id: 'az1', scenario: 'GET /api/series?sortby=A-Z&page=1', paths: ['/api/series?sortby=A-Z&page=1'] },
    {
      id: 'azdeep',
      scenario: `GET /api/series?sortby=A-Z&page=${deep}`,
      paths: [`/api/series?sortby=A-Z&page=${deep}`],
    },
    { id: 'search', scenario: 'GET /api/series?search=…', paths: searchPaths(SYNTHETIC_SEARCH_TERMS) },
    { id: 'filtered1', scenario: 'GET /api/series?genre=4&page=1', paths: ['/api/series?genre=4&page=1'] },
    { id: 'filtered', scenario: 'GET /api/series?genre=4&page=300', paths: ['/api/series?genre=4&page=300'] },
    {
      id: 'filtered2-1',
      scenario: `GET ${filter2}&page=1`,
      paths: [`${filter2}&page=1`],
    },
    {
      id: 'filtered2',
      scenario: `GET ${filter2}&page=${deep2}`,
      paths: [`${filter2}&page=${deep2}`],
    },
  ] as const;
  type Id = (typeof scenarios)[number]['id'];

  const rounds = new Map<Id, LoadResult[]>();
  const roundSeconds = DURATION_SECONDS / SCALE_ROUNDS;
  for (const s of scenarios) {
    await runLoad({
      url: server.url,
      paths: [...s.paths],
      connections: SCALE_CONNECTIONS,
      durationSeconds: SCALE_WARMUP_SECONDS,
    });
  }
  for (let round = 1; round <= SCALE_ROUNDS; round++) {
    for (const s of scenarios) {
      log(
        `synthetic: ${s.scenario} (round ${round}/${SCALE_ROUNDS}, ${SCALE_CONNECTIONS} connections, ${roundSeconds} s)`,
      );
      const r = await runLoad({
        url: server.url,
        paths: [...s.paths],
        connections: SCALE_CONNECTIONS,
        durationSeconds: roundSeconds,
      });
      rounds.set(s.id, [...(rounds.get(s.id) ?? []), r]);
    }
  }
  const pooled = new Map<Id, LoadResult>();
  for (const s of scenarios) {
    const rs = rounds.get(s.id)!;
    const r = summarise(
      rs.map((x) => x.latencies),
      rs.reduce((n, x) => n + x.requests, 0),
      rs.reduce((n, x) => n + x.seconds, 0),
      rs.reduce((n, x) => n + x.bad, 0),
    );
    pooled.set(s.id, r);
    measurements.push({ section: 'scale (100k, no cache)', scenario: s.scenario, target: 'PostgreSQL', ...stats(r) });
  }
  const get = (id: Id) => pooled.get(id)!;
  goals.push(
    factorGoal('scale.deep', `series page ${deep} p95 vs page 1`, get('deep'), get('page1'), DEEP_MAX_P95_FACTOR),
    factorGoal(
      'scale.az-deep',
      `series A-Z page ${deep} p95 vs A-Z page 1`,
      get('azdeep'),
      get('az1'),
      DEEP_MAX_P95_FACTOR,
    ),
    factorGoal('scale.search', 'series search p95 vs list page 1', get('search'), get('page1'), SEARCH_MAX_P95_FACTOR),
    // Issue 15: a filtered deep page against the same filter's page 1 (decision 0078).
    factorGoal(
      'scale.filtered-deep',
      'series genre=4 page 300 p95 vs genre=4 page 1',
      get('filtered'),
      get('filtered1'),
      DEEP_MAX_P95_FACTOR,
    ),
    factorGoal(
      'scale.filtered-deep-2',
      `movies genre=2,7 year=2011-2015 Z-A page ${deep2} p95 vs its page 1`,
      get('filtered2'),
      get('filtered2-1'),
      DEEP_MAX_P95_FACTOR,
    ),
  );
}

// ───────────── 4. Sign-in ─────────────

const FLOOD_CONNECTIONS = 200;
const FLOOD_HOME_MIN_SHARE = 0.5;
const BENCH_EMAIL = 'bench@bosphorus.test';
const BENCH_PASSWORD = 'Boğaziçi köprüsü 1973';

/** Resident memory of a process now and its peak so far (Linux /proc), in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

async function benchAuth() {
  const server = await startApi('api-auth', { CAPTCHA_PROVIDER: 'off', REQUIRE_EMAIL_VERIFICATION: 'off' });
  try {
    const form = { email: BENCH_EMAIL, inputPassword: BENCH_PASSWORD };
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_name: 'Bench', user_email: BENCH_EMAIL, user_password: BENCH_PASSWORD }),
    });
    if (registered.status !== 201)
      throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
    const login = await fetch(`${server.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);

    log(`sign-in: GET /api/home idle (${THROUGHPUT_CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
    const idle = await measure(
      server,
      ['/api/home'],
      THROUGHPUT_CONNECTIONS,
      THROUGHPUT_WARMUP_SECONDS,
      DURATION_SECONDS,
    );
    log('sign-in: POST /api/auth/token, one at a time (1 connection, 5 s)');
    const single = await runLoad({
      url: server.url,
      paths: ['/api/auth/token'],
      form,
      connections: 1,
      durationSeconds: 5,
    });
    log(`sign-in: POST /api/auth/token alone (${THROUGHPUT_CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
    const alone = await runLoad({
      url: server.url,
      paths: ['/api/auth/token'],
      form,
      connections: THROUGHPUT_CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });

    log(`sign-in: ${FLOOD_CONNECTIONS}-connection sign-in flood with GET /api/home alongside (${DURATION_SECONDS} s)`);
    const before = memoryOf(server.pid);
    let peakRss = before?.rss ?? NaN;
    const sampler = setInterval(() => {
      const m = memoryOf(server.pid);
      if (m) peakRss = Math.max(peakRss, m.rss);
    }, 100);
    const flood = runLoad({
      url: server.url,
      paths: ['/api/auth/token'],
      form,
      connections: FLOOD_CONNECTIONS,
      durationSeconds: DURATION_SECONDS + 2,
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const during = await runLoad({
      url: server.url,
      paths: ['/api/home'],
      connections: THROUGHPUT_CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });
    const floodResult = await flood;
    clearInterval(sampler);

    measurements.push(
      { section: 'sign-in', scenario: 'GET /api/home, idle', target: 'PGlite', ...stats(idle) },
      { section: 'sign-in', scenario: 'POST /api/auth/token, one at a time', target: 'PGlite', ...stats(single) },
      { section: 'sign-in', scenario: 'POST /api/auth/token alone', target: 'PGlite', ...stats(alone) },
      {
        section: 'sign-in',
        scenario: `POST /api/auth/token, ${FLOOD_CONNECTIONS}-connection flood`,
        target: 'PGlite',
        ...stats(floodResult),
      },
      { section: 'sign-in', scenario: 'GET /api/home during the flood', target: 'PGlite', ...stats(during) },
    );
    details.signIn = {
      loginP50Ms: single.p50,
      loginP50At50ConnectionsMs: alone.p50,
      loginRps: alone.rps,
      floodLoginRps: floodResult.rps,
      floodLoginP95Ms: floodResult.p95,
      homeIdleRps: idle.rps,
      homeDuringFloodRps: during.rps,
      rssBeforeFloodMiB: before?.rss,
      peakRssDuringFloodMiB: peakRss,
    };
    log(
      `sign-in: p50 ${single.p50.toFixed(1)} ms one at a time, ${alone.rps.toFixed(0)} sign-ins/s at ${THROUGHPUT_CONNECTIONS} connections; ` +
        `process memory ${before?.rss.toFixed(0)} MiB before the flood, peak ${peakRss.toFixed(0)} MiB during it`,
    );
    const share = during.rps / idle.rps;
    // The flood's own answers may be slow but must not fail either.
    const bad = during.bad + single.bad + alone.bad + floodResult.bad;
    goals.push({
      id: 'signin.flood-home',
      description: `GET /api/home during a ${FLOOD_CONNECTIONS}-connection sign-in flood ≥ ${FLOOD_HOME_MIN_SHARE * 100}% of idle`,
      measured: `${(share * 100).toFixed(1)}% (peak RSS ${peakRss.toFixed(0)} MiB)`,
      limit: `≥ ${FLOOD_HOME_MIN_SHARE * 100}%`,
      status: share >= FLOOD_HOME_MIN_SHARE && !bad ? 'PASS' : 'FAIL',
      ...(bad ? { reason: `${bad} non-2xx/errors` } : {}),
    });
  } finally {
    await server.stop();
  }
}

// ───────────── 3. Size ─────────────

function benchSize() {
  const report: BundleReport = measureHomeBundle(path.join(ROOT, 'apps/web/dist'));
  details.homeBundle = report;
  for (const f of report.files) log(`home JS: ${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`);
  const kb = report.totalGzipBytes / 1024;
  goals.push({
    id: 'size.home-js',
    description: `JavaScript of the home route (${report.files.length} file${report.files.length === 1 ? '' : 's'}, gzip -9)`,
    measured: `${kb.toFixed(1)} KB`,
    limit: `≤ ${HOME_JS_MAX_GZIP_BYTES / 1024} KB`,
    status: report.totalGzipBytes <= HOME_JS_MAX_GZIP_BYTES ? 'PASS' : 'FAIL',
  });

  // hls.js only on player pages (issue 8). The markers must find it in the
  // build (the player's lazy chunk), or a miss would prove nothing.
  const hls = hlsPlacement(path.join(ROOT, 'apps/web/dist'));
  details.hlsPlacement = hls;
  const homeHls = report.files.filter((f) => f.hls).map((f) => f.file);
  const noMarkers =
    hls.hlsFiles.length === 0 ? 'no file of the build contains hls.js: are the markers out of date?' : '';
  log(`hls.js: in ${hls.hlsFiles.join(', ') || 'no file'}; the app can load ${hls.appFiles} files`);
  goals.push(
    {
      id: 'size.home-no-hls',
      description: 'No JavaScript the home route loads contains hls.js',
      measured: noMarkers ? '—' : homeHls.length ? homeHls.join(', ') : `none of ${report.files.length} files`,
      limit: 'none',
      status: noMarkers ? 'SKIP' : homeHls.length ? 'FAIL' : 'PASS',
      ...(noMarkers ? { reason: noMarkers } : {}),
    },
    {
      id: 'size.app-no-hls',
      description: 'No file the app can load (lazy routes too) contains hls.js: only the player page',
      measured: noMarkers ? '—' : hls.appHlsFiles.length ? hls.appHlsFiles.join(', ') : `none of ${hls.appFiles} files`,
      limit: 'none',
      status: noMarkers ? 'SKIP' : hls.appHlsFiles.length ? 'FAIL' : 'PASS',
      ...(noMarkers ? { reason: noMarkers } : {}),
    },
  );
}

// ───────────── Run ─────────────

async function main() {
  const started = new Date();
  const pg = await probePostgres();
  const pgAvailable = 'version' in pg;
  const pgReason = 'error' in pg ? `PostgreSQL unreachable: ${pg.error}` : '';
  log(
    `Node ${process.version}, ${os.cpus().length} CPUs, PostgreSQL ${'version' in pg ? pg.version : `— (${pg.error})`}`,
  );

  const attempt = async (section: string, fn: () => Promise<void> | void) => {
    if (!sections.has(section)) return;
    try {
      await fn();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`\n${section} could not finish: ${message}\n`);
      goals.push({
        id: section,
        description: `${section} section`,
        measured: '—',
        limit: '',
        status: 'FAIL',
        reason: message.split('\n')[0],
      });
      await runCleanups();
    }
  };
  await attempt('size', benchSize);
  await attempt('throughput', () => benchThroughput(pgAvailable, pgReason));
  await attempt('pages', benchPages);
  await attempt('signin', benchAuth);
  await attempt('scale', async () => {
    if (!pgAvailable) return skipGoals('scale', ['deep pages and search on 100k titles'], pgReason);
    await benchScale();
  });
  await attempt('media', () =>
    benchMedia({
      root: ROOT,
      durationSeconds: DURATION_SECONDS,
      log,
      startApi,
      childEnv,
      tempDir,
      measurements,
      goals,
      details,
    }),
  );

  await attempt('playnow', () =>
    benchPlayNow({
      root: ROOT,
      durationSeconds: DURATION_SECONDS,
      log,
      startApi,
      childEnv,
      tempDir,
      measurements,
      goals,
      details,
    }),
  );
  await attempt('input', () => benchInputPaint({ root: ROOT, log, startApi, measurements, goals, details }));
  await attempt('slow3g', () => benchSlow3g({ root: ROOT, log, startApi, measurements, goals, details }));
  await attempt('lighthouse', () => benchLighthouse({ root: ROOT, log, startApi, measurements, goals, details }));
  await attempt('transcode', () => benchTranscode({ log, goals }));
  await attempt('markers', () => benchMarkers({ log, goals }));
  await attempt('upload', () => benchUploadMemory({ log, goals }));

  console.log(
    '\nMeasurements (latencies in ms; ×hello = req/s relative to the faster hello-world run just before or after that server; load = 1-min load average)\n',
  );
  console.log(measurementsTable(measurements));
  console.log('\nGoals\n');
  console.log(goalsTable(goals));

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `bench-${stamp}.json`);
  const json = {
    startedAt: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      postgres: 'version' in pg ? pg.version : null,
    },
    settings: {
      durationSeconds: DURATION_SECONDS,
      throughputConnections: THROUGHPUT_CONNECTIONS,
      scaleConnections: SCALE_CONNECTIONS,
      scaleRounds: SCALE_ROUNDS,
      titles: TITLES,
      demoSearchTerms: DEMO_SEARCH_TERMS,
      syntheticSearchTerms: SYNTHETIC_SEARCH_TERMS,
    },
    measurements,
    goals,
    details,
  };
  fs.writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
  fs.copyFileSync(file, path.join(RESULTS_DIR, 'latest.json'));
  console.log(`\nResults: ${path.relative(ROOT, file)} (${json.seconds} s)`);

  const failed = goals.filter((g) => g.status === 'FAIL' || g.status === 'SKIP');
  if (failed.length) {
    console.log(`\n${failed.length} goal(s) failed or could not be measured:`);
    for (const g of failed) console.log(`  ${g.status} ${g.description}${g.reason ? ` — ${g.reason}` : ''}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll goals PASS.');
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers and dropping temporary databases…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

try {
  await main();
} finally {
  await runCleanups();
}
