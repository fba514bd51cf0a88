import { test as base, expect } from '@playwright/test';
import { APP_MODULES_ELEMENT_ID } from '@bosphorus/contract';
import { HomePage } from '../pages/home-page.js';
import { Layout } from '../pages/layout.js';
import { ListPage } from '../pages/list-page.js';
import { MovieDetailPage } from '../pages/movie-detail-page.js';
import { SeriesDetailPage } from '../pages/series-detail-page.js';
import { appStartedInPage } from './app-started.js';

// Every test gets the page objects, and fails when the page throws an
// uncaught error, the browser refuses something under the
// Content-Security-Policy, or our server answers the page with a 5xx, a 429
// or a missing image/script: all are bugs a visitor would meet as a broken
// screen, whatever the test was looking at.

interface Fixtures {
  layout: Layout;
  home: HomePage;
  list: ListPage;
  movieDetail: MovieDetailPage;
  seriesDetail: SeriesDetailPage;
  pageProblems: string[];
  appStarted: void;
}

export const test = base.extend<Fixtures>({
  // Each test is a visitor of its own, with its own client address (the
  // server believes X-Forwarded-For from loopback, as from a load balancer):
  // the per-address limits (DESIGN §4, docs/auth.md) then count each test
  // apart, as they would count the site's visitors, instead of the whole
  // suite as one household. Pages and API requests alike carry it.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorAddress() });
  },
  pageProblems: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught ${error.name}: ${error.message}`));
      // Our own server failing, refusing (rate limit) or missing an image or
      // a script the page asked for.
      // The backup media origin is the same server under another name (playwright.config.ts).
      const ours = [baseURL, process.env.E2E_MEDIA_BACKUP_ORIGIN].filter((o): o is string => !!o);
      page.on('response', (response) => {
        const url = response.url();
        if (!ours.some((origin) => url.startsWith(origin))) return;
        const status = response.status();
        const { pathname } = new URL(url);
        const missingFile = status === 404 && /^\/(uploads|assets)\//.test(pathname);
        if (status >= 500 || status === 429 || missingFile) {
          problems.push(`${status} for ${response.request().method()} ${pathname}`);
        }
      });
      // Current browsers run the modern bundle only: the legacy entry is for
      // old TV engines (decision 0046), and asked for only when the modern
      // entry did not run (decision 0099).
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/assets\/index-legacy-[^/]*\.js$/.test(pathname)) problems.push(`legacy bundle asked for: ${pathname}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems, 'errors the page raised while the test ran').toEqual([]);
    },
    { auto: true },
  ],
  // A server's page with pictures starts the app once its first screen is
  // in and drawn (decision 0142), which may be after its load event. A
  // test acts as a viewer who waits for the page: after `goto` and
  // `reload`, until the app's first render has committed (the start-up
  // script's `started()`), the System Error screen shows, or 15 s have passed (what the test then
  // meets is its own to assert). `waitUntil: 'commit'` is a test that
  // watches the page arrive, and a browser that runs no script has no app
  // to wait for: both left alone.
  appStarted: [
    async ({ page, javaScriptEnabled }, use) => {
      const settle = async (options?: { waitUntil?: string }) => {
        if (options?.waitUntil === 'commit' || javaScriptEnabled === false) return;
        await page
          .waitForFunction(appStartedInPage, { modulesId: APP_MODULES_ELEMENT_ID }, { timeout: 15_000 })
          .catch(() => undefined);
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await settle(options);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await settle(options);
        return response;
      };
      await use();
    },
    { auto: true },
  ],
  layout: async ({ page }, use) => use(new Layout(page)),
  home: async ({ page }, use) => use(new HomePage(page)),
  list: async ({ page }, use) => use(new ListPage(page)),
  movieDetail: async ({ page }, use) => use(new MovieDetailPage(page)),
  seriesDetail: async ({ page }, use) => use(new SeriesDetailPage(page)),
});

/** A fresh address in 198.18.0.0/15, the range set aside for benchmarking. */
export function visitorAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `198.18.${octet()}.${octet()}`;
}

export { expect };
