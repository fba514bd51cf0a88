import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { HISTORY_TEXTS } from '@bosphorus/contract';
import { WatchPage } from './watch-page.js';

// /profile/history (spec §2 Profile area → History, §4 history filter, §8
// delete-all texts) and the home page's Continue Watching / Next Up rows
// (decision 0024).

export class HistoryPage {
  readonly main: Locator;
  readonly grid: Locator;
  readonly deleteAll: Locator;
  readonly confirm: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.grid = this.main.getByRole('list', { name: HISTORY_TEXTS.title });
    this.deleteAll = this.main.getByRole('button', { name: HISTORY_TEXTS.deleteAllButton, exact: true });
    this.confirm = page.getByRole('dialog', { name: HISTORY_TEXTS.confirmTitle });
    this.empty = this.main.getByRole('heading', { name: HISTORY_TEXTS.empty });
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile/history');
    await expect(this.main.getByRole('heading', { level: 1, name: HISTORY_TEXTS.title })).toBeVisible();
  }

  filter(label: 'All' | 'Movies' | 'Series'): Locator {
    return this.main.getByRole('button', { name: label, exact: true });
  }

  /** The cards' links (each opens the player), in order. */
  get cards(): Locator {
    return this.grid.getByRole('link');
  }

  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }
}

/** A home row of ours (a carousel region) by its label. */
export function homeRow(page: Page, label: string): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

/**
 * Plays a few seconds of what the watch page shows, pauses well before the
 * end of the 12-s demo clip, then leaves through `leave` (an in-app link) and
 * waits until the player's last save of the position is answered.
 */
export async function watchAFewSeconds(watch: WatchPage, videoId: number, leave: Locator): Promise<number> {
  // Every answered save of this video's position, from the first play on:
  // the page saves now and then and once more on leaving, so the last one
  // may come before or as the viewer leaves.
  const saved: number[] = [];
  const onResponse = (res: Response) => {
    const req = res.request();
    if (req.method() !== 'POST' || !/\/api\/user\/\d+\/progress$/.test(new URL(res.url()).pathname)) return;
    const form = new URLSearchParams(req.postData() ?? '');
    if (form.get('video_id') === String(videoId) && res.status() === 200) {
      saved.push(Number(form.get('position_seconds')));
    }
  };
  watch.page.on('response', onResponse);
  try {
    await watch.player.play();
    await expect.poll(() => watch.player.currentTime(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await watch.player.clickControl(watch.player.pause);
    await expect.poll(async () => (await watch.player.state()).paused).toBe(true);
    const at = await watch.player.currentTime();
    expect(at, 'paused before the end of the clip').toBeLessThan(10);
    await leave.click();
    await expect
      .poll(() => Math.max(0, ...saved), { message: 'the position was saved', timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    return at;
  } finally {
    watch.page.off('response', onResponse);
  }
}
