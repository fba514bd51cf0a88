import { join } from 'node:path';
import { chromium, type Frame as CurrentFrame, type Page as CurrentPage } from '@playwright/test';
import type { Frame, Page } from 'puppeteer';
import { APP_MODULES_ELEMENT_ID } from '@bosphorus/contract';
import { appStartedInPage } from '../support/app-started.js';
import { resolveChromium } from '../support/chromium.js';
import { signInThroughApi } from '../support/session.js';

// Issue 26 "Old engines look the same": the same pages at 1920×1080 with the
// same TV user agent in Chromium 64 and in current Chromium, compared by the
// boxes of the elements that went wrong on the old engine (the detail
// page's poster, its title and Watch Now, the home's hero and first card,
// the list's grid and an open filter) and by the space between an icon and
// its label's text ("▶Watch Now", "★9"). A comparison of boxes, not of
// pixels: the two engines draw text and pictures a little differently.

/** Where to look, by name: a selector, and whether its icon's gap to its text is measured. */
export interface Probe {
  selector: string;
  iconGap?: boolean;
  /** What stands as the icon for iconGap, inside the element ('svg' unless said: the server buttons' dot). */
  icon?: string;
  /** The element must be on the screen as the page opened (not scrolled past by the page's first focus). */
  inView?: boolean;
}

export interface Measured {
  /** [left, top, width, height] in the page, rounded; null when the element is not there. */
  box: number[] | null;
  /** Pixels between the element's first icon and its first run of text, when asked. */
  gap?: number | null;
  /** Whether it is seen whole vertically (below the sticky header), when asked. */
  inView?: boolean;
}

/**
 * Runs in the page (Chromium 64 too): plain loops, no named helpers (the
 * bundler would wrap them in a function the page lacks), no `?.` or `??`.
 */
function measureInPage(probes: Record<string, Probe>): Record<string, Measured> {
  const out: Record<string, Measured> = {};
  for (const name of Object.keys(probes)) {
    const probe = probes[name]!;
    const el = document.querySelector(probe.selector);
    if (!el) {
      out[name] = { box: null };
      continue;
    }
    const r = el.getBoundingClientRect();
    const measured: Measured = {
      // In the page, not the window: where focus has scrolled the page does not count.
      box: [Math.round(r.left), Math.round(r.top + window.pageYOffset), Math.round(r.width), Math.round(r.height)],
    };
    if (probe.inView) {
      // Seen: below the sticky header (it covers the page's top) and above the screen's foot.
      const header = document.querySelector('.site-header');
      const top = header ? header.getBoundingClientRect().bottom : 0;
      measured.inView = r.top >= top - 1 && r.bottom <= window.innerHeight;
    }
    if (probe.iconGap) {
      const icon = el.querySelector(probe.icon || 'svg');
      let text: Node | null = null;
      for (let i = 0; i < el.childNodes.length && !text; i++) {
        const node = el.childNodes[i]!;
        if (node.nodeType === 3 && (node.textContent || '').trim()) text = node;
      }
      if (icon && text) {
        const range = document.createRange();
        range.selectNodeContents(text);
        measured.gap = Math.round(range.getBoundingClientRect().left - icon.getBoundingClientRect().right);
      } else measured.gap = null;
    }
    out[name] = measured;
  }
  return out;
}

export interface Screen {
  path: string;
  probes: Record<string, Probe>;
  /** Runs in the page once it has drawn (opening a filter); plain code as above. */
  prepare?: () => void;
  /**
   * Probes measured inside a frame of the page, the one at this path (the
   * player), once it has drawn the first of them; their boxes are in the
   * frame's own page.
   */
  frame?: { path: string; probes: Record<string, Probe> };
  /** More to hold on both engines, from the measurements (a badge clear of a title). */
  check?: (measured: Record<string, Measured>) => string[];
}

/** Position and size may differ by this much between the engines (text metrics, rounding). */
export const BOX_TOLERANCE_PX = 12;
/** An icon and its label are at least this far apart on both engines. */
export const MIN_ICON_GAP_PX = 4;

/** What differs between the two measurements, in words; empty when they match. */
export function compareLayouts(
  path: string,
  old: Record<string, Measured>,
  current: Record<string, Measured>,
): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(current)) {
    const a = old[name];
    const b = current[name]!;
    if (!b.box) {
      problems.push(`${path} ${name}: not drawn by current Chromium either (the probe is wrong)`);
      continue;
    }
    if (!a || !a.box) {
      problems.push(`${path} ${name}: not drawn by Chromium 64`);
      continue;
    }
    const labels = ['left', 'top', 'width', 'height'];
    for (let i = 0; i < 4; i++) {
      if (Math.abs(a.box[i]! - b.box[i]!) > BOX_TOLERANCE_PX)
        problems.push(`${path} ${name} ${labels[i]}: ${a.box[i]} on Chromium 64, ${b.box[i]} on current Chromium`);
    }
    if (b.inView !== undefined && !a.inView) problems.push(`${path} ${name}: off the screen on Chromium 64`);
    if (b.inView === false) problems.push(`${path} ${name}: off the screen on current Chromium`);
    if (b.gap !== undefined) {
      if (a.gap === null || a.gap === undefined || a.gap < MIN_ICON_GAP_PX)
        problems.push(
          `${path} ${name}: the icon is ${a.gap} px from its label on Chromium 64 (${b.gap} px on current)`,
        );
    }
  }
  return problems;
}

async function settle(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls Chromium 64 until the selector is drawn and the app has started
 * (old Puppeteer's waitForSelector needs eval, which our CSP refuses).
 */
async function waitForOld(page: Page, selector: string, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await page.evaluate(appStartedInPage, { selector, modulesId: APP_MODULES_ELEMENT_ID })) return;
    await settle(200);
  }
  throw new Error(`Chromium 64 never drew ${selector} with the app started`);
}

/** The frame of the page at `path`, once it has drawn `selector` (Chromium 64). */
async function oldFrame(page: Page, path: string, selector: string, timeout = 30_000): Promise<Frame> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const frame = page.frames().find((f) => /^https?:/.test(f.url()) && new URL(f.url()).pathname === path);
    if (frame && (await frame.evaluate((s: string) => !!document.querySelector(s), selector))) return frame;
    await settle(200);
  }
  throw new Error(`Chromium 64 never drew ${selector} in the frame at ${path}`);
}

/** The same in current Chromium. */
async function currentFrame(
  page: CurrentPage,
  path: string,
  selector: string,
  timeout = 30_000,
): Promise<CurrentFrame> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const frame = page.frames().find((f) => /^https?:/.test(f.url()) && new URL(f.url()).pathname === path);
    if (frame && (await frame.evaluate((s: string) => !!document.querySelector(s), selector))) return frame;
    await settle(200);
  }
  throw new Error(`current Chromium never drew ${selector} in the frame at ${path}`);
}

/** An account both engines are signed in to (the old page already is): current Chromium signs in through the API. */
export interface Account {
  email: string;
  password: string;
}

/** Opens each screen in both engines and returns what differs. */
export async function compareWithCurrentChromium(
  oldPage: Page,
  baseURL: string,
  userAgent: string,
  screens: Screen[],
  account?: Account,
): Promise<string[]> {
  const choice = await resolveChromium();
  const browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, userAgent, baseURL });
    const current: CurrentPage = await context.newPage();
    if (account) await signInThroughApi(current, { id: 0, name: '', ...account });
    for (const screen of screens) {
      const first = Object.values(screen.probes)[0]!.selector;
      await oldPage.goto(baseURL + screen.path, { waitUntil: 'load' });
      await waitForOld(oldPage, first);
      if (screen.prepare) await oldPage.evaluate(screen.prepare);
      await settle(800);
      const old = (await oldPage.evaluate(measureInPage, screen.probes)) as Record<string, Measured>;
      if (screen.frame) {
        const { path, probes } = screen.frame;
        const frame = await oldFrame(oldPage, path, Object.values(probes)[0]!.selector);
        await settle(800);
        Object.assign(old, (await frame.evaluate(measureInPage, probes)) as Record<string, Measured>);
      }

      await current.goto(baseURL + screen.path, { waitUntil: 'load' });
      // Drawn and the app started, as on Chromium 64: `prepare` clicks what the app opens.
      await current.waitForFunction(
        appStartedInPage,
        { selector: first, modulesId: APP_MODULES_ELEMENT_ID },
        { timeout: 20_000 },
      );
      if (screen.prepare) await current.evaluate(screen.prepare);
      await settle(800);
      const now = await current.evaluate(measureInPage, screen.probes);
      if (screen.frame) {
        const { path, probes } = screen.frame;
        const frame = await currentFrame(current, path, Object.values(probes)[0]!.selector);
        await settle(800);
        Object.assign(now, await frame.evaluate(measureInPage, probes));
      }
      problems.push(...compareLayouts(screen.path, old, now));
      const shots = process.env.OLD_ENGINE_SCREENSHOTS;
      if (shots) {
        const name = `compare${screen.path.replace(/[^a-z0-9]+/gi, '-')}`;
        await oldPage.screenshot({ path: join(shots, `${name}-chromium64.png`) });
        await current.screenshot({ path: join(shots, `${name}-current.png`) });
      }
      if (screen.check) {
        for (const problem of screen.check(old)) problems.push(`${screen.path} on Chromium 64: ${problem}`);
        for (const problem of screen.check(now)) problems.push(`${screen.path} on current Chromium: ${problem}`);
      }
    }
  } finally {
    await browser.close();
  }
  return problems;
}
