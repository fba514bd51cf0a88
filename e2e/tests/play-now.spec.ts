import type { Page } from '@playwright/test';
import { TitleDetailPage } from '../pages/movie-detail-page.js';
import { WatchPage } from '../pages/watch-page.js';
import { richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { Remote } from '../support/remote.js';
import { signedInMember } from '../support/session.js';

// Issue 26 "Play means play": the press on Watch Now is the viewer's
// gesture; the player frame is allowed to autoplay and is told to play at
// once, so the picture moves, with sound, with no second press. At phone
// and desktop size (a tap, a click) and on a TV (the remote's OK).

/**
 * Notes, in every document of the page (the player's frame too), whether the
 * player's big Play button was ever on screen: a start with no second press
 * never shows it, not even for a moment before the watch page's "play now".
 */
async function watchForBigPlay(page: Page) {
  await page.addInitScript(() => {
    const seen = { shown: false };
    Object.assign(window, { __bigPlaySeen: seen });
    const check = () => {
      const button = document.querySelector<HTMLElement>('[data-testid="big-play"]');
      if (button && !button.hidden) seen.shown = true;
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['hidden'],
    });
  });
}

async function expectPlayingWithSound(page: Page) {
  const watch = new WatchPage(page);
  await expect(watch.frameElement).toHaveAttribute('allow', /autoplay/);
  await watch.player.expectAdvancing(0.5);
  const sound = await watch.player.video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, volume: v.volume }));
  expect(sound.muted, 'playing with sound (not muted)').toBe(false);
  expect(sound.volume, 'playing with sound (volume)').toBeGreaterThan(0);
  // No big Play button was needed, and none is shown, nor was at any moment.
  await expect(watch.player.bigPlay).toBeHidden();
  const flashed = await watch.player.video.evaluate(
    () => (window as unknown as { __bigPlaySeen?: { shown: boolean } }).__bigPlaySeen?.shown,
  );
  expect(flashed, 'the big Play button never showed').toBe(false);
}

test('Watch Now starts the picture with no second press @viewport', async ({ page, request, isMobile }) => {
  const movie = await richMovie(request);
  await signedInMember(page, 'Selin Kaya', 'play-now', { planDays: 30 });
  await watchForBigPlay(page);
  const detail = new TitleDetailPage(page);
  await page.goto(`/moviedetail/${movie.movie_id}`);
  if (isMobile) await detail.watchNow.tap();
  else await detail.watchNow.click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  await expectPlayingWithSound(page);
});

test('Watch Now by the remote starts the picture with no second press @tv', async ({ page, request }) => {
  const movie = await richMovie(request);
  await signedInMember(page, 'Selin Kaya', 'play-now-tv', { planDays: 30 });
  await watchForBigPlay(page);
  const remote = new Remote(page);
  await page.goto(`/moviedetail/${movie.movie_id}`);
  await remote.expectPageEntry(new TitleDetailPage(page).watchNow);
  await remote.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  await expectPlayingWithSound(page);
});
