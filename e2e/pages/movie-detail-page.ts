import { expect, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@bosphorus/contract';
import { control } from '../support/geometry.js';

// Movie detail, /moviedetail/{id} and /movies/{id}, and the head block and
// sections it shares with the series page (docs/ui-contract.md).

export const SHARE_NETWORKS = [
  { name: 'Share on Facebook', host: /facebook\.com/ },
  { name: 'Share on X', host: /(x|twitter)\.com/ },
  { name: 'Share on WhatsApp', host: /(wa\.me|whatsapp\.com)/ },
  { name: 'Share on Telegram', host: /(t\.me|telegram\.(me|org))/ },
  { name: 'Share on Reddit', host: /reddit\.com/ },
] as const;

export class TitleDetailPage {
  readonly main: Locator;
  readonly title: Locator;
  readonly watchNow: Locator;
  readonly playTrailer: Locator;
  readonly subtitles: Locator;
  readonly details: Locator;
  readonly castSection: Locator;
  readonly castHeading: Locator;
  readonly trailerSection: Locator;
  readonly trailerHeading: Locator;
  readonly reviewsHeading: Locator;
  readonly share: Locator;
  readonly signInToReview: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.title = this.main.getByRole('heading', { level: 1 });
    this.watchNow = control(this.main, MESSAGES.watchNow);
    this.playTrailer = control(this.main, MESSAGES.playTrailer);
    this.subtitles = this.main.getByText(MESSAGES.subtitlesEng, { exact: true });
    // Section ids are part of the URL contract (#details, #trailer deep links).
    this.details = page.locator('#details');
    this.castSection = page.locator('#cast');
    this.castHeading = this.main.getByRole('heading', { name: MESSAGES.topCast, exact: true });
    this.trailerSection = page.locator('#trailer');
    this.trailerHeading = this.main.getByRole('heading', { name: MESSAGES.trailer, exact: true });
    this.reviewsHeading = this.main.getByRole('heading', { name: MESSAGES.reviews, exact: true });
    this.share = this.main.getByRole('group', { name: 'Share', exact: true });
    this.signInToReview = this.main.getByRole('link', { name: 'Sign in to write a review', exact: true });
  }

  rating(value: number): Locator {
    return this.main.getByLabel(`Rating ${value} out of 10`, { exact: true }).first();
  }

  trailerFrame(title: string): Locator {
    return this.main.getByTitle(`${title} trailer`, { exact: true });
  }

  /** The trailer's facade: the cover and a play button, until pressed (decision 0066). */
  trailerFacade(title: string): Locator {
    return this.trailerSection.getByRole('button', { name: `Play the ${title} trailer`, exact: true });
  }

  shareLink(name: string): Locator {
    return this.share.getByRole('link', { name, exact: true });
  }

  async expectTitle(title: string): Promise<void> {
    await expect(this.title).toHaveText(title);
  }
}

export class MovieDetailPage extends TitleDetailPage {
  readonly recommended: Locator;

  constructor(page: Page) {
    super(page);
    this.recommended = page.getByRole('region', { name: MESSAGES.recommended, exact: true });
  }

  async goto(id: number, hash = '', route: 'moviedetail' | 'movies' = 'moviedetail'): Promise<void> {
    await this.page.goto(`/${route}/${id}${hash}`);
    await expect(this.title).toBeVisible();
  }
}
