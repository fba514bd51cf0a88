import { expect, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@bosphorus/contract';
import { TitleDetailPage } from './movie-detail-page.js';

// Series detail, /seriesdetail/{id} (docs/ui-contract.md "Series detail").

export class SeriesDetailPage extends TitleDetailPage {
  readonly episodes: Locator;
  readonly episodesHeading: Locator;
  readonly seasonTabs: Locator;
  readonly episodeSearch: Locator;
  readonly noEpisodes: Locator;

  constructor(page: Page) {
    super(page);
    this.episodes = page.locator('#episodes');
    this.episodesHeading = this.main.getByRole('heading', { name: MESSAGES.episodes, exact: true });
    this.seasonTabs = this.main.getByRole('tablist', { name: 'Seasons', exact: true });
    this.episodeSearch = this.main
      .getByRole('searchbox', { name: 'Search episodes', exact: true })
      .or(this.main.getByRole('textbox', { name: 'Search episodes', exact: true }));
    this.noEpisodes = this.main.getByText(MESSAGES.noEpisodesFound, { exact: true });
  }

  async goto(id: number, hash = ''): Promise<void> {
    await this.page.goto(`/seriesdetail/${id}${hash}`);
    await expect(this.title).toBeVisible();
  }

  seasonTab(n: number): Locator {
    return this.seasonTabs.getByRole('tab', { name: `Season ${n}`, exact: true });
  }

  statusLabel(status: 'ongoing' | 'ended'): Locator {
    return this.main.getByText(status === 'ended' ? MESSAGES.ended : MESSAGES.ongoing, { exact: true }).first();
  }

  /** One per episode card: each card shows 'Episode N'. */
  episodeNumberLabels(): Locator {
    return this.episodes.getByText(/^Episode \d+$/);
  }

  episodeTitle(title: string): Locator {
    return this.episodes.getByText(title, { exact: true });
  }

  finaleBadges(): Locator {
    return this.episodes.getByText(MESSAGES.seasonFinale, { exact: true });
  }

  async searchEpisodes(query: string): Promise<void> {
    await this.episodeSearch.fill(query);
  }
}
