import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { MESSAGES, PLAYER_MESSAGES, PLAYER_PAGE_TEXTS } from '@bosphorus/contract';

// Spec §2 Watch (movie) and Episode player, §4 Player: the page around the
// player (title, Main Server / Backup Server, Reload Player, Report and its
// dialog, previous/next, the episode list) and the player itself, a page of
// the media origin in an iframe (apps/web/player.html).

/** Texts of our screens that are not spec texts (so not in the contract). */
export const WATCH_TEXTS = {
  reportTitle: 'Report a problem',
  reportNote: 'What went wrong?',
  reportSend: 'Send report',
  reportNoteRequired: 'Please describe the problem so we can look into it.',
  nowPlaying: 'Now playing',
} as const;

export class WatchPage {
  readonly main: Locator;
  readonly title: Locator;
  /** The player frame: its accessible name ends with 'video player'. */
  readonly frameElement: Locator;
  readonly player: PlayerFrame;
  readonly mainServer: Locator;
  readonly backupServer: Locator;
  readonly reload: Locator;
  readonly report: Locator;
  readonly reportDialog: Locator;
  readonly episodeSteps: Locator;
  readonly episodes: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.title = this.main.getByRole('heading', { level: 1 });
    this.frameElement = this.main.locator('iframe[title$="video player"]');
    this.player = new PlayerFrame(this.frameElement.contentFrame());
    this.mainServer = this.main.getByRole('button', { name: PLAYER_MESSAGES.mainServer, exact: true });
    this.backupServer = this.main.getByRole('button', { name: PLAYER_MESSAGES.backupServer, exact: true });
    this.reload = this.main.getByRole('button', { name: PLAYER_MESSAGES.reloadPlayer, exact: true });
    this.report = this.main.getByRole('button', { name: PLAYER_MESSAGES.report, exact: true });
    this.reportDialog = page.getByRole('dialog', { name: WATCH_TEXTS.reportTitle });
    this.episodeSteps = this.main.getByRole('navigation', { name: 'Episodes before and after' });
    this.episodes = this.main.getByRole('region', { name: MESSAGES.episodes, exact: true });
  }

  async gotoMovie(id: number): Promise<void> {
    await this.page.goto(`/watch/${id}`);
    await expect(this.frameElement).toBeVisible();
  }

  async gotoEpisode(id: number): Promise<void> {
    await this.page.goto(`/watchEpisodes/${id}`);
    await expect(this.frameElement).toBeVisible();
  }

  /** The previous/next control, a link while it leads somewhere ('Previous season', 'Next episode'…). */
  step(label: RegExp | string): Locator {
    const name = typeof label === 'string' ? new RegExp(`^${label}`) : label;
    return this.episodeSteps.getByRole('link', { name }).or(this.episodeSteps.getByRole('button', { name }));
  }

  /** The block around the title: series, season, episode number, the finale badge. */
  get head(): Locator {
    return this.title.locator('xpath=..');
  }

  /** The 'Season Finale' badge beside the episode's title (the episode list has its own). */
  get finaleBadge(): Locator {
    return this.head.getByText(MESSAGES.seasonFinale, { exact: true });
  }

  /** Spec §2 Episode player: series, season and episode titles, and the episode's number. */
  async expectEpisode(e: { serie: string; season: string; number: number; title: string }): Promise<void> {
    await expect(this.title).toHaveText(e.title);
    await expect(this.head.getByText(`Episode ${e.number}`, { exact: true })).toBeVisible();
    await expect(this.head.getByRole('link', { name: e.serie, exact: true })).toBeVisible();
    await expect(this.head.getByText(e.season, { exact: true })).toBeVisible();
  }

  /** A mark the current frame document carries until it is replaced (a reload, a server switch). */
  async markFrame(): Promise<void> {
    await this.player.video.evaluate(() => {
      (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
    });
  }

  async frameIsMarked(): Promise<boolean> {
    return this.player.video
      .evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true)
      .catch(() => true);
  }

  async frameOrigin(): Promise<string> {
    return new URL((await this.frameElement.getAttribute('src'))!).origin;
  }
}

export class PlayerFrame {
  readonly video: Locator;
  readonly bigPlay: Locator;
  readonly cue: Locator;
  readonly resume: Locator;
  readonly startOver: Locator;
  readonly error: Locator;
  /** The control bar's pause button (while playing). */
  readonly pause: Locator;
  /** "English subtitles coming" over the stage: an episode out before its English track (issue 28). */
  readonly englishComing: Locator;

  constructor(readonly frame: FrameLocator) {
    this.video = frame.locator('video');
    // The big play button on the stage; the bar's own Play comes after it.
    this.bigPlay = frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.play, exact: true }).first();
    // The overlay our player draws the English cue in (the same on every device).
    this.cue = frame.getByTestId('subtitle-cue');
    this.resume = frame.getByRole('button', { name: new RegExp(`^${PLAYER_PAGE_TEXTS.resumeFrom} \\d+:\\d{2}$`) });
    this.startOver = frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.startOver, exact: true });
    this.error = frame.getByRole('alert');
    this.pause = frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.pause, exact: true });
    this.englishComing = frame.getByTestId('english-coming');
  }

  /**
   * The video's time and state, with what the stage shows beside it (its
   * error, notice, open cards and panel, big play button, where the focus
   * is): when a poll of it fails, the report says why the video did not play.
   */
  async state(): Promise<{ time: number; paused: boolean; ended: boolean; width: number; stage: string }> {
    return this.video.evaluate((v: HTMLVideoElement) => {
      const shown = (selector: string) => {
        const el = document.querySelector<HTMLElement>(selector);
        return el && !el.hidden ? `${selector} "${el.textContent?.trim() ?? ''}"` : null;
      };
      const active = document.activeElement;
      const stage = [
        shown('.bp-error'),
        shown('.bp-notice'),
        ...[...document.querySelectorAll<HTMLElement>('[role="dialog"]')]
          .filter((d) => !d.hidden)
          .map((d) => `dialog ${d.getAttribute('aria-label') ?? d.id}`),
        shown('.bp-big-play') && 'big play',
        `readyState ${v.readyState}`,
        `focus ${document.hasFocus() ? (active?.getAttribute('aria-label') ?? active?.tagName) : 'elsewhere'}`,
      ];
      return {
        time: v.currentTime,
        paused: v.paused,
        ended: v.ended,
        width: v.videoWidth,
        stage: stage.filter(Boolean).join('; '),
      };
    });
  }

  async currentTime(): Promise<number> {
    return (await this.state()).time;
  }

  /** The video plays: its time moves on by at least `by` seconds from where it was when asked. */
  async expectAdvancing(by = 0.5, timeout = 20_000): Promise<void> {
    // The demo clips last 12 s: on a busy machine a test's earlier steps can
    // use most of it. Near the end, go back to the start first, as a viewer
    // would, so "it plays" is measured on time the clip still has.
    await this.video.evaluate((v: HTMLVideoElement) => {
      if (v.ended || v.duration - v.currentTime < 3) {
        v.currentTime = 0.5;
        if (v.paused) void v.play();
      }
    });
    const from = await this.currentTime();
    await expect
      .poll(async () => (await this.currentTime()) - from, { message: 'the video time advances', timeout })
      .toBeGreaterThan(by);
    const { paused, width } = await this.state();
    expect(paused, 'the video is playing').toBe(false);
    expect(width, 'frames are decoded (video width)').toBeGreaterThan(0);
  }

  /**
   * Clicks a button of the control bar while the video plays: the bar hides
   * after a few seconds without a pointer move, and a pointer over the video
   * brings it back. On a busy machine it can hide again between the move and
   * the click, so the move is made again until the click lands.
   */
  async clickControl(control: Locator): Promise<void> {
    await expect(async () => {
      await this.video.hover();
      await control.click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** Presses the big play button once the player offers it. */
  async play(): Promise<void> {
    await expect(this.bigPlay).toBeVisible({ timeout: 20_000 });
    await this.bigPlay.click();
  }
}
