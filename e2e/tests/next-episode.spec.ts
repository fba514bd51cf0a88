import type { Page } from '@playwright/test';
import {
  NEXT_EPISODE_COUNTDOWN_SECONDS,
  PLAYER_PAGE_TEXTS,
  STILL_WATCHING_AFTER,
  type Season,
  type SeriesDetail,
} from '@bosphorus/contract';
import { WatchPage } from '../pages/watch-page.js';
import { allSeries, api, knownSeries } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Issue 15, the next-episode card (decision 0072): at the end of an episode
// a card over the stage names what comes next and counts down; Cancel keeps
// the episode; at zero the next one opens and starts by itself (the next in
// the season, then the first of the next season). After STILL_WATCHING_AFTER
// episodes that started by themselves with no key press or touch, the card
// asks "Are you still watching?" first. The demo clips last 12 s: a test
// seeks near the end through the video element itself, which is no input.

const T = PLAYER_PAGE_TEXTS.upNext;

type Episode = Season['episodes'][number] & { season: Season };

/** The series' episodes in the order of play: seasons by number, episodes by number. */
function inOrder(series: SeriesDetail): Episode[] {
  return [...series.seasons]
    .sort((a, b) => a.season_number - b.season_number)
    .flatMap((season) =>
      [...season.episodes].sort((a, b) => a.episode_number - b.episode_number).map((e) => ({ ...e, season })),
    );
}

/** A series with at least `count` episodes, found through the public API. */
async function seriesWithEpisodes(request: Parameters<typeof api.seriesDetail>[0], count: number) {
  const known = await knownSeries(request);
  if (inOrder(known).length >= count) return known;
  for (const card of await allSeries(request)) {
    const detail = await api.seriesDetail(request, card.serie_id);
    if (inOrder(detail).length >= count) return detail;
  }
  throw new Error(`The demo catalogue has no series with ${count} episodes`);
}

const describe = (e: Episode) => `${e.season.title} · Episode ${e.episode_number}: ${e.episode_title}`;

/** The video runs into its end without a key press or a touch (the element's own API). */
async function runToEnd(watch: WatchPage): Promise<void> {
  await expect
    .poll(() => watch.player.video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
    .toBeGreaterThan(2);
  await watch.player.video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 1);
    void v.play();
  });
}

/** The next episode's page opened by itself and its video plays with no press. */
async function expectStartedBySelf(
  page: Page,
  watch: WatchPage,
  series: SeriesDetail,
  episode: Episode,
): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/watchEpisodes/${episode.episode_id}$`), { timeout: 20_000 });
  await watch.expectEpisode({
    serie: series.serie_title,
    season: episode.season.title,
    number: episode.episode_number,
    title: episode.episode_title,
  });
  await expect(watch.frameElement).toHaveAttribute('src', new RegExp(`video_id=${episode.episode_id}&`));
  await expect
    .poll(() => watch.player.currentTime(), { message: 'the next episode plays by itself', timeout: 20_000 })
    .toBeGreaterThan(0.3);
  expect((await watch.player.state()).paused, 'playing').toBe(false);
}

test('the next-episode card counts down; Cancel keeps the episode; at zero the next starts by itself @viewport', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const series = await seriesWithEpisodes(request, 3);
  const episodes = inOrder(series);
  // An episode with one after it in the same season where there is one.
  const at = Math.max(
    0,
    episodes.findIndex((e, i) => episodes[i + 1]?.season.id === e.season.id),
  );
  const [current, next] = [episodes[at]!, episodes[at + 1]!];
  const label = next.season.id === current.season.id ? 'Next episode' : 'Next season';
  await signedInMember(page, 'Ayla Demir', 'next-card', { planDays: 30 });
  // The clock runs as the real one (the countdown is seen counting), and the
  // test moves it on where it would only wait.
  await page.clock.install();

  const watch = new WatchPage(page);
  await watch.gotoEpisode(current.episode_id);
  await watch.player.play();
  await runToEnd(watch);

  const card = watch.player.frame.getByRole('dialog', { name: label, exact: true });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText(describe(next));
  const countdown = watch.player.frame.getByTestId('next-countdown');
  await expect(countdown).toHaveText(/^Starts in \d+ s$/);
  const seconds = async () => Number((await countdown.innerText()).match(/\d+/)![0]);
  const first = await seconds();
  expect(first).toBeLessThanOrEqual(NEXT_EPISODE_COUNTDOWN_SECONDS);
  await expect.poll(seconds, { message: 'the countdown counts down' }).toBeLessThan(first);
  await expect(card.getByRole('button', { name: T.playNow, exact: true })).toBeVisible();

  // Cancel: the card goes, the episode stays at its end, nothing opens.
  await card.getByRole('button', { name: T.cancel, exact: true }).click();
  await expect(card).toBeHidden();
  await page.clock.runFor((NEXT_EPISODE_COUNTDOWN_SECONDS + 2) * 1000);
  await expect(page).toHaveURL(new RegExp(`/watchEpisodes/${current.episode_id}$`));

  // The end again, and this time the countdown runs out: the next episode opens and plays.
  await runToEnd(watch);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await page.clock.runFor(NEXT_EPISODE_COUNTDOWN_SECONDS * 1000);
  await expectStartedBySelf(page, watch, series, next);
});

test('after three episodes that started by themselves the card asks "Are you still watching?"', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const series = await seriesWithEpisodes(request, STILL_WATCHING_AFTER + 2);
  const episodes = inOrder(series).slice(0, STILL_WATCHING_AFTER + 2);
  await signedInMember(page, 'Kerem Yildiz', 'still-watching', { planDays: 30 });
  // The page's clock (the player frame's too) runs as the real one, and the
  // test moves it on through each countdown instead of waiting for it.
  await page.clock.install();

  const watch = new WatchPage(page);
  await watch.gotoEpisode(episodes[0]!.episode_id);
  await watch.player.play();
  // Three ends with nobody at the keys: each countdown runs out and the next starts by itself.
  const countdownCard = watch.player.frame.getByTestId('next-card');
  for (let i = 1; i <= STILL_WATCHING_AFTER; i++) {
    await runToEnd(watch);
    await expect(countdownCard).toBeVisible({ timeout: 20_000 });
    await expect(watch.player.frame.getByTestId('next-countdown')).toBeVisible();
    await page.clock.runFor(NEXT_EPISODE_COUNTDOWN_SECONDS * 1000);
    await expectStartedBySelf(page, watch, series, episodes[i]!);
  }

  // The fourth end asks first, with no countdown.
  await runToEnd(watch);
  const ask = watch.player.frame.getByRole('dialog', { name: T.stillWatching, exact: true });
  await expect(ask).toBeVisible({ timeout: 20_000 });
  await expect(ask).toContainText(describe(episodes[STILL_WATCHING_AFTER + 1]!));
  await expect(watch.player.frame.getByTestId('next-countdown')).toBeHidden();
  await expect(ask.getByRole('button', { name: T.continue, exact: true })).toBeVisible();
  await page.clock.runFor((NEXT_EPISODE_COUNTDOWN_SECONDS + 2) * 1000);
  await expect(page, 'nothing opens while it asks').toHaveURL(
    new RegExp(`/watchEpisodes/${episodes[STILL_WATCHING_AFTER]!.episode_id}$`),
  );

  // Stop: the card goes and the episode stays. The press counts as the viewer being there,
  // so the next end counts down again.
  await ask.getByRole('button', { name: T.stop, exact: true }).click();
  await expect(ask).toBeHidden();
  await runToEnd(watch);
  await expect(watch.player.frame.getByTestId('next-countdown')).toBeVisible({ timeout: 20_000 });
  // Continue by the keyboard: the focus is on the card's first button, Enter plays the next.
  await watch.player.frame.getByTestId('next-play').press('Enter');
  await expectStartedBySelf(page, watch, series, episodes[STILL_WATCHING_AFTER + 1]!);
});
