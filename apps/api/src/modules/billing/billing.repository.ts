import type { PlanType, SubscriptionSource } from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';

// Only this file holds the SQL of plans and money: packages, subscriptions,
// checkout_sessions and payment_events (the demo provider's objects are
// modules/billing-demo's).

export type Gateway = 'stripe' | 'paypal';
/** Who took the money: a provider, or the demo checkout standing in for one. */
export type PaidSource = 'stripe' | 'paypal' | 'demo';
export type CheckoutStatus = 'creating' | 'open' | 'complete' | 'expired' | 'failed';

/**
 * Statuses the provider may still charge for or that still give access; at
 * most one row per user has one of them (subscriptions_one_live_per_user).
 * Access itself needs 'active' and a period end in the future
 * (users.repository.ts SELECT_USER).
 */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;
const LIVE_SQL = `('active', 'trialing', 'past_due')`;

export interface Plan {
  id: number;
  title: string;
  amountMinor: number;
  currency: string;
  duration: number;
  type: PlanType;
  active: boolean;
}

export interface SubscriptionRow {
  id: number;
  userId: number;
  provider: SubscriptionSource;
  gateway: Gateway | null;
  renews: boolean;
  customerId: string | null;
  externalId: string | null;
  status: string;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  plan: Plan;
}

export interface CheckoutRow {
  id: number;
  userId: number;
  packageId: number;
  provider: PaidSource;
  gateway: Gateway;
  sessionId: string | null;
  amountMinor: number;
  currency: string;
  status: CheckoutStatus;
  createdAt: Date;
}

/** A provider's state to write: what fulfilment copies into `subscriptions`. */
export interface EntitlementWrite {
  userId: number;
  packageId: number;
  provider: PaidSource;
  gateway: Gateway;
  /** Stripe sub_… for a subscription; the checkout session or PayPal order for a pass. */
  externalId: string;
  customerId: string | null;
  renews: boolean;
  status: string;
  /** A subscription: the provider's period end. */
  periodEnd: Date | null;
  /**
   * A pass: when it was paid (null: now). Its end is worked out from the
   * plan once, when the row is first written, and never moved again.
   */
  paidAt: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface PaymentEventKey {
  provider: string;
  eventId: string;
  eventType: string;
  payloadDigest: string;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

interface RawPlan {
  id: number;
  title: string;
  amount_minor: number;
  currency: string;
  duration: number;
  duration_unit: PlanType;
  active: boolean;
}

const mapPlan = (r: RawPlan): Plan => ({
  id: Number(r.id),
  title: r.title,
  amountMinor: Number(r.amount_minor),
  currency: r.currency,
  duration: Number(r.duration),
  type: r.duration_unit,
  active: r.active,
});

interface RawSubscription extends Omit<RawPlan, 'id'> {
  id: number;
  user_id: number;
  package_id: number;
  provider: SubscriptionSource;
  gateway: Gateway | null;
  renews: boolean;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  status: string;
  current_period_end: unknown;
  cancel_at_period_end: boolean;
}

const SELECT_SUBSCRIPTION = `
  SELECT s.id, s.user_id, s.package_id, s.provider, s.gateway, s.renews, s.provider_customer_id,
         s.provider_subscription_id, s.status, s.current_period_end, s.cancel_at_period_end,
         p.title, p.amount_minor, p.currency, p.duration, p.duration_unit, p.active
  FROM subscriptions s JOIN packages p ON p.id = s.package_id`;

const mapSubscription = (r: RawSubscription): SubscriptionRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  provider: r.provider,
  gateway: r.gateway,
  renews: r.renews,
  customerId: r.provider_customer_id,
  externalId: r.provider_subscription_id,
  status: r.status,
  periodEnd: toDate(r.current_period_end),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  plan: mapPlan({ ...r, id: r.package_id }),
});

interface RawCheckout {
  id: number;
  user_id: number;
  package_id: number;
  provider: PaidSource;
  gateway: Gateway;
  provider_session_id: string | null;
  amount_minor: number;
  currency: string;
  status: CheckoutStatus;
  created_at: unknown;
}

const mapCheckout = (r: RawCheckout): CheckoutRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  packageId: Number(r.package_id),
  provider: r.provider,
  gateway: r.gateway,
  sessionId: r.provider_session_id,
  amountMinor: Number(r.amount_minor),
  currency: r.currency,
  status: r.status,
  createdAt: toDate(r.created_at)!,
});

const CHECKOUT_COLUMNS =
  'id, user_id, package_id, provider, gateway, provider_session_id, amount_minor, currency, status, created_at';

/** A plan's length as an SQL interval from three parameters (days, months, years). */
function planInterval(plan: Pick<Plan, 'duration' | 'type'>): [number, number, number] {
  return plan.type === 'days'
    ? [plan.duration, 0, 0]
    : plan.type === 'monthly'
      ? [0, plan.duration, 0]
      : [0, 0, plan.duration];
}

const COMPLIMENTARY_TITLE = 'Complimentary';

const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** A subscription as the operator console shows it (issue 17). */
export interface AdminSubscriptionRow {
  id: number;
  plan: string;
  provider: string;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
}

/** A checkout (an attempt to pay) as the operator console shows it. */
export interface AdminPaymentRow {
  id: number;
  plan: string;
  gateway: string;
  amount_minor: number;
  currency: string;
  status: string;
  created_at: string;
}

export function createBillingRepository(db: Db) {
  return {
    db,

    /** Every subscription of the account, newest first (the operator console). */
    async subscriptionsOf(userId: number): Promise<AdminSubscriptionRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT s.id, p.title AS plan, s.provider, s.status, s.current_period_end, s.cancel_at_period_end, s.created_at
         FROM subscriptions s JOIN packages p ON p.id = s.package_id
         WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 100`,
        [userId],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        plan: String(r.plan),
        provider: String(r.provider),
        status: String(r.status),
        current_period_end: isoOrNull(r.current_period_end),
        cancel_at_period_end: Boolean(r.cancel_at_period_end),
        created_at: isoOrNull(r.created_at)!,
      }));
    },

    /** The account's checkouts (payments and attempts), newest first (the operator console). */
    async paymentsOf(userId: number): Promise<AdminPaymentRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT c.id, p.title AS plan, c.gateway, c.amount_minor, c.currency, c.status, c.created_at
         FROM checkout_sessions c JOIN packages p ON p.id = c.package_id
         WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT 100`,
        [userId],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        plan: String(r.plan),
        gateway: String(r.gateway),
        amount_minor: Number(r.amount_minor),
        currency: String(r.currency),
        status: String(r.status),
        created_at: isoOrNull(r.created_at)!,
      }));
    },

    async activePlans(): Promise<Plan[]> {
      const rows = await db.query<RawPlan>(
        `SELECT id, title, amount_minor, currency, duration, duration_unit, active
         FROM packages WHERE active ORDER BY position, id`,
      );
      return rows.map(mapPlan);
    },

    async planById(id: number, q: Queryable = db): Promise<Plan | null> {
      const [row] = await q.query<RawPlan>(
        'SELECT id, title, amount_minor, currency, duration, duration_unit, active FROM packages WHERE id = $1',
        [id],
      );
      return row ? mapPlan(row) : null;
    },

    /** Serialises the billing writes of one user until the transaction ends; false when the user is gone. */
    async lockUser(userId: number, q: Queryable): Promise<boolean> {
      const rows = await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      return rows.length > 0;
    },

    /**
     * Passes (and complimentary plans) that have run out become 'expired',
     * freeing the user's one live slot. Renewing subscriptions are left to
     * their provider, which says when they end.
     */
    async expireLapsedPasses(userId: number, q: Queryable = db): Promise<void> {
      await q.query(
        `UPDATE subscriptions SET status = 'expired', updated_at = now()
         WHERE user_id = $1 AND NOT renews AND status IN ${LIVE_SQL} AND current_period_end <= now()`,
        [userId],
      );
    },

    /** The user's one live subscription, if any. */
    async liveSubscription(userId: number, q: Queryable = db): Promise<SubscriptionRow | null> {
      const [row] = await q.query<RawSubscription>(
        `${SELECT_SUBSCRIPTION} WHERE s.user_id = $1 AND s.status IN ${LIVE_SQL} ORDER BY s.id DESC LIMIT 1`,
        [userId],
      );
      return row ? mapSubscription(row) : null;
    },

    async subscriptionByExternalId(
      provider: PaidSource,
      externalId: string,
      q: Queryable = db,
    ): Promise<SubscriptionRow | null> {
      const [row] = await q.query<RawSubscription>(
        `${SELECT_SUBSCRIPTION} WHERE s.provider = $1 AND s.provider_subscription_id = $2`,
        [provider, externalId],
      );
      return row ? mapSubscription(row) : null;
    },

    /**
     * Writes a provider's state (fulfilment, in its transaction). A
     * subscription's period end is the provider's, only ever moved forward
     * (a re-read that finishes late must not undo a newer one); a pass's end
     * is set once from its payment time. Ended states are final: 'canceled'
     * and 'incomplete_expired' are Stripe's last word on a subscription, and
     * a pass that ran out or was refunded never comes back.
     */
    async upsertSubscription(q: Queryable, e: EntitlementWrite, plan: Plan): Promise<{ id: number; status: string }> {
      const [days, months, years] = e.renews ? [0, 0, 0] : planInterval(plan);
      const [row] = await q.query<{ id: number; status: string }>(
        `WITH v AS (
           SELECT CASE WHEN $5::boolean THEN $9::timestamptz
                       ELSE coalesce($10::timestamptz, now()) + make_interval(days => $12::int, months => $13::int, years => $14::int)
                  END AS period_end)
         INSERT INTO subscriptions (user_id, package_id, provider, gateway, renews, provider_customer_id,
           provider_subscription_id, status, current_period_end, cancel_at_period_end)
         SELECT $1::bigint, $2::bigint, $3::text, $4::text, $5::boolean, $6::text, $7::text,
           CASE WHEN NOT $5::boolean AND $8::text = 'active' AND v.period_end <= now() THEN 'expired' ELSE $8::text END,
           v.period_end, $11::boolean
         FROM v
         ON CONFLICT (provider, provider_subscription_id) DO UPDATE SET
           status = CASE
             WHEN subscriptions.status IN ('canceled', 'incomplete_expired', 'expired', 'refunded') THEN subscriptions.status
             WHEN NOT subscriptions.renews AND EXCLUDED.status = 'active' AND subscriptions.current_period_end <= now()
               THEN 'expired'
             ELSE EXCLUDED.status END,
           current_period_end = CASE WHEN subscriptions.renews
             THEN greatest(subscriptions.current_period_end, EXCLUDED.current_period_end)
             ELSE subscriptions.current_period_end END,
           cancel_at_period_end = EXCLUDED.cancel_at_period_end,
           provider_customer_id = coalesce(EXCLUDED.provider_customer_id, subscriptions.provider_customer_id),
           updated_at = now()
         RETURNING id, status`,
        [
          e.userId,
          e.packageId,
          e.provider,
          e.gateway,
          e.renews,
          e.customerId,
          e.externalId,
          e.status,
          e.periodEnd,
          e.paidAt,
          e.cancelAtPeriodEnd,
          days,
          months,
          years,
        ],
      );
      return { id: Number(row!.id), status: row!.status };
    },

    // ───────────── webhook events ─────────────

    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM payment_events WHERE provider = $1 AND event_id = $2', [
        provider,
        eventId,
      ]);
      return rows.length > 0;
    },

    /** Records an event; false when it was recorded before (a repeated delivery). */
    async recordEvent(q: Queryable, key: PaymentEventKey): Promise<boolean> {
      const rows = await q.query(
        `INSERT INTO payment_events (provider, event_id, event_type, payload_digest) VALUES ($1, $2, $3, $4)
         ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
        [key.provider, key.eventId, key.eventType, key.payloadDigest],
      );
      return rows.length > 0;
    },

    // ───────────── checkouts ─────────────

    /** The user's checkout under way ('creating' or 'open'), if any. */
    async checkoutUnderWay(userId: number): Promise<CheckoutRow | null> {
      const [row] = await db.query<RawCheckout>(
        `SELECT ${CHECKOUT_COLUMNS} FROM checkout_sessions WHERE user_id = $1 AND status IN ('creating', 'open')`,
        [userId],
      );
      return row ? mapCheckout(row) : null;
    },

    /** Throws a unique violation when the user already has a checkout under way. */
    async insertCheckout(input: {
      userId: number;
      plan: Plan;
      provider: PaidSource;
      gateway: Gateway;
    }): Promise<CheckoutRow> {
      const [row] = await db.query<RawCheckout>(
        `INSERT INTO checkout_sessions (user_id, package_id, provider, gateway, amount_minor, currency)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${CHECKOUT_COLUMNS}`,
        [input.userId, input.plan.id, input.provider, input.gateway, input.plan.amountMinor, input.plan.currency],
      );
      return mapCheckout(row!);
    },

    async markCheckoutOpen(id: number, sessionId: string): Promise<void> {
      await db.query(
        `UPDATE checkout_sessions SET status = 'open', provider_session_id = $2, updated_at = now()
         WHERE id = $1 AND status = 'creating'`,
        [id, sessionId],
      );
    },

    /** Moves a checkout on, only from the given states (a completed one never goes back). */
    async setCheckoutStatus(
      id: number,
      status: CheckoutStatus,
      from: readonly CheckoutStatus[],
      q: Queryable = db,
    ): Promise<boolean> {
      const rows = await q.query(
        `UPDATE checkout_sessions SET status = $2, updated_at = now() WHERE id = $1 AND status = ANY($3::text[])
         RETURNING id`,
        [id, status, from],
      );
      return rows.length > 0;
    },

    async checkoutById(id: number, q: Queryable = db): Promise<CheckoutRow | null> {
      const [row] = await q.query<RawCheckout>(`SELECT ${CHECKOUT_COLUMNS} FROM checkout_sessions WHERE id = $1`, [id]);
      return row ? mapCheckout(row) : null;
    },

    async checkoutBySession(gateway: Gateway, sessionId: string): Promise<CheckoutRow | null> {
      const [row] = await db.query<RawCheckout>(
        `SELECT ${CHECKOUT_COLUMNS} FROM checkout_sessions WHERE gateway = $1 AND provider_session_id = $2`,
        [gateway, sessionId],
      );
      return row ? mapCheckout(row) : null;
    },

    // ───────────── complimentary plans (admin CLI) ─────────────

    /** The inactive 'Complimentary' package (never for sale), made on first use. */
    async complimentaryPackageId(q: Queryable): Promise<number> {
      const [found] = await q.query<{ id: number }>(
        'SELECT id FROM packages WHERE title = $1 AND NOT active ORDER BY id LIMIT 1',
        [COMPLIMENTARY_TITLE],
      );
      if (found) return Number(found.id);
      const [made] = await q.query<{ id: number }>(
        `INSERT INTO packages (title, amount_minor, currency, duration, duration_unit, active, position)
         VALUES ($1, 0, 'USD', 1, 'days', false, 0) RETURNING id`,
        [COMPLIMENTARY_TITLE],
      );
      return Number(made!.id);
    },

    /** Our own gift, not a provider's period: extending it by DAYS is the operator's intent. */
    async extendComplimentary(q: Queryable, id: number, days: number): Promise<Date> {
      const [row] = await q.query<{ ends: unknown }>(
        `UPDATE subscriptions SET current_period_end = current_period_end + make_interval(days => $2), updated_at = now()
         WHERE id = $1 RETURNING current_period_end AS ends`,
        [id, days],
      );
      return toDate(row!.ends)!;
    },

    async insertComplimentary(q: Queryable, userId: number, packageId: number, days: number): Promise<Date> {
      const [row] = await q.query<{ ends: unknown }>(
        `INSERT INTO subscriptions (user_id, package_id, provider, status, current_period_end)
         VALUES ($1, $2, 'complimentary', 'active', now() + make_interval(days => $3))
         RETURNING current_period_end AS ends`,
        [userId, packageId, days],
      );
      return toDate(row!.ends)!;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
