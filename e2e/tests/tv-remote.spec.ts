import type { Locator, Page } from '@playwright/test';
import { MESSAGES, seeAllLabel } from '@bosphorus/contract';
import { freshEmail, PASSWORD, profileMenu, registerAndVerify } from '../pages/auth-pages.js';
import { ChoosePlanPage, CheckoutCompletePage, DemoCheckoutPage, PLAN_TEXTS } from '../pages/plans-page.js';
import { WatchPage } from '../pages/watch-page.js';
import { packages, planOfType } from '../support/billing.js';
import { richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { frameHasFocus, Remote } from '../support/remote.js';

// Issue 14, the remote on every screen: a Samsung TV (Tizen 5 user agent,
// 1920×1080; the `tv` project) driven by the remote's keys only, arrows, OK
// and Back, through home, a list, a detail page, sign-in, plans with the
// demo checkout, the player page and a dialog. Pointer clicks appear only to
// set things up (a new account).

/** The i-th card (0-based) of the i-th home row. */
function homeCard(page: Page, row: number, card: number): Locator {
  return page.locator('main [data-nav-row]').nth(row).locator('.carousel__slide').nth(card).getByRole('link').first();
}

test('home: TV mode, focus starts on the hero, 3rd card of the 2nd row in at most 8 presses, rows remember, OK opens, Back returns @tv', async ({
  page,
}) => {
  const remote = new Remote(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/(^|\s)tv(\s|$)/);
  // Focus starts on the shown slide's Watch Now; the slider's own controls never take it.
  await remote.expectPageEntry(page.locator('.hero__watch:focus'));
  await expect(remote.focused).toHaveText(MESSAGES.watchNow);

  const target = homeCard(page, 1, 2);
  await expect(target).toBeAttached();
  const secondRow = page.locator('main [data-nav-row]').nth(1);
  await remote.walkTo(target, 8);
  expect(remote.presses, 'presses from a fresh home to the 3rd card of the 2nd row').toBeLessThanOrEqual(8);
  // The slider's dots and the rows' pointer buttons never took focus on the way.
  await expect(page.locator('.hero__controls :focus, .carousel__controls :focus')).toHaveCount(0);
  await remote.expectFocusOn(target);
  // The focused row sits in the upper third of the screen.
  const rowTop = (await secondRow.boundingBox())!.y;
  expect(rowTop).toBeGreaterThanOrEqual(0);
  expect(rowTop).toBeLessThan(1080 / 3);
  // The focused card is drawn larger (about 1.06), the ring is the cursor.
  // (after its short transition)
  await expect.poll(() => target.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(1\.0[5-7]/);

  // Up to the first row and back down: the second row remembers its card.
  await remote.press('ArrowUp');
  await expect(page.locator('main [data-nav-row]').nth(0).locator(':focus')).toHaveCount(1);
  await remote.press('ArrowDown');
  await remote.expectFocusOn(target);

  // OK opens the title; Back returns home; Back on home stays on the site.
  const href = (await target.getAttribute('href'))!;
  await remote.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await remote.expectPageEntry(page.getByRole('main').getByRole('button', { name: MESSAGES.watchNow }).first());
  await remote.back();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.hero__watch').first()).toBeVisible();
  await remote.back();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.hero__watch').first()).toBeVisible();
});

test('home: the remote reaches "See all" at the end of a row, and OK opens the list @tv', async ({ page }) => {
  const remote = new Remote(page);
  await page.goto('/');
  await remote.expectPageEntry(page.locator('.hero__watch:focus'));
  const row = page.getByRole('region', { name: MESSAGES.topSeries, exact: true });
  const seeAll = row.getByRole('link', { name: seeAllLabel(MESSAGES.topSeries), exact: true });
  // Down into the row, then right along its cards (12 and the last slide).
  await remote.walkTo(seeAll, 20);
  await remote.expectFocusOn(seeAll);
  await remote.press('Enter');
  await expect(page).toHaveURL(/\/allseries$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.allSeries);
});

test('list: a filter opens, ticks and closes with the remote; the grid keeps the column; pagination by OK @tv', async ({
  page,
}) => {
  const remote = new Remote(page);
  await page.goto('/allseries');
  const main = page.getByRole('main');
  const search = main.getByRole('searchbox', { name: 'Search', exact: true });
  await remote.expectPageEntry(search);

  // Right from the empty search field reaches the filters.
  const year = main.getByRole('button', { name: 'Year', exact: true });
  const genre = main.getByRole('button', { name: 'Genre', exact: true });
  await remote.walkTo(genre, 4);
  await remote.press('Enter');
  await expect(genre).toHaveAttribute('aria-expanded', 'true');
  await remote.press('ArrowDown');
  const option = page.locator('.filter-option__box:focus');
  await expect(option).toHaveCount(1);
  await remote.press('Enter');
  await expect(option).toBeChecked();
  await expect(page).toHaveURL(/genre/);
  // Back closes the dropdown (and stays on the page), focus back on its button.
  await remote.back();
  await expect(genre).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/allseries\?.*genre/);
  await expect(genre).toBeFocused();
  await expect(year).toHaveAttribute('aria-expanded', 'false');

  // Back to the unfiltered list, then down the grid: each press keeps the column.
  await page.goto('/allseries');
  await remote.expectPageEntry(search);
  const results = main.getByRole('list', { name: 'Results', exact: true });
  await expect(results.getByRole('link').first()).toBeVisible();
  await remote.press('ArrowDown');
  // Down from the search field lands on a card of the grid's first row, under the field.
  await expect(results.locator('a:focus')).toHaveCount(1);
  await expect(remote.focused).toBeInViewport();
  await remote.press('ArrowRight');
  const column = (await remote.focused.boundingBox())!.x;
  await remote.press('ArrowDown');
  const below = (await remote.focused.boundingBox())!;
  expect(Math.abs(below.x - column)).toBeLessThan(24);
  await expect(remote.focused).toBeInViewport();

  // Down to the pagination, right to page 2, OK.
  const pagination = main.getByRole('navigation', { name: 'Pagination', exact: true });
  for (let i = 0; i < 12 && !(await pagination.evaluate((nav) => nav.contains(document.activeElement))); i++) {
    await remote.press('ArrowDown');
  }
  const pageTwo = pagination.getByRole('button', { name: 'Page 2', exact: true });
  await remote.walkTo(pageTwo, 4);
  await remote.expectFocusOn(pageTwo);
  await remote.press('Enter');
  await expect(page).toHaveURL(/page=2/);
});

test('detail page: Watch Now first, Play Trailer starts the trailer without taking the remote, the reviews are reached @tv', async ({
  page,
  request,
}) => {
  const movie = await richMovie(request);
  const remote = new Remote(page);
  await page.goto(`/moviedetail/${movie.movie_id}`);
  const main = page.getByRole('main');
  await remote.expectPageEntry(main.getByRole('button', { name: MESSAGES.watchNow }).first());
  await remote.press('ArrowRight');
  const playTrailer = main.getByRole('button', { name: MESSAGES.playTrailer });
  await remote.expectFocusOn(playTrailer);
  await remote.press('Enter');
  await expect(main.locator('#trailer iframe')).toHaveAttribute('src', /autoplay=1/);
  // Focus goes to the trailer's section (shown, ringed), never into the frame of another origin.
  await remote.expectFocusOn(main.locator('#trailer'));
  // Down through the page to the reviews; the trailer's frame is never focused.
  const reviews = main.locator('#reviews');
  for (let i = 0; i < 12 && !(await reviews.evaluate((r) => r.contains(document.activeElement))); i++) {
    await remote.press('ArrowDown');
    expect(await frameHasFocus(main.locator('#trailer iframe'))).toBe(false);
  }
  await expect(reviews.locator(':focus')).toHaveCount(1);
  await expect(reviews.locator(':focus')).toBeInViewport();
});

test('a subscriber by remote: sign-in by keys, plans and the demo checkout, the player frame, the report dialog, Back @tv', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const email = freshEmail('tv-remote');
  const name = 'Deniz Kaya';
  // Setup: an account, then signed out (the sign-in itself is by the remote).
  await registerAndVerify(page, name, email);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());

  const remote = new Remote(page);
  await page.goto('/signin');
  const emailField = page.getByLabel('E-mail');
  await remote.expectPageEntry(emailField);
  await page.keyboard.type(email);
  // Arrows inside a text field move the caret first; Down leaves it.
  await remote.press('ArrowLeft');
  await expect(emailField).toBeFocused();
  await remote.press('ArrowDown');
  const password = page.getByLabel('Password', { exact: true });
  await remote.expectFocusOn(password);
  await page.keyboard.type(PASSWORD);
  await remote.press('Enter');
  await expect(profileMenu(page, name)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Plans: the arrows reach a plan and the card, OK chooses, Pay & Enter opens the demo checkout.
  const plan = planOfType(await packages(request), 'monthly');
  const choose = new ChoosePlanPage(page);
  await choose.goto();
  const planRadio = choose.plan(plan);
  await remote.walkTo(planRadio, 10);
  await remote.expectFocusOn(planRadio);
  await remote.press('Enter');
  await expect(planRadio).toBeChecked();
  await remote.walkTo(choose.card, 8);
  await remote.press('Enter');
  await expect(choose.card).toBeChecked();
  await remote.walkTo(choose.payAndEnter, 8);
  await remote.press('Enter');
  const checkout = new DemoCheckoutPage(page);
  await checkout.expectOpen(plan);
  // The demo checkout starts on Pay: OK pays.
  await expect(checkout.pay(plan)).toBeFocused();
  await remote.press('Enter');
  await expect(new CheckoutCompletePage(page).confirmed).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByRole('link', { name: PLAN_TEXTS.startWatching })).toBeVisible();

  // The player: the arrows put focus on the player's frame (its page takes the keys there).
  const movie = await richMovie(request);
  const watch = new WatchPage(page);
  await page.goto(`/moviedetail/${movie.movie_id}`);
  await remote.expectPageEntry(page.getByRole('main').getByRole('button', { name: MESSAGES.watchNow }).first());
  await remote.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  await expect(watch.frameElement).toBeVisible();
  await expect(watch.report).toBeVisible();
  // Report a problem: a dialog that keeps focus inside; Back closes it and focus returns.
  await watch.report.focus();
  await remote.press('Enter');
  await expect(watch.reportDialog).toBeVisible();
  await expect(watch.reportDialog.locator(':focus')).toHaveCount(1);
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp'] as const) {
    await remote.press(key);
    await expect(watch.reportDialog.locator(':focus')).toHaveCount(1);
  }
  await remote.back();
  await expect(watch.reportDialog).toBeHidden();
  await expect(watch.report).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  // Up from the controls under the frame lands on the frame: from there its own page has the keys.
  for (let i = 0; i < 4 && !(await frameHasFocus(watch.frameElement)); i++) await remote.press('ArrowUp');
  expect(await frameHasFocus(watch.frameElement)).toBe(true);
  // Back on the page leaves the player for the page before it.
  await watch.report.focus();
  await remote.back();
  await expect(page).toHaveURL(new RegExp(`/moviedetail/${movie.movie_id}$`));
});
