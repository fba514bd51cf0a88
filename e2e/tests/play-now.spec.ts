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

async function expectPlayingWithSound(page: Page) {
  const watch = new WatchPage(page);
  await expect(watch.frameElement).toHaveAttribute('allow', /autoplay/);
  await watch.player.expectAdvancing(0.5);
  const sound = await watch.player.video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, volume: v.volume }));
  expect(sound.muted, 'playing with sound (not muted)').toBe(false);
  expect(sound.volume, 'playing with sound (volume)').toBeGreaterThan(0);
  // No big Play button was needed, and none is shown.
  await expect(watch.player.bigPlay).toBeHidden();
}

test('Watch Now starts the picture with no second press @viewport', async ({ page, request, isMobile }) => {
  const movie = await richMovie(request);
  await signedInMember(page, 'Selin Kaya', 'play-now', { planDays: 30 });
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
  const remote = new Remote(page);
  await page.goto(`/moviedetail/${movie.movie_id}`);
  await remote.expectPageEntry(new TitleDetailPage(page).watchNow);
  await remote.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  await expectPlayingWithSound(page);
});
