import { MESSAGES } from '@bosphorus/contract';
import { expect, test } from '../support/fixtures.js';
import { holdRequests } from '../support/hold.js';

// Issue 25, decision 0107: the server renders the page with the app's own
// components, and the browser takes that HTML over (hydrateRoot) from the
// data it was drawn from, which came with the document. What the page is
// without JavaScript, and that hydration keeps the server's nodes on every
// public page, are hydration.spec.ts and no-javascript.spec.ts.

test("with JavaScript the app takes the server's home over: one header, the rows from the document's data, no call", async ({
  page,
}) => {
  const homeCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/home') homeCalls.push(r.url());
  });
  await page.goto('/');
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$'))),
    )
    .toBe(true);
  await expect(page.locator('.hero').getByText(MESSAGES.watchNow).first()).toBeVisible();
  await expect(page.locator('header.site-header')).toHaveCount(1);
  await expect(page.locator('.home-row .row__title').first()).toHaveText(MESSAGES.topSeries);
  // A visitor's first home needs no call: the answer came with the document.
  expect(homeCalls).toEqual([]);
});

test("a viewer who scrolls the server's page before the app has started keeps the place @viewport", async ({
  page,
}) => {
  // The app's entry held back, as a slow link does, while the server's page is on screen.
  const entry = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  // The app's entry is a module script: DOMContentLoaded waits for it, the page's paint does not.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('.home-row').first()).toBeVisible();
  await page.mouse.move(100, 300);
  await page.mouse.wheel(0, 700);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(300);
  const left = await page.evaluate(() => Math.round(window.scrollY));
  entry.release();
  // The app has taken the page over.
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$'))),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(left);
});

test("the app's code is asked for once the first screen's pictures are in and drawn (decision 0142) @viewport", async ({
  page,
}) => {
  // The pictures the server's page did not leave to lazy loading, as the
  // parser made them (hydration may turn a later slide's picture eager).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstScreen: HTMLImageElement[] }).firstScreen = [
        ...document.querySelectorAll<HTMLImageElement>('#root img'),
      ].filter(
        // A title without a poster (an operator's new one) shows the site's mark from a data address.
        (img) =>
          img.getAttribute('loading') !== 'lazy' &&
          (img.hasAttribute('srcset') || /^(?!data:)./.test(img.getAttribute('src') ?? '')),
      );
    });
  });
  for (const path of ['/', '/allseries']) {
    await page.goto(path);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$')),
        ),
      )
      .toBe(true);
    const { pictures, entry } = await page.evaluate(() => {
      const timing = (url: string) => performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name)) as PerformanceResourceTiming[];
      return {
        pictures: (window as unknown as { firstScreen: HTMLImageElement[] }).firstScreen.map((img) => ({
          url: img.currentSrc,
          end: timing(img.currentSrc)?.responseEnd ?? null,
        })),
        entry: scripts[0]?.startTime ?? null,
      };
    });
    expect(pictures.length, `${path}: the first screen has pictures`).toBeGreaterThan(0);
    expect(entry, `${path}: the app's entry was fetched`).not.toBeNull();
    for (const picture of pictures) {
      expect(picture.end, `${path}: ${picture.url} loaded`).not.toBeNull();
      expect(entry!, `${path}: the entry asked for after ${picture.url}`).toBeGreaterThanOrEqual(picture.end!);
    }
  }
});
