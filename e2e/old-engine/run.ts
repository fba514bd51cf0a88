import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Challenge } from 'altcha-lib';
import puppeteer, { type Browser, type Page } from 'puppeteer';
import { APP_MODULES_ELEMENT_ID, AUTH_FIELDS, MESSAGES, type AppModules } from '@bosphorus/contract';
import { solveAltcha } from '../../apps/api/test/captcha.js';
import { PASSWORD, freshEmail } from '../pages/auth-pages.js';
import { admin, control } from '../support/admin.js';
import { codeOf, waitForMail } from '../support/mail.js';
import { CHROMIUM_64_ARGS, CHROMIUM_64_VERSION, chromium64 } from './chromium64.js';
import { compareWithCurrentChromium } from './layout.js';
import { startSite, type Site } from './site.js';

// The old-engine smoke suite (issue 14): a real Chromium 64, the engine of
// Samsung's 2019 TVs, with a Tizen user agent at 1920×1080, driven by
// Puppeteer 1.1.1 (Playwright cannot speak to an engine this old). Run by
// `npm test` after the Playwright suite; prints `N passed, N failed` and
// exits non-zero on any failure. README.md beside this file.
//
// Old Puppeteer's waitForSelector builds a Function inside the page, which
// our CSP refuses: the suite polls with page.evaluate instead. Functions
// handed to page.evaluate run in Chromium 64 as written: no `?.` or `??`
// in them.

const TIZEN_5_UA =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/5.0 TV Safari/537.36';
/** The remote's Back key on Tizen (XF86Back). */
const TIZEN_BACK = 10009;
const STEP_TIMEOUT = 20_000;

interface Problem {
  kind: 'exception' | 'csp' | 'response';
  text: string;
}

/** Polls `check` in the page until it returns a truthy value. */
async function until<T>(page: Page, what: string, check: () => T, timeout = STEP_TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await page.evaluate(check);
    if (last) return last;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** What the focused element is and whether a viewer can see where it is. */
function focusState() {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const rect = el.getBoundingClientRect();
  // The ring is on the focused element, or (a card) on its picture inside it.
  // (No named helper here: the bundler would wrap it in a function the page lacks.)
  const nodes = [el as Element].concat(Array.prototype.slice.call(el.querySelectorAll('*')) as Element[]);
  let ring = false;
  for (let i = 0; !ring && i < nodes.length; i++) {
    const style = getComputedStyle(nodes[i]!);
    ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
  }
  return {
    tag: el.tagName.toLowerCase(),
    href: el.getAttribute('href'),
    label: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60),
    onScreen: rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight,
    ring,
    key: `${el.tagName}|${el.getAttribute('href')}|${Math.round(rect.left)},${Math.round(rect.top)}`,
  };
}

class Suite {
  private problems: Problem[] = [];
  /** The modern entry's SyntaxError is how Chromium 63–79 choose the legacy bundle (decision 0046). */
  private expectedSyntaxErrors = new Set<string>();
  private page!: Page;

  constructor(
    private browser: Browser,
    readonly site: Site,
  ) {}

  baseURL(pathname: string): string {
    return this.site.baseURL + pathname;
  }

  async open(): Promise<Page> {
    const page = await this.browser.newPage();
    await page.setViewport({ width: 1920, height: 1080 });
    await page.setUserAgent(TIZEN_5_UA);
    const cdp = await page.target().createCDPSession();
    await cdp.send('Runtime.enable');
    cdp.on(
      'Runtime.exceptionThrown',
      (params: { exceptionDetails: { text: string; url?: string; exception?: { description?: string } } }) => {
        const { text, url = '', exception } = params.exceptionDetails;
        const description = exception?.description ?? text;
        const pathname = url ? new URL(url).pathname : '';
        if (description.startsWith('SyntaxError') && this.expectedSyntaxErrors.has(pathname)) return;
        this.problems.push({ kind: 'exception', text: `${description.split('\n').slice(0, 3).join(' ')} (${url})` });
      },
    );
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) this.problems.push({ kind: 'csp', text: message.text() });
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      const ours = url.origin === this.site.baseURL || url.hostname === 'localhost';
      const broken =
        response.status() >= 500 || (response.status() === 404 && /^\/(assets|uploads)\//.test(url.pathname));
      if (ours && broken) this.problems.push({ kind: 'response', text: `${response.status()} ${response.url()}` });
    });
    this.page = page;
    return page;
  }

  /** The module entries of the app and player pages: the scripts an old engine cannot parse. */
  async learnModernEntries(): Promise<void> {
    for (const page of ['/', '/player']) {
      const html = await (await fetch(this.site.baseURL + page)).text();
      // Module scripts: the player page's tags, and the app page's list the
      // start-up script adds them from (decision 0142).
      const list = new RegExp(`<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">([^<]*)</script>`).exec(
        html,
      );
      const modules = [
        ...[...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
        ...(list ? (JSON.parse(list[1]!) as AppModules).scripts : []),
      ];
      for (const url of modules) if (!url.includes('legacy-loader')) this.expectedSyntaxErrors.add(url);
    }
    expect(this.expectedSyntaxErrors.size >= 2, `module entries of / and /player: ${[...this.expectedSyntaxErrors]}`);
  }

  private notes: string[] = [];

  /** Something a passing test could not check, said in its line. */
  note(text: string): void {
    this.notes.push(text);
  }

  takeNotes(): string[] {
    return this.notes.splice(0);
  }

  takeProblems(): Problem[] {
    return this.problems.splice(0);
  }

  async press(key: string, settle = 250): Promise<void> {
    await this.page.keyboard.press(key);
    await sleep(settle);
  }

  /** A remote key the keyboard has no name for, through the protocol (notes/tv-engines.md). */
  async remoteKey(code: number): Promise<void> {
    const cdp = await this.page.target().createCDPSession();
    const key = { windowsVirtualKeyCode: code, nativeVirtualKeyCode: code, key: 'XF86Back', code: 'XF86Back' };
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    await sleep(300);
  }

  async screenshot(name: string): Promise<void> {
    const dir = process.env.OLD_ENGINE_SCREENSHOTS;
    if (dir) await this.page.screenshot({ path: path.join(dir, `${name}.png`) });
  }
}

/** A verified account with support's complimentary plan, made through the API as a sign-up would. */
async function subscriber(site: Site): Promise<string> {
  const email = freshEmail('old-engine');
  const since = Date.now();
  const challenge = (await (await fetch(`${site.baseURL}/api/auth/captcha-challenge`)).json()) as Challenge;
  const post = async (route: string, body: Record<string, string>) => {
    const res = await fetch(`${site.baseURL}/api/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok, `POST /api/auth/${route}: ${res.status} ${await res.text()}`);
  };
  await post('register', {
    [AUTH_FIELDS.registerName]: 'Ayşe Yıldız',
    [AUTH_FIELDS.registerEmail]: email,
    [AUTH_FIELDS.registerPassword]: PASSWORD,
    [AUTH_FIELDS.captcha]: await solveAltcha(challenge),
  });
  const mail = await waitForMail(email, /verification code is \d{6}/, since);
  await post('verify-email', { email, [AUTH_FIELDS.code]: codeOf(mail) });
  const granted = await admin('grant-plan', email, '30');
  expect(granted.code === 0, `grant-plan: ${granted.out.join(' ')}`);
  return email;
}

type Test = [name: string, run: (suite: Suite, page: Page) => Promise<void>];

/** The subscriber the sign-in test made (the player and technical support need one). */
let subscriberEmail: string | null = null;

const tests: Test[] = [
  [
    "the legacy bundle hydrates the server's page: the same nodes, taken over by React",
    async (suite, page) => {
      // The server renders the page (decision 0107); the legacy bundle must take
      // that HTML over (hydrateRoot), not draw it again: the <main> the parser
      // made is the one React keeps. Marked before any script of the page runs.
      await page.evaluateOnNewDocument(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            (window as unknown as { servedMain: Element | null }).servedMain = document.querySelector('#root main');
          }
        });
      });
      await page.goto(suite.baseURL('/'), { waitUntil: 'load' });
      await until(page, 'the app to take the page over', () =>
        Object.keys(document.getElementById('root') || {}).some((k) => k.indexOf('__reactContainer$') === 0),
      );
      const same = await page.evaluate(() => {
        const served = (window as unknown as { servedMain: Element | null }).servedMain;
        return !!served && served === document.querySelector('#root main');
      });
      expect(same, "the server's <main> was replaced: hydration failed on the old engine");
    },
  ],
  [
    "a part streamed after the page's shell is put in place by React's script and hydrated (decision 0146)",
    async (suite, page) => {
      const title = `Streamed on Tizen ${Date.now()}`;
      const [id] = (await control('/new-movie', { title })).out;
      // The movie's Recommended answer is held back in the database: the
      // page's shell comes without it, the row after it in the same response.
      await control('/hold-recommendations', { movieId: Number(id), ms: 2500 });
      await page.evaluateOnNewDocument(() => {
        const w = window as unknown as { sawSkeleton: boolean; streamedRow: Element | null };
        w.sawSkeleton = false;
        w.streamedRow = null;
        new MutationObserver(() => {
          const row = document.getElementById('recommended');
          if (!row && document.querySelector('.recommended-skeleton')) w.sawSkeleton = true;
          if (row && !w.streamedRow) w.streamedRow = row;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(suite.baseURL(`/moviedetail/${id}`), { waitUntil: 'load' });
      await until(page, 'the app to take the page over', () =>
        Object.keys(document.getElementById('root') || {}).some((k) => k.indexOf('__reactContainer$') === 0),
      );
      const seen = await page.evaluate(() => {
        const w = window as unknown as { sawSkeleton: boolean; streamedRow: Element | null };
        return {
          sawSkeleton: w.sawSkeleton,
          kept: !!w.streamedRow && w.streamedRow === document.getElementById('recommended'),
          heading: (document.querySelector('#recommended h2') || { textContent: '' }).textContent,
        };
      });
      expect(seen.sawSkeleton, "the row's skeleton was never on the page before the row: nothing was streamed");
      expect(seen.heading === MESSAGES.recommended, `the streamed row's heading is ${JSON.stringify(seen.heading)}`);
      expect(seen.kept, 'the streamed row was drawn again: hydration failed on the old engine');
    },
  ],
  [
    'home renders with images and no script error',
    async (suite, page) => {
      await page.goto(suite.baseURL('/'), { waitUntil: 'load' });
      const images = await until(page, 'loaded images in the home rows', () => {
        // A row fetches its pictures once it is near the screen (decision 0095):
        // on a 1080-line TV the rows start below the hero, so bring the first one up.
        // (Written for Chromium 64: no optional chaining in a page function.)
        const firstRow = document.querySelector('#root .home-row');
        if (firstRow) firstRow.scrollIntoView();
        const loaded = [...document.querySelectorAll<HTMLImageElement>('#root img')].filter(
          (img) => img.complete && img.naturalWidth > 0,
        );
        const cards = document.querySelectorAll('#root a[href*="detail/"]').length;
        return loaded.length >= 4 && cards > 0 ? loaded.length : 0;
      });
      expect(images >= 4, `${images} images loaded`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await sleep(1000);
      await suite.screenshot('home');
    },
  ],
  [
    'home keeps its gaps and the 5% safe margin',
    async (suite, page) => {
      // Measured, not seen: on Chromium 64 flex `gap` and max() are unknown,
      // and without their fallbacks the hero's buttons touched and the hero
      // and rows ran to the screen's edges (decision 0055).
      const layout = await page.evaluate(() => {
        const slide = document.querySelector('.hero__slide:not([inert])');
        const buttons = slide ? Array.prototype.slice.call(slide.querySelectorAll('.hero__actions > *')) : [];
        const gaps: number[] = [];
        for (let i = 1; i < buttons.length; i++) {
          const a = (buttons[i - 1] as Element).getBoundingClientRect();
          const b = (buttons[i] as Element).getBoundingClientRect();
          if (Math.abs(a.top - b.top) < 2) gaps.push(Math.round(b.left - a.right));
        }
        const title = slide ? slide.querySelector('.hero__title') : null;
        // The first row with cards (a signed-in viewer's rows keep a hidden room before it).
        const row = Array.prototype.slice
          .call(document.querySelectorAll('.carousel'))
          .filter((r: Element) => r.querySelector('.carousel__slide a[href]') !== null)[0] as Element | undefined;
        const cards = row ? row.querySelectorAll('.carousel__slide a[href]') : [];
        const first = cards.length > 0 ? cards[0]!.getBoundingClientRect() : null;
        const second = cards.length > 1 ? cards[1]!.getBoundingClientRect() : null;
        return {
          width: window.innerWidth,
          buttons: buttons.length,
          gaps,
          titleLeft: title ? Math.round(title.getBoundingClientRect().left) : null,
          cardLeft: first ? Math.round(first.left) : null,
          cardGap: first && second ? Math.round(second.left - first.right) : null,
        };
      });
      const margin = Math.floor(layout.width * 0.05);
      const state = JSON.stringify(layout);
      expect(layout.buttons >= 2 && layout.gaps.length >= 1, `the hero's buttons on one line: ${state}`);
      expect(
        layout.gaps.every((gap) => gap > 0),
        `the hero's buttons touch: ${state}`,
      );
      expect(
        layout.titleLeft !== null && layout.titleLeft >= margin,
        `the hero's title inside the safe margin: ${state}`,
      );
      expect(layout.cardLeft !== null && layout.cardLeft >= margin, `the first card inside the safe margin: ${state}`);
      expect(layout.cardGap !== null && layout.cardGap > 0, `two neighbouring cards touch: ${state}`);
    },
  ],
  [
    'the layout matches current Chromium: home, a detail page, the list with a filter open (element boxes, icon gaps)',
    // A visitor on both engines: before the subscriber signs in below.
    async (suite, page) => {
      const list = (await (await fetch(suite.baseURL('/api/movies/filters?page=1'))).json()) as {
        body: { movies: { movie_id: number }[] };
      };
      const problems = await compareWithCurrentChromium(page, suite.site.baseURL, TIZEN_5_UA, [
        {
          path: '/',
          probes: {
            'Watch Now': { selector: '.hero__watch', iconGap: true },
            'the first card': { selector: 'main [data-nav-row] .title-card' },
          },
        },
        {
          path: `/moviedetail/${list.body.movies[0]!.movie_id}`,
          probes: {
            poster: { selector: '.detail-hero__poster' },
            title: { selector: '.detail-hero__title' },
            'Watch Now': { selector: '.detail-hero__actions .btn', iconGap: true },
            rating: { selector: '.detail-meta .rating', iconGap: true },
          },
        },
        {
          path: '/allseries',
          prepare: () => {
            const triggers = document.querySelectorAll('.filter-dropdown__trigger');
            (triggers[triggers.length - 1] as HTMLElement).click();
          },
          probes: {
            'the first card': { selector: '.catalogue-grid a' },
            "the first card's title": { selector: '.catalogue-grid .title-card__name' },
            "the first card's badge": { selector: '.catalogue-grid .title-card__badge' },
            'the open filter': { selector: '.filter-dropdown[data-open] .filter-dropdown__panel' },
          },
          // The badge sits at the poster's foot, clear of the title drawn at its top.
          check: (m) => {
            const badge = m["the first card's badge"]!.box;
            const card = m['the first card']!.box;
            return badge && card && badge[1]! < card[1]! + card[3]! / 2
              ? ['the badge is on the top half of the poster']
              : [];
          },
        },
      ]);
      // Home again, its entry focused, for the remote's tests that follow.
      await page.goto(suite.baseURL('/'), { waitUntil: 'load' });
      await until(page, "the hero's Watch Now focused", () => !!document.querySelector('.hero__watch:focus'));
      expect(problems.length === 0, problems.join('\n    '));
    },
  ],
  [
    'arrows move a visible focus',
    async (suite, page) => {
      const seen = new Set<string>();
      for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowDown']) {
        await suite.press(key);
        const focus = await page.evaluate(focusState);
        expect(focus, `after ${key} nothing has focus`);
        expect(focus.onScreen, `after ${key} the focused ${focus.tag} '${focus.label}' is off screen`);
        expect(focus.ring, `after ${key} the focused ${focus.tag} '${focus.label}' shows no focus ring`);
        seen.add(focus.key);
      }
      expect(seen.size >= 3, `four arrow presses visited ${seen.size} places`);
      await suite.screenshot('home-focus');
    },
  ],
  [
    'Enter opens a title',
    async (suite, page) => {
      // From wherever the arrows left focus, down and right until a title card has it.
      for (let i = 0; i < 12; i++) {
        const focus = await page.evaluate(focusState);
        if (focus?.href && /^\/(moviedetail|seriesdetail)\//.test(focus.href)) break;
        await suite.press(i % 3 === 2 ? 'ArrowRight' : 'ArrowDown');
      }
      const focus = await page.evaluate(focusState);
      expect(focus?.href && /detail\//.test(focus.href), `no title card took focus (focus: ${JSON.stringify(focus)})`);
      await suite.press('Enter');
      await until(page, `the title page ${focus.href}`, () => location.pathname, STEP_TIMEOUT).then((p) =>
        expect(p === focus.href, `Enter went to ${p}, not ${focus.href}`),
      );
      await until(page, 'the title heading', () => {
        const heading = document.querySelector('h1');
        return heading ? (heading.textContent || '').trim() : '';
      });
      await suite.screenshot('detail');
    },
  ],
  [
    "the remote's Back key (10009) returns",
    async (suite, page) => {
      if (!/detail\//.test(await page.evaluate(() => location.pathname))) {
        // Enter did not get there: open a title the way a click would, so the
        // history has the home page behind it.
        await page.goto(suite.baseURL('/'), { waitUntil: 'load' });
        await until(page, 'a title card', () => !!document.querySelector('#root a[href*="detail/"]'));
        await page.evaluate(() => document.querySelector<HTMLAnchorElement>('#root a[href*="detail/"]')!.click());
        await until(page, 'the title page', () => /detail\//.test(location.pathname));
      }
      await suite.remoteKey(TIZEN_BACK);
      await until(page, 'the home page after Back', () => location.pathname === '/');
    },
  ],
  [
    'a subscriber signs in by typing',
    async (suite, page) => {
      const email = await subscriber(suite.site);
      subscriberEmail = email;
      await page.goto(suite.baseURL('/signin'), { waitUntil: 'load' });
      await until(page, 'the sign-in form', () => !!document.querySelector('input[type="email"]'));
      await suite.screenshot('signin');
      const field = await page.$('input[type="email"]');
      await field!.focus();
      await page.keyboard.type(email);
      await suite.press('Tab', 50);
      await page.keyboard.type(PASSWORD);
      await suite.press('Enter');
      await until(page, 'the signed-in home', () => {
        // Signed in: home, and the header names the viewer.
        const header = document.querySelector('header');
        return location.pathname === '/' && !!header && (header.textContent || '').indexOf('Ayşe') >= 0;
      });
    },
  ],
  [
    'the layout matches current Chromium: the player with its controls shown, technical support (element boxes, icon gaps)',
    // The subscriber signed in above, on both engines; before the movie below plays (no saved position yet).
    async (suite, page) => {
      expect(subscriberEmail, 'no subscriber: the sign-in test did not get far enough');
      const list = (await (await fetch(suite.baseURL('/api/movies/filters?page=1'))).json()) as {
        body: { movies: { movie_id: number }[] };
      };
      const problems = await compareWithCurrentChromium(
        page,
        suite.site.baseURL,
        TIZEN_5_UA,
        [
          {
            // Opened by its address: the player waits for Play, paused, its controls shown.
            path: `/watch/${list.body.movies[0]!.movie_id}`,
            probes: {
              'the player frame': { selector: 'main iframe[title$="video player"]' },
              'Reload Player (in the tray under the player)': { selector: '.watch-actions .watch-btn', iconGap: true },
              'Main Server (its dot and label)': {
                selector: '.watch-servers__btn',
                iconGap: true,
                icon: '.watch-servers__dot',
              },
            },
            frame: {
              path: '/player',
              probes: {
                'the title over the stage': { selector: '.bp-heading:not(:empty)' },
                'the big Play button': { selector: '.bp-big-play' },
                'the control bar': { selector: '.bp-controls' },
                'the seek bar': { selector: '.bp-seek' },
                "the bar's Play": { selector: '.bp-bar .bp-play' },
                'the time': { selector: '.bp-time' },
                'Subtitle settings': { selector: '.bp-settings' },
                'Full screen': { selector: '.bp-fullscreen' },
              },
            },
          },
          {
            path: '/profile/technicalsupport',
            probes: {
              // Waited for: the checks have run (the button's label is back).
              'Run tests again': { selector: '.tech-support > p > .btn--primary[aria-disabled="false"]' },
              title: { selector: '.tech-support .page-title' },
              // The page opens with its first section in view (its entry is further down).
              "the first section's heading": { selector: '#tech-connection', inView: true },
              'the connection facts': { selector: '.tech-support__facts' },
              'Clear browser storage': { selector: '.tech-support__section .btn--ghost' },
              'the first check': { selector: '.tech-check' },
            },
          },
        ],
        { email: subscriberEmail, password: PASSWORD },
      );
      expect(problems.length === 0, problems.join('\n    '));
    },
  ],
  [
    'a movie plays in the player frame',
    async (suite, page) => {
      const list = (await (await fetch(suite.baseURL('/api/movies/filters?page=1'))).json()) as {
        body: { movies: { movie_id: number }[] };
      };
      await page.goto(suite.baseURL(`/watch/${list.body.movies[0]!.movie_id}`), { waitUntil: 'load' });
      const player = () => page.frames().find((f) => /^https?:\/\/[^/]+\/player(\?|$)/.test(f.url()));
      const state = async () => {
        const frame = player();
        if (!frame) return null;
        return frame.evaluate(() => {
          const video = document.querySelector('video');
          if (video && video.paused && !video.ended) {
            // The big Play button, as OK on the remote would press it.
            const play = document.querySelector<HTMLButtonElement>('button[aria-label="Play"]');
            if (play) play.click();
          }
          const error = document.querySelector('[data-testid="player-error"]');
          const decoded = video as (HTMLVideoElement & { webkitDecodedFrameCount?: number }) | null;
          return {
            time: video ? video.currentTime : -1,
            readyState: video ? video.readyState : -1,
            frames: decoded && decoded.webkitDecodedFrameCount !== undefined ? decoded.webkitDecodedFrameCount : -1,
            source: video ? video.currentSrc.replace(/^.*\//, '') : '',
            h264: MediaSource.isTypeSupported('video/mp4; codecs="avc1.4d401e,mp4a.40.2"'),
            error: error && !(error as HTMLElement).hidden ? (error.textContent || '').trim() : '',
            frameHeight: window.innerHeight,
          };
        });
      };
      const deadline = Date.now() + 45_000;
      let first = -1;
      let latest: Awaited<ReturnType<typeof state>> = null;
      while (Date.now() < deadline) {
        latest = await state();
        if (latest && first < 0 && latest.time > 0) first = latest.time;
        if (latest && first > 0 && latest.time >= first + 1 && latest.readyState >= 3) break;
        if (latest && latest.error) break;
        await sleep(500);
      }
      await suite.screenshot('player');
      expect(latest, 'the player frame never loaded');
      expect(latest.frameHeight >= 300, `the player frame is ${latest.frameHeight} px high`);
      expect(!latest.error, `the player gave up: '${latest.error}' (source ${latest.source || 'none'})`);
      expect(
        first > 0 && latest.time >= first + 1,
        `the movie did not play (currentTime ${first} then ${latest.time}, source ${latest.source || 'none'})`,
      );
      expect(latest.readyState >= 3, `the video is not ready to play on (readyState ${latest.readyState})`);
      expect(latest.frames > 0, `no video frame was decoded (${latest.frames})`);
      // This open-source Chromium 64 has no H.264/AAC: the player chose the WebM (decision 0057).
      if (!latest.h264)
        expect(/\.webm(\?|$)/.test(latest.source), `no H.264 here, yet the player played '${latest.source}'`);
      suite.note(
        `played ${latest.source} (H.264 ${latest.h264 ? 'supported' : 'absent'}), ${latest.frames} frames decoded`,
      );
    },
  ],
];

async function main(): Promise<number> {
  const executablePath = chromium64();
  console.log(`Old engine: Chromium ${CHROMIUM_64_VERSION} (${executablePath})`);
  const site = await startSite();
  let browser: Browser | null = null;
  let passed = 0;
  let failed = 0;
  try {
    browser = await puppeteer.launch({ executablePath, args: CHROMIUM_64_ARGS });
    console.log(`Engine: ${await browser.version()}, site: ${site.baseURL}`);
    const suite = new Suite(browser, site);
    await suite.learnModernEntries();
    const page = await suite.open();
    for (const [name, run] of tests) {
      const started = Date.now();
      try {
        await run(suite, page);
        const problems = suite.takeProblems();
        if (problems.length) throw new Error(problems.map((p) => `${p.kind}: ${p.text}`).join('\n    '));
        passed++;
        const notes = suite.takeNotes().map((n) => `\n    note: ${n}`);
        console.log(`  ✓ ${name} (${Date.now() - started} ms)${notes.join('')}`);
      } catch (error) {
        failed++;
        const problems = suite.takeProblems().map((p) => `\n    ${p.kind}: ${p.text}`);
        await suite.screenshot(`failed-${passed + failed}`).catch(() => undefined);
        console.log(`  ✘ ${name} (${Date.now() - started} ms)\n    ${(error as Error).message}${problems.join('')}`);
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await site.stop();
  }
  console.log(`\nOld engine (Chromium 64): ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('\nOld engine (Chromium 64): 0 passed, 1 failed');
    process.exit(1);
  },
);
