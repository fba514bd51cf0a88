import { expect, type Locator, type Page } from '@playwright/test';
import { LIBRARY_TEXTS } from '@bosphorus/contract';

// The watchlist bookmark and the series bell on detail pages and cards, and
// /profile/favorites (spec §2 Profile area → Favorites; decision 0022).

/** The bookmark of a title, on its detail page or on its card. */
export function bookmark(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(title), exact: true });
}

/** The series bell of a detail page. */
export function bell(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('button', { name: LIBRARY_TEXTS.notificationsLabel(title), exact: true });
}

export class FavoritesPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly back: Locator;
  readonly grid: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: LIBRARY_TEXTS.favoritesTitle });
    this.back = this.main.getByRole('button', { name: 'Back', exact: true });
    this.grid = this.main.getByRole('list', { name: LIBRARY_TEXTS.favoritesTitle });
    this.empty = this.main.getByRole('heading', { name: LIBRARY_TEXTS.emptyTitle });
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile/favorites');
    await expect(this.heading).toBeVisible();
  }

  filter(label: 'All' | 'Movies' | 'Series'): Locator {
    return this.main.getByRole('button', { name: label, exact: true });
  }

  /** A saved card, found by its title. */
  card(title: string): Locator {
    return this.grid
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
}
