import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { BILLING_ERRORS, planDurationLabel } from '@bosphorus/contract';
import { HttpFailure } from '../../../plugins/errors.js';
import type { BillingRepository, CheckoutRow, PaidSource, Plan, SubscriptionRow } from '../billing.repository.js';
import { eventKey, type Fulfilment } from '../fulfilment.js';
import type { PaymentEventKey } from '../billing.repository.js';
import type { CheckoutOutcome, CheckoutStart, PaymentProvider } from './provider.js';

// Stripe through its official SDK (notes §4.1): Checkout in subscription
// mode for the monthly and yearly plans and in payment mode for the days
// plan, priced from our plan table only (price_data, no Price ids to keep in
// step); the Billing Portal for "manage"; webhooks verified on the raw body.
// Ghost's pattern (notes §4.3): an event is only a trigger; the session or
// subscription it names is read again from Stripe and that state is written,
// so repeated and out-of-order deliveries converge.

/** Stripe's default tolerance: a signature older than this is a replay, or further ahead a forgery of time. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The `t=` of a Stripe-Signature header: Unix seconds, or null. The SDK
 * refuses only timestamps too far in the past; one signed ten minutes ahead
 * would stay replayable for fifteen (issue 16 finding 6), so both sides of
 * now are bounded here, before the SDK's check.
 */
export function isSignedNow(signature: string, nowMs = Date.now()): boolean {
  const stamp = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1];
  return stamp !== undefined && Math.abs(nowMs / 1000 - Number(stamp)) <= STRIPE_WEBHOOK_TOLERANCE_SECONDS;
}

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
]);

/** SDK options from STRIPE_API_BASE (`http://127.0.0.1:12111`): every API base moves there (notes §R5). */
export function stripeClientOptions(apiBase: string | null): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 2, timeout: 30_000 };
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? '443' : '80'),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    // A local stub answers or it is down: retrying only slows a failing test.
    maxNetworkRetries: 0,
    timeout: 30_000,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface StripeProviderOptions {
  stripe: Stripe;
  webhookSecret: string;
  source: PaidSource;
  mode: string;
  repository: BillingRepository;
  fulfilment: Fulfilment;
  log: FastifyBaseLogger;
}

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const { stripe, repository, fulfilment, log } = opts;
  const eventSource = opts.source === 'demo' ? 'demo-stripe' : 'stripe';

  /** Our checkout behind a Stripe object, checked against what Stripe says of it. */
  async function ourCheckout(checkoutId: string | undefined, sessionId: string | null): Promise<CheckoutRow | null> {
    const byId = checkoutId && /^\d{1,15}$/.test(checkoutId) ? await repository.checkoutById(Number(checkoutId)) : null;
    const checkout = byId ?? (sessionId ? await repository.checkoutBySession('stripe', sessionId) : null);
    if (!checkout || checkout.gateway !== 'stripe' || checkout.provider !== opts.source) return null;
    if (sessionId && checkout.sessionId && checkout.sessionId !== sessionId) return null;
    return checkout;
  }

  /** A subscription as Stripe has it now, written for its user. */
  async function applySubscription(
    sub: Stripe.Subscription,
    key: PaymentEventKey | null,
    knownCheckout: CheckoutRow | null = null,
    refunded = false,
  ): Promise<CheckoutOutcome> {
    const existing = await repository.subscriptionByExternalId(opts.source, sub.id);
    let userId: number;
    let packageId: number;
    let checkoutId: number | null = null;
    if (existing) {
      userId = existing.userId;
      packageId = existing.plan.id;
    } else {
      const checkout = knownCheckout ?? (await ourCheckout(sub.metadata?.checkout_id, null));
      if (
        !checkout ||
        !checkout.sessionId ||
        sub.metadata?.user_id !== String(checkout.userId) ||
        sub.metadata?.package_id !== String(checkout.packageId)
      ) {
        log.warn({ subscription: sub.id }, 'billing: a Stripe subscription that none of our checkouts started');
        await fulfilment.recordOnly(key);
        return 'failed';
      }
      const plan = await repository.planById(checkout.packageId);
      if (checkout.status === 'failed' || !plan || !subscriptionPriceMatches(sub, checkout, plan)) {
        log.error(
          { subscription: sub.id, checkout: checkout.id },
          'billing: a Stripe subscription whose price is not our plan; nothing granted',
        );
        await fulfilment.settleCheckout(checkout.id, 'failed', key);
        return 'failed';
      }
      userId = checkout.userId;
      packageId = checkout.packageId;
      checkoutId = checkout.id;
    }
    const ends = sub.items.data.map((item) => item.current_period_end).filter((t) => typeof t === 'number');
    const result = await fulfilment.applyEntitlement(
      {
        userId,
        packageId,
        provider: opts.source,
        gateway: 'stripe',
        externalId: sub.id,
        customerId: idOf(sub.customer),
        renews: true,
        // A refunded payment ends access for good (the status is final).
        status: refunded ? 'refunded' : sub.status,
        periodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : null,
        paidAt: null,
        cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
        checkoutId,
      },
      key,
    );
    return result.outcome === 'applied' && result.status === 'active' ? 'active' : 'pending';
  }

  /** A checkout session as Stripe has it now: fulfilled when complete and paid, at our price. */
  async function applySession(
    session: Stripe.Checkout.Session,
    key: PaymentEventKey | null,
    refunded = false,
  ): Promise<CheckoutOutcome> {
    const checkout = await ourCheckout(session.metadata?.checkout_id, session.id);
    if (!checkout || session.client_reference_id !== String(checkout.userId)) {
      log.warn({ session: session.id }, 'billing: a Stripe checkout session that is not ours');
      await fulfilment.recordOnly(key);
      return 'failed';
    }
    if (session.status === 'expired') {
      await fulfilment.settleCheckout(checkout.id, 'expired', key);
      return checkout.status === 'complete' ? 'active' : 'failed';
    }
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    if (session.status !== 'complete' || !paid) {
      await fulfilment.recordOnly(key);
      return 'pending';
    }
    if (
      session.amount_total !== checkout.amountMinor ||
      session.currency?.toLowerCase() !== checkout.currency.toLowerCase()
    ) {
      log.error(
        { session: session.id, checkout: checkout.id, amount: session.amount_total, currency: session.currency },
        'billing: a Stripe payment that is not our price; nothing granted',
      );
      await fulfilment.settleCheckout(checkout.id, 'failed', key);
      return 'failed';
    }
    if (session.mode === 'subscription') {
      const subscriptionId = idOf(session.subscription);
      if (!subscriptionId) {
        await fulfilment.recordOnly(key);
        return 'pending';
      }
      return applySubscription(await stripe.subscriptions.retrieve(subscriptionId), key, checkout);
    }
    // A one-off payment (the days plan): the pass starts when it is first
    // fulfilled and its end is written once (billing.repository.ts).
    const result = await fulfilment.applyEntitlement(
      {
        userId: checkout.userId,
        packageId: checkout.packageId,
        provider: opts.source,
        gateway: 'stripe',
        externalId: session.id,
        customerId: idOf(session.customer),
        renews: false,
        status: refunded ? 'refunded' : 'active',
        periodEnd: null,
        paidAt: null,
        cancelAtPeriodEnd: false,
        checkoutId: checkout.id,
      },
      key,
    );
    return result.outcome === 'applied' && result.status === 'active' ? 'active' : 'failed';
  }

  /**
   * A refunded charge (issue 16): a full refund ends the access it paid for,
   * for good — status 'refunded', which also ends the user's playback tokens
   * (migration 0013) — and a refunded subscription is cancelled at Stripe so
   * it never renews. What the charge paid for is found from Stripe, not from
   * the event: the days plan's checkout session by its payment intent, a
   * subscription's invoice by its invoice payment. A partial refund is
   * goodwill: access stays, and the event is only recorded.
   */
  async function applyRefund(charge: Stripe.Charge, key: PaymentEventKey): Promise<void> {
    const paymentIntent = idOf(charge.payment_intent);
    if (!charge.refunded || !paymentIntent) {
      log.info(
        { charge: charge.id, refunded: charge.amount_refunded },
        'billing: a partial Stripe refund; access kept',
      );
      await fulfilment.recordOnly(key);
      return;
    }
    const [session] = (await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 })).data;
    if (session) {
      await applySession(session, key, true);
      return;
    }
    const [payment] = (
      await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        limit: 1,
      })
    ).data;
    const invoiceId = payment ? idOf(payment.invoice) : null;
    const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId) : null;
    const subscriptionId = idOf(invoice?.parent?.subscription_details?.subscription);
    if (!subscriptionId) {
      log.warn({ charge: charge.id }, 'billing: a refunded Stripe charge that paid for none of our plans');
      await fulfilment.recordOnly(key);
      return;
    }
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    await applySubscription(sub, key, null, true);
    if (sub.status !== 'canceled') await stripe.subscriptions.cancel(sub.id);
  }

  return {
    gateway: 'stripe',
    source: opts.source,
    eventSource,
    mode: opts.mode,

    async createCheckout(checkout: CheckoutRow, plan: Plan, site: string): Promise<CheckoutStart> {
      const recurring = plan.type !== 'days';
      const metadata = {
        user_id: String(checkout.userId),
        package_id: String(checkout.packageId),
        checkout_id: String(checkout.id),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: recurring ? 'subscription' : 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                // The checkout row's snapshot of our plan: the price a confirmation must match.
                currency: checkout.currency.toLowerCase(),
                unit_amount: checkout.amountMinor,
                product_data: {
                  name: `Bosphorus ${plan.title}`,
                  description: planDurationLabel(plan.duration, plan.type),
                },
                ...(recurring
                  ? {
                      recurring: {
                        interval: plan.type === 'monthly' ? 'month' : 'year',
                        interval_count: plan.duration,
                      },
                    }
                  : {}),
              },
            },
          ],
          client_reference_id: String(checkout.userId),
          metadata,
          ...(recurring
            ? { subscription_data: { metadata } }
            : { customer_creation: 'always', payment_intent_data: { metadata } }),
          success_url: `${site}/choosepayment/complete?provider=stripe&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${site}/choosepayment?canceled=1`,
        },
        // A retried request (network hiccup) must not open a second session.
        { idempotencyKey: `bosphorus-checkout-${checkout.id}-${checkout.createdAt.getTime()}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { sessionId: session.id, url: session.url };
    },

    async retireCheckout(checkout: CheckoutRow) {
      if (!checkout.sessionId) return 'retired';
      try {
        await stripe.checkout.sessions.expire(checkout.sessionId);
        return 'retired';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // Gone (another account, a wiped test mode): nothing left to pay.
        if (error.statusCode === 404) return 'retired';
        // Not open any more: paid in another tab a moment ago, or expired.
        const session = await stripe.checkout.sessions.retrieve(checkout.sessionId);
        return (await applySession(session, null)) === 'active' ? 'completed' : 'retired';
      }
    },

    async confirmCheckout(checkout: CheckoutRow) {
      if (!checkout.sessionId) return 'pending';
      return applySession(await stripe.checkout.sessions.retrieve(checkout.sessionId), null);
    },

    async refreshSubscription(subscription: SubscriptionRow) {
      if (!subscription.externalId || !subscription.renews) return;
      await applySubscription(await stripe.subscriptions.retrieve(subscription.externalId), null);
    },

    async manageUrl(subscription: SubscriptionRow, site: string) {
      if (!subscription.renews || !subscription.customerId) return null;
      const portal = await stripe.billingPortal.sessions.create({
        customer: subscription.customerId,
        return_url: `${site}/profile/subscription`,
      });
      return portal.url;
    },

    async handleWebhook(raw: Buffer | null, headers: IncomingHttpHeaders) {
      const signature = headers['stripe-signature'];
      if (!raw || raw.length === 0 || typeof signature !== 'string' || signature === '') {
        throw new HttpFailure(400, { error: BILLING_ERRORS.badSignature });
      }
      if (!isSignedNow(signature)) throw new HttpFailure(401, { error: BILLING_ERRORS.badSignature });
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, opts.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw new HttpFailure(401, { error: BILLING_ERRORS.badSignature });
      }
      // Unknown types are acknowledged (Ghost): Stripe would retry a refusal for days.
      if (!HANDLED.has(event.type)) return;
      const key = eventKey(eventSource, event.id, event.type, raw);
      if (await fulfilment.seen(key)) return;
      const object = event.data.object as { id?: string; parent?: unknown };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const session = await stripe.checkout.sessions.retrieve(object.id!);
          const outcome = await applySession(session, key);
          if (event.type === 'checkout.session.async_payment_failed' && outcome === 'pending') {
            const checkout = await ourCheckout(session.metadata?.checkout_id, session.id);
            if (checkout) await fulfilment.settleCheckout(checkout.id, 'failed', null);
          }
          return;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await applySubscription(await stripe.subscriptions.retrieve(object.id!), key);
          return;
        case 'charge.refunded':
          await applyRefund(await stripe.charges.retrieve(object.id!), key);
          return;
        default: {
          // invoice.paid / invoice.payment_failed: the subscription they bill
          // (API 2026-10-28: invoice.parent.subscription_details.subscription).
          const invoice = object as Stripe.Invoice;
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (!subscriptionId) {
            await fulfilment.recordOnly(key);
            return;
          }
          await applySubscription(await stripe.subscriptions.retrieve(subscriptionId), key);
        }
      }
    },
  };
}

/** One item at our price, currency and interval (a subscription changed elsewhere grants nothing). */
function subscriptionPriceMatches(sub: Stripe.Subscription, checkout: CheckoutRow, plan: Plan): boolean {
  const [item, ...more] = sub.items.data;
  if (!item || more.length) return false;
  const price = item.price;
  const interval = plan.type === 'monthly' ? 'month' : plan.type === 'yearly' ? 'year' : null;
  return (
    (price.unit_amount ?? -1) * (item.quantity ?? 1) === checkout.amountMinor &&
    price.currency.toLowerCase() === checkout.currency.toLowerCase() &&
    price.recurring?.interval === interval &&
    price.recurring?.interval_count === plan.duration
  );
}
