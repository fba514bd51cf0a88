import { LAYOUT_BREAKPOINT_PX, MESSAGES, slidesForWidth, TOP_CAROUSEL_SLIDES } from '@bosphorus/contract';
import { expect, test } from '../support/fixtures.js';

// Issue 15, decision 0060: the served document itself holds the page shell —
// the header, the hero area and the home rows' skeletons — so it paints
// before any script has arrived. Seen here with JavaScript off.

test.describe('the page shell without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home paints the header, the hero area and the row skeletons from the document @viewport', async ({ page }) => {
    await page.goto('/');
    const root = page.locator('#root');
    await expect(root.getByRole('link', { name: 'Bosphorus home' })).toBeVisible();
    await expect(root.locator('.hero.hero--skeleton')).toBeVisible();
    const heroBox = await root.locator('.hero.hero--skeleton').boundingBox();
    expect(heroBox!.height).toBeGreaterThan(150);
    // The five rows in the spec's order, each with its skeleton cards.
    await expect(root.locator('.home-row .row__title')).toHaveText([
      MESSAGES.topSeries,
      MESSAGES.recentSeries,
      MESSAGES.latestEpisodes,
      MESSAGES.topMovies,
      MESSAGES.recentMovies,
    ]);
    // As many cards in view as the carousel shows at this width (spec §9),
    // and below the layout breakpoint the one that peeks, as the app's rows (decision 0070).
    const width = page.viewportSize()!.width;
    const whole = slidesForWidth(TOP_CAROUSEL_SLIDES, width);
    const firstRow = root.locator('.home-row').first();
    await expect(firstRow.locator('.carousel__slide:visible')).toHaveCount(
      width < LAYOUT_BREAKPOINT_PX ? whole + 1 : whole,
    );
    const poster = await firstRow.locator('.carousel__slide .skeleton').first().boundingBox();
    expect(poster!.height / poster!.width).toBeCloseTo(1.5, 1);
    // The hero's cover and the first row's posters are in the document (decision 0094), drawn without a script.
    const cover = root.locator('.hero--skeleton .hero__media img');
    await expect(cover).toHaveAttribute('srcset', /-640\.webp 640w/);
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const firstPoster = firstRow.locator('.carousel__slide img').first();
    await expect
      .poll(() => firstPoster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const posterBox = await firstPoster.boundingBox();
    expect(posterBox!.width).toBeCloseTo(poster!.width, 0);
  });

  test('another page has the header and no home skeletons, and no home data', async ({ page }) => {
    const response = await page.goto('/allseries');
    expect(response!.status()).toBe(200);
    await expect(page.locator('#root').getByRole('link', { name: 'Bosphorus home' })).toBeVisible();
    await expect(page.locator('#root .hero')).toHaveCount(0);
    await expect(page.locator('#root .home-row')).toHaveCount(0);
    await expect(page.locator('#home-answer')).toHaveCount(0);
  });
});

test("with JavaScript the app replaces the shell: one header, the home rows drawn from the document's data", async ({
  page,
}) => {
  const homeCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/home') homeCalls.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('.hero').getByText(MESSAGES.watchNow).first()).toBeVisible();
  await expect(page.locator('header.site-header')).toHaveCount(1);
  await expect(page.locator('#root .hero--skeleton')).toHaveCount(0);
  // A visitor's first home needs no call: the answer came with the document.
  expect(homeCalls).toEqual([]);
});

test('a viewer who scrolls the shell before the app has drawn keeps the place @viewport', async ({ page }) => {
  // The app's entry held back, as a slow link does, while the shell is on screen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root .hero--skeleton')).toBeVisible();
  await page.mouse.move(100, 300);
  await page.mouse.wheel(0, 700);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(300);
  const left = await page.evaluate(() => Math.round(window.scrollY));
  release();
  // The app has drawn home over the shell.
  await expect(page.locator('#root .hero--skeleton')).toHaveCount(0);
  await expect(page.locator('.hero').getByText(MESSAGES.watchNow).first()).toBeAttached();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(left);
});
