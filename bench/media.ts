import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../apps/web/src/lib/auth-store.js';
import { resolveChromium } from '../e2e/support/chromium.js';
import { benchPlayOnPhoneLink } from './media-link.js';
import { runLoad, summarise, type LoadResult } from './lib/load.js';
import { freePort, onCleanup, startServer, type ServerProcess } from './lib/processes.js';
import type { Goal, Measurement } from './lib/report.js';

// `npm run bench -- --only media` (decision 0006, media): the player's
// performance goals of issue 8, measured through the real code paths.
//
//   1. Segments: GET /media/{playback token}/<segment> on our server against
//      the same files from a bare Fastify + @fastify/static with no check
//      (bench/static-server.ts), both running, loaded one at a time in
//      interleaved rounds; the goal is the ratio of the median req/s.
//   2. Time to first frame: the player page (/player?token=…) in headless
//      Chromium, play pressed the moment the page offers it, read from the
//      page's own window.__playerMetrics; against the network floor, the
//      same files fetched one after the other with plain HTTP.
//
// The token comes the way a viewer's does: a registered account, a plan
// granted by the admin CLI (`grant-plan`, while the server is stopped:
// PGlite is one process's database), sign-in, then GET /api/movies/{id}/watch.

/** Goal: segments with the token check ≥ 70 % of the static baseline (ratio of median req/s). */
const SEGMENT_MIN_RATIO = 0.7;
/** Goal: median time to first frame ≤ median network floor + 400 ms. */
const TTFF_MAX_OVER_FLOOR_MS = 400;

const SEGMENT_CONNECTIONS = 50;
const SEGMENT_WARMUP_SECONDS = 2;
/**
 * Interleaved rounds, the order swapped every round: on a shared 2-core
 * machine a slow spell lasts seconds, and one long run of each side lets it
 * land on one side only (notes/player-payments.md R3).
 */
const SEGMENT_ROUNDS = 6;
/** Measured page loads per engine (fresh browser context each), after one unmeasured. */
const TTFF_RUNS = 9;
const TTFF_TIMEOUT_MS = 20_000;

const MEDIA_EMAIL = 'bench-media@bosphorus.test';
const MEDIA_PASSWORD = 'Kız Kulesi 1110, sisli sabah';
const PLAN_DAYS = '30';

/** Flags of a Chromium that may start playback without a gesture (the rest: e2e/support/chromium.ts). */
const AUTOPLAY_ARG = '--autoplay-policy=no-user-gesture-required';

export interface MediaBenchOptions {
  root: string;
  durationSeconds: number;
  log(msg: string): void;
  /** Our server as run.ts starts it (production mode, RATE_LIMIT=off, LOG_LEVEL=warn). */
  startApi(name: string, extra: Record<string, string>, port?: number): Promise<ServerProcess>;
  childEnv(extra: Record<string, string>): Record<string, string | undefined>;
  tempDir(label: string): string;
  measurements: Measurement[];
  goals: Goal[];
  details: Record<string, unknown>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (x: number) => Math.round(x * 10) / 10;
const fmtInt = (x: number) => Math.round(x).toLocaleString('en-US');

async function call(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
}

async function expectJson<T>(res: Response, what: string, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function bytesOf(url: string, what: string): Promise<Buffer> {
  const res = await call(url);
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

// ───────────── The viewer: account, plan, sign-in, watch ─────────────

interface Viewer {
  server: ServerProcess;
  origin: string;
  userId: number;
  /** The sign-in answer's token and user, as the app keeps them. */
  session: { token: string; user: unknown };
  movieId: number;
  playerLink: string;
  token: string;
}

export async function subscriberWithToken(o: MediaBenchOptions, mediaDir: string): Promise<Viewer> {
  const dataDir = o.tempDir('api-media');
  const base = {
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    CAPTCHA_PROVIDER: 'off',
    REQUIRE_EMAIL_VERIFICATION: 'off',
  };

  o.log('media: registering a viewer (our server on PGlite, demo catalogue)');
  const first = await o.startApi('api-media-register', base);
  try {
    await expectJson(
      await call(
        `${first.url}/api/auth/register`,
        form({ user_name: 'Bench Viewer', user_email: MEDIA_EMAIL, user_password: MEDIA_PASSWORD }),
      ),
      'registration',
      201,
    );
  } finally {
    await first.stop();
  }

  o.log(`media: admin grant-plan ${MEDIA_EMAIL} ${PLAN_DAYS} (server stopped: PGlite is one process's database)`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/admin.ts', 'grant-plan', MEDIA_EMAIL, PLAN_DAYS],
    { cwd: o.root, env: o.childEnv({ DATA_DIR: dataDir }) as NodeJS.ProcessEnv, timeout: 120_000 },
  );
  o.log(`media: ${stdout.trim()}`);

  // The origin is written into the player page and its CSP: the address
  // the browser will use, 127.0.0.1 and the port, not localhost.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await o.startApi(
    'api-media',
    { ...base, PUBLIC_URL: origin, MEDIA_MAIN_ORIGIN: origin, MEDIA_BACKUP_ORIGIN: origin },
    port,
  );
  try {
    type Login = { body: { token: string; user: { user_id: number | string; user_status: string } & object } };
    const login = await expectJson<Login>(
      await call(`${origin}/api/auth/token`, form({ email: MEDIA_EMAIL, inputPassword: MEDIA_PASSWORD })),
      'sign-in',
    );
    if (login.body.user.user_status !== '1') throw new Error('the granted plan does not show in the sign-in answer');
    const auth = { authorization: `Bearer ${login.body.token}` };
    type Home = { body: { topMovies: { movie_id: number }[] } };
    const home = await expectJson<Home>(await call(`${origin}/api/home`, { headers: auth }), 'GET /api/home');
    const movieId = home.body.topMovies[0]?.movie_id;
    if (movieId === undefined) throw new Error('the demo catalogue has no movie on the home page');
    type Watch = { body: { movie: { movie_link: string; playback_token: string } } };
    const watch = await expectJson<Watch>(
      await call(`${origin}/api/movies/${movieId}/watch`, { headers: auth }),
      `GET /api/movies/${movieId}/watch`,
    );
    const { movie_link: playerLink, playback_token: token } = watch.body.movie;
    if (playerLink !== `${origin}/player`) throw new Error(`movie_link is ${playerLink}, not ${origin}/player`);
    return {
      server,
      origin,
      userId: Number(login.body.user.user_id),
      session: { token: login.body.token, user: login.body.user },
      movieId,
      playerLink,
      token,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// ───────────── What the token opens ─────────────

interface Title {
  /** Base URL of the title's files on our server: {origin}/media/{token}/ */
  tokenBase: string;
  master: string;
  /** Every media segment of every rendition (relative to the title's folder). */
  segments: string[];
  /** The folder below MEDIA_DIR that holds them (for the static baseline). */
  folder: string;
  englishVtt: string;
}

const uriLines = (playlist: string) =>
  playlist
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** The variant a player starts on (hls.js startLevel 0): the lowest BANDWIDTH. */
function lowestVariant(master: string): string {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  let best: { uri: string; bandwidth: number } | null = null;
  for (let i = 0; i < lines.length - 1; i++) {
    const bandwidth = Number(/^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(lines[i]!)?.[1] ?? NaN);
    const uri = lines[i + 1]!;
    if (bandwidth >= 0 && uri && !uri.startsWith('#') && (!best || bandwidth < best.bandwidth))
      best = { uri, bandwidth };
  }
  if (!best) throw new Error('the master playlist lists no variant');
  return best.uri;
}

function initSegment(media: string): string {
  const map = /^#EXT-X-MAP:.*?URI="([^"]+)"/m.exec(media);
  if (!map) throw new Error('the media playlist has no EXT-X-MAP');
  return map[1]!;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : e.isFile() ? [full] : [];
  });
}

async function describeTitle(viewer: Viewer, mediaDir: string): Promise<Title> {
  const tokenBase = `${viewer.origin}/media/${viewer.token}/`;
  type Info = { hls: string; subtitles: { language: string; src: string }[] };
  const info = await expectJson<Info>(await call(`${tokenBase}info.json`), 'info.json');
  const english = info.subtitles.find((s) => s.language === 'en');
  if (!english) throw new Error('the title has no English subtitles');
  const master = (await bytesOf(tokenBase + info.hls, 'the master playlist')).toString('utf8');
  const renditions = uriLines(master);
  const segments: string[] = [];
  for (const rendition of renditions) {
    const playlist = (await bytesOf(tokenBase + rendition, rendition)).toString('utf8');
    const dir = path.posix.dirname(rendition);
    segments.push(...uriLines(playlist).map((s) => (dir === '.' ? s : `${dir}/${s}`)));
  }
  if (segments.length === 0) throw new Error('the playlists list no segment');

  // The folder on disk whose files are byte for byte what the token serves.
  const sample = await bytesOf(tokenBase + segments[0], segments[0]!);
  const matches = walk(mediaDir).filter(
    (file) =>
      file.endsWith(`/${segments[0]}`) &&
      fs.statSync(file).size === sample.length &&
      fs.readFileSync(file).equals(sample),
  );
  if (matches.length !== 1) throw new Error(`${matches.length} files under ${mediaDir} match ${segments[0]}`);
  const folder = path
    .relative(mediaDir, matches[0]!.slice(0, -segments[0]!.length - 1))
    .split(path.sep)
    .join('/');

  // The check is on: the same token with the first character of its MAC
  // changed (a character that carries six bits of it) opens nothing.
  const parts = viewer.token.split('.');
  const mac = parts.at(-1)!;
  const flipped = [...parts.slice(0, -1), (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1)].join('.');
  const refused = await call(`${viewer.origin}/media/${flipped}/${segments[0]}`);
  await refused.arrayBuffer();
  if (refused.status !== 403) throw new Error(`a forged token answered ${refused.status}, not 403`);
  return { tokenBase, master: info.hls, segments, folder, englishVtt: english.src };
}

// ───────────── 1. Segment serving ─────────────

/** CPU seconds a process has used so far (user + system, all threads); null off Linux. */
function cpuSeconds(pid: number, ticksPerSecond: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

async function clockTicks(): Promise<number> {
  try {
    const { stdout } = await promisify(execFile)('getconf', ['CLK_TCK']);
    return Number(stdout.trim()) || 100;
  } catch {
    return 100;
  }
}

interface Side {
  id: 'token' | 'static';
  label: string;
  server: ServerProcess;
  paths: string[];
  rounds: LoadResult[];
  cpu: number[];
}

async function benchSegments(o: MediaBenchOptions, viewer: Viewer, title: Title, mediaDir: string) {
  const port = await freePort();
  o.log('media: static baseline (bare Fastify + @fastify/static, no check)');
  const staticServer = await startServer({
    name: 'static-baseline',
    args: ['--import', 'tsx', 'bench/static-server.ts'],
    cwd: o.root,
    env: o.childEnv({ PORT: String(port), MEDIA_DIR: mediaDir }),
    port,
    readyPath: `/media/${title.folder}/${title.master}`,
  });
  try {
    const sides: Side[] = [
      {
        id: 'token',
        label: 'our server, token check',
        server: viewer.server,
        paths: title.segments.map((s) => `/media/${viewer.token}/${s}`),
        rounds: [],
        cpu: [],
      },
      {
        id: 'static',
        label: 'bare @fastify/static',
        server: staticServer,
        paths: title.segments.map((s) => `/media/${title.folder}/${s}`),
        rounds: [],
        cpu: [],
      },
    ];
    // Both serve the same bytes.
    for (let i = 0; i < title.segments.length; i++) {
      const [a, b] = await Promise.all(sides.map((side) => bytesOf(side.server.url + side.paths[i], side.paths[i]!)));
      if (!a!.equals(b!)) throw new Error(`${title.segments[i]} differs between our server and the baseline`);
    }

    const ticks = await clockTicks();
    const seconds = Math.max(1, o.durationSeconds / 2);
    for (const side of sides) {
      await runLoad({
        url: side.server.url,
        paths: side.paths,
        connections: SEGMENT_CONNECTIONS,
        durationSeconds: SEGMENT_WARMUP_SECONDS,
      });
    }
    for (let round = 1; round <= SEGMENT_ROUNDS; round++) {
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        o.log(
          `media: segments, ${side.label} (round ${round}/${SEGMENT_ROUNDS}, ${SEGMENT_CONNECTIONS} connections, ${seconds} s)`,
        );
        const before = cpuSeconds(side.server.pid, ticks);
        const r = await runLoad({
          url: side.server.url,
          paths: side.paths,
          connections: SEGMENT_CONNECTIONS,
          durationSeconds: seconds,
        });
        const after = cpuSeconds(side.server.pid, ticks);
        side.rounds.push(r);
        if (before !== null && after !== null) side.cpu.push(after - before);
      }
    }

    const perSide = sides.map((side) => {
      const rs = side.rounds;
      const pooled = summarise(
        rs.map((x) => x.latencies),
        rs.reduce((n, x) => n + x.requests, 0),
        rs.reduce((n, x) => n + x.seconds, 0),
        rs.reduce((n, x) => n + x.bad, 0),
      );
      const mbps = rs.map((x) => (x.bytes ?? 0) / x.seconds / 1e6);
      const cpuMsPerRequest = side.cpu.length === rs.length ? rs.map((x, i) => (side.cpu[i]! * 1000) / x.requests) : [];
      o.measurements.push({
        section: 'media',
        scenario: `GET ${side.id === 'token' ? '/media/{token}/' : `/media/${title.folder}/`}<segment> (${title.segments.length} segments)`,
        target: side.label,
        rps: pooled.rps,
        mbps: rs.reduce((n, x) => n + (x.bytes ?? 0), 0) / pooled.seconds / 1e6,
        p50: pooled.p50,
        p95: pooled.p95,
        p99: pooled.p99,
        bad: pooled.bad,
        load: pooled.load,
      });
      return {
        side,
        pooled,
        medianRps: median(rs.map((x) => x.rps)),
        medianMbps: median(mbps),
        rounds: rs.map((x, i) => ({
          rps: round1(x.rps),
          mbps: round1(mbps[i]!),
          p50: x.p50,
          p99: x.p99,
          bad: x.bad,
          load: x.load,
          ...(cpuMsPerRequest.length ? { serverCpuMsPerRequest: Math.round(cpuMsPerRequest[i]! * 1000) / 1000 } : {}),
        })),
        medianCpuMsPerRequest: cpuMsPerRequest.length ? median(cpuMsPerRequest) : null,
      };
    });
    const [ours, base] = perSide as [(typeof perSide)[0], (typeof perSide)[0]];
    const ratio = ours.medianRps / base.medianRps;
    const perRound = ours.side.rounds.map((r, i) => r.rps / base.side.rounds[i]!.rps);
    const bad = ours.pooled.bad + base.pooled.bad;
    o.details.mediaSegments = {
      folder: title.folder,
      segments: title.segments,
      connections: SEGMENT_CONNECTIONS,
      roundSeconds: seconds,
      rounds: SEGMENT_ROUNDS,
      ratioOfMedianRps: ratio,
      ratioOfMedianMbps: ours.medianMbps / base.medianMbps,
      perRoundRatios: perRound.map((x) => Math.round(x * 1000) / 1000),
      token: {
        medianRps: ours.medianRps,
        medianMbps: ours.medianMbps,
        medianServerCpuMsPerRequest: ours.medianCpuMsPerRequest,
        rounds: ours.rounds,
      },
      static: {
        medianRps: base.medianRps,
        medianMbps: base.medianMbps,
        medianServerCpuMsPerRequest: base.medianCpuMsPerRequest,
        rounds: base.rounds,
      },
    };
    o.log(
      `media: segments ${fmtInt(ours.medianRps)} req/s ${ours.medianMbps.toFixed(1)} MB/s with the token check, ` +
        `${fmtInt(base.medianRps)} req/s ${base.medianMbps.toFixed(1)} MB/s static (medians); per round ${perRound.map((x) => `${(x * 100).toFixed(0)}%`).join(' ')}`,
    );
    o.goals.push({
      id: 'media.segments',
      description: `Segments with the token check ≥ ${SEGMENT_MIN_RATIO * 100}% of bare @fastify/static (median req/s of ${SEGMENT_ROUNDS} interleaved rounds)`,
      measured:
        `${(ratio * 100).toFixed(1)}% (${fmtInt(ours.medianRps)} vs ${fmtInt(base.medianRps)} req/s, ` +
        `${ours.medianMbps.toFixed(1)} vs ${base.medianMbps.toFixed(1)} MB/s` +
        (ours.medianCpuMsPerRequest !== null && base.medianCpuMsPerRequest !== null
          ? `; server CPU ${ours.medianCpuMsPerRequest.toFixed(2)} vs ${base.medianCpuMsPerRequest.toFixed(2)} ms/request)`
          : ')'),
      limit: `≥ ${SEGMENT_MIN_RATIO * 100}%`,
      status: ratio >= SEGMENT_MIN_RATIO && !bad ? 'PASS' : 'FAIL',
      ...(bad ? { reason: `${bad} non-2xx/errors` } : {}),
    });
  } finally {
    await staticServer.stop();
  }
}

// ───────────── 2. Time to first frame ─────────────

/** Times (ms) of the network floor: the start of playback fetched one file after the other. */
interface Floor {
  chain: number;
  subtitles: number;
  total: number;
}

async function networkFloor(title: Title): Promise<Floor> {
  const t0 = performance.now();
  const master = (await bytesOf(title.tokenBase + title.master, 'master')).toString('utf8');
  const variant = lowestVariant(master);
  const playlist = (await bytesOf(title.tokenBase + variant, variant)).toString('utf8');
  const dir = path.posix.dirname(variant);
  const rel = (uri: string) => (dir === '.' ? uri : `${dir}/${uri}`);
  const first = uriLines(playlist)[0];
  if (!first) throw new Error(`${variant} lists no segment`);
  await bytesOf(title.tokenBase + rel(initSegment(playlist)), 'init segment');
  await bytesOf(title.tokenBase + rel(first), 'first segment');
  const t1 = performance.now();
  await bytesOf(title.tokenBase + title.englishVtt, 'English subtitles');
  const t2 = performance.now();
  return { chain: t1 - t0, subtitles: t2 - t1, total: t2 - t0 };
}

/** What one page load reports (performance.now() of the page, ms). */
interface PageRun {
  playIntent: number;
  firstFrame: number;
  playing: number;
  firstCue: number;
  cueText: string;
  engine: string;
  videoWidth: number;
}

/** A press of play the page never acted on: paused with data to play, long after the press. */
interface LostPlay {
  lost: true;
  engine: string;
  /** What the page's video.play() calls were rejected with. */
  playErrors: string[];
}

type PageOutcome = PageRun | LostPlay;

/** After this long paused with data, a press of play is lost (a real start takes well under a second). */
const LOST_PLAY_MS = 5_000;

/**
 * Runs in the page before its scripts: presses the big play button the
 * moment the player shows it (the earliest a viewer could), notes when the
 * first English subtitle line appears on the overlay, and notes why a
 * video.play() call was refused (the call itself passes through unchanged).
 */
function pressPlayWhenOffered() {
  const marks = { firstCue: null as number | null, cueText: '', playErrors: [] as string[] };
  (window as unknown as { __benchMarks: typeof marks }).__benchMarks = marks;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    const promise = play.call(this);
    promise.catch((e: Error) => marks.playErrors.push(`${e.name}: ${e.message}`));
    return promise;
  };
  let pressed = false;
  const observer = new MutationObserver(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="big-play"]');
    if (!pressed && button && !button.hidden) {
      pressed = true;
      button.click();
    }
    const cue = document.querySelector<HTMLElement>('[data-testid="subtitle-cue"]');
    if (marks.firstCue === null && cue && !cue.hidden && cue.textContent) {
      marks.firstCue = performance.now();
      marks.cueText = cue.textContent;
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** In the page: the run once it has played a frame and shown a cue, or it is lost; else null. */
function readPage(lostAfterMs: number): PageOutcome | null {
  const m = (
    window as unknown as {
      __playerMetrics?: { playIntent: number | null; firstFrame: number | null; playing: number | null };
    }
  ).__playerMetrics;
  const marks = (
    window as unknown as { __benchMarks?: { firstCue: number | null; cueText: string; playErrors: string[] } }
  ).__benchMarks;
  const video = document.querySelector('video');
  if (!m || !marks || !video || m.playIntent === null) return null;
  const segment = performance
    .getEntriesByType('resource')
    .find((e) => /\.(m4s|ts)(\?|$)/.test(e.name) || /progressive\.mp4/.test(e.name)) as
    PerformanceResourceTiming | undefined;
  const engine = !segment
    ? 'unknown'
    : /progressive\.mp4/.test(segment.name)
      ? 'mp4'
      : segment.initiatorType === 'video'
        ? 'native HLS'
        : 'hls.js';
  if (
    m.playing === null &&
    video.paused &&
    video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA &&
    performance.now() - m.playIntent > lostAfterMs
  ) {
    return { lost: true, engine, playErrors: marks.playErrors };
  }
  if (m.firstFrame === null || m.playing === null || marks.firstCue === null) return null;
  return {
    playIntent: m.playIntent,
    firstFrame: m.firstFrame,
    playing: m.playing,
    firstCue: marks.firstCue,
    cueText: marks.cueText,
    engine,
    videoWidth: video.videoWidth,
  };
}

export function loadPlaywright(root: string): typeof import('playwright-core') {
  // playwright-core belongs to the browser suite (e2e/package.json); it is CommonJS.
  return createRequire(path.join(root, 'e2e/package.json'))('playwright-core') as typeof import('playwright-core');
}

async function onePage(browser: Browser, url: string): Promise<PageOutcome> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 600 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(pressPlayWhenOffered);
    await page.goto(url);
    try {
      await page.waitForFunction(readPage, LOST_PLAY_MS, { timeout: TTFF_TIMEOUT_MS, polling: 50 });
    } catch {
      const state = await page.evaluate(() => {
        const video = document.querySelector('video');
        return {
          metrics: (window as unknown as { __playerMetrics?: unknown }).__playerMetrics,
          marks: (window as unknown as { __benchMarks?: unknown }).__benchMarks,
          video: video && {
            paused: video.paused,
            currentTime: video.currentTime,
            readyState: video.readyState,
            networkState: video.networkState,
            error: video.error?.code ?? null,
          },
          error: document.querySelector('[data-error]') ? document.body.innerText.slice(0, 200) : null,
        };
      });
      throw new Error(
        `${url.includes('engine=') ? 'engine=hls' : 'default engine'}: no first frame and English cue within ${TTFF_TIMEOUT_MS / 1000} s: ${JSON.stringify(state)} ${errors.join('; ')}`,
      );
    }
    return (await page.evaluate(readPage, LOST_PLAY_MS))!;
  } finally {
    await context.close();
  }
}

async function firstCueText(title: Title): Promise<string> {
  const vtt = (await bytesOf(title.tokenBase + title.englishVtt, 'English subtitles')).toString('utf8');
  const block = vtt.split(/\r?\n\r?\n/).find((b) => b.includes('-->'));
  const lines = block?.split(/\r?\n/) ?? [];
  const at = lines.findIndex((l) => l.includes('-->'));
  return lines
    .slice(at + 1)
    .join('\n')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** Runs `use` with a headless Chromium that may start playback without a gesture, closed after. */
async function withPlayerBrowser<T>(
  o: MediaBenchOptions,
  use: (browser: Browser, source: string) => Promise<T>,
): Promise<T> {
  const { chromium } = loadPlaywright(o.root);
  const choice = await resolveChromium();
  const browser = await chromium.launch({
    executablePath: choice.executablePath,
    args: [...choice.args, AUTOPLAY_ARG],
    headless: true,
  });
  const unregister = onCleanup(() => browser.close());
  try {
    return await use(browser, choice.source);
  } finally {
    unregister();
    await browser.close();
  }
}

async function benchFirstFrame(o: MediaBenchOptions, viewer: Viewer, title: Title) {
  await withPlayerBrowser(o, async (browser, source) => {
    const expectedCue = await firstCueText(title);
    const query = new URLSearchParams({
      token: viewer.token,
      user_id: String(viewer.userId),
      video_id: String(viewer.movieId),
      video_type: 'movie',
    });
    // What this browser picks by itself, then hls.js forced (?engine=hls, the
    // player's support switch): the path of browsers without native HLS.
    const engines = [
      { id: 'auto', label: 'engine this browser picks', url: `${viewer.playerLink}?${query}` },
      { id: 'hls', label: 'hls.js (engine=hls)', url: `${viewer.playerLink}?${query}&engine=hls` },
    ];
    const floors: Floor[] = [];
    const results: Record<string, { runs: PageRun[]; lost: LostPlay[] }> = {};
    for (const engine of engines) {
      await networkFloor(title);
      await onePage(browser, engine.url); // warm-up: not counted
      results[engine.id] = { runs: [], lost: [] };
    }
    for (let run = 1; run <= TTFF_RUNS; run++) {
      o.log(`media: time to first frame, run ${run}/${TTFF_RUNS} (network floor, then each engine in a fresh context)`);
      floors.push(await networkFloor(title));
      for (const engine of engines) {
        const r = await onePage(browser, engine.url);
        if ('lost' in r) {
          o.log(`media: ${engine.label}: the press of play was lost (${r.playErrors.join('; ') || 'no play() error'})`);
          results[engine.id]!.lost.push(r);
          continue;
        }
        if (r.cueText !== expectedCue) {
          throw new Error(`the first English cue read '${r.cueText}', not '${expectedCue}'`);
        }
        if (r.videoWidth <= 0) throw new Error('the video has no picture');
        results[engine.id]!.runs.push(r);
      }
    }
    const forced = [...results.hls!.runs, ...results.hls!.lost].find((r) => r.engine !== 'hls.js');
    if (forced) throw new Error(`engine=hls played with ${forced.engine}`);

    const floor = median(floors.map((f) => f.total));
    const limit = floor + TTFF_MAX_OVER_FLOOR_MS;
    o.measurements.push({
      section: 'media',
      scenario: 'network floor: master → playlist → init → segment, then English VTT (Node fetch, sequential)',
      target: `median of ${TTFF_RUNS}`,
      p50: floor,
    });
    const summary: Record<string, unknown> = {
      browser: `${source} ${browser.version()}`,
      runs: TTFF_RUNS,
      lostPlayAfterMs: LOST_PLAY_MS,
      floorMs: {
        median: floor,
        chainMedian: median(floors.map((f) => f.chain)),
        subtitlesMedian: median(floors.map((f) => f.subtitles)),
        runs: floors.map((f) => round1(f.total)),
      },
    };
    for (const engine of engines) {
      const { runs: rs, lost } = results[engine.id]!;
      const engineUsed = [...new Set([...rs, ...lost].map((r) => r.engine))].join(', ');
      const lostReason = lost.length
        ? `${lost.length} of ${TTFF_RUNS} presses of play never started playback (${[...new Set(lost.flatMap((l) => l.playErrors))].join('; ') || 'no play() error'})`
        : '';
      summary[engine.id] = { engine: engineUsed, lostPlays: lost };
      if (rs.length === 0) {
        o.goals.push({
          id: `media.ttff.${engine.id}`,
          description: `Time to first frame, ${engine.label} ≤ network floor + ${TTFF_MAX_OVER_FLOOR_MS} ms`,
          measured: '—',
          limit: `≤ ${limit.toFixed(0)} ms`,
          status: 'FAIL',
          reason: lostReason,
        });
        continue;
      }
      const ttff = rs.map((r) => r.firstFrame - r.playIntent);
      const playing = rs.map((r) => r.playing - r.playIntent);
      const cue = rs.map((r) => r.firstCue - r.playIntent);
      const pageOpen = rs.map((r) => r.firstFrame);
      const ttffMedian = median(ttff);
      o.measurements.push({
        section: 'media',
        scenario: `time to first frame, ${engine.label}: ${engineUsed} (Chromium, fresh context)`,
        target: `median of ${rs.length}`,
        p50: ttffMedian,
      });
      Object.assign(summary[engine.id] as object, {
        ttffMs: { median: ttffMedian, min: Math.min(...ttff), max: Math.max(...ttff), runs: ttff.map(round1) },
        playingMs: { median: median(playing), runs: playing.map(round1) },
        firstEnglishCueMs: { median: median(cue), runs: cue.map(round1) },
        pageOpenToFirstFrameMs: { median: median(pageOpen), runs: pageOpen.map(round1) },
      });
      o.log(
        `media: ${engine.label} (${engineUsed}): first frame ${ttffMedian.toFixed(0)} ms after play ` +
          `(min ${Math.min(...ttff).toFixed(0)}, max ${Math.max(...ttff).toFixed(0)}), playing ${median(playing).toFixed(0)} ms, ` +
          `first English cue ${median(cue).toFixed(0)} ms; page open to first frame ${median(pageOpen).toFixed(0)} ms; ` +
          `floor ${floor.toFixed(1)} ms`,
      );
      o.goals.push({
        id: `media.ttff.${engine.id}`,
        description: `Time to first frame, ${engine.label} (median of ${rs.length}) ≤ network floor + ${TTFF_MAX_OVER_FLOOR_MS} ms`,
        measured: `${ttffMedian.toFixed(0)} ms (${engineUsed}; floor ${floor.toFixed(1)} ms)`,
        limit: `≤ ${limit.toFixed(0)} ms`,
        status: ttffMedian <= limit && !lost.length ? 'PASS' : 'FAIL',
        ...(lostReason ? { reason: lostReason } : {}),
      });
    }
    o.details.mediaFirstFrame = summary;
  });
}

// ───────────── 3. Play on an emulated phone link (bench/media-link.ts) ─────────────

async function benchPhoneLink(o: MediaBenchOptions, viewer: Viewer) {
  await withPlayerBrowser(o, (browser) =>
    benchPlayOnPhoneLink(
      { browser, log: o.log, measurements: o.measurements, goals: o.goals, details: o.details },
      {
        origin: viewer.origin,
        movieId: viewer.movieId,
        session: viewer.session,
        storageKeys: { token: TOKEN_STORAGE_KEY, user: USER_STORAGE_KEY, cookie: TOKEN_COOKIE_NAME },
      },
    ),
  );
}

// ───────────── Section ─────────────

export async function benchMedia(o: MediaBenchOptions) {
  const mediaDir = path.resolve(process.env.MEDIA_DIR || path.join(o.root, 'apps/api/media'));
  const viewer = await subscriberWithToken(o, mediaDir);
  try {
    const title = await describeTitle(viewer, mediaDir);
    o.log(`media: movie ${viewer.movieId} plays ${title.folder} (${title.segments.join(', ')})`);
    await benchSegments(o, viewer, title, mediaDir);
    await benchFirstFrame(o, viewer, title);
    await benchPhoneLink(o, viewer);
  } finally {
    await viewer.server.stop();
  }
}
