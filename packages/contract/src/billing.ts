import { z } from 'zod';

// Spec §3 Package and Current subscription, §7 Subscriptions and support.
// Amounts are kept in minor units (cents) on the server; the wire `amount`
// is whole dollars because the spec's clients show whole dollars (§9).

export const PLAN_TYPES = ['days', 'monthly', 'yearly'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Spec §9 plan features, shown on the plan list. */
export const PLAN_FEATURES = [
  'No advertisement',
  'English subtitles',
  'Unlimited devices',
  'HD',
  'New episode notifications',
] as const;

export const packageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Whole dollars (spec §9 price display). */
  amount: z.number().int(),
  /** The exact price in minor units and its currency (our addition). */
  amount_minor: z.number().int(),
  currency: z.string(),
  /** How many days, months or years one purchase lasts. */
  duration: z.number().int(),
  type: z.enum(PLAN_TYPES),
});
export type Package = z.infer<typeof packageSchema>;

export const packagesBody = z.object({ packages: z.array(packageSchema) });
export type PackagesBody = z.infer<typeof packagesBody>;

/** Spec §7: which provider a create-checkout-session call names in its path. */
export const CHECKOUT_PROVIDERS = ['stripe', 'paypal'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];

/** Spec §7: form user_id, package_id (both also in the path). */
export const checkoutForm = z.object({
  user_id: z.string().max(20).optional(),
  package_id: z.string().max(20).optional(),
});

/** Top-level `session_url` (spec §7: "session_url, then redirect"). */
export const checkoutAnswer = z.object({ session_url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** Where a subscription came from: a provider, the demo checkout, or an operator's gift. */
export const SUBSCRIPTION_SOURCES = ['stripe', 'paypal', 'demo', 'complimentary'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/**
 * Spec §3 Current subscription, sent top level (like `url` and `session_url`).
 * With no active subscription every field but `message` is null and `status`
 * is 'none'.
 */
export const currentSubscriptionAnswer = z.object({
  source: z.enum(SUBSCRIPTION_SOURCES).nullable(),
  status: z.string(),
  plan_name: z.string().nullable(),
  plan_id: z.number().int().nullable(),
  /** Whole dollars. */
  price: z.number().int().nullable(),
  /** The plan's duration in words: '1 month', '7 days', '1 year'. */
  interval: z.string().nullable(),
  /** ISO 8601 end of the paid period. */
  end_date: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  message: z.string(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionAnswer>;

/** Spec §7 manage: "url, then redirect". */
export const manageAnswer = z.object({ url: z.string() });
export type ManageAnswer = z.infer<typeof manageAnswer>;

/** Answer of the checkout-confirmation poll (our addition, see docs/decisions). */
export const checkoutStatusAnswer = z.object({
  /** 'pending' until the provider's confirmation was applied; 'active' then; 'failed' when declined. */
  status: z.enum(['pending', 'active', 'failed']),
  message: z.string(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusAnswer>;

/** Spec §9 plan duration units: day(s), month(s), year(s). */
export function planDurationLabel(duration: number, type: PlanType): string {
  const unit = type === 'days' ? 'day' : type === 'monthly' ? 'month' : 'year';
  return `${duration} ${unit}${duration === 1 ? '' : 's'}`;
}

/** Spec §9: prices shown in whole dollars. */
export function formatWholeDollars(amount: number): string {
  return `$${Math.round(amount)}`;
}

/** Spec §9: days left, rounded up from the end date (0 once it has passed). */
export function daysLeft(endIso: string, now: Date = new Date()): number {
  const ms = new Date(endIso).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
