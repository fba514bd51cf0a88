import type { Browser, Frame, Page } from 'playwright-core';
import type { Goal, Measurement } from './lib/report.js';

// `npm run bench -- --only media`, part 3 (issue 15, decision 0067): play on
// an emulated mid-range phone link. Beside the loopback figure of the
// player page alone, this one starts where a viewer does: a signed-in
// subscriber with a cold cache opens the watch page (/watch/{id}) on a
// 150 ms round trip and 1.6 Mb/s down (CDP Network.emulateNetworkConditions,
// on the page and the player frame it holds); the player page, its script
// and hls.js are not loaded yet. Play is pressed the moment the player
// offers it. Measured in the player frame: press → first frame, and the
// `waiting` events (stalls) in the first 30 s after playback started (or up
// to the end of the clip when it is shorter).

/** Goal: press → first frame on the emulated link ≤ 1.5 s (median). */
const LINK_TTFF_MAX_MS = 1_500;
/** The link: a mid-range phone on mobile data (issue 15). */
export const PHONE_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (0.75 * 1_000_000) / 8,
} as const;
const LINK_RUNS = 5;
/** Stalls are counted over this much playback after it started. */
const STALL_WINDOW_MS = 30_000;
const LINK_TIMEOUT_MS = 60_000;

export interface LinkViewer {
  origin: string;
  movieId: number;
  /** What the app keeps after sign-in: the access token and the user answer. */
  session: { token: string; user: unknown };
  storageKeys: { token: string; user: string; cookie: string };
}

export interface LinkBenchOptions {
  browser: Browser;
  log(msg: string): void;
  measurements: Measurement[];
  goals: Goal[];
  details: Record<string, unknown>;
}

/** In every frame before its scripts: press play when offered; note each `waiting` and the play state. */
function watchThePlayer() {
  const marks = { waiting: [] as number[], ended: null as number | null, pressedAt: null as number | null };
  (window as unknown as { __linkMarks: typeof marks }).__linkMarks = marks;
  document.addEventListener('waiting', () => marks.waiting.push(performance.now()), true);
  document.addEventListener('ended', () => (marks.ended = performance.now()), true);
  let pressed = false;
  const observer = new MutationObserver(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="big-play"]');
    if (!pressed && button && !button.hidden) {
      pressed = true;
      marks.pressedAt = performance.now();
      button.click();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

interface FrameRun {
  playIntent: number;
  firstFrame: number;
  playing: number;
  now: number;
  waiting: number[];
  ended: number | null;
  videoWidth: number;
  timeOrigin: number;
}

/** In the player frame: its figures once playback started; null before. */
function readFrame(): FrameRun | null {
  const m = (
    window as unknown as {
      __playerMetrics?: { playIntent: number | null; firstFrame: number | null; playing: number | null };
    }
  ).__playerMetrics;
  const marks = (window as unknown as { __linkMarks?: { waiting: number[]; ended: number | null } }).__linkMarks;
  const video = document.querySelector('video');
  if (!m || !marks || !video || m.playIntent === null || m.firstFrame === null || m.playing === null) return null;
  return {
    playIntent: m.playIntent,
    firstFrame: m.firstFrame,
    playing: m.playing,
    now: performance.now(),
    waiting: marks.waiting,
    ended: marks.ended,
    videoWidth: video.videoWidth,
    timeOrigin: performance.timeOrigin,
  };
}

/** The watch page's player frame, once it is there (or an error at `deadline`). */
export async function playerFrame(page: Page, deadline = Date.now() + LINK_TIMEOUT_MS): Promise<Frame> {
  while (Date.now() < deadline) {
    const frame = page.frames().find((f) => new URL(f.url() || 'about:blank', 'http://x').pathname === '/player');
    if (frame) return frame;
    await page.waitForTimeout(50);
  }
  throw new Error('the watch page built no player frame');
}

interface LinkRun {
  ttff: number;
  watchOpenToFirstFrame: number;
  stalls: number;
  watchedMs: number;
  videoWidth: number;
  requests: { hlsJs: boolean; playerPage: boolean };
}

/**
 * Where the run starts (decision 0096):
 * - `watch`: the watch page opened directly; the press is the player's own play;
 * - `detail`: the movie's detail page, left 4 s (the player's files are
 *   prefetched after 1.5 s there), then Watch Now; the press is Watch Now's,
 *   and the figure runs to the first frame (the route, the player page, its
 *   files, info.json and the media, with the player's play pressed as soon as
 *   it shows);
 * - `detail-cold`: the same with the prefetch taken away (the app page's
 *   list of player files removed as it is parsed): the cold player.
 */
export type LinkStart = 'watch' | 'detail' | 'detail-cold';
/** Time on the detail page before Watch Now: the prefetch starts after 1.5 s (PLAYER_PREFETCH_IDLE_MS). */
const DETAIL_DWELL_MS = 4_000;

/** Before the app's scripts: the app page's list of player files goes as soon as it is parsed. */
function dropPlayerPrefetch() {
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of Array.from(r.addedNodes))
        if (node instanceof HTMLMetaElement && node.name.startsWith('bosphorus:player-')) node.remove();
  }).observe(document, { subtree: true, childList: true });
}

async function oneRun(o: LinkBenchOptions, viewer: LinkViewer, start: LinkStart = 'watch'): Promise<LinkRun> {
  const context = await o.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // The session as the app keeps it, written on a blank document of the
    // site (no page of the app is loaded, nothing is cached).
    await context.addCookies([
      { name: viewer.storageKeys.cookie, value: encodeURIComponent(viewer.session.token), url: viewer.origin },
    ]);
    const page = await context.newPage();
    const blank = `${viewer.origin}/bench-session-storage`;
    await page.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>s</title>' }),
    );
    await page.goto(blank);
    await page.evaluate(
      ({ keys, token, user }) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, JSON.stringify(user));
      },
      { keys: viewer.storageKeys, token: viewer.session.token, user: viewer.session.user },
    );
    await page.unroute(blank);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PHONE_LINK);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.addInitScript(watchThePlayer);
    if (start === 'detail-cold') await page.addInitScript(dropPlayerPrefetch);

    let opened = Date.now();
    if (start === 'watch') {
      await page.goto(`${viewer.origin}/watch/${viewer.movieId}`, { waitUntil: 'commit' });
    } else {
      await page.goto(`${viewer.origin}/moviedetail/${viewer.movieId}`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Watch Now' }).waitFor({ timeout: LINK_TIMEOUT_MS });
      await page.waitForTimeout(DETAIL_DWELL_MS);
      // The press, in the page's own clock (epoch ms), then Watch Now's click.
      opened = await page.evaluate(() => {
        const button = Array.from(document.querySelectorAll('button')).find((b) =>
          b.textContent?.includes('Watch Now'),
        );
        const at = performance.timeOrigin + performance.now();
        button!.click();
        return at;
      });
    }
    const frame = await playerFrame(page);
    await frame.waitForFunction(readFrame, undefined, { timeout: LINK_TIMEOUT_MS, polling: 50 });
    // Watch: until STALL_WINDOW_MS of playback or the end of the clip.
    await frame.waitForFunction(
      (windowMs) => {
        const r = (window as unknown as { __linkMarks?: { ended: number | null } }).__linkMarks;
        const m = (window as unknown as { __playerMetrics?: { playing: number | null } }).__playerMetrics;
        return !!r && !!m && m.playing !== null && (r.ended !== null || performance.now() - m.playing >= windowMs);
      },
      STALL_WINDOW_MS,
      { timeout: STALL_WINDOW_MS + LINK_TIMEOUT_MS, polling: 250 },
    );
    const r = (await frame.evaluate(readFrame))!;
    const end = Math.min(r.ended ?? r.now, r.playing + STALL_WINDOW_MS);
    // A `waiting` after playback started and before the window closed is a
    // stall (the one a start itself may fire comes before `playing`).
    const stalls = r.waiting.filter((t) => t > r.playing && t < end).length;
    const frameFirstFrameEpoch = r.timeOrigin + r.firstFrame;
    return {
      // From the detail page: Watch Now's press → first frame (the player's own play is part of the chain).
      ttff: start === 'watch' ? r.firstFrame - r.playIntent : frameFirstFrameEpoch - opened,
      watchOpenToFirstFrame: frameFirstFrameEpoch - opened,
      stalls,
      watchedMs: end - r.playing,
      videoWidth: r.videoWidth,
      requests: {
        hlsJs: requested.some((u) => /hls[.-]/i.test(new URL(u).pathname)),
        playerPage: requested.some((u) => new URL(u).pathname === '/player'),
      },
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

export async function benchPlayOnPhoneLink(o: LinkBenchOptions, viewer: LinkViewer): Promise<void> {
  await benchPlayFromWatchPage(o, viewer);
  await benchPlayFromDetailPage(o, viewer);
}

/**
 * Decision 0096: Watch Now on the detail page → first frame, the player not
 * loaded before the press, with the player's files prefetched from the
 * detail page and without (the cold player), interleaved run by run.
 */
async function benchPlayFromDetailPage(o: LinkBenchOptions, viewer: LinkViewer): Promise<void> {
  const link = `${PHONE_LINK.latency} ms latency, ${(PHONE_LINK.downloadThroughput * 8) / 1e6} Mb/s down`;
  const warm: LinkRun[] = [];
  const cold: LinkRun[] = [];
  for (let i = 1; i <= LINK_RUNS; i++) {
    o.log(`media: Watch Now on the detail page (${link}), cold cache, run ${i}/${LINK_RUNS}`);
    warm.push(await oneRun(o, viewer, 'detail'));
    cold.push(await oneRun(o, viewer, 'detail-cold'));
  }
  const figure = (runs: LinkRun[]) => runs.map((r) => r.ttff);
  const warmMedian = median(figure(warm));
  const coldMedian = median(figure(cold));
  const stalls = warm.reduce((n, r) => n + r.stalls, 0);
  o.measurements.push(
    {
      section: 'media',
      scenario: `Watch Now on the detail page → first frame (${link}), player's files prefetched there`,
      target: `median of ${warm.length}`,
      p50: warmMedian,
    },
    {
      section: 'media',
      scenario: `Watch Now on the detail page → first frame (${link}), no prefetch (cold player)`,
      target: `median of ${cold.length}`,
      p50: coldMedian,
    },
  );
  o.details.mediaPhoneLinkFromDetail = {
    prefetched: { median: warmMedian, max: Math.max(...figure(warm)), runs: figure(warm).map(round1) },
    cold: { median: coldMedian, max: Math.max(...figure(cold)), runs: figure(cold).map(round1) },
    stallsInFirst30s: warm.map((r) => r.stalls),
  };
  o.log(
    `media: Watch Now → first frame: prefetched ${warmMedian.toFixed(0)} ms (max ${Math.max(...figure(warm)).toFixed(0)}), ` +
      `cold player ${coldMedian.toFixed(0)} ms (max ${Math.max(...figure(cold)).toFixed(0)}), stalls ${warm.map((r) => r.stalls).join('/')}`,
  );
  o.goals.push({
    id: 'media.phoneLink.fromDetail',
    description: `Watch Now on the detail page → first frame on the phone link, the player's files prefetched there (median of ${warm.length}; no stall) ≤ ${LINK_TTFF_MAX_MS} ms`,
    measured: `${warmMedian.toFixed(0)} ms (cold player ${coldMedian.toFixed(0)} ms; ${stalls} stalls)`,
    limit: `≤ ${LINK_TTFF_MAX_MS} ms`,
    status: warmMedian <= LINK_TTFF_MAX_MS && stalls === 0 ? 'PASS' : 'FAIL',
  });
}

async function benchPlayFromWatchPage(o: LinkBenchOptions, viewer: LinkViewer): Promise<void> {
  const link = `${PHONE_LINK.latency} ms latency, ${(PHONE_LINK.downloadThroughput * 8) / 1e6} Mb/s down`;
  const runs: LinkRun[] = [];
  for (let i = 1; i <= LINK_RUNS; i++) {
    o.log(`media: play on an emulated phone link (${link}), cold cache, run ${i}/${LINK_RUNS}`);
    runs.push(await oneRun(o, viewer));
  }
  const ttff = runs.map((r) => r.ttff);
  const open = runs.map((r) => r.watchOpenToFirstFrame);
  const stalls = runs.reduce((n, r) => n + r.stalls, 0);
  const ttffMedian = median(ttff);
  o.measurements.push({
    section: 'media',
    scenario: `play press → first frame on an emulated phone link (${link}), watch page opened cold`,
    target: `median of ${runs.length}`,
    p50: ttffMedian,
  });
  o.details.mediaPhoneLink = {
    link: PHONE_LINK,
    runs: runs.length,
    pressToFirstFrameMs: { median: ttffMedian, max: Math.max(...ttff), runs: ttff.map(round1) },
    watchOpenToFirstFrameMs: { median: median(open), runs: open.map(round1) },
    stallsInFirst30s: runs.map((r) => r.stalls),
    watchedMs: runs.map((r) => round1(r.watchedMs)),
    videoWidth: runs.map((r) => r.videoWidth),
    requested: runs[0]?.requests,
  };
  o.log(
    `media: phone link: press → first frame ${ttffMedian.toFixed(0)} ms (max ${Math.max(...ttff).toFixed(0)}), ` +
      `watch page open → first frame ${median(open).toFixed(0)} ms, stalls ${runs.map((r) => r.stalls).join('/')} ` +
      `over ${runs.map((r) => (r.watchedMs / 1000).toFixed(1)).join('/')} s of playback, picture ${runs[0]?.videoWidth ?? 0} px wide`,
  );
  o.goals.push({
    id: 'media.phoneLink.ttff',
    description: `Play press → first frame on an emulated phone link (${link}, cold cache, watch page opened; median of ${runs.length}) ≤ ${LINK_TTFF_MAX_MS} ms`,
    measured: `${ttffMedian.toFixed(0)} ms (watch page open → first frame ${median(open).toFixed(0)} ms)`,
    limit: `≤ ${LINK_TTFF_MAX_MS} ms`,
    status: ttffMedian <= LINK_TTFF_MAX_MS ? 'PASS' : 'FAIL',
  });
  o.goals.push({
    id: 'media.phoneLink.stalls',
    description: `No stall (a 'waiting' event after playback started) in the first ${STALL_WINDOW_MS / 1000} s on the same link`,
    measured: `${stalls} in ${runs.length} runs`,
    limit: '0',
    status: stalls === 0 ? 'PASS' : 'FAIL',
  });
}
