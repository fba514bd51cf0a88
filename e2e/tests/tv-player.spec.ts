import { HISTORY_TEXTS, MESSAGES, PLAYER_PAGE_TEXTS } from '@bosphorus/contract';
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

test('the TV player fills the screen, its text is ten-foot, its subtitle panel and servers hold the focus, Down reaches the episodes and Back comes back; Continue Watching plays at once @tv', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
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
  const frame = watch.frameElement.contentFrame();
  // Down from the picture shows the controls with the focus on the bar; the
  // focus may be on the bar already (Down would then go on to the tray below).
  const inBar = () => frame.locator('.bp-bar').evaluate((bar) => bar.contains(document.activeElement));
  if (!(await inBar())) await page.keyboard.press('ArrowDown');
  await expect.poll(inBar, { message: 'the focus on the control bar' }).toBe(true);
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

  // The subtitle panel holds the focus: OK on its button opens it, the arrows
  // reach every option and never leave it, OK chooses, Back closes it and
  // gives the focus back to its button (issue 26).
  const settings = frame.locator('.bp-bar').getByRole('button', { name: PLAYER_PAGE_TEXTS.subtitleSettings });
  for (let i = 0; i < 4 && !(await settings.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowLeft');
  }
  await expect(settings).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = frame.getByRole('dialog', { name: PLAYER_PAGE_TEXTS.subtitleSettings });
  await expect(panel).toBeVisible();
  const options = panel.locator('button:not([disabled])');
  const optionCount = await options.count();
  expect(optionCount, 'the panel’s options').toBeGreaterThan(10);
  const reached = new Set<string>();
  const focusedOption = () =>
    frame.locator('body').evaluate(() => {
      const el = document.activeElement!;
      return `${el.closest('[data-row]')?.getAttribute('data-row')}: ${el.getAttribute('aria-label') ?? el.textContent}`;
    });
  // Row by row from the top: to the row's first option, along it to its last, then down.
  await page.keyboard.press('ArrowUp', { delay: 0 });
  for (let row = 0; row < 8; row++) {
    for (const key of ['ArrowLeft', 'ArrowRight'] as const) {
      let before = '';
      for (let i = 0; i < 6; i++) {
        const now = await focusedOption();
        reached.add(now);
        if (now === before) break;
        before = now;
        await page.keyboard.press(key);
        await expect(panel.locator(':focus'), `${key} stays in the panel`).toHaveCount(1);
      }
    }
    await page.keyboard.press('ArrowDown');
    await expect(panel.locator(':focus'), 'Down stays in the panel').toHaveCount(1);
  }
  expect(reached.size, `options reached by the arrows: ${[...reached].join(' | ')}`).toBe(optionCount);
  // OK chooses: back up to the sizes, Large.
  const large = panel.getByRole('button', { name: PLAYER_PAGE_TEXTS.sizeNames.large, exact: true });
  for (
    let i = 0;
    i < 8 && !(await large.evaluate((el) => el.closest('[data-row]')!.contains(document.activeElement)));
    i++
  ) {
    await page.keyboard.press('ArrowUp');
  }
  for (let i = 0; i < 4 && !(await large.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(large).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(large).toHaveAttribute('aria-pressed', 'true');
  await remote.back();
  await expect(panel).toBeHidden();
  await expect(settings).toBeFocused();
  expect(await frameHasFocus(watch.frameElement)).toBe(true);

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

  // The servers in the tray: Down from the controls reaches them, the arrows
  // reach each of the tray's buttons without leaving the player, OK on
  // Backup Server moves the player there, Back returns to the controls.
  await page.keyboard.press('ArrowDown');
  await remote.expectFocusOn(watch.mainServer);
  const trayLabels = (await page.locator('.watch-controls button').allInnerTexts()).map((label) => label.trim());
  const seenInTray = new Set<string>();
  for (let i = 0; i < trayLabels.length; i++) {
    seenInTray.add((await remote.focused.innerText()).trim());
    await remote.press('ArrowRight');
    await expect(page.locator('[data-nav-tv-scope] :focus'), 'the focus stays in the player').toHaveCount(1);
  }
  expect([...seenInTray].sort(), 'the tray’s buttons reached by the arrows').toEqual([...trayLabels].sort());
  await remote.walkTo(watch.backupServer, 4);
  await remote.press('Enter');
  await expect(watch.backupServer).toHaveAttribute('aria-pressed', 'true');
  await expect(watch.frameElement).toHaveAttribute('src', new RegExp(`^${process.env.E2E_MEDIA_BACKUP_ORIGIN}/player`));
  // The new player goes on from where the old one was; held at 3 s (the
  // element's own API, no input): started (a tenth of the 12 s clip), so
  // Continue Watching keeps it, with room left to play.
  await expect
    .poll(() => watch.player.video.evaluate((v: HTMLVideoElement) => v.readyState).catch(() => 0), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await watch.player.video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 3;
  });
  await remote.back();
  await expect.poll(() => frameHasFocus(watch.frameElement)).toBe(true);
  await expect(page.locator('.watch-controls')).not.toBeInViewport();
  // Back in the player leaves it.
  await remote.back();
  await expect(page).toHaveURL(new RegExp(`/seriesdetail/${series.serie_id}$`));

  // Play means play (issue 26): the episode is now under Continue Watching
  // on home, and OK on its card starts the picture with no second press.
  await page.goto('/');
  await remote.expectPageEntry(page.locator('.hero__watch:focus'));
  const card = page
    .getByRole('region', { name: HISTORY_TEXTS.continueWatching, exact: true })
    .getByRole('link', { name: new RegExp(series.serie_title) });
  await remote.walkTo(card, 4);
  await remote.expectFocusOn(card);
  await remote.press('Enter');
  await expect(page).toHaveURL(/\/watchEpisodes\/\d+$/);
  await watch.player.expectAdvancing(0.5);
  await expect(watch.player.bigPlay).toBeHidden();
});
