import type { Locator, Page } from '@playwright/test';
import { PLAYER_PAGE_TEXTS, type Season, type SeriesDetail } from '@bosphorus/contract';
import { RESUME_MIN_SECONDS } from '../../apps/web/src/features/player/utils/player-link.js';
import { WATCH_TEXTS, WatchPage } from '../pages/watch-page.js';
import { allSeries, api, knownSeries, richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Issue 8, the player: the episode player across a season border, resume,
// the watch pages at phone and TV sizes, and hls.js staying off every page
// but the player. Each test is a subscriber of its own (support's
// complimentary plan: the payment journey is in subscriptions.spec.ts).

/** A series with at least two seasons that have episodes, found through the public API. */
async function seriesWithTwoSeasons(request: Parameters<typeof api.seriesDetail>[0]): Promise<SeriesDetail> {
  const usable = (s: SeriesDetail) => s.seasons.filter((season) => season.episodes.length > 0).length >= 2;
  const known = await knownSeries(request);
  if (usable(known)) return known;
  for (const card of await allSeries(request)) {
    const detail = await api.seriesDetail(request, card.serie_id);
    if (usable(detail)) return detail;
  }
  throw new Error('The demo catalogue has no series with two seasons of episodes');
}

const byNumber = (season: Season) => [...season.episodes].sort((a, b) => a.episode_number - b.episode_number);

test('episode player: next and previous cross a season border, the finale badge, the episode list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const series = await seriesWithTwoSeasons(request);
  const [first, second] = series.seasons.filter((s) => s.episodes.length > 0) as [Season, Season];
  const lastOfFirst = byNumber(first).at(-1)!;
  const firstOfSecond = byNumber(second)[0]!;
  await signedInMember(page, 'Emre Aksoy', 'episodes', { planDays: 30 });

  const watch = new WatchPage(page);
  await watch.gotoEpisode(lastOfFirst.episode_id);
  const shows = (season: Season, e: Season['episodes'][number]) =>
    watch.expectEpisode({
      serie: series.serie_title,
      season: season.title,
      number: e.episode_number,
      title: e.episode_title,
    });
  await shows(first, lastOfFirst);
  // The badge follows the episode's season_finale flag (spec §3).
  await expect(watch.finaleBadge).toHaveCount(lastOfFirst.season_finale === 1 ? 1 : 0);

  // Spec §2: at the season's last episode the next button says 'season' and leads to the next season.
  const next = watch.step('Next season');
  await expect(next).toBeVisible();
  await expect(next).toHaveRole('link');
  await expect(next).toContainText(
    `${second.title} · Episode ${firstOfSecond.episode_number}: ${firstOfSecond.episode_title}`,
  );
  if (first.episodes.length > 1) await expect(watch.step('Previous episode')).toHaveRole('link');
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/watchEpisodes/${firstOfSecond.episode_id}$`));
  await shows(second, firstOfSecond);
  await expect(watch.frameElement).toBeVisible();
  await expect(watch.frameElement).toHaveAttribute(
    'src',
    new RegExp(`video_id=${firstOfSecond.episode_id}&video_type=episode`),
  );
  await expect(watch.frameElement).toHaveAttribute('src', /[?&]cb=\d+&/);

  // And back: the first episode of a season says 'Previous season'.
  const previous = watch.step('Previous season');
  await expect(previous).toHaveRole('link');
  await expect(previous).toContainText(
    `${first.title} · Episode ${lastOfFirst.episode_number}: ${lastOfFirst.episode_title}`,
  );
  if (second.episodes.length > 1) await expect(watch.step('Next episode')).toHaveRole('link');
  await expect(watch.step('Next season')).toHaveCount(0);
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/watchEpisodes/${lastOfFirst.episode_id}$`));
  await shows(first, lastOfFirst);

  // A finale of this series shows the badge beside its title.
  const finale = series.seasons.flatMap((s) => s.episodes).find((e) => e.season_finale === 1);
  expect(finale, `a season finale in ${series.serie_title}`).toBeTruthy();
  await watch.gotoEpisode(finale!.episode_id);
  await expect(watch.finaleBadge).toBeVisible();

  // The episode list: the episode playing is marked; a season tab and an episode open another.
  await watch.gotoEpisode(lastOfFirst.episode_id);
  const current = watch.episodes.getByRole('link').filter({ hasText: lastOfFirst.episode_title });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toContainText(WATCH_TEXTS.nowPlaying);
  const secondTab = watch.episodes.getByRole('tab', { name: `Season ${second.season_number}`, exact: true });
  await secondTab.click();
  await expect(secondTab).toHaveAttribute('aria-selected', 'true');
  const target = byNumber(second).at(-1)!;
  const targetLink = watch.episodes.getByRole('link').filter({ hasText: target.episode_title });
  await expect(targetLink).toContainText(`Episode ${target.episode_number}`);
  await expect(watch.episodes.getByRole('link')).toHaveCount(second.episodes.length);
  await targetLink.click();
  await expect(page).toHaveURL(new RegExp(`/watchEpisodes/${target.episode_id}$`));
  await shows(second, target);
  await expect(watch.episodes.getByRole('link').filter({ hasText: target.episode_title })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('resume: the position is kept on leaving, and "Resume from m:ss" starts there', async ({ page, request }) => {
  test.setTimeout(120_000);
  const movie = await richMovie(request);
  await signedInMember(page, 'Selin Arslan', 'resume', { planDays: 30 });
  // Every save of the position, from the first play on: the page saves at
  // most every 10 s and once more on leaving, so the last one may come
  // before or as the viewer leaves.
  const saves: Array<{ position: number; done: boolean; form: URLSearchParams }> = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST' || !/\/api\/user\/\d+\/progress$/.test(new URL(r.url()).pathname)) return;
    const save = { form: new URLSearchParams(r.postData() ?? ''), position: 0, done: false };
    save.position = Number(save.form.get('position_seconds'));
    saves.push(save);
    void r.response().then((res) => {
      save.done = res?.status() === 200;
    });
  });
  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  // A first visit offers nothing to resume.
  await watch.player.play();
  await expect(watch.player.resume).toHaveCount(0);
  // A few seconds in, the viewer pauses (the demo clips are 12 s long: a
  // clip left to run ends, and a finished title starts over instead). A
  // position under RESUME_MIN_SECONDS is not offered, so the pause comes a
  // second past it: on a fast machine the pause lands within a tenth of a
  // second of the poll.
  await expect
    .poll(() => watch.player.currentTime(), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(RESUME_MIN_SECONDS + 1);
  // The controls hide while a video plays; moving the pointer over the player brings them back.
  await watch.player.clickControl(watch.player.pause);
  await expect.poll(async () => (await watch.player.state()).paused).toBe(true);
  const leftAt = await watch.player.currentTime();
  expect(leftAt, 'paused before the end').toBeLessThan(11);

  // Leaving the page (to the movie's details, inside the app) keeps the position.
  await watch.main.getByRole('link', { name: 'Movie details' }).click();
  await expect(page).toHaveURL(new RegExp(`/moviedetail/${movie.movie_id}$`));
  await expect
    .poll(() => saves.filter((s) => s.done && s.position >= RESUME_MIN_SECONDS + 1).length, {
      message: 'the position was saved',
    })
    .toBeGreaterThan(0);
  const last = saves.at(-1)!;
  expect(last.form.get('video_type')).toBe('movie');
  expect(last.form.get('video_id')).toBe(String(movie.movie_id));
  await expect.poll(() => last.done).toBe(true);
  const position = Math.max(...saves.map((s) => s.position));
  expect(position, 'the saved position is where the viewer left').toBe(Math.floor(leftAt));

  // Back on the player (a fresh load): it offers to resume there, or to start over.
  await watch.gotoMovie(movie.movie_id);
  const label = `${PLAYER_PAGE_TEXTS.resumeFrom} ${Math.floor(position / 60)}:${String(position % 60).padStart(2, '0')}`;
  await expect(watch.player.resume).toHaveText(label, { timeout: 20_000 });
  await expect(watch.player.startOver).toBeVisible();
  await watch.player.resume.click();
  // The time where playing resumed is the first one read at or past the saved
  // position: the clip ends two or three seconds later, so a second read
  // after a busy machine's pause could find the clip's end instead.
  let resumedAt = Number.NaN;
  await expect
    .poll(async () => (resumedAt = await watch.player.currentTime()), { timeout: 20_000, intervals: [100] })
    .toBeGreaterThanOrEqual(position - 0.5);
  expect(resumedAt, 'it starts near the saved position').toBeLessThan(position + 3);
  await watch.player.expectAdvancing(0.3);
});

/** Every part of `locator` lies inside the window's width once scrolled to, and it takes a press. */
async function expectReachable(page: Page, locator: Locator, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator, what).toBeInViewport();
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the screen`).toBeLessThanOrEqual(width + 0.5);
  // Visible, stable, enabled and not covered by anything: what a tap or a click needs.
  if (await locator.isEnabled()) await locator.click({ trial: true });
}

async function expectFrameFits(page: Page, watch: WatchPage): Promise<void> {
  const viewport = page.viewportSize()!;
  await expect(watch.frameElement).toBeVisible();
  const box = (await watch.frameElement.boundingBox())!;
  expect(box.x, 'the frame starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the frame ends inside the screen').toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.width, 'at most 1100 px wide (spec §9)').toBeLessThanOrEqual(1100);
  expect(box.height, 'at most 600 px high (spec §9)').toBeLessThanOrEqual(600);
  // On a phone the player takes the whole width; on wide screens its full 16:9 size.
  expect(box.width, 'the frame uses the room there is').toBeGreaterThanOrEqual(Math.min(viewport.width, 1000) - 40);
  expect(box.width / box.height, '16:9').toBeCloseTo(16 / 9, 1);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  // The player page inside fits its frame, and its controls are there.
  await expect(watch.player.bigPlay).toBeVisible({ timeout: 20_000 });
  const inner = await watch.player.video.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    width: window.innerWidth,
  }));
  expect(inner.overflow, 'the player page does not scroll sideways').toBeLessThanOrEqual(0);
  expect(Math.abs(inner.width - box.width), 'the player page is as wide as its frame').toBeLessThanOrEqual(1);
  const play = (await watch.player.bigPlay.boundingBox())!;
  expect(play.x).toBeGreaterThanOrEqual(box.x);
  expect(play.x + play.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
}

test('the watch pages fit phone, desktop and TV screens; every button is in reach @smoke @viewport', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const movie = await richMovie(request);
  const series = await seriesWithTwoSeasons(request);
  // The last episode of a season before another: Previous and Next both lead somewhere.
  const episode = byNumber(series.seasons.find((s) => s.episodes.length > 1)!).at(-1)!;
  await signedInMember(page, 'Deniz Yılmaz', 'sizes', { planDays: 30 });

  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  await expectFrameFits(page, watch);
  for (const [button, what] of [
    [watch.mainServer, 'Main Server'],
    [watch.backupServer, 'Backup Server'],
    [watch.reload, 'Reload Player'],
    [watch.report, 'Report'],
  ] as const) {
    await expectReachable(page, button, what);
  }
  // The player's own controls take a press at this size too.
  await watch.frameElement.scrollIntoViewIfNeeded();
  await watch.player.play();
  await watch.player.expectAdvancing(0.3);

  await watch.gotoEpisode(episode.episode_id);
  await expectFrameFits(page, watch);
  for (const [button, what] of [
    [watch.mainServer, 'Main Server'],
    [watch.backupServer, 'Backup Server'],
    [watch.reload, 'Reload Player'],
    [watch.report, 'Report'],
    [watch.step(/^Previous (episode|season)/), 'Previous'],
    [watch.step(/^Next (episode|season)/), 'Next'],
  ] as const) {
    await expectReachable(page, button, what);
  }
  await expectReachable(page, watch.episodes.getByRole('link').first(), 'the first episode of the list');
});

test('the player starts from the info.json its page carries: it plays without asking for it (decision 0105)', async ({
  page,
  request,
}) => {
  const movie = await richMovie(request);
  await signedInMember(page, 'Deniz Aydın', 'inline-info', { planDays: 30 });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/^\/media\/[^/]+\/info\.json$/.test(new URL(r.url()).pathname)) asked.push(r.url());
  });
  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  await watch.player.play();
  await expect.poll(() => watch.player.currentTime(), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // The frame's title is the info's title.
  const frame = page.frames().find((f) => new URL(f.url()).pathname === '/player');
  expect(await frame?.title()).toBe(movie.movie_title);
  expect(asked, 'info.json requests').toEqual([]);
});

test('hls.js never loads outside the player page', async ({ page, home }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await home.goto();
  await expect(home.rowCards('Top Series').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.length, 'the home page loaded its files').toBeGreaterThan(3);
  expect(requested.filter((url) => /hls/i.test(url))).toEqual([]);

  // The same watch on the player page, told to use hls.js: the file is found by that name.
  requested.length = 0;
  await page.goto('/player?engine=hls');
  await expect.poll(() => requested.filter((url) => /hls/i.test(new URL(url).pathname)).length).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveText(PLAYER_PAGE_TEXTS.errors.noToken);
});

test('subtitles stay above the control bar while it shows, at Extra large with the Turkish line @viewport', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const movie = await richMovie(request);
  await signedInMember(page, 'Deniz Kaya', 'subtitle-room', { planDays: 30 });
  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  const frame = watch.player.frame;
  await watch.player.play();
  // The largest size and the second (Turkish) line, from the subtitle panel.
  await watch.player.clickControl(frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.subtitleSettings, exact: true }));
  const panel = frame.getByRole('dialog', { name: PLAYER_PAGE_TEXTS.subtitleSettings });
  await panel.getByRole('button', { name: PLAYER_PAGE_TEXTS.sizeNames['x-large'], exact: true }).click();
  await panel.getByRole('button', { name: PLAYER_PAGE_TEXTS.dual, exact: true }).click();
  await expect(panel.getByRole('button', { name: PLAYER_PAGE_TEXTS.dual, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await panel.getByRole('button', { name: PLAYER_PAGE_TEXTS.close, exact: true }).click();
  // Both lines on screen (the clip has English and Turkish cues at the same times), then the
  // video pauses: the control bar shows (a paused player keeps it), the cues move up above it.
  const english = frame.getByTestId('subtitle-cue');
  const turkish = frame.getByTestId('subtitle-cue-tr');
  await watch.player.video.evaluate((v: HTMLVideoElement) => {
    if (v.duration - v.currentTime < 4) v.currentTime = 0.5;
  });
  await expect(english).toBeVisible({ timeout: 20_000 });
  await expect(turkish).toBeVisible();
  // Paused inside both lines' cues (the middle of their overlap, read from the
  // tracks the player draws), in one turn of the page: a pause taken after a
  // separate check could land past a cue's end, and the lines would go.
  await expect
    .poll(
      () =>
        watch.player.video.evaluate((v: HTMLVideoElement) => {
          const tracks = [...v.textTracks].filter((t) => t.mode !== 'disabled');
          const cues = tracks.map((t) => [...(t.activeCues ?? [])]);
          if (tracks.length < 2 || cues.some((c) => c.length === 0)) return false;
          const start = Math.max(...cues.flat().map((c) => c.startTime));
          const end = Math.min(...cues.flat().map((c) => c.endTime));
          if (end <= start) return false;
          v.pause();
          v.currentTime = (start + end) / 2;
          return true;
        }),
      { message: 'paused where both lines show', timeout: 20_000 },
    )
    .toBe(true);
  const seek = frame.getByRole('slider', { name: PLAYER_PAGE_TEXTS.seek, exact: true });
  await expect(seek).toBeVisible();
  await expect(english).toBeVisible();
  await expect(turkish).toBeVisible();
  // After the short move (UI.md motion: 150–250 ms), measured in the frame.
  await expect
    .poll(
      async () => {
        const [cue, bar] = await Promise.all([turkish.boundingBox(), seek.boundingBox()]);
        return cue!.y + cue!.height - bar!.y;
      },
      { message: 'the lowest cue line ends above the top of the seek bar' },
    )
    .toBeLessThanOrEqual(0);
  const top = (await english.boundingBox())!.y - (await watch.frameElement.boundingBox())!.y;
  expect(top, 'the first cue line is not cut off at the top of the frame').toBeGreaterThanOrEqual(0);
});
