import { MESSAGES } from '@bosphorus/contract';
import { WatchPage } from '../pages/watch-page.js';
import { knownSeries } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { frameHasFocus, Remote } from '../support/remote.js';
import { signedInMember } from '../support/session.js';

// Issue 26 "The player on a TV": at 1920×1080 with a Tizen user agent the
// player fills the screen with nothing of the page behind it and no
// scrolling; its text is read from 3 m (computed sizes); the remote's focus
// stays in the player, Down from its controls reaches the episode list (a
// tray that slides up), Back returns to the controls, Back again leaves.

test('the TV player fills the screen, its text is ten-foot, Down reaches the episodes and Back comes back @tv', async ({
  page,
  request,
}) => {
  const series = await knownSeries(request);
  await signedInMember(page, 'Murat Şahin', 'tv-player', { planDays: 30 });
  const remote = new Remote(page);
  await page.goto(`/seriesdetail/${series.serie_id}`);
  await remote.expectPageEntry(page.getByRole('main').getByRole('button', { name: MESSAGES.watchNow }).first());
  await remote.press('Enter');
  await expect(page).toHaveURL(/\/watchEpisodes\/\d+$/);
  const watch = new WatchPage(page);
  await expect(watch.frameElement).toBeVisible();

  // The whole screen, nothing of the page in view, no scrolling.
  await expect.poll(() => watch.frameElement.boundingBox()).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
  const covered = await page.evaluate(() => {
    const seen = new Set<Element>();
    for (const [x, y] of [
      [10, 10],
      [960, 30],
      [1900, 1070],
      [960, 1000],
    ]) {
      const el = document.elementFromPoint(x!, y!);
      if (el) seen.add(el);
    }
    return [...seen].map((el) => el.tagName);
  });
  expect(covered, 'only the player frame is seen').toEqual(['IFRAME']);
  await watch.player.expectAdvancing(0.5);
  // The demo clip lasts 12 s: held near its start, so the next-episode card
  // (which takes the focus at the end) stays out of the way of the walk below.
  await watch.player.video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 1;
  });

  // Focus starts in the player; the title and the time show over the picture, ten-foot sized.
  await expect.poll(() => frameHasFocus(watch.frameElement), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('ArrowDown');
  const frame = watch.frameElement.contentFrame();
  await expect(frame.getByTestId('player-title')).toHaveText(/ — .*, /);
  const px = (selector: string) =>
    frame
      .locator(selector)
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await px('[data-testid="time"]'), 'the time').toBeGreaterThanOrEqual(24);
  expect(await px('[data-testid="player-title"]'), 'the title').toBeGreaterThanOrEqual(32);
  expect(await px('.bp-panel'), 'the subtitle panel').toBeGreaterThanOrEqual(24);
  expect(await px('.bp-card-btn'), 'the cards’ buttons').toBeGreaterThanOrEqual(24);
  expect(await px('.bp-next-countdown'), 'the next-episode countdown').toBeGreaterThanOrEqual(24);
  const subtitles = await px('[data-testid="subtitle-overlay"]');
  expect(subtitles / 1080, 'subtitles about 4.5% of the screen height').toBeCloseTo(0.045, 2);

  // Right past the last control never leaves the player.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  expect(await frameHasFocus(watch.frameElement)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Down from the controls reaches the episode list (the tray slides up over the picture).
  const episodes = watch.episodes;
  for (let i = 0; i < 8 && !(await episodes.evaluate((el) => el.contains(document.activeElement))); i++) {
    await remote.press('ArrowDown');
  }
  await expect(episodes.locator(':focus')).toHaveCount(1);
  await expect(episodes.locator(':focus')).toBeInViewport();
  // Back returns to the player's controls; the tray goes.
  await remote.back();
  await expect.poll(() => frameHasFocus(watch.frameElement)).toBe(true);
  await expect(episodes.locator(':focus')).toHaveCount(0);
  await expect(episodes).not.toBeInViewport();
  // Back in the player leaves it.
  await remote.back();
  await expect(page).toHaveURL(new RegExp(`/seriesdetail/${series.serie_id}$`));
});
