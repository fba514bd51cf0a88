import {
  APP_MODULES_ELEMENT_ID,
  GENRES,
  HYDRATION_ELEMENT_ID,
  MESSAGES,
  SORT_OPTIONS,
  type AppModules,
} from '@bosphorus/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { control } from '../support/admin.js';
import { api, knownSeries, richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';

// Decision 0107: the server renders every public page with React and the
// browser hydrates it. A page that hydrates keeps the server's DOM: the
// `#root main` the parser made is still the page's main once the app has
// started. A mismatch is a production `Minified React error #418` (#419,
// #421–#425), which the app's onRecoverableError logs with console.error
// (app/start-browser.tsx), after which React throws the server's HTML away
// and draws the page again (a flash, a lost scroll, images fetched twice).
// The test fails on any console error or warning and on any `pageerror`.
// Each page is opened on a fresh tab as a visitor, at desktop, phone and TV
// sizes (the TV's user agent puts the server's render in TV mode).

interface Visit {
  name: string;
  /** The address, found through the public API when it names a title. */
  path: (request: APIRequestContext) => Promise<string>;
  status: 200 | 404;
}

const at =
  (path: string): Visit['path'] =>
  () =>
    Promise.resolve(path);

/** Page 2 of All Series for the first genre with two pages of A-Z results (the contract's option lists). */
async function filteredSortedSecondPage(request: APIRequestContext): Promise<string> {
  const sortby = SORT_OPTIONS[0];
  for (const genre of GENRES) {
    const { total_pages } = await api.series(request, { genre: genre.id, sortby, page: 1 });
    if (total_pages >= 2) return `/allseries?genre=${genre.id}&sortby=${sortby}&page=2`;
  }
  throw new Error('No genre of the demo catalogue has two pages of series');
}

const VISITS: Visit[] = [
  { name: 'home', path: at('/'), status: 200 },
  { name: 'All Series', path: at('/allseries'), status: 200 },
  { name: 'All Movies', path: at('/allmovies'), status: 200 },
  { name: 'a filtered, sorted list on page 2', path: filteredSortedSecondPage, status: 200 },
  {
    name: 'a series detail',
    path: async (request) => `/seriesdetail/${(await knownSeries(request)).serie_id}`,
    status: 200,
  },
  {
    name: 'a movie detail',
    path: async (request) => `/moviedetail/${(await richMovie(request)).movie_id}`,
    status: 200,
  },
  { name: 'FAQ', path: at('/profile/faq'), status: 200 },
  { name: 'Privacy Policy', path: at('/profile/privacy-policy'), status: 200 },
  { name: 'Copyright Policy', path: at('/profile/copyright-policy'), status: 200 },
  { name: 'Terms of Use', path: at('/profile/term-condition'), status: 200 },
  { name: 'Services', path: at('/services'), status: 200 },
  { name: 'Contact', path: at('/profile/contact'), status: 200 },
  { name: 'Sign in', path: at('/signin'), status: 200 },
  { name: 'Register', path: at('/register'), status: 200 },
  { name: 'an unknown address', path: at('/no-such-page/here'), status: 404 },
  { name: 'an unknown title', path: at('/moviedetail/999999'), status: 404 },
];

/** What went wrong on the page from now on: uncaught errors and any console error or warning. */
function listenForProblems(page: Page, documentUrl: string, status: number): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url;
    // The browser's own line for a document that answers 404 on purpose.
    const documentNotFound =
      status === 404 && where === documentUrl && /^Failed to load resource: .*\b404\b/.test(message.text());
    if (!documentNotFound) problems.push(`console ${message.type()}: ${message.text()} (${where})`);
  });
  return problems;
}

/** Keeps the `#root main` the parser made, before any module script has run. */
async function keepServerMain(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('#root main');
    });
  });
}

/** The app has started: hydrateRoot (or createRoot) has taken #root. */
async function waitForAppStart(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
  // Hydration runs on after the root is taken, a slice at a time, and
  // reports a mismatch when it reaches it: let it finish.
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * An element's room on the page: its height, and how far it starts below
 * the end of `above` (so a change of anything above both, a promotion's
 * lines, say, does not count).
 */
function roomOf(page: Page, selector: string, above: string): Promise<{ gap: number; height: number }> {
  return page.evaluate(
    ([selector, above]) => {
      const box = document.querySelector(selector!)!.getBoundingClientRect();
      return { gap: box.top - document.querySelector(above!)!.getBoundingClientRect().bottom, height: box.height };
    },
    [selector, above],
  );
}

/** `style="…"` attributes inside #root of the served HTML, with a little context each. */
function inlineStylesInRoot(html: string): string[] {
  const start = html.indexOf('<div id="root">');
  const dataAt = html.indexOf(`id="${HYDRATION_ELEMENT_ID}"`);
  const root = html.slice(start, dataAt > start ? dataAt : undefined);
  return [...root.matchAll(/ style="[^"]*"/g)].map((m) =>
    root.slice(Math.max(0, m.index - 80), m.index + m[0].length).replace(/\s+/g, ' '),
  );
}

/**
 * npm run test:dev-hydration runs this file again on React's development
 * build (E2E_DEVELOPMENT_BUILD, decision 0152), which names an attribute
 * that differs, where production keeps the server's value in silence.
 */
const developmentBuild = process.env.E2E_DEVELOPMENT_BUILD === '1';

test(`the app runs React's ${developmentBuild ? 'development' : 'production'} build`, async ({ request }) => {
  const html = await (await request.get('/')).text();
  const modules = new RegExp(`<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">([^<]*)</script>`).exec(
    html,
  );
  expect(modules, "the page's module list").toBeTruthy();
  const { scripts } = JSON.parse(modules![1]!) as AppModules;
  const code = (await Promise.all(scripts.map(async (src) => (await request.get(src)).text()))).join('\n');
  // Only the development build carries the text of its attribute warning.
  expect(code.includes("A tree hydrated but some attributes of the server rendered HTML didn't match")).toBe(
    developmentBuild,
  );
});

for (const tag of ['@viewport', '@tv'] as const) {
  test.describe(`a served page hydrates without a mismatch ${tag}`, () => {
    for (const visit of VISITS) {
      test(`${visit.name}`, async ({ page, request, baseURL }) => {
        const path = await visit.path(request);
        const documentUrl = new URL(path, baseURL).href;

        // The served HTML: the server rendered the page and sent its data,
        // with no inline style the CSP (style-src 'self') would refuse.
        const served = await page.request.get(path);
        expect(served.status(), `GET ${path}`).toBe(visit.status);
        const html = await served.text();
        expect(html, `${path}: the data the server rendered from`).toContain(`id="${HYDRATION_ELEMENT_ID}"`);
        // Soft: the hydration checks below still run and report.
        expect.soft(inlineStylesInRoot(html), `${path}: style attributes inside #root of the served HTML`).toEqual([]);

        const problems = listenForProblems(page, documentUrl, visit.status);
        await keepServerMain(page);
        const response = await page.goto(path);
        expect(response!.status(), path).toBe(visit.status);
        await waitForAppStart(page);

        const main = await page.evaluate(() => {
          const server = (window as unknown as { serverMain: Element | null | undefined }).serverMain ?? null;
          return {
            inServerHtml: server !== null,
            serverBusy: server?.getAttribute('aria-busy') === 'true',
            serverText: (server?.textContent ?? '').trim().length > 0,
            kept: server !== null && server.isConnected && document.querySelector('#root main') === server,
          };
        });
        expect.soft(main.inServerHtml, `${path}: #root main in the server's HTML`).toBe(true);
        expect.soft(main.serverBusy, `${path}: the server's main is the page, not a loading skeleton`).toBe(false);
        expect.soft(main.serverText, `${path}: the server's main has text`).toBe(true);
        expect.soft(problems, `${path}: page errors, console errors and warnings`).toEqual([]);
        expect.soft(main.kept, `${path}: the server's #root main is the same node after hydration`).toBe(true);
      });
    }
  });
}

test("a part whose answer is slow is streamed after the page's shell, shown when it comes, and hydrated with the page (decision 0146) @viewport", async ({
  page,
  baseURL,
}) => {
  const title = `Streamed ${Date.now()} ${Math.floor(Math.random() * 1e6)}`;
  const [id] = (await control('/new-movie', { title })).out;
  const path = `/moviedetail/${id}`;
  // The movie's Recommended answer is held back in the database.
  await control('/hold-recommendations', { movieId: Number(id), ms: 2500 });
  const problems = listenForProblems(page, new URL(path, baseURL).href, 200);
  await keepServerMain(page);
  // The row's node as it arrives, to tell it from one drawn anew.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const row = document.getElementById('recommended');
      if (row) (window as unknown as { streamedRow: Element }).streamedRow ??= row;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(path, { waitUntil: 'commit' });
  // The shell is on screen without the answer: the title, and the row's skeleton.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.recommended-skeleton')).toBeVisible();
  await expect(page.locator('#recommended')).toHaveCount(0);
  const skeleton = await roomOf(page, '.recommended-skeleton', '#reviews');
  // Then the row, in the same response, in the skeleton's room: nothing moves.
  await expect(page.locator('#recommended h2')).toHaveText(MESSAGES.recommended, { timeout: 10_000 });
  await expect(page.locator('.recommended-skeleton')).toHaveCount(0);
  const row = await roomOf(page, '#recommended', '#reviews');
  expect(Math.abs(row.gap - skeleton.gap), 'where the row starts against its skeleton, px').toBeLessThan(1);
  expect(Math.abs(row.height - skeleton.height), "the row's height against its skeleton's, px").toBeLessThan(1);
  await waitForAppStart(page);
  const kept = await page.evaluate(() => {
    const w = window as unknown as { serverMain: Element | null; streamedRow?: Element };
    return {
      main: w.serverMain !== null && document.querySelector('#root main') === w.serverMain,
      row: !!w.streamedRow && document.getElementById('recommended') === w.streamedRow,
    };
  });
  expect(kept, "the server's main and its streamed row are the same nodes after hydration").toEqual({
    main: true,
    row: true,
  });
  expect(problems, 'page errors, console errors and warnings').toEqual([]);
  // The app has the page: a card of the row opens its movie without a document load.
  await page.locator('#recommended .wide-card').first().click();
  await expect(page).toHaveURL(/\/moviedetail\/\d+$/);
  await expect(page).not.toHaveURL(new RegExp(`${path}$`));
});
