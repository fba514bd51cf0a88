import type { Package } from '@bosphorus/contract';

// The "Best value" badge on the plan list: the plan whose price per month is
// strictly the lowest. Computed from our own prices, so the badge can never
// claim a saving that is not there.

const DAYS_PER_MONTH = 365.25 / 12;

export function monthsOf(pkg: Pick<Package, 'duration' | 'type'>): number {
  if (pkg.type === 'days') return pkg.duration / DAYS_PER_MONTH;
  return pkg.type === 'monthly' ? pkg.duration : pkg.duration * 12;
}

/** The id of the plan with the strictly lowest price per month, or null (fewer than two plans, or a tie). */
export function bestValuePlanId(packages: readonly Package[]): number | null {
  if (packages.length < 2) return null;
  const perMonth = packages
    .filter((p) => p.duration > 0)
    .map((p) => ({ id: p.id, cost: p.amount_minor / monthsOf(p) }))
    .sort((a, b) => a.cost - b.cost);
  if (perMonth.length < 2 || perMonth[0]!.cost === perMonth[1]!.cost) return null;
  return perMonth[0]!.id;
}
