import { expect, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@bosphorus/contract';

// /allseries and /allmovies (docs/ui-contract.md "Lists").

export type ListKind = 'series' | 'movies';
export type FilterName = 'Year' | 'Status' | 'Genre';

export const LIST_PATH: Record<ListKind, string> = { series: '/allseries', movies: '/allmovies' };
export const LIST_HEADING: Record<ListKind, string> = { series: MESSAGES.allSeries, movies: MESSAGES.allMovies };

export class ListPage {
  readonly main: Locator;
  readonly search: Locator;
  readonly results: Locator;
  readonly cards: Locator;
  readonly sortButton: Locator;
  readonly spinner: Locator;
  readonly noResults: Locator;
  readonly clearFilters: Locator;
  readonly pagination: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.search = this.main.getByRole('searchbox', { name: 'Search', exact: true });
    this.results = this.main.getByRole('list', { name: 'Results', exact: true });
    this.cards = this.results.getByRole('link');
    this.sortButton = this.main.getByRole('button', { name: /^Sort: / });
    // role=status takes its name from aria-label only, so the text is checked.
    this.spinner = page.getByRole('status').filter({ hasText: 'Loading' });
    this.noResults = this.main.getByRole('heading', { name: MESSAGES.noResults, exact: true });
    this.clearFilters = this.main.getByRole('button', { name: 'Clear filters', exact: true });
    this.pagination = this.main.getByRole('navigation', { name: 'Pagination', exact: true });
  }

  async goto(kind: ListKind, query = ''): Promise<void> {
    await this.page.goto(LIST_PATH[kind] + query);
    await expect(this.page.getByRole('heading', { level: 1, name: LIST_HEADING[kind], exact: true })).toBeVisible();
  }

  /**
   * Opens the list with its first cards shown, then stops the page's clock so
   * the test decides when the search debounce runs out (`page.clock.runFor`).
   */
  async gotoWithClockStopped(kind: ListKind): Promise<void> {
    await this.page.clock.install();
    await this.goto(kind);
    await this.waitForCards();
    // Far enough ahead that the clock has not passed it when the call lands.
    const now = await this.page.evaluate(() => Date.now());
    await this.page.clock.pauseAt(now + 5_000);
  }

  async waitForCards(): Promise<void> {
    await expect(this.cards.first()).toBeVisible();
    await expect(this.spinner).toBeHidden();
  }

  /** The card titles shown, in order (each card carries its title as a heading). */
  async cardTitles(): Promise<string[]> {
    return (await this.results.getByRole('heading').allInnerTexts()).map((t) => t.trim());
  }

  async cardHrefs(): Promise<string[]> {
    return this.cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  }

  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  filterButton(name: FilterName): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  clearButton(name: FilterName): Locator {
    return this.main.getByRole('button', { name: `Clear ${name}`, exact: true });
  }

  /** The panel a dropdown button controls (its aria-controls). */
  async panel(name: FilterName): Promise<Locator> {
    const id = await this.filterButton(name).getAttribute('aria-controls');
    expect(id, `'${name}' names the panel it controls (aria-controls)`).toBeTruthy();
    return this.page.locator(`[id="${id}"]`);
  }

  async option(name: FilterName, label: string): Promise<Locator> {
    return (await this.panel(name)).getByRole('checkbox', { name: label, exact: true });
  }

  async openFilter(name: FilterName): Promise<Locator> {
    const button = this.filterButton(name);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = await this.panel(name);
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Opens the dropdown and ticks (or unticks) one option. */
  async setOption(name: FilterName, label: string, checked = true): Promise<void> {
    await this.openFilter(name);
    const box = await this.option(name, label);
    await box.setChecked(checked);
  }

  /** The pagination's controls are links to their pages (they work without JavaScript). */
  pageButton(n: number): Locator {
    return this.pagination.getByRole('link', { name: `Page ${n}`, exact: true });
  }

  pageNumbers(): Locator {
    return this.pagination.getByRole('link', { name: /^Page \d+$/ });
  }

  /** First and previous on the first page, next and last on the last: disabled (no address). */
  pageControl(name: 'First page' | 'Previous page' | 'Next page' | 'Last page'): Locator {
    return this.pagination.getByRole('link', { name, exact: true });
  }

  currentPage(): Locator {
    return this.pagination.locator('[aria-current="page"]');
  }
}
