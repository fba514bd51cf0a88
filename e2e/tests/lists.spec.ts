import {
  compareTurkish,
  GENRES,
  MESSAGES,
  PAGINATION_WINDOW,
  SEARCH_DEBOUNCE_MS,
  YEAR_OPTIONS,
  type MovieCard,
  type SeriesCard,
} from '@bosphorus/contract';
import type { APIRequestContext } from '@playwright/test';
import { LIST_PATH, type FilterName, type ListKind } from '../pages/list-page.js';
import { api, hrefOf, KNOWN_ACTOR, KNOWN_SERIES_QUERY, KNOWN_SERIES_TITLE, titleOf } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { drawnByTheBrowser, servedQuery } from '../support/served-data.js';

// Spec §2 Lists, §4 Lists and filters, §9 search debounce and pagination
// window; ui-contract "Lists".

type Params = Record<string, string | number | undefined>;

async function listPage(request: APIRequestContext, kind: ListKind, params: Params) {
  if (kind === 'series') {
    const body = await api.series(request, params);
    return { items: body.series as Array<SeriesCard | MovieCard>, totalPages: body.total_pages };
  }
  const body = await api.movies(request, params);
  return { items: body.movies as Array<SeriesCard | MovieCard>, totalPages: body.total_pages };
}

for (const kind of ['series', 'movies'] as const) {
  test.describe(`${LIST_PATH[kind]}`, () => {
    test(`cards render in the order the API gives @smoke`, async ({ list, request }) => {
      const { items } = await listPage(request, kind, { page: 1 });
      await list.goto(kind);
      await list.waitForCards();
      expect(await list.cardHrefs()).toEqual(items.map(hrefOf));
      await expect(list.search).toHaveAttribute('placeholder', MESSAGES.searchPlaceholder);
      await expect(list.search).toHaveAttribute('type', 'search');
      const firstTitle = titleOf(items[0]!);
      await expect(list.card(firstTitle)).toBeVisible();
    });

    test('sort cycles A-Z, Z-A, A-Z and orders the cards in Turkish order', async ({ list, request }) => {
      const az = (await listPage(request, kind, { sortby: 'A-Z', page: 1 })).items.map(titleOf);
      const za = (await listPage(request, kind, { sortby: 'Z-A', page: 1 })).items.map(titleOf);
      // The API's order is the Turkish alphabet (ç after c, ı before i, ş after s).
      expect([...az].sort(compareTurkish)).toEqual(az);
      expect([...za].sort((a, b) => compareTurkish(b, a))).toEqual(za);

      await list.goto(kind);
      await list.waitForCards();
      await expect(list.sortButton).toHaveAccessibleName('Sort: none');
      await expect(list.sortButton).toHaveText('Sort');

      await list.sortButton.click();
      await expect(list.sortButton).toHaveAccessibleName('Sort: A-Z');
      await expect(list.sortButton).toHaveText('A-Z');
      await expect.poll(() => list.cardTitles()).toEqual(az);

      await list.sortButton.click();
      await expect(list.sortButton).toHaveAccessibleName('Sort: Z-A');
      await expect(list.sortButton).toHaveText('Z-A');
      await expect.poll(() => list.cardTitles()).toEqual(za);

      await list.sortButton.click();
      await expect(list.sortButton).toHaveAccessibleName('Sort: A-Z');
      await expect.poll(() => list.cardTitles()).toEqual(az);
    });

    test('pagination: next, last, previous, first, window of at most 5 numbers', async ({ list, request, page }) => {
      const { totalPages } = await listPage(request, kind, { page: 1 });
      test.skip(totalPages < 2, 'the demo catalogue fits on one page');
      const page2 = (await listPage(request, kind, { page: 2 })).items;
      const last = (await listPage(request, kind, { page: totalPages })).items;

      await list.goto(kind);
      await list.waitForCards();
      await expect(list.pagination).toBeVisible();
      await expect(list.pageButton(1)).toHaveAttribute('aria-current', 'page');
      await expect(list.currentPage()).toHaveCount(1);
      expect(await list.pageNumbers().count()).toBe(Math.min(PAGINATION_WINDOW, totalPages));
      await expect(list.pageControl('First page')).toBeDisabled();
      await expect(list.pageControl('Previous page')).toBeDisabled();

      await list.pageControl('Next page').click();
      await expect(list.pageButton(2)).toHaveAttribute('aria-current', 'page');
      await expect(list.pageButton(1)).not.toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect.poll(() => list.cardHrefs()).toEqual(page2.map(hrefOf));

      if (totalPages > 2) {
        await list.pageControl('Last page').click();
        await expect(list.pageButton(totalPages)).toHaveAttribute('aria-current', 'page');
        await expect(page).toHaveURL(new RegExp(`[?&]page=${totalPages}(&|$)`));
        await expect.poll(() => list.cardHrefs()).toEqual(last.map(hrefOf));
        expect(await list.pageNumbers().count()).toBeLessThanOrEqual(PAGINATION_WINDOW);
        await list.pageControl('Previous page').click();
        await expect(list.pageButton(totalPages - 1)).toHaveAttribute('aria-current', 'page');
        await list.pageControl('Last page').click();
      }
      // On the last page there is nowhere further to go.
      await expect(list.pageButton(totalPages)).toHaveAttribute('aria-current', 'page');
      await expect(list.pageControl('Next page')).toBeDisabled();
      await expect(list.pageControl('Last page')).toBeDisabled();

      await list.pageControl('First page').click();
      await expect(list.pageButton(1)).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveURL(/[?&]page=1(&|$)|\/all(series|movies)$/);
    });

    test('the page-number window shows at most 5 numbers around the current page', async ({ list, page }) => {
      // The demo catalogue has only a few pages: the answer is stretched to
      // 12 pages (every page showing the first page's cards) to see the window
      // move. The page is drawn by the browser from that answer, as when the
      // server could not render it (the server's page holds the real count).
      const TOTAL = 12;
      await drawnByTheBrowser(page, LIST_PATH[kind]);
      const apiPath = kind === 'series' ? '/api/series' : '/api/movies/filters';
      await page.route(
        (url) => url.pathname === apiPath,
        async (route) => {
          const url = new URL(route.request().url());
          url.searchParams.set('page', '1');
          try {
            const response = await route.fetch({ url: url.toString() });
            const json = (await response.json()) as { body: { total_pages: number } };
            json.body.total_pages = TOTAL;
            await route.fulfill({ response, json });
          } catch (error) {
            // The next goto started before this answer arrived (a slow
            // machine): its request was cancelled and the answer disposed.
            // The page no longer waits for it; anything else is a failure.
            if (!/disposed|closed|cancel/i.test(String(error))) throw error;
          }
        },
      );
      const windowAt = async (current: number) => {
        await list.goto(kind, `?page=${current}`);
        await expect(list.pageButton(current)).toHaveAttribute('aria-current', 'page');
        return list
          .pageNumbers()
          .evaluateAll((buttons) =>
            buttons.map((b) => Number(/\d+/.exec(b.getAttribute('aria-label') ?? b.textContent ?? '')?.[0])),
          );
      };
      expect(await windowAt(1)).toEqual([1, 2, 3, 4, 5]);
      expect(await windowAt(6)).toEqual([4, 5, 6, 7, 8]);
      expect(await windowAt(TOTAL)).toEqual([8, 9, 10, 11, 12]);
      await list.pageControl('Previous page').click();
      await expect(list.pageButton(TOTAL - 1)).toHaveAttribute('aria-current', 'page');
    });

    test('a page number in the address opens that page', async ({ list, request }) => {
      const { totalPages } = await listPage(request, kind, { page: 1 });
      test.skip(totalPages < 2, 'the demo catalogue fits on one page');
      const page2 = (await listPage(request, kind, { page: 2 })).items;
      await list.goto(kind, '?page=2');
      await expect(list.pageButton(2)).toHaveAttribute('aria-current', 'page');
      await expect.poll(() => list.cardHrefs()).toEqual(page2.map(hrefOf));
    });

    test('a spinner shows while the list loads', async ({ list, page }) => {
      // The first page comes rendered with the document (decision 0107): the
      // spinner is for the pages the viewer asks for next.
      await list.goto(kind);
      await list.waitForCards();
      const path = kind === 'series' ? '**/api/series?**' : '**/api/movies/filters?**';
      await page.route(path, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await list.sortButton.click();
      await expect(list.spinner).toBeVisible();
      await list.waitForCards();
    });

    test("the page comes rendered with the document: its cards and posters in the server's HTML, no list request", async ({
      list,
      page,
      request,
    }) => {
      const html = await (await request.get(LIST_PATH[kind])).text();
      const body = servedQuery<{ series?: SeriesCard[]; movies?: MovieCard[] }>(html, [
        kind === 'series' ? 'series-list' : 'movies-list',
        'page=1',
      ]);
      expect(body, "the first page's answer in the document").toBeDefined();
      const cards = kind === 'series' ? body!.series! : body!.movies!;
      const images = cards.map((item) => ('serie_image' in item ? item.serie_image : item.movie_image));
      // Titles other tests add may have no picture yet: the first with one is drawn by the server.
      const first = images.find(Boolean)!;
      expect(html).toMatch(new RegExp(`<img [^>]*src="/uploads/${encodeURIComponent(first).replace(/[.]/g, '\\.')}"`));
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/(series|movies\/filters)\?/.test(r.url())) asked.push(r.url());
      });
      await list.goto(kind);
      await list.waitForCards();
      expect(asked).toEqual([]);
    });

    test('a filter combination matching nothing shows No Results and Clear filters', async ({ list, request }) => {
      let found: { year: string; genre: (typeof GENRES)[number] } | null = null;
      outer: for (const year of [...YEAR_OPTIONS].reverse()) {
        for (const genre of GENRES) {
          const { items } = await listPage(request, kind, { year, genre: genre.id, page: 1 });
          if (items.length === 0) {
            found = { year, genre };
            break outer;
          }
        }
      }
      test.skip(!found, 'every year and genre pair has a title');
      await list.goto(kind);
      await list.waitForCards();
      await list.setOption('Year', found!.year);
      await list.setOption('Genre', found!.genre.title);
      await expect(list.noResults).toBeVisible();
      await expect(list.cards).toHaveCount(0);
      await list.clearFilters.click();
      await list.waitForCards();
      await expect(list.noResults).toBeHidden();
    });
  });
}

test.describe('search', () => {
  test('typing searches after the debounce and writes ?search= @smoke', async ({ list, page }) => {
    const sent: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/series' && url.searchParams.get('search')) sent.push(url.searchParams.get('search')!);
    });
    await list.gotoWithClockStopped('series');
    // Keys 100 ms apart (on the page's clock) never leave 400 ms of quiet…
    for (const key of KNOWN_SERIES_QUERY) {
      await list.search.press(key);
      await page.clock.runFor(SEARCH_DEBOUNCE_MS / 4);
    }
    await expect(list.search).toHaveValue(KNOWN_SERIES_QUERY);
    expect(sent, 'nothing is searched while typing').toEqual([]);
    // …and 400 ms after the last key the whole word is searched, once.
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await page.clock.resume();
    await expect(page).toHaveURL(new RegExp(`[?&]search=${KNOWN_SERIES_QUERY}(&|$)`));
    await expect(list.card(KNOWN_SERIES_TITLE)).toBeVisible();
    expect([...new Set(sent)], 'search texts sent').toEqual([KNOWN_SERIES_QUERY]);
  });

  test('an actor name finds their series', async ({ list, page }) => {
    await list.goto('series');
    await list.search.fill(KNOWN_ACTOR);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(list.card(KNOWN_SERIES_TITLE)).toBeVisible();
  });

  test('a deep link with ?search= fills the box and filters', async ({ list, request }) => {
    const { items } = await listPage(request, 'series', { search: KNOWN_SERIES_QUERY, page: 1 });
    await list.goto('series', `?search=${KNOWN_SERIES_QUERY}`);
    await expect(list.search).toHaveValue(KNOWN_SERIES_QUERY);
    await expect(list.card(KNOWN_SERIES_TITLE)).toBeVisible();
    expect(await list.cardHrefs()).toEqual(items.map(hrefOf));
  });

  test('movies search by title', async ({ list, request, page }) => {
    const { items } = await listPage(request, 'movies', { page: 1 });
    const title = titleOf(items[items.length - 1]!);
    const word = title.split(/\s+/).find((w) => w.length >= 4) ?? title;
    await list.goto('movies');
    await list.waitForCards();
    await list.search.fill(word);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(list.card(title)).toBeVisible();
  });
});

test.describe('list state in the address (docs/decisions/0010)', () => {
  test('a shared link restores filters, sort and page', async ({ list, request }) => {
    const params = { genre: '5', status: 'ended', sortby: 'Z-A' };
    const expected = (await listPage(request, 'series', { ...params, page: 1 })).items;
    await list.goto('series', `?${new URLSearchParams(params).toString()}`);
    await expect.poll(() => list.cardHrefs()).toEqual(expected.map(hrefOf));
    await expect(list.sortButton).toHaveAccessibleName('Sort: Z-A');
    await list.openFilter('Genre');
    await expect(await list.option('Genre', 'History')).toBeChecked();
    await list.openFilter('Status');
    await expect(await list.option('Status', MESSAGES.ended)).toBeChecked();
    await expect(await list.option('Status', MESSAGES.ongoing)).not.toBeChecked();
  });

  test('Back undoes a filter change; a filter change returns to page 1', async ({ list, request, page }) => {
    const { totalPages } = await listPage(request, 'series', { page: 1 });
    test.skip(totalPages < 2, 'the demo catalogue fits on one page');
    const page2 = (await listPage(request, 'series', { page: 2 })).items;
    const ongoing = (await listPage(request, 'series', { status: 'ongoing', page: 1 })).items;
    await list.goto('series', '?page=2');
    await expect.poll(() => list.cardHrefs()).toEqual(page2.map(hrefOf));

    await list.setOption('Status', MESSAGES.ongoing);
    await expect(page).toHaveURL(/[?&]status=ongoing/);
    await expect(page).not.toHaveURL(/[?&]page=[2-9]/);
    await expect.poll(() => list.cardHrefs()).toEqual(ongoing.map(hrefOf));

    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect.poll(() => list.cardHrefs()).toEqual(page2.map(hrefOf));
  });

  test('a page past the end shows the last page', async ({ list, request }) => {
    const { totalPages } = await listPage(request, 'movies', { page: 1 });
    const last = (await listPage(request, 'movies', { page: totalPages })).items;
    await list.goto('movies', '?page=999');
    await expect.poll(() => list.cardHrefs()).toEqual(last.map(hrefOf));
    if (totalPages > 1) await expect(list.pageButton(totalPages)).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('filter dropdowns', () => {
  test('one open at a time; clicking the open one closes it; Escape and outside click close @viewport', async ({
    list,
    page,
  }) => {
    await list.goto('series');
    await list.waitForCards();
    const names: FilterName[] = ['Year', 'Status', 'Genre'];
    for (const name of names) await expect(list.filterButton(name)).toHaveAttribute('aria-expanded', 'false');

    await list.openFilter('Year');
    await list.openFilter('Genre');
    await expect(list.filterButton('Year')).toHaveAttribute('aria-expanded', 'false');
    await expect(await list.panel('Year')).toBeHidden();
    await list.openFilter('Status');
    await expect(list.filterButton('Genre')).toHaveAttribute('aria-expanded', 'false');

    await list.filterButton('Status').click();
    await expect(list.filterButton('Status')).toHaveAttribute('aria-expanded', 'false');
    await expect(await list.panel('Status')).toBeHidden();

    await list.openFilter('Year');
    await page.keyboard.press('Escape');
    await expect(list.filterButton('Year')).toHaveAttribute('aria-expanded', 'false');

    await list.openFilter('Genre');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(list.filterButton('Genre')).toHaveAttribute('aria-expanded', 'false');
  });

  test('the panels list the spec options; movies have no Status', async ({ list }) => {
    await list.goto('series');
    const years = await list.openFilter('Year');
    for (const year of YEAR_OPTIONS)
      await expect(years.getByRole('checkbox', { name: year, exact: true })).toBeVisible();
    const genres = await list.openFilter('Genre');
    for (const g of GENRES) await expect(genres.getByRole('checkbox', { name: g.title, exact: true })).toBeVisible();
    const status = await list.openFilter('Status');
    for (const s of [MESSAGES.ongoing, MESSAGES.ended]) {
      await expect(status.getByRole('checkbox', { name: s, exact: true })).toBeVisible();
    }
    await list.goto('movies');
    await expect(list.filterButton('Year')).toBeVisible();
    await expect(list.filterButton('Status')).toHaveCount(0);
  });

  test('a genre filter shows the matching titles and Clear Genre unticks the group', async ({ list, request }) => {
    const genre = GENRES.find((g) => g.title === 'History')!;
    const filtered = (await listPage(request, 'series', { genre: genre.id, page: 1 })).items;
    const unfiltered = (await listPage(request, 'series', { page: 1 })).items;
    await list.goto('series');
    await list.waitForCards();
    await expect(list.clearButton('Genre')).toHaveCount(0);

    await list.setOption('Genre', genre.title);
    await expect.poll(() => list.cardHrefs()).toEqual(filtered.map(hrefOf));
    await list.setOption('Genre', 'Drama');
    await expect(list.clearButton('Genre')).toBeVisible();

    await list.clearButton('Genre').click();
    await expect(list.clearButton('Genre')).toHaveCount(0);
    await list.openFilter('Genre');
    await expect(await list.option('Genre', genre.title)).not.toBeChecked();
    await expect(await list.option('Genre', 'Drama')).not.toBeChecked();
    await expect.poll(() => list.cardHrefs()).toEqual(unfiltered.map(hrefOf));
  });

  test('Year allows several options and Clear Year unticks them', async ({ list, request }) => {
    const both = (await listPage(request, 'series', { year: '2016-2020,2011-2015', page: 1 })).items;
    await list.goto('series');
    await list.waitForCards();
    await list.setOption('Year', '2016-2020');
    await list.setOption('Year', '2011-2015');
    await expect(await list.option('Year', '2016-2020')).toBeChecked();
    await expect(await list.option('Year', '2011-2015')).toBeChecked();
    await expect.poll(() => list.cardHrefs()).toEqual(both.map(hrefOf));
    await list.clearButton('Year').click();
    await list.openFilter('Year');
    await expect(await list.option('Year', '2016-2020')).not.toBeChecked();
    await expect(await list.option('Year', '2011-2015')).not.toBeChecked();
  });

  test('Status is a single choice; unticking leaves no status', async ({ list, request }) => {
    const ended = (await listPage(request, 'series', { status: 'ended', page: 1 })).items;
    const ongoing = (await listPage(request, 'series', { status: 'ongoing', page: 1 })).items;
    const all = (await listPage(request, 'series', { page: 1 })).items;
    await list.goto('series');
    await list.waitForCards();

    await list.setOption('Status', MESSAGES.ongoing);
    await expect.poll(() => list.cardHrefs()).toEqual(ongoing.map(hrefOf));
    await list.setOption('Status', MESSAGES.ended);
    await expect(await list.option('Status', MESSAGES.ongoing)).not.toBeChecked();
    await expect(await list.option('Status', MESSAGES.ended)).toBeChecked();
    await expect.poll(() => list.cardHrefs()).toEqual(ended.map(hrefOf));

    await list.setOption('Status', MESSAGES.ended, false);
    await expect(await list.option('Status', MESSAGES.ended)).not.toBeChecked();
    await expect(await list.option('Status', MESSAGES.ongoing)).not.toBeChecked();
    await expect(list.clearButton('Status')).toHaveCount(0);
    await expect.poll(() => list.cardHrefs()).toEqual(all.map(hrefOf));
  });
});

test.describe('with motion', () => {
  // The suite asks for reduced motion (decision 0145); this is the smooth path.
  test.use({ reducedMotion: 'no-preference' });

  test('a page change glides up to the results', async ({ list, request, page }) => {
    const { totalPages } = await listPage(request, 'series', { page: 1 });
    expect(totalPages, 'the demo catalogue has a second page of series').toBeGreaterThan(1);
    await list.goto('series');
    await list.waitForCards();
    await list.pagination.scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => window.scrollY);
    expect(start, 'the pagination is below the first screen').toBeGreaterThan(0);
    // Every frame's scroll position until it has moved and come to rest.
    const positions = page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          const began = performance.now();
          const frame = () => {
            seen.push(window.scrollY);
            const moved = seen.some((y) => y !== seen[0]);
            const resting = moved && seen.slice(-10).every((y) => y === seen.at(-1));
            if (resting || performance.now() - began > 5000) resolve(seen);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );
    await list.pageControl('Next page').click();
    const seen = await positions;
    const end = seen.at(-1)!;
    expect(end, 'the results come up').toBeLessThan(start);
    const between = new Set(seen.filter((y) => y < start && y > end));
    // A jump lands in one frame (none between); a busy machine may draw only a
    // couple of a glide's frames, so one position on the way is the glide.
    expect(between.size, 'the scroll passes through positions on its way, not in one jump').toBeGreaterThan(0);
    await expect(list.cards.first()).toBeInViewport();
    await expect(list.pageButton(2)).toHaveAttribute('aria-current', 'page');
  });
});
