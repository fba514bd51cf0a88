import { expect, type Locator, type Page } from '@playwright/test';
import { PLAYER_MESSAGES, formatWholeDollars, type Package } from '@bosphorus/contract';

// Spec §2 Choose plan and Profile area → Subscription, §4 Plan payment and
// Subscription screen: /choosepayment, the demo checkout of the embedded
// provider (a page of ours that says it takes no money), the return page
// /choosepayment/complete, /profile/subscription with its side menu, and
// the demo billing portal.

/** Texts of our screens that are not spec texts (so not in the contract). */
export const PLAN_TEXTS = {
  cardMethod: /^Card\b/,
  walletMethod: /^Online wallet\b/,
  canceledNote: 'Payment canceled — you were not charged.',
  confirming: 'Confirming your payment…',
  confirmed: 'Payment confirmed',
  startWatching: 'Start watching',
  manage: 'Manage subscription',
  /** The cancel_at_period_end warning (spec §4 Subscription screen). */
  cancelWarning: /will not renew/i,
} as const;

export class ChoosePlanPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly payAndEnter: Locator;
  readonly pleaseChoose: Locator;
  readonly canceledNote: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: PLAYER_MESSAGES.chooseAPlan });
    this.payAndEnter = this.main.getByRole('button', { name: PLAYER_MESSAGES.payAndEnter, exact: true });
    this.pleaseChoose = this.main.getByRole('alert').filter({ hasText: PLAYER_MESSAGES.pleaseChoosePlan });
    this.canceledNote = this.main.getByRole('status').filter({ hasText: PLAN_TEXTS.canceledNote });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/choosepayment${query}`);
    await this.expectPlanList();
  }

  /** The list a person without a plan sees: the plans, and Pay & Enter. */
  async expectPlanList(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.payAndEnter).toBeVisible();
  }

  /** A plan of the list: a radio named by its title. */
  plan(plan: Pick<Package, 'title'>): Locator {
    return this.main.getByRole('radio', { name: plan.title, exact: true });
  }

  get card(): Locator {
    return this.main.getByRole('radio', { name: PLAN_TEXTS.cardMethod });
  }

  get wallet(): Locator {
    return this.main.getByRole('radio', { name: PLAN_TEXTS.walletMethod });
  }

  /** Chooses the plan and the card, presses Pay & Enter; ends on the demo checkout. */
  async payByCard(plan: Package): Promise<DemoCheckoutPage> {
    await this.plan(plan).check();
    await this.card.check();
    await expect(this.main.getByRole('region', { name: 'Order summary' })).toContainText(
      formatWholeDollars(plan.amount),
    );
    await this.payAndEnter.click();
    const checkout = new DemoCheckoutPage(this.page);
    await checkout.expectOpen(plan);
    return checkout;
  }
}

/** The embedded demo provider's checkout page (/demo-pay/checkout/{id}). */
export class DemoCheckoutPage {
  readonly banner: Locator;
  readonly declined: Locator;
  readonly decline: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('note').filter({ hasText: /^DEMO CHECKOUT\b/ });
    this.declined = page.getByRole('alert').filter({ hasText: /declined/i });
    this.decline = page.getByRole('button', { name: 'Declined card', exact: true });
    this.cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  }

  pay(plan: Pick<Package, 'amount'>): Locator {
    return this.page.getByRole('button', { name: `Pay ${formatWholeDollars(plan.amount)}`, exact: true });
  }

  /** Says plainly that it is a demo and takes no money; shows the plan and its price. */
  async expectOpen(plan: Package): Promise<void> {
    await expect(this.page).toHaveURL(/\/demo-pay\/checkout\/[\w-]+$/);
    await expect(this.banner).toBeVisible();
    await expect(this.banner).toContainText(/no real payment is taken/i);
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(plan.title);
    await expect(this.page.getByText(formatWholeDollars(plan.amount), { exact: false }).first()).toBeVisible();
    await expect(this.pay(plan)).toBeVisible();
  }
}

/** /choosepayment/complete: waits for the provider's confirmation, then offers to watch. */
export class CheckoutCompletePage {
  readonly confirming: Locator;
  readonly confirmed: Locator;
  readonly startWatching: Locator;

  constructor(readonly page: Page) {
    this.confirming = page.getByRole('heading', { level: 1, name: PLAN_TEXTS.confirming });
    this.confirmed = page.getByRole('heading', { level: 1, name: PLAN_TEXTS.confirmed });
    this.startWatching = page.getByRole('main').getByRole('link', { name: PLAN_TEXTS.startWatching, exact: true });
  }
}

/** /profile/subscription and the profile side menu around it. */
export class SubscriptionPage {
  readonly main: Locator;
  readonly side: Locator;
  readonly plan: Locator;
  readonly manage: Locator;
  readonly noSubscription: Locator;
  readonly cancelWarning: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.side = page.getByRole('complementary', { name: 'Profile' });
    this.plan = this.main.getByRole('region').filter({ has: page.getByText('Current plan', { exact: true }) });
    this.manage = this.main.getByRole('button', { name: PLAN_TEXTS.manage, exact: true });
    this.noSubscription = this.main.getByRole('heading', { name: PLAYER_MESSAGES.noActiveSubscription, exact: true });
    this.cancelWarning = this.main.getByRole('note').filter({ hasText: PLAN_TEXTS.cancelWarning });
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile/subscription');
    await expect(this.main.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  }

  /** A fact of the plan card ('Price', 'Interval', 'Active until', 'Days left'). */
  fact(term: string): Locator {
    return this.main
      .locator('dl > div')
      .filter({ has: this.page.getByRole('term').getByText(term, { exact: true }) })
      .getByRole('definition');
  }
}

/** The embedded demo provider's billing portal (/demo-pay/portal/{id}). */
export class DemoPortalPage {
  readonly banner: Locator;
  readonly cancelAtPeriodEnd: Locator;
  readonly resume: Locator;
  readonly endNow: Locator;
  readonly back: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('note').filter({ hasText: /^DEMO BILLING PORTAL\b/ });
    this.cancelAtPeriodEnd = page.getByRole('button', { name: 'Cancel at period end', exact: true });
    this.resume = page.getByRole('button', { name: 'Resume', exact: true });
    this.endNow = page.getByRole('button', { name: 'End subscription now', exact: true });
    this.back = page.getByRole('link', { name: 'Return to Bosphorus', exact: true });
    this.status = page.getByRole('region', { name: 'Subscription' });
  }
}

/** 'Dec 23, 2026': how the site writes a date (UTC). */
export function siteDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
