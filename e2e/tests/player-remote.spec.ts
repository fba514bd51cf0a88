import type { CDPSession, Page } from '@playwright/test';
import { PLAYER_PAGE_TEXTS } from '@bosphorus/contract';
import { WatchPage } from '../pages/watch-page.js';
import { richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Issue 14, the player on the remote (decision 0044): a subscriber drives
// the movie player with keys only — OK plays and pauses, ←/→ seek 10 s,
// ↑/↓ reach the player's controls and the watch page's server buttons,
// Back closes the subtitle panel first and then leaves the player. Once on
// a desktop keyboard, once as a Samsung TV (Tizen user agent, 1920×1080,
// the remote's keyCodes, media keys registered with `tizen.tvinputdevice`).

const TIZEN_UA =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/5.0 TV Safari/537.36';

/** Tab (the only way in before the site-wide arrows exist) until the player's document has the focus. */
async function tabIntoPlayer(page: Page, watch: WatchPage): Promise<void> {
  await expect(watch.player.bigPlay).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await watch.player.video.evaluate(() => document.hasFocus())) return;
  }
  throw new Error('Tab never reached the player');
}

const paused = (watch: WatchPage) => watch.player.state().then((s) => s.paused);
/** Polls until the video plays; a failure shows what the stage showed instead. */
const expectPlaying = (watch: WatchPage) =>
  expect.poll(() => watch.player.state(), { timeout: 20_000 }).toMatchObject({ paused: false });

/** A remote key that sends only a keyCode (key 'Unidentified'), as TV remotes do, to the focused document. */
async function remoteKey(cdp: CDPSession, keyCode: number): Promise<void> {
  for (const type of ['rawKeyDown', 'keyUp'] as const) {
    await cdp.send('Input.dispatchKeyEvent', { type, key: 'Unidentified', windowsVirtualKeyCode: keyCode });
  }
}

interface Remote {
  back: () => Promise<void>;
  /** The TV's raw keyCodes go through here; null on a desktop keyboard. */
  cdp: CDPSession | null;
  /** Checks on the player page once it has the focus. */
  inPlayer?: (watch: WatchPage) => Promise<void>;
}

async function drive(page: Page, remote: Remote): Promise<void> {
  const { request } = page;
  const movie = await richMovie(request);
  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  const bar = watch.player.frame.locator('.bp-bar');
  await tabIntoPlayer(page, watch);
  await remote.inPlayer?.(watch);

  // OK on the big play button plays; OK on the stage pauses and plays again.
  await page.keyboard.press('Enter');
  await expectPlaying(watch);
  await page.keyboard.press('Enter');
  await expect.poll(() => paused(watch)).toBe(true);
  await page.keyboard.press('Enter');
  await expectPlaying(watch);
  await page.keyboard.press('Enter');
  await expect.poll(() => paused(watch)).toBe(true);
  // Paused, the controls stay up.
  await expect(watch.player.frame.locator('#player')).not.toHaveAttribute('data-idle');

  // ← back to the start, → 10 s on (the demo clips are 12 s long).
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => watch.player.currentTime()).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => watch.player.currentTime()).toBeCloseTo(10, 1);
  // And back to the start, so the clip has room to play after the server switch.
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => watch.player.currentTime()).toBe(0);

  // ↑ shows the controls with the focus on Play; → along the bar to the subtitle settings.
  await page.keyboard.press('ArrowUp');
  await expect(bar.getByRole('button', { name: PLAYER_PAGE_TEXTS.play, exact: true })).toBeFocused();
  const settings = bar.getByRole('button', { name: PLAYER_PAGE_TEXTS.subtitleSettings });
  for (let i = 0; i < 6 && !(await settings.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(settings).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = watch.player.frame.getByRole('dialog', { name: PLAYER_PAGE_TEXTS.subtitleSettings });
  await expect(panel).toBeVisible();
  // Back closes the open panel first, and the player stays.
  await remote.back();
  await expect(panel).toBeHidden();
  await expect(settings).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));

  // ↓ out of the player's controls: the watch page's Main Server, → Backup Server, OK switches.
  await page.keyboard.press('ArrowDown');
  await expect(watch.mainServer).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(watch.backupServer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(watch.backupServer).toHaveAttribute('aria-pressed', 'true');
  await expect(watch.frameElement).toHaveAttribute('src', new RegExp(`^${process.env.E2E_MEDIA_BACKUP_ORIGIN}/player`));
  await expect(watch.player.frame.locator('video')).toBeAttached({ timeout: 20_000 });
  // This page has played, so the new player plays on from where the old one
  // was. Waited for before any key: a key read while it is still starting
  // would race its start (the cause of a CI failure).
  await expectPlaying(watch);

  // ↑ from the buttons gives the (new) player the focus, with its controls.
  await page.keyboard.press('ArrowUp');
  await expect(bar.getByRole('button', { name: PLAYER_PAGE_TEXTS.pause, exact: true })).toBeFocused({
    timeout: 20_000,
  });
  // Media keys: play/pause by name (and, on the TV, by keyCode).
  await page.keyboard.press('MediaPlayPause');
  await expect.poll(() => paused(watch), { timeout: 20_000 }).toBe(true);
  if (remote.cdp) {
    await remoteKey(remote.cdp, 415); // play
    await expectPlaying(watch);
    await remoteKey(remote.cdp, 19); // pause
    await expect.poll(() => paused(watch)).toBe(true);
    await remoteKey(remote.cdp, 10252); // play/pause
    await expectPlaying(watch);
    await remoteKey(remote.cdp, 412); // rewind 10 s
    await expect.poll(() => watch.player.currentTime()).toBeLessThan(5);
  }

  // Back with nothing open leaves the player: the watch page was the first
  // page of the visit, so it goes to the movie's page.
  await remote.back();
  await expect(page).toHaveURL(new RegExp(`/moviedetail/${movie.movie_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: movie.movie_title })).toBeVisible();
}

test('the movie player on a keyboard: OK, ←/→ 10 s, ↑/↓ to the controls and the server buttons, Back', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedInMember(page, 'Kerem Aydın', 'remote', { planDays: 30 });
  await drive(page, { back: () => page.keyboard.press('Escape'), cdp: null });
});

test.describe('on a Samsung TV', () => {
  test.use({ userAgent: TIZEN_UA, viewport: { width: 1920, height: 1080 } });

  test("the movie player on the remote: the remote's keyCodes, Back (10009) and the media keys registered", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // The TV's `tizen` global, in every document (the player frame too): it records what is registered.
    await page.addInitScript(() => {
      const registered: string[] = [];
      Object.assign(window, {
        tizen: { tvinputdevice: { registerKey: (name: string) => void registered.push(name) } },
        __registeredKeys: registered,
      });
    });
    await signedInMember(page, 'Elif Kaya', 'remote-tv', { planDays: 30 });
    const cdp = await page.context().newCDPSession(page);
    await drive(page, {
      back: () => remoteKey(cdp, 10009),
      cdp,
      inPlayer: async (watch) => {
        const registered = await watch.player.video.evaluate(
          () => (window as unknown as { __registeredKeys: string[] }).__registeredKeys,
        );
        expect(registered).toEqual([
          'MediaPlayPause',
          'MediaPlay',
          'MediaPause',
          'MediaStop',
          'MediaFastForward',
          'MediaRewind',
        ]);
      },
    });
  });
});
