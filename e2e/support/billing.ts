import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import type { Package, PackagesBody, PlanType } from '@bosphorus/contract';
import { CheckoutCompletePage, ChoosePlanPage } from '../pages/plans-page.js';
import { admin } from './admin.js';

// Plans come from the public API at test time (the migration decides what is
// on sale, the tests only what to look for), and a plan is bought the way a
// person buys one: through /choosepayment and the demo checkout.

export async function packages(request: APIRequestContext): Promise<Package[]> {
  const response = await request.get('/api/packages');
  expect(response.status(), 'GET /api/packages').toBe(200);
  const { packages: list } = ((await response.json()) as { body: PackagesBody }).body;
  expect(list.length, 'plans on sale').toBeGreaterThan(0);
  return list;
}

export function planOfType(list: Package[], type: PlanType): Package {
  const plan = list.find((p) => p.type === type);
  expect(plan, `a ${type} plan in /api/packages`).toBeTruthy();
  return plan!;
}

/**
 * Pays for `plan` by card through the demo checkout and waits on the return
 * page until the payment is confirmed. Holds the return page's first status
 * answer until "Confirming your payment…" has been seen, as when the
 * provider's confirmation is a moment behind the person.
 */
export async function payThroughDemo(page: Page, plan: Package): Promise<void> {
  const choose = new ChoosePlanPage(page);
  await choose.goto();
  const checkout = await choose.payByCard(plan);

  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const pattern = /\/api\/subscriptions\/\d+\/checkout-status\?/;
  const hold = async (route: Route) => {
    await released;
    // The page may have given up on this request meanwhile (its poll moved on).
    await route.continue().catch(() => undefined);
  };
  await page.route(pattern, hold);
  await checkout.pay(plan).click();
  await expect(page).toHaveURL(/\/choosepayment\/complete\?(.*&)?session_id=/);
  const complete = new CheckoutCompletePage(page);
  await expect(complete.confirming).toBeVisible();
  release();
  await page.unroute(pattern, hold);
  await expect(complete.confirmed).toBeVisible({ timeout: 30_000 });
}

/** Support's complimentary plan for an account (npm run admin -- grant-plan); the page learns it on reload. */
export async function grantPlan(page: Page, email: string, days = 30): Promise<void> {
  const result = await admin('grant-plan', email, String(days));
  expect(result.code, result.out.join('\n')).toBe(0);
  await page.reload();
  // The header's bell is for subscribers: the page has read the account again.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible();
}
