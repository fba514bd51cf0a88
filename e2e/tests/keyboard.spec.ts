import { MESSAGES } from '@bosphorus/contract';
import { expect, test } from '../support/fixtures.js';

// Issue 14 on a desktop: the same spatial navigation as a TV's once the
// keyboard has put focus somewhere (Tab, a click); an unfocused page still
// scrolls with the arrows. Escape goes back a page.

test('desktop keyboard: arrows move between cards by column once focused, the page scrolls while nothing is; Escape goes back', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)tv(\s|$)/);
  await expect(page.locator('.hero__watch').first()).toBeVisible();
  // Nothing focused: the arrows are the browser's (the page scrolls).
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await page.goto('/allseries');
  const main = page.getByRole('main');
  const cards = main.getByRole('list', { name: 'Results', exact: true }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  await main.getByRole('searchbox', { name: 'Search', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  // A card of the grid's first row, under the search field.
  const focused = page.locator(':focus');
  await expect(main.getByRole('list', { name: 'Results', exact: true }).locator('a:focus')).toHaveCount(1);
  const first = (await focused.boundingBox())!;
  expect(Math.abs(first.y - (await cards.first().boundingBox())!.y)).toBeLessThan(24);
  await page.keyboard.press('ArrowRight');
  const column = (await focused.boundingBox())!.x;
  expect(column).toBeGreaterThan(first.x);
  await page.keyboard.press('ArrowDown');
  const below = focused;
  expect(Math.abs((await below.boundingBox())!.x - column)).toBeLessThan(24);
  await expect(below).toBeInViewport();
  // The focus ring shows (keyboard focus).
  expect(await below.evaluate((el) => el.matches(':focus-visible'))).toBe(true);

  // Enter opens the title; Escape comes back to the list.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/seriesdetail\/\d+$/);
  await expect(main.getByRole('button', { name: MESSAGES.watchNow }).first()).toBeVisible();
  await main.getByRole('button', { name: MESSAGES.watchNow }).first().focus();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/allseries$/);
});
