import {
  GENRES,
  HOME_ROWS,
  LIST_PAGE_TEXTS,
  MESSAGES,
  PAGE_SHEET_ATTRIBUTE,
  SORT_OPTIONS,
  type CastMember,
  type HomeBody,
} from '@bosphorus/contract';
import type { APIRequestContext, Browser, Locator, Page, Route, TestInfo } from '@playwright/test';
import { ListPage } from '../pages/list-page.js';
import { api, knownSeries, richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { servedQuery } from '../support/served-data.js';

// Decision 0107: the server renders the page, so a visitor whose browser
// runs no script (a search engine's crawler, a reader mode, a script that
// failed to arrive) still reads it: home's featured title and rows, the
// lists' cards with a pagination of real links, and a title's name,
// description and cast, with its schema.org description (JSON-LD) for
// search engines.

test.use({ javaScriptEnabled: false });

/** The JSON-LD blocks of a served document, parsed. */
async function structuredData(page: Page, path: string): Promise<Record<string, unknown>[]> {
  const response = await page.request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>);
}

/** Each cast member's name shown in the page's cast. */
async function expectCast(main: Locator, cast: readonly CastMember[]) {
  expect(cast.length, 'the title has a cast').toBeGreaterThan(0);
  const section = main.locator('#cast');
  await expect(section.getByRole('heading', { name: MESSAGES.topCast, exact: true })).toBeVisible();
  for (const person of cast) await expect(section.getByText(person.name, { exact: true })).toBeVisible();
}

/** Page 2 of All Series for the first genre with two pages of A-Z results. */
async function twoPageGenre(request: APIRequestContext): Promise<number> {
  for (const genre of GENRES) {
    const { total_pages } = await api.series(request, { genre: genre.id, sortby: SORT_OPTIONS[0], page: 1 });
    if (total_pages >= 2) return genre.id;
  }
  throw new Error('No genre of the demo catalogue has two pages of series');
}

test('home shows the featured title and the rows with their cards', async ({ page }) => {
  const response = await page.goto('/');
  // What the server drew the page from (other specs publish episodes meanwhile).
  const home = servedQuery<HomeBody>(await response!.text(), ['home', 'visitor']);
  expect(home, 'the home answer in the served document').toBeDefined();
  const featured = home!.sliders.map((s) => s.series?.serie_title ?? s.movie?.movie_title).find(Boolean);
  expect(featured, 'a featured title').toBeTruthy();

  const hero = page.getByRole('region', { name: 'Featured', exact: true });
  await expect(hero.getByRole('heading', { name: featured, exact: true })).toBeVisible();
  // Every row, its first card's title: a series' or an episode's series, or a movie's.
  const rows = HOME_ROWS.map((row): [string, string | undefined] => {
    const first = home![row.key][0];
    return [row.label, first && ('movie_title' in first ? first.movie_title : first.serie_title)];
  });
  for (const [name, firstTitle] of rows) {
    expect(firstTitle, `a title in ${name}`).toBeTruthy();
    const row = page.getByRole('region', { name, exact: true });
    await expect(row.getByRole('heading', { name, exact: true })).toBeVisible();
    // The row's cards, each with its title as text, the answer's first one first.
    const cardTitles = row.getByRole('heading', { level: 3 });
    await expect(cardTitles.first()).toHaveText(firstTitle!);
    await expect(cardTitles.first()).toBeVisible();
    for (const title of await cardTitles.allTextContents())
      expect(title.trim(), `a card title in ${name}`).not.toBe('');
  }
});

test('All Series shows the cards and pages through real links', async ({ page, request }) => {
  const first = await api.series(request, { page: 1 });
  expect(first.total_pages, 'the demo catalogue has a second page of series').toBeGreaterThanOrEqual(2);
  const second = await api.series(request, { page: 2 });
  const list = new ListPage(page);

  await list.goto('series');
  // The server's page is titled as the app titles it, and names its own address.
  await expect(page).toHaveTitle(`${LIST_PAGE_TEXTS.series.title} — Bosphorus`);
  expect(await list.cardTitles()).toEqual(first.series.map((s) => s.serie_title));
  await expect(list.pagination).toBeVisible();
  await expect(list.pageButton(1)).toHaveAttribute('aria-current', 'page');
  await expect(list.pageButton(2)).toHaveAttribute('href', '/allseries?page=2');
  await expect(list.pageControl('Next page')).toHaveAttribute('href', '/allseries?page=2');
  await expect(list.pageControl('Last page')).toHaveAttribute('href', `/allseries?page=${first.total_pages}`);
  // Nowhere to go back to: no address, and said to be disabled.
  await expect(list.pageControl('Previous page')).toBeDisabled();
  await expect(list.pageControl('Previous page')).not.toHaveAttribute('href');

  // Without a script the link is an ordinary page load, drawn by the server.
  await list.pageButton(2).click();
  await expect(page).toHaveURL(/\/allseries\?page=2$/);
  await expect(list.pageButton(2)).toHaveAttribute('aria-current', 'page');
  expect(await list.cardTitles()).toEqual(second.series.map((s) => s.serie_title));
  await expect(list.pageControl('Previous page')).toHaveAttribute('href', '/allseries');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/allseries\?page=2$/);
});

test("a filtered, sorted list's page links keep its filters", async ({ page, request }) => {
  const genre = await twoPageGenre(request);
  const sortby = SORT_OPTIONS[0];
  const list = new ListPage(page);
  await list.goto('series', `?genre=${genre}&sortby=${sortby}`);
  await expect(list.pageButton(2)).toHaveAttribute('href', `/allseries?genre=${genre}&sortby=${sortby}&page=2`);
  await list.pageControl('Next page').click();
  await expect(page).toHaveURL(new RegExp(`/allseries\\?genre=${genre}&sortby=${sortby}&page=2$`));
  const second = await api.series(request, { genre, sortby, page: 2 });
  expect(await list.cardTitles()).toEqual(second.series.map((s) => s.serie_title));
});

test('a series page shows the title, its description and cast, and describes it as a schema.org TVSeries', async ({
  page,
  request,
}) => {
  const series = await knownSeries(request);
  const path = `/seriesdetail/${series.serie_id}`;
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(series.serie_title);
  await expect(main.getByText(series.serie_description, { exact: true })).toBeVisible();
  await expectCast(main, series.casts);

  const blocks = await structuredData(page, path);
  expect(blocks.map((b) => b['@type'])).toEqual(['TVSeries']);
  const data = blocks[0]!;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    name: series.serie_title,
    description: series.serie_description,
    numberOfSeasons: series.seasons.length,
    actor: series.casts.map((c) => ({ '@type': 'Person', name: c.name })),
  });
  const seasons = data.containsSeason as { '@type': string; episode?: { '@type': string; name: string }[] }[];
  expect(seasons.map((s) => s['@type'])).toEqual(series.seasons.map(() => 'TVSeason'));
  expect(seasons.flatMap((s) => s.episode ?? []).map((e) => e.name)).toEqual(
    series.seasons.flatMap((s) => s.episodes).map((e) => e.episode_title),
  );
});

test('a movie page shows the title, its description and cast, and describes it as a schema.org Movie', async ({
  page,
  request,
  baseURL,
}) => {
  const movie = await richMovie(request);
  const path = `/moviedetail/${movie.movie_id}`;
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(movie.movie_title);
  await expect(main.getByText(movie.movie_description, { exact: true })).toBeVisible();
  await expectCast(main, movie.casts);

  const blocks = await structuredData(page, path);
  expect(blocks.map((b) => b['@type'])).toEqual(['Movie']);
  expect(blocks[0]).toMatchObject({
    '@context': 'https://schema.org',
    name: movie.movie_title,
    description: movie.movie_description,
    datePublished: String(movie.movie_year),
    duration: expect.stringMatching(/^PT(\d+H)?(\d+M)?$/),
    actor: movie.casts.map((c) => ({ '@type': 'Person', name: c.name })),
    aggregateRating: { '@type': 'AggregateRating', ratingValue: movie.avg_rating },
  });
  // Absolute, on the address the page was opened at.
  expect(new URL(blocks[0]!.image as string).origin).toBe(new URL(baseURL!).origin);
});

/** Every element of the page's #root, its animations at their start: its tag and classes, its box, its colour and type size. */
async function drawn(page: Page) {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    return [...document.querySelectorAll('#root *')].slice(0, 1500).map((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return [
        `${el.tagName}.${el.getAttribute('class') ?? ''}`,
        [box.x, box.y, box.width, box.height].map(Math.round).join(','),
        style.display,
        style.color,
        style.backgroundColor,
        style.fontSize,
      ].join(' ');
    });
  });
}

/** The pages painted with their own rules only (the whole sheets refused) and with the whole sheets: the same. */
async function expectOwnRulesPaintAsWhole(browser: Browser, request: APIRequestContext, testInfo: TestInfo) {
  const series = await knownSeries(request);
  const movie = await richMovie(request);
  const { viewport, userAgent } = testInfo.project.use;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, userAgent });
  const page = await context.newPage();
  const sheets = /\/assets\/[^?]+\.css$/;
  const refuse = (route: Route) => route.abort();
  try {
    for (const path of ['/', '/allseries', `/seriesdetail/${series.serie_id}`, `/moviedetail/${movie.movie_id}`]) {
      // The first paint: the page's own rules only, the whole stylesheets refused.
      await page.route(sheets, refuse);
      await page.goto(path);
      const own = await drawn(page);
      // Then the whole stylesheets, as the page names them: its preloads of
      // them, which the start-up script makes stylesheet links of (decision 0154).
      await page.unroute(sheets, refuse);
      const named = await page.evaluate((attribute) => {
        const links = [...document.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][${attribute}]`)];
        for (const link of links) {
          const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', id: `whole-${link.href}` });
          sheet.href = link.href;
          document.head.append(sheet);
        }
        return links.length;
      }, PAGE_SHEET_ATTRIBUTE);
      expect(named, `${path} names its whole stylesheets`).toBeGreaterThan(0);
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLLinkElement>('link[id^="whole-"]')].every((link) => link.sheet !== null),
          ),
        )
        .toBe(true);
      expect(own, path).toEqual(await drawn(page));
    }
  } finally {
    await context.close();
  }
}

test('the stylesheet rules the server writes into a page paint it as the whole stylesheets do (decision 0109) @viewport', async ({
  browser,
  request,
}, testInfo) => {
  await expectOwnRulesPaintAsWhole(browser, request, testInfo);
});

test("a TV's page: its own rules paint it as the whole stylesheets do (decision 0109) @tv", async ({
  browser,
  request,
}, testInfo) => {
  await expectOwnRulesPaintAsWhole(browser, request, testInfo);
});
