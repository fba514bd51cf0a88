import {
  HERO_AUTOPLAY_MS,
  HERO_TAP_MAX_WIDTH_PX,
  LAYOUT_BREAKPOINT_PX,
  MESSAGES,
  slidesForWidth,
  TOP_CAROUSEL_SLIDES,
  type HomeBody,
  type Slider,
} from '@bosphorus/contract';
import { HOME_ROW_LABELS, homeRow, rowItems, type HomeRow } from '../pages/home-page.js';
import { api } from '../support/catalogue.js';
import { dragAcross } from '../support/geometry.js';
import { holdRequests, startedAndAsked } from '../support/hold.js';
import { expect, test } from '../support/fixtures.js';

// Spec §2 Home, §4 Other screens (carousel drag), §9 slides per view and
// hero timings; ui-contract "Home".

function sliderTitle(slider: Slider): string {
  const title = slider.movie?.movie_title ?? slider.series?.serie_title;
  if (!title) throw new Error(`slider ${slider.id} has neither a movie nor a series`);
  return title;
}

function sliderHref(slider: Slider): RegExp {
  return slider.movie
    ? new RegExp(`/moviedetail/${slider.movie.movie_id}`)
    : new RegExp(`/seriesdetail/${slider.series!.serie_id}`);
}

/** Spec §9: the top table by width, at most the row's limit (HOME_ROWS: the recent rows 4, the episode rows 3). */
function expectedPerView(row: HomeRow, width: number): number {
  return slidesForWidth(TOP_CAROUSEL_SLIDES, width, homeRow(row).limit);
}

test.beforeAll(async ({ request }) => {
  const { sliders } = await api.home(request);
  expect(sliders.length, 'the demo catalogue features at least two titles').toBeGreaterThan(1);
});

/**
 * What the page under test was given by /api/home: each test compares the
 * screen with it, since other specs publish episodes while this one runs.
 */
let homeData: HomeBody;

test.describe('hero', () => {
  // The slides move: autoplay, swipes and dots as a visitor with motion sees them.
  test.use({ reducedMotion: 'no-preference' });

  test.beforeEach(async ({ home, page }) => {
    // Keep the pointer away from the hero (hovering pauses autoplay) and the
    // clock stopped, so the slide on screen is the one the test expects.
    await page.mouse.move(1, 1);
    homeData = await home.gotoWithClockStopped();
  });

  test('shows the first featured title with Watch Now, Watch Trailer and More Detail @smoke @viewport', async ({
    home,
  }) => {
    expect(await home.currentHeroTitle()).toBe(sliderTitle(homeData.sliders[0]!));
    for (const name of [MESSAGES.watchNow, MESSAGES.watchTrailer, MESSAGES.moreDetail]) {
      await expect(await home.heroControl(name)).toBeVisible();
    }
    await expect(home.dots()).toHaveCount(homeData.sliders.length);
  });

  test('More Detail opens the detail page at #details', async ({ home, page }) => {
    const slider = homeData.sliders[0]!;
    await (await home.heroControl(MESSAGES.moreDetail)).click();
    await page.clock.resume();
    await expect(page).toHaveURL(new RegExp(`${sliderHref(slider).source}#details$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sliderTitle(slider));
    await expect(page.locator('#details')).toBeInViewport();
  });

  test('Watch Trailer opens the detail page at #trailer', async ({ home, page }) => {
    const slider = homeData.sliders[0]!;
    await (await home.heroControl(MESSAGES.watchTrailer)).click();
    await page.clock.resume();
    await expect(page).toHaveURL(new RegExp(`${sliderHref(slider).source}#trailer$`));
    await expect(page.locator('#trailer')).toBeInViewport();
  });

  test('Watch Now sends a visitor to sign in, saying why, with the way back', async ({ home, page }) => {
    await (await home.heroControl(MESSAGES.watchNow)).click();
    await page.clock.resume();
    await expect(page).toHaveURL(/\/signin\?next=%2F(watch%2F\d+|seriesdetail%2F\d+%23episodes)$/);
  });

  test('dots go to a slide and mark the current one', async ({ home }) => {
    await expect(home.dot(1)).toHaveAttribute('aria-current', /^(true|step)$/);
    await home.dot(2).click();
    await home.advance(1_500);
    await expect.poll(() => home.currentHeroTitle()).toBe(sliderTitle(homeData.sliders[1]!));
    await expect(home.dot(2)).toHaveAttribute('aria-current', /^(true|step)$/);
    await expect(home.dot(1)).not.toHaveAttribute('aria-current', /^(true|step)$/);
    await home.dot(1).click();
    await home.advance(1_500);
    await expect.poll(() => home.currentHeroTitle()).toBe(sliderTitle(homeData.sliders[0]!));
  });

  test('autoplay moves to the next slide after 5 seconds', async ({ home }) => {
    const first = sliderTitle(homeData.sliders[0]!);
    const second = sliderTitle(homeData.sliders[1]!);
    // Leaving the hero restarts the slide's full time from now.
    await home.hoverHeroAndLeave();
    await home.advance(HERO_AUTOPLAY_MS - 500);
    expect(await home.currentHeroTitle(), 'still the first slide before 5 s').toBe(first);
    await home.advance(1_500);
    await expect.poll(() => home.currentHeroTitle()).toBe(second);
  });

  test('autoplay waits while the mouse is over the hero', async ({ home, page }) => {
    test.skip(await page.evaluate(() => navigator.maxTouchPoints > 0), 'hover needs a mouse');
    const first = sliderTitle(homeData.sliders[0]!);
    await (await home.currentHeroHeading()).hover();
    await home.advance(HERO_AUTOPLAY_MS * 2);
    expect(await home.currentHeroTitle()).toBe(first);
  });

  test('a swipe on the hero changes the slide and opens nothing @viewport', async ({ home, page }) => {
    const box = (await (await home.currentHeroHeading()).boundingBox())!;
    const width = page.viewportSize()!.width;
    await dragAcross(page, { x: width * 0.8, y: box.y + box.height / 2 }, -width * 0.6);
    await home.advance(1_500);
    await page.clock.resume();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname, 'a swipe must not navigate').toBe('/');
    await expect.poll(() => home.currentHeroTitle()).toBe(sliderTitle(homeData.sliders[1]!));
  });

  test('tapping the hero card opens the detail page only below 592 px @viewport', async ({ home, page }) => {
    const heading = await home.currentHeroHeading();
    const narrow = page.viewportSize()!.width < HERO_TAP_MAX_WIDTH_PX;
    if (narrow) {
      await heading.tap();
      await page.clock.resume();
      await expect(page).toHaveURL(sliderHref(homeData.sliders[0]!));
    } else {
      await heading.click();
      await page.clock.resume();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });
});

test.describe('hero with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('does not autoplay', async ({ home, page }) => {
    await page.mouse.move(1, 1);
    homeData = await home.gotoWithClockStopped();
    const first = sliderTitle(homeData.sliders[0]!);
    expect(await home.currentHeroTitle()).toBe(first);
    await home.advance(HERO_AUTOPLAY_MS * 3);
    expect(await home.currentHeroTitle()).toBe(first);
  });

  test("a dot pressed before the slider's code is in shows its slide once it is", async ({ home, page }) => {
    // The hero's swipe and slide come in a chunk of their own, after the
    // first paint (decision 0093): the press lands while it is held back.
    const slider = await holdRequests(page, /\/assets\/embla-carousel[^/]*\.js$/);
    // The slides the page itself shows (other specs change the catalogue meanwhile).
    const { sliders } = await home.goto();
    await startedAndAsked(page, slider, "the slider's chunk");
    await home.dot(2).click();
    expect(await home.currentHeroTitle()).toBe(sliderTitle(sliders[0]!));
    slider.release();
    await expect(home.dot(2)).toHaveAttribute('aria-current', /^(true|step)$/);
    await expect
      .poll(() => home.currentHeroTitle().catch(async (error: Error) => `${error.message}; ${await home.heroState()}`))
      .toBe(sliderTitle(sliders[1]!));
  });
});

test.describe('rows', () => {
  test.beforeEach(async ({ home }) => {
    homeData = await home.goto();
  });

  test('every row has its heading, controls and cards linking to detail pages @smoke', async ({ home }) => {
    for (const row of HOME_ROW_LABELS) {
      await home.row(row).scrollIntoViewIfNeeded();
      await expect(home.rowHeading(row), `${row} heading`).toBeVisible();
      const cards = home.rowCards(row);
      await expect(cards.first(), `${row} cards`).toBeVisible();
      expect(await cards.count()).toBe(rowItems(homeData, row).length);
      const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const pattern = homeRow(row).kind === 'movies' ? /^\/moviedetail\/\d+$/ : /^\/seriesdetail\/\d+$/;
      for (const href of hrefs) expect(href, `${row} card link`).toMatch(pattern);
    }
  });

  test('latest episode cards show series, season and episode titles', async ({ home }) => {
    const episode = homeData.latestEpisodes[0]!;
    const card = home.rowCards('Latest episodes').first();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute('href', `/seriesdetail/${episode.serie_id}`);
    await expect(card).toContainText(episode.serie_title);
    await expect(card).toContainText(episode.season_title);
    await expect(card).toContainText(episode.episode_title);
  });

  test('a card opens its detail page', async ({ home, page }) => {
    const card = homeData.topMovies[0]!;
    const link = home.rowCards('Top Movies').first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/moviedetail/${card.movie_id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.movie_title);
  });

  test('Back from a card returns to the same place on home @viewport', async ({ home, page }) => {
    // Far down the page, where home is taller than the detail page it comes back from.
    const row: HomeRow = 'Top Movies';
    await home.rowHeading(row).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    const left = await page.evaluate(() => Math.round(window.scrollY));
    expect(left, 'home scrolled down to the row').toBeGreaterThan(0);
    await home.rowCards(row).first().click();
    await expect(page).toHaveURL(/\/moviedetail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { message: 'scroll place' }).toBe(left);
    await expect(home.rowCards(row).first()).toBeInViewport();
  });

  test('slides per view follow the width table @smoke @viewport', async ({ home, page }) => {
    const width = page.viewportSize()!.width;
    for (const row of HOME_ROW_LABELS) {
      const expected = Math.min(expectedPerView(row, width), rowItems(homeData, row).length);
      await expect.poll(() => home.fullyVisibleCardCount(row), { message: `${row} at ${width} px` }).toBe(expected);
    }
  });

  test('a row shows its whole cards and, on phones, a peek of the next @viewport', async ({ home, page }) => {
    const width = page.viewportSize()!.width;
    for (const row of HOME_ROW_LABELS) {
      const perView = expectedPerView(row, width);
      if (rowItems(homeData, row).length <= perView) continue;
      const shares = await home.shownShares(row, perView + 1);
      for (const [i, share] of shares.slice(0, perView).entries()) {
        expect(share, `${row}: card ${i + 1} wholly shown at ${width} px`).toBeGreaterThan(0.99);
      }
      const next = shares[perView]!;
      if (width < LAYOUT_BREAKPOINT_PX) {
        // UI.md Layout: a sliver of the next card, so the row reads as a shelf (issue 15: 15–25%).
        expect(next, `${row}: the peek of card ${perView + 1} at ${width} px`).toBeGreaterThanOrEqual(0.15);
        expect(next, `${row}: the peek of card ${perView + 1} at ${width} px`).toBeLessThanOrEqual(0.25);
      } else {
        expect(next, `${row}: no peek at ${width} px (previous/next buttons)`).toBe(0);
      }
    }
  });

  test('"See all" ends each row and leads to its list', async ({ home, page }) => {
    const lists: Record<HomeRow, string> = {
      'Top Series': '/allseries',
      'Recent Series': '/allseries',
      'Latest episodes': '/allseries?status=ongoing',
      'New with English subtitles': '/allseries?status=ongoing',
      'Top Movies': '/allmovies',
      'Recent Movies': '/allmovies',
    };
    for (const row of HOME_ROW_LABELS) await expect(home.seeAll(row), row).toHaveAttribute('href', lists[row]);
    // The keyboard: Tab from the last card lands on it, the row slides it into view, Enter opens the list.
    const row: HomeRow = 'Recent Movies';
    await home.rowCards(row).last().focus();
    await page.keyboard.press('Tab');
    await expect(home.seeAll(row)).toBeFocused();
    await expect.poll(() => home.shownShare(row, home.seeAll(row))).toBeGreaterThan(0.99);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/allmovies$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.allMovies);
  });

  test('a swipe reaches "See all" at the end of a row @viewport', async ({ home, page }) => {
    // Up to two swipes a card, each left to settle: slower than one expectation on a busy machine.
    test.setTimeout(150_000);
    const row: HomeRow = 'Top Series';
    await home.rowCards(row).first().scrollIntoViewIfNeeded();
    const strip = (await home.row(row).locator('.carousel__viewport').boundingBox())!;
    const width = Math.min(strip.width, page.viewportSize()!.width - strip.x);
    const seeAllShown = () => home.shownShare(row, home.seeAll(row));
    // Swipes leftwards over the cards (from the right edge, 70% of the strip), as a thumb does.
    for (let i = 0; i < 2 * rowItems(homeData, row).length && (await seeAllShown()) < 0.99; i++) {
      await dragAcross(page, { x: strip.x + width - 20, y: strip.y + strip.height / 3 }, -0.7 * width);
      await page.waitForTimeout(700);
    }
    await expect.poll(seeAllShown, { message: 'swiped to the end of the row' }).toBeGreaterThan(0.99);
    await home.seeAll(row).click();
    await expect(page).toHaveURL(/\/allseries$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.allSeries);
  });

  test('slides per view change at the width table borders', async ({ home, page }) => {
    test.skip(page.viewportSize()!.width < 1440, 'resizes a desktop window');
    const row: HomeRow = 'Top Series';
    // Spec §9, written out here rather than read from the app's own table:
    // up to 426 px 1; to 769 px 2; to 1025 px 3; to 1440 px 4; above that 5.
    const table: Array<[number, number]> = [
      [426, 1],
      [427, 2],
      [769, 2],
      [770, 3],
      [1025, 3],
      [1026, 4],
      [1440, 4],
      [1441, 5],
    ];
    for (const [width, slides] of table) {
      await page.setViewportSize({ width, height: 900 });
      const expected = Math.min(slides, rowItems(homeData, row).length);
      await expect.poll(() => home.fullyVisibleCardCount(row), { message: `${row} at ${width} px` }).toBe(expected);
    }
  });

  test('Next and Previous move a row @viewport', async ({ home, page }) => {
    const row: HomeRow = 'Top Series';
    const width = page.viewportSize()!.width;
    test.skip(rowItems(homeData, row).length <= expectedPerView(row, width), 'the row fits on one screen');
    await home.row(row).scrollIntoViewIfNeeded();
    const firstCard = home.rowCards(row).first();
    await expect(home.previousButton(row)).toBeDisabled();
    const x0 = (await firstCard.boundingBox())!.x;
    await home.nextButton(row).click();
    await expect.poll(async () => (await firstCard.boundingBox())!.x).toBeLessThan(x0 - 50);
    await expect(home.previousButton(row)).toBeEnabled();
    await home.previousButton(row).click();
    await expect.poll(async () => Math.round((await firstCard.boundingBox())!.x)).toBe(Math.round(x0));
  });

  test('dragging a carousel scrolls it and does not open a card @viewport', async ({ home, page }) => {
    const row: HomeRow = 'Top Series';
    const width = page.viewportSize()!.width;
    test.skip(rowItems(homeData, row).length <= expectedPerView(row, width), 'the row fits on one screen');
    const firstCard = home.rowCards(row).first();
    await firstCard.scrollIntoViewIfNeeded();
    const x0 = (await firstCard.boundingBox())!.x;
    await home.dragRow(row);
    await page.waitForTimeout(600);
    expect(new URL(page.url()).pathname, 'a drag must not navigate').toBe('/');
    await expect
      .poll(async () => (await firstCard.boundingBox())!.x, { message: 'the row moved' })
      .toBeLessThan(x0 - 50);
  });
});

test.describe('welcome section', () => {
  test('invites a visitor to log in or register', async ({ home, page }) => {
    await home.goto();
    await home.welcomeHeading.scrollIntoViewIfNeeded();
    await expect(home.welcomeHeading).toBeVisible();
    for (const claim of [
      /no ad/i,
      /english subtitles/i,
      /unlimited devices/i,
      /\bHD\b/,
      /new episode notifications/i,
    ]) {
      await expect(page.getByRole('main').getByText(claim).first(), String(claim)).toBeVisible();
    }
    await home.loginNow.click();
    await expect(page).toHaveURL(/\/signin$/);
    await home.goto();
    await home.register.click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
