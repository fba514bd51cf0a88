import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { HOME_ROWS, MESSAGES, seeAllLabel, type HomeBody, type HomeRowLabel } from '@bosphorus/contract';
import { control, fullyVisibleWithin, dragAcross, onScreen } from '../support/geometry.js';
import { servedQuery } from '../support/served-data.js';

// Home (/): hero 'Featured', the rows (the contract's HOME_ROWS), the
// visitor's welcome section (docs/ui-contract.md "Home").

/** A row, by its heading. */
export type HomeRow = HomeRowLabel;
/** Home's rows' headings, in the page's order. */
export const HOME_ROW_LABELS: readonly HomeRow[] = HOME_ROWS.map((row) => row.label);

/** The cards the home answer has for the row headed `label`. */
export function rowItems(home: HomeBody, label: HomeRow): unknown[] {
  return home[homeRow(label).key];
}

/** The table's entry of the row headed `label`. */
export function homeRow(label: HomeRow): (typeof HOME_ROWS)[number] {
  return HOME_ROWS.find((row) => row.label === label)!;
}

export class HomePage {
  readonly hero: Locator;
  readonly welcomeHeading: Locator;
  readonly loginNow: Locator;
  readonly register: Locator;

  constructor(readonly page: Page) {
    this.hero = page.getByRole('region', { name: 'Featured' });
    this.welcomeHeading = page.getByRole('heading', { name: /welcome/i });
    this.loginNow = control(page.getByRole('main'), MESSAGES.loginNow);
    this.register = control(page.getByRole('main'), MESSAGES.register);
  }

  /**
   * Opens home; returns the /api/home answer the page itself got, which is
   * what it shows. Other specs publish episodes and follow series meanwhile
   * (the Latest episodes row changes), so a test compares the screen with
   * this answer, not with one it read earlier.
   */
  async goto(): Promise<HomeBody> {
    const answer = this.homeAnswer();
    await this.page.goto('/');
    await expect(this.hero).toBeVisible();
    return answer.read();
  }

  /**
   * What the page drew from: a visitor's home is the server's render, drawn
   * from the visitor's home answer the document carries with the rest of
   * the render's data (`#app-data`, decision 0107); a signed-in viewer's
   * page asks GET /api/home for their own. Call before the navigation; read
   * once the page has drawn.
   */
  private homeAnswer(): { read(): Promise<HomeBody> } {
    const isApiHome = (r: Response) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/home';
    const api = this.page.waitForResponse(isApiHome, { timeout: 60_000 });
    api.catch(() => undefined);
    const document = this.page.waitForResponse(
      (r) => r.request().resourceType() === 'document' && new URL(r.url()).pathname === '/',
    );
    return {
      read: async () => {
        const doc = await document;
        expect(doc.status(), 'GET / (the home document)').toBe(200);
        const signedIn = await this.page.evaluate(() => !!localStorage.getItem('user'));
        const served = servedQuery<HomeBody>(await doc.text(), ['home', 'visitor']);
        if (!signedIn && served) return served;
        const response = await api;
        expect(response.status(), 'GET /api/home from the page').toBe(200);
        return ((await response.json()) as { body: HomeBody }).body;
      },
    };
  }

  /**
   * Opens home with the page's clock in the test's hands: stopped from the
   * start and stepped 100 ms at a time until the hero is up (data loading
   * needs its zero-delay timers run), so the 5-second autoplay moves only
   * when the test advances time (`advance`). Resume the clock before
   * anything that loads data (TanStack Query schedules with timers).
   */
  async gotoWithClockStopped(): Promise<HomeBody> {
    await this.page.clock.install();
    await this.page.clock.pauseAt(Date.now() + 1_000);
    const answer = this.homeAnswer();
    await this.page.goto('/');
    const title = this.heroTitles().first();
    for (let i = 0; i < 300 && !(await title.isVisible()); i++) await this.page.clock.runFor(100);
    await expect(title).toBeVisible();
    // The slider itself is made a few frames after the first view (decision
    // 0100; Embla then sets its container's transform): step on until it runs,
    // so that a dot or an arrow pressed next is taken.
    const running = this.hero.locator('.hero__container[style*="translate3d"]');
    for (let i = 0; i < 300 && (await this.dots().count()) > 1 && !(await running.count()); i++) {
      await this.page.clock.runFor(100);
    }
    if ((await this.dots().count()) > 1) await expect(running).toHaveCount(1);
    return answer.read();
  }

  /** Moves the stopped clock on: timers and animation frames in that span run. */
  async advance(ms: number): Promise<void> {
    await this.page.clock.runFor(ms);
  }

  /** Hovers the hero then leaves it: autoplay pauses, and restarts its 5 s on leaving. */
  async hoverHeroAndLeave(): Promise<void> {
    await (await this.currentHeroHeading()).hover();
    await this.page.mouse.move(1, 1);
  }

  /** The slide heading a person sees now (the others sit outside the hero's box). */
  heroTitles(): Locator {
    return this.hero.getByRole('heading');
  }

  async currentHeroTitle(): Promise<string> {
    const visible = await onScreen(this.heroTitles(), this.hero);
    expect(visible.length, 'exactly one hero slide title on screen').toBe(1);
    return (await visible[0]!.innerText()).trim();
  }

  /**
   * For a failure's message: the slider's transform and, for each slide,
   * whether it is inert and where its title stands ("inert@-1400", "live@40").
   */
  async heroState(): Promise<string> {
    return this.hero.evaluate((hero) => {
      const container = hero.querySelector<HTMLElement>('.hero__container');
      const slides = [...hero.querySelectorAll('.hero__slide')].map((slide) => {
        const title = slide.querySelector('h2')?.getBoundingClientRect();
        return `${slide.hasAttribute('inert') ? 'inert' : 'live'}@${title ? Math.round(title.left) : '?'}`;
      });
      return `transform ${container ? getComputedStyle(container).transform : 'none'}; slides ${slides.join(' ')}`;
    });
  }

  /** A control of the slide on screen: 'Watch Now', 'Watch Trailer', 'More Detail'. */
  async heroControl(name: string): Promise<Locator> {
    const visible = await onScreen(control(this.hero, name), this.hero);
    expect(visible.length, `one '${name}' on the current slide`).toBe(1);
    return visible[0]!;
  }

  async currentHeroHeading(): Promise<Locator> {
    const visible = await onScreen(this.heroTitles(), this.hero);
    expect(visible.length, 'exactly one hero slide title on screen').toBe(1);
    return visible[0]!;
  }

  dot(n: number): Locator {
    return this.hero.getByRole('button', { name: `Go to slide ${n}`, exact: true });
  }

  dots(): Locator {
    return this.hero.getByRole('button', { name: /^Go to slide \d+$/ });
  }

  row(name: HomeRow): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  rowHeading(name: HomeRow): Locator {
    return this.row(name).getByRole('heading', { name, exact: true });
  }

  /** The row's title cards (its last slide, "See all", is no card: seeAll()). */
  rowCards(name: HomeRow): Locator {
    return this.row(name)
      .getByRole('link')
      .filter({ hasNot: this.page.getByText(MESSAGES.seeAll, { exact: true }) });
  }

  /** The row's last slide, leading to its list. */
  seeAll(name: HomeRow): Locator {
    return this.row(name).getByRole('link', { name: seeAllLabel(name), exact: true });
  }

  nextButton(name: HomeRow): Locator {
    return this.row(name).getByRole('button', { name: `Next ${name}`, exact: true });
  }

  previousButton(name: HomeRow): Locator {
    return this.row(name).getByRole('button', { name: `Previous ${name}`, exact: true });
  }

  /** How much of `item` shows inside the row's clipped strip and the window: 1 wholly, 0 not at all. */
  async shownShare(name: HomeRow, item: Locator): Promise<number> {
    const frame = (await this.row(name).locator('.carousel__viewport').boundingBox())!;
    const box = (await item.boundingBox())!;
    const left = Math.max(box.x, frame.x, 0);
    const right = Math.min(box.x + box.width, frame.x + frame.width, this.page.viewportSize()!.width);
    return Math.max(0, right - left) / box.width;
  }

  /** The shown share of each of the row's first `count` cards. */
  async shownShares(name: HomeRow, count: number): Promise<number[]> {
    await this.row(name).scrollIntoViewIfNeeded();
    const shares: number[] = [];
    for (let i = 0; i < count; i++) shares.push(await this.shownShare(name, this.rowCards(name).nth(i)));
    return shares;
  }

  /** Distinct cards wholly inside the row's visible strip (and the window). */
  async fullyVisibleCardCount(name: HomeRow): Promise<number> {
    await this.row(name).scrollIntoViewIfNeeded();
    const cards = await fullyVisibleWithin(this.rowCards(name), this.row(name));
    // A card and its loop clone share link and text; two episodes of one
    // series share the link (the series page) but not the text.
    const keys = await Promise.all(cards.map(async (c) => `${await c.getAttribute('href')}|${await c.innerText()}`));
    return new Set(keys).size;
  }

  /**
   * Drags a row leftwards over its cards by 70% of its visible width, far
   * enough that the carousel settles on the next group rather than snapping
   * back.
   */
  async dragRow(name: HomeRow): Promise<void> {
    const first = this.rowCards(name).first();
    await first.scrollIntoViewIfNeeded();
    const row = (await this.row(name).boundingBox())!;
    const card = (await first.boundingBox())!;
    const width = Math.min(row.width, this.page.viewportSize()!.width - row.x);
    const startX = row.x + width - 20;
    await dragAcross(this.page, { x: startX, y: card.y + card.height / 3 }, -0.7 * width);
  }
}
