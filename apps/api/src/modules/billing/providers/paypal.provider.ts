import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { BILLING_ERRORS, planDurationLabel } from '@bosphorus/contract';
import { HttpFailure } from '../../../plugins/errors.js';
import type {
  BillingRepository,
  CheckoutRow,
  PaidSource,
  PaymentEventKey,
  Plan,
  SubscriptionRow,
} from '../billing.repository.js';
import { eventKey, type Fulfilment } from '../fulfilment.js';
import { PAYPAL_ID, PaypalApiError, type PaypalClient, type PaypalOrder } from './paypal-client.js';
import type { CheckoutOutcome, CheckoutStart, PaymentProvider } from './provider.js';

// PayPal through Orders v2 (notes §4.2): every PayPal purchase is a pass for
// the plan's length, paid once. The buyer approves on PayPal; we capture on
// the server when the return page asks, and grant only when the capture is
// COMPLETED for exactly our plan's amount and currency. Webhooks (verified by
// PayPal's postback on the unparsed body) only make us read the order again.

const HANDLED = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
]);

const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** Minor units as PayPal writes amounts ('9.00'); our currencies have two decimals. */
export function paypalValue(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/** PayPal's '9.00' in minor units, or null when it is not a plain amount. */
export function minorOf(value: string | undefined): number | null {
  const match = value === undefined ? null : /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export interface PaypalProviderOptions {
  client: PaypalClient;
  webhookId: string;
  source: PaidSource;
  mode: string;
  repository: BillingRepository;
  fulfilment: Fulfilment;
  log: FastifyBaseLogger;
}

export function createPaypalProvider(opts: PaypalProviderOptions): PaymentProvider {
  const { client, repository, fulfilment, log } = opts;
  const eventSource = opts.source === 'demo' ? 'demo-paypal' : 'paypal';

  /** Our checkout behind an order: its own id, user and plan, as we created it. */
  async function ourCheckout(order: PaypalOrder): Promise<CheckoutRow | null> {
    const unit = order.purchase_units?.[0];
    const checkout = await repository.checkoutBySession('paypal', order.id);
    if (!checkout || checkout.provider !== opts.source) return null;
    if (unit?.custom_id !== `${checkout.userId}:${checkout.packageId}`) return null;
    return checkout;
  }

  const amountMatches = (amount: { currency_code: string; value: string } | undefined, checkout: CheckoutRow) =>
    amount !== undefined &&
    amount.currency_code === checkout.currency &&
    minorOf(amount.value) === checkout.amountMinor;

  /** The order as PayPal has it now, written for its buyer. */
  async function applyOrder(order: PaypalOrder, key: PaymentEventKey | null): Promise<CheckoutOutcome> {
    const checkout = await ourCheckout(order);
    if (!checkout) {
      log.warn({ order: order.id }, 'billing: a PayPal order that none of our checkouts started');
      await fulfilment.recordOnly(key);
      return 'failed';
    }
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (order.status === 'VOIDED') {
      await fulfilment.settleCheckout(checkout.id, 'failed', key);
      return 'failed';
    }
    if (!amountMatches(unit?.amount, checkout) || (capture && !amountMatches(capture.amount, checkout))) {
      log.error(
        { order: order.id, checkout: checkout.id, amount: capture?.amount ?? unit?.amount },
        'billing: a PayPal order that is not our price; nothing granted',
      );
      await fulfilment.settleCheckout(checkout.id, 'failed', key);
      return 'failed';
    }
    if (!capture || capture.status === 'PENDING') {
      await fulfilment.recordOnly(key);
      return 'pending';
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      await fulfilment.settleCheckout(checkout.id, 'failed', key);
      return 'failed';
    }
    const refunded = capture.status === 'REFUNDED' || capture.status === 'PARTIALLY_REFUNDED';
    if (capture.status !== 'COMPLETED' && !refunded) {
      await fulfilment.recordOnly(key);
      return 'pending';
    }
    const paidAt = capture.create_time ? new Date(capture.create_time) : null;
    const result = await fulfilment.applyEntitlement(
      {
        userId: checkout.userId,
        packageId: checkout.packageId,
        provider: opts.source,
        gateway: 'paypal',
        externalId: order.id,
        customerId: order.payer?.payer_id ?? null,
        renews: false,
        // A refund (even a partial one) ends the pass.
        status: refunded ? 'refunded' : 'active',
        periodEnd: null,
        paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
        cancelAtPeriodEnd: false,
        checkoutId: checkout.id,
      },
      key,
    );
    return result.outcome === 'applied' && result.status === 'active' ? 'active' : 'failed';
  }

  /** Captures an approved order once (PayPal-Request-Id), or reads the capture made already. */
  async function capture(orderId: string): Promise<PaypalOrder> {
    try {
      return await client.captureOrder(orderId, `bosphorus-capture-${orderId}`);
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 422) return client.getOrder(orderId);
      throw error;
    }
  }

  return {
    gateway: 'paypal',
    source: opts.source,
    eventSource,
    mode: opts.mode,

    async createCheckout(checkout: CheckoutRow, plan: Plan, site: string): Promise<CheckoutStart> {
      const order = await client.createOrder(
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: String(checkout.id),
              custom_id: `${checkout.userId}:${checkout.packageId}`,
              invoice_id: `bosphorus-${checkout.id}-${checkout.createdAt.getTime()}`,
              description: `Bosphorus ${plan.title} (${planDurationLabel(plan.duration, plan.type)})`,
              // The checkout row's snapshot of our plan: the amount a capture must match.
              amount: { currency_code: checkout.currency, value: paypalValue(checkout.amountMinor) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: 'Bosphorus',
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                // PayPal appends token=<order id> (and PayerID) to both.
                return_url: `${site}/choosepayment/complete?provider=paypal`,
                cancel_url: `${site}/choosepayment?canceled=1`,
              },
            },
          },
        },
        `bosphorus-order-${checkout.id}-${checkout.createdAt.getTime()}`,
      );
      const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
      if (!link) throw new Error('PayPal answered an order without an approval link');
      return { sessionId: order.id, url: link.href };
    },

    async retireCheckout(checkout: CheckoutRow) {
      // An order we do not capture takes no money; only one captured already counts.
      if (!checkout.sessionId) return 'retired';
      let order: PaypalOrder;
      try {
        order = await client.getOrder(checkout.sessionId);
      } catch (error) {
        if (error instanceof PaypalApiError && error.status === 404) return 'retired';
        throw error;
      }
      if (order.status !== 'COMPLETED') return 'retired';
      return (await applyOrder(order, null)) === 'active' ? 'completed' : 'retired';
    },

    async confirmCheckout(checkout: CheckoutRow) {
      if (!checkout.sessionId) return 'pending';
      let order = await client.getOrder(checkout.sessionId);
      const unit = order.purchase_units?.[0];
      // Checked before any money moves: an order changed on the way is not captured.
      if (order.status === 'APPROVED' && amountMatches(unit?.amount, checkout) && (await ourCheckout(order))) {
        order = await capture(order.id);
      }
      return applyOrder(order, null);
    },

    // Passes do not renew: nothing to read again, nothing to manage.
    async refreshSubscription(_subscription: SubscriptionRow) {},
    async manageUrl(_subscription: SubscriptionRow) {
      return null;
    },

    async handleWebhook(raw: Buffer | null, headers: IncomingHttpHeaders) {
      const transmission = Object.fromEntries(
        Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => [field, headers[header]]),
      ) as Record<keyof typeof TRANSMISSION_HEADERS, unknown>;
      const complete = Object.values(transmission).every((v) => typeof v === 'string' && v !== '');
      if (!raw || raw.length === 0 || !complete) throw new HttpFailure(400, { error: BILLING_ERRORS.badSignature });
      const text = raw.toString('utf8');
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(text) as typeof event;
      } catch {
        throw new HttpFailure(400, { error: BILLING_ERRORS.badSignature });
      }
      const verdict = await client.verifyWebhookSignature(
        { ...(transmission as Record<keyof typeof TRANSMISSION_HEADERS, string>), webhook_id: opts.webhookId },
        text,
      );
      if (verdict !== 'SUCCESS') throw new HttpFailure(401, { error: BILLING_ERRORS.badSignature });
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return;
      if (!HANDLED.has(event.event_type)) return;
      const key = eventKey(eventSource, event.id, event.event_type, raw);
      if (await fulfilment.seen(key)) return;
      const orderId = await orderOf(event.resource ?? {});
      if (!orderId) {
        await fulfilment.recordOnly(key);
        return;
      }
      await applyOrder(await client.getOrder(orderId), key);
    },
  };

  /** The order a capture event is about; a refund names its capture ('up' link), which names the order. */
  async function orderOf(resource: Record<string, unknown>): Promise<string | null> {
    const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids;
    if (typeof related?.order_id === 'string' && PAYPAL_ID.test(related.order_id)) return related.order_id;
    const links = Array.isArray(resource.links) ? (resource.links as Array<{ rel?: unknown; href?: unknown }>) : [];
    const up = links.find((l) => l.rel === 'up' && typeof l.href === 'string');
    const captureId = up ? /\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})$/.exec(String(up.href))?.[1] : undefined;
    if (!captureId) return null;
    const captured = await client.getCapture(captureId);
    const orderId = captured.supplementary_data?.related_ids?.order_id;
    return typeof orderId === 'string' && PAYPAL_ID.test(orderId) ? orderId : null;
  }
}
