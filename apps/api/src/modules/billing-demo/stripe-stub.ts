import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import type { StubObject, StubStore } from './stub-store.js';

// A small Stripe-compatible HTTP API: the part of Stripe we call (Checkout
// Sessions, Subscriptions, Customers, Invoices, the Billing Portal), with the
// state behind it and signed webhook events. One code, two uses:
//  - the embedded demo provider mounts it in the app (/demo-pay/stripe/v1/…)
//    with its objects in the database, and its checkout and portal pages
//    (demo-pages.ts) let a person pay, decline or cancel;
//  - the tests run it as a server of its own on 127.0.0.1 (test/payment-stubs.ts)
//    and point the official SDK at it with STRIPE_API_BASE.
// Either way our code talks to it through the real `stripe` SDK and hears
// from it through the real webhook route, so a demo purchase runs the same
// signature check, deduplication, re-read and fulfilment as a live one.
// There is no stripe-mock on npm (notes §R5); this is ours.

export const STUB_API_VERSION = '2026-10-28.endive';

type Json = Record<string, unknown>;

export interface StubLineItem {
  quantity: number;
  price_data: {
    currency: string;
    unit_amount: number;
    product_data: { name: string; description?: string };
    recurring?: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number };
  };
}

export interface StubCheckoutSession extends StubObject {
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer: string | null;
  subscription: string | null;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Stub-only (Stripe keeps these apart): never sent over the API. */
  _line_items: StubLineItem[];
  _subscription_metadata: Record<string, string>;
  _payment_intent_metadata: Record<string, string>;
}

export interface StubSubscription extends StubObject {
  object: 'subscription';
  status: 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'trialing';
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  livemode: false;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        object: 'price';
        currency: string;
        unit_amount: number;
        product: string;
        recurring: { interval: string; interval_count: number };
      };
    }>;
  };
}

export interface StubCustomer extends StubObject {
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  livemode: false;
  _subscriptions: string[];
}

export interface StubPaymentIntent extends StubObject {
  object: 'payment_intent';
  status: 'succeeded';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  latest_charge: string;
  created: number;
  /** Stub-only: what it paid (Stripe finds these by listing). */
  _checkout_session: string | null;
  _invoice: string | null;
}

export interface StubCharge extends StubObject {
  object: 'charge';
  status: 'succeeded';
  paid: true;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  created: number;
  livemode: false;
}

export interface StubPortalSession extends StubObject {
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export interface StubEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Json };
}

/** Posts one signed event to the receiving app; answers the HTTP status. */
export type WebhookDelivery = (payload: string, headers: Record<string, string>) => Promise<number>;

export interface StripeStubOptions {
  store: StubStore;
  /** The API key the stub accepts (Authorization: Bearer …). */
  secretKey: string;
  /** Signs the events (the receiver's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /**
   * Absolute origin (and path) the checkout and portal pages are served
   * under; or, given the session's return address, where they are for it
   * (the embedded demo: the origin the viewer opened the site at, decision 0034).
   */
  pagesBase: string | ((returnUrl: string | null) => string);
  deliver?: WebhookDelivery | null;
  now?: () => number;
}

export class StubError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stubId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += BASE62[b % 62];
  return out;
}

/** The object as Stripe's API shows it: stub-only fields (leading _) left out. */
export function publicView<T extends object>(object: T): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_')));
}

const DAY_SECONDS = 86_400;

/** Adds whole calendar intervals to a unix time (a month from 31 Jan is 28/29 Feb, as Stripe bills). */
export function addInterval(unix: number, interval: string, count: number): number {
  const date = new Date(unix * 1000);
  if (interval === 'day') return unix + count * DAY_SECONDS;
  if (interval === 'week') return unix + count * 7 * DAY_SECONDS;
  const months = interval === 'year' ? 12 * count : count;
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

// ───────────── form bodies (Stripe sends a[b][0][c]=v) ─────────────

/** Nests the flat keys of a Stripe form body (`line_items[0][price_data][currency]`). */
export function nestForm(flat: Record<string, unknown>): Json {
  const root: Json = {};
  for (const [key, raw] of Object.entries(flat)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    // A key naming a prototype is dropped whole.
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] = (node[part] as Json | undefined) ?? {};
        node = node[part] as Json;
      }
    });
  }
  return root;
}

/** `{0: a, 1: b}` (a nested form list) as an array. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    return Object.keys(value)
      .filter((k) => /^\d+$/.test(k))
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => (value as Json)[k]);
  }
  return [];
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const metadataOf = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? (Object.fromEntries(Object.entries(value as Json).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >)
    : {};

function integer(value: unknown, param: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw new StubError(400, 'invalid_request_error', `Invalid integer: ${value}`, undefined, param);
  return n;
}

function parseLineItems(body: Json, mode: string): StubLineItem[] {
  const items = listOf(body.line_items);
  if (items.length === 0) {
    throw new StubError(
      400,
      'invalid_request_error',
      'Missing required param: line_items.',
      'parameter_missing',
      'line_items',
    );
  }
  return items.map((raw, i) => {
    const item = (raw ?? {}) as Json;
    const price = (item.price_data ?? {}) as Json;
    const product = (price.product_data ?? {}) as Json;
    const recurring = price.recurring as Json | undefined;
    const currency = str(price.currency);
    const name = str(product.name);
    if (!currency || !name) {
      throw new StubError(
        400,
        'invalid_request_error',
        'line_items need price_data with currency and product_data.name (this stub takes no Price ids).',
        'parameter_missing',
        `line_items[${i}][price_data]`,
      );
    }
    if (mode === 'subscription' && !recurring) {
      throw new StubError(
        400,
        'invalid_request_error',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        undefined,
        'line_items',
      );
    }
    if (mode === 'payment' && recurring) {
      throw new StubError(
        400,
        'invalid_request_error',
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        undefined,
        'line_items',
      );
    }
    const interval = recurring ? str(recurring.interval) : null;
    if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? '')) {
      throw new StubError(
        400,
        'invalid_request_error',
        'Invalid recurring interval.',
        undefined,
        'recurring[interval]',
      );
    }
    return {
      quantity: item.quantity === undefined ? 1 : integer(item.quantity, `line_items[${i}][quantity]`),
      price_data: {
        currency: currency.toLowerCase(),
        unit_amount: integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`),
        product_data: { name, ...(str(product.description) ? { description: str(product.description)! } : {}) },
        ...(recurring
          ? {
              recurring: {
                interval: interval as 'day' | 'week' | 'month' | 'year',
                interval_count:
                  recurring.interval_count === undefined ? 1 : integer(recurring.interval_count, 'interval_count'),
              },
            }
          : {}),
      },
    };
  });
}

export function createStripeStub(options: StripeStubOptions) {
  const { store } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const pagesBaseFor = (returnUrl: string | null) =>
    typeof options.pagesBase === 'string' ? options.pagesBase : options.pagesBase(returnUrl);
  // Only signs test headers; makes no request.
  const signer = new Stripe(options.secretKey);
  /** Every event the stub sent (newest last), for tests that re-deliver one. */
  const sent: Array<{ event: StubEvent; payload: string; status: number | null }> = [];

  async function must<T extends StubObject>(id: string, object: string): Promise<T> {
    const found = await store.get<T & { object?: string }>(id);
    if (!found || found.object !== object) {
      throw new StubError(404, 'invalid_request_error', `No such ${object}: '${id}'`, 'resource_missing', 'id');
    }
    return found;
  }

  async function emit(type: string, object: object): Promise<StubEvent> {
    const event: StubEvent = {
      id: stubId('evt_'),
      object: 'event',
      api_version: STUB_API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: publicView(object) },
    };
    // Stripe sends indented JSON; its signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const record = { event, payload, status: null as number | null };
    sent.push(record);
    if (sent.length > 500) sent.shift();
    record.status = await deliver(payload);
    return event;
  }

  /** Signs and posts a payload (a later `timestamp` is how Stripe's retries look). */
  async function deliver(payload: string, timestamp?: number): Promise<number | null> {
    if (!options.deliver) return null;
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    return options.deliver(payload, { 'stripe-signature': header });
  }

  /**
   * Stripe renews a subscription when its period ends; the stub does so when
   * the subscription is next read (the demo card always pays), and ends one
   * that was set to cancel at the period end.
   */
  function advanceClock(sub: StubSubscription): StubSubscription | null {
    const item = sub.items.data[0];
    if (!item || sub.status !== 'active' || item.current_period_end > now()) return null;
    if (sub.cancel_at_period_end) {
      return { ...sub, status: 'canceled', ended_at: item.current_period_end };
    }
    let start = item.current_period_start;
    let end = item.current_period_end;
    while (end <= now()) {
      start = end;
      end = addInterval(end, item.price.recurring.interval, item.price.recurring.interval_count);
    }
    return {
      ...sub,
      items: { ...sub.items, data: [{ ...item, current_period_start: start, current_period_end: end }] },
    };
  }

  const api = {
    async createCheckoutSession(body: Json): Promise<StubCheckoutSession> {
      const mode = str(body.mode);
      if (mode !== 'payment' && mode !== 'subscription') {
        throw new StubError(
          400,
          'invalid_request_error',
          'Invalid mode: must be payment or subscription.',
          undefined,
          'mode',
        );
      }
      const successUrl = str(body.success_url);
      if (!successUrl) {
        throw new StubError(
          400,
          'invalid_request_error',
          'Missing required param: success_url.',
          'parameter_missing',
          'success_url',
        );
      }
      const items = parseLineItems(body, mode);
      const currencies = new Set(items.map((i) => i.price_data.currency));
      if (currencies.size !== 1)
        throw new StubError(400, 'invalid_request_error', 'All prices must share one currency.');
      const total = items.reduce((sum, i) => sum + i.price_data.unit_amount * i.quantity, 0);
      const id = stubId('cs_test_', 58);
      const created = now();
      const subscriptionData = (body.subscription_data ?? {}) as Json;
      const paymentIntentData = (body.payment_intent_data ?? {}) as Json;
      const session: StubCheckoutSession = {
        id,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `${pagesBaseFor(successUrl)}/demo-pay/checkout/${id}`,
        success_url: successUrl,
        cancel_url: str(body.cancel_url),
        client_reference_id: str(body.client_reference_id),
        customer_email: str(body.customer_email),
        metadata: metadataOf(body.metadata),
        amount_subtotal: total,
        amount_total: total,
        currency: [...currencies][0]!,
        customer: null,
        subscription: null,
        payment_intent: null,
        created,
        expires_at: body.expires_at === undefined ? created + DAY_SECONDS : integer(body.expires_at, 'expires_at'),
        livemode: false,
        _line_items: items,
        _subscription_metadata: metadataOf(subscriptionData.metadata),
        _payment_intent_metadata: metadataOf(paymentIntentData.metadata),
      };
      await store.insert('checkout.session', session);
      return session;
    },

    async retrieveCheckoutSession(id: string): Promise<StubCheckoutSession> {
      const session = await must<StubCheckoutSession>(id, 'checkout.session');
      if (session.status === 'open' && session.expires_at <= now()) {
        return (await store.update<StubCheckoutSession>(id, (s) =>
          s.status === 'open' ? { ...s, status: 'expired', url: null } : s,
        ))!;
      }
      return session;
    },

    async expireCheckoutSession(id: string): Promise<StubCheckoutSession> {
      await must<StubCheckoutSession>(id, 'checkout.session');
      let refused: string | null = null;
      const updated = await store.update<StubCheckoutSession>(id, (s) => {
        if (s.status !== 'open') {
          refused = s.status;
          return null;
        }
        return { ...s, status: 'expired', url: null };
      });
      if (!updated) {
        throw new StubError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${refused}".`,
        );
      }
      await emit('checkout.session.expired', updated);
      return updated;
    },

    async retrieveSubscription(id: string): Promise<StubSubscription> {
      await must<StubSubscription>(id, 'subscription');
      const current = await store.update<StubSubscription>(id, (s) => advanceClock(s));
      return current ?? (await must<StubSubscription>(id, 'subscription'));
    },

    async updateSubscription(id: string, body: Json): Promise<StubSubscription> {
      await api.retrieveSubscription(id);
      const cancel = body.cancel_at_period_end;
      const updated = await store.update<StubSubscription>(id, (s) => {
        if (s.status === 'canceled') return null;
        if (cancel === undefined) return s;
        const on = cancel === true || cancel === 'true';
        return {
          ...s,
          cancel_at_period_end: on,
          cancel_at: on ? (s.items.data[0]?.current_period_end ?? null) : null,
          canceled_at: on ? now() : null,
        };
      });
      if (!updated) {
        throw new StubError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      await emit('customer.subscription.updated', updated);
      return updated;
    },

    async cancelSubscription(id: string): Promise<StubSubscription> {
      await must<StubSubscription>(id, 'subscription');
      const ended = await store.update<StubSubscription>(id, (s) =>
        s.status === 'canceled' ? null : { ...s, status: 'canceled', canceled_at: now(), ended_at: now() },
      );
      if (!ended) return must<StubSubscription>(id, 'subscription');
      await emit('customer.subscription.deleted', ended);
      return ended;
    },

    retrieveCustomer: (id: string) => must<StubCustomer>(id, 'customer'),
    retrieveInvoice: (id: string) => must<StubObject>(id, 'invoice'),
    retrieveCharge: (id: string) => must<StubCharge>(id, 'charge'),

    /** GET /v1/checkout/sessions?payment_intent=: the session a payment-mode intent paid. */
    async listCheckoutSessions(query: Json) {
      const intentId = str(query.payment_intent);
      const intent = intentId ? await store.get<StubPaymentIntent>(intentId) : null;
      const sessionId = intent?.object === 'payment_intent' ? intent._checkout_session : null;
      return list('/v1/checkout/sessions', sessionId ? [await api.retrieveCheckoutSession(sessionId)] : []);
    },

    /** GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=: the invoice an intent paid. */
    async listInvoicePayments(query: Json) {
      const payment = (query.payment ?? {}) as Json;
      const intentId = str(payment.payment_intent);
      const intent = intentId ? await store.get<StubPaymentIntent>(intentId) : null;
      const data =
        intent?.object === 'payment_intent' && intent._invoice
          ? [
              {
                id: `inpay_${intent.id.slice(3)}`,
                object: 'invoice_payment',
                invoice: intent._invoice,
                is_default: true,
                status: 'paid',
                amount_paid: intent.amount,
                currency: intent.currency,
                payment: { type: 'payment_intent', payment_intent: intent.id },
                livemode: false,
              },
            ]
          : [];
      return list('/v1/invoice_payments', data);
    },

    /**
     * POST /v1/refunds (payment_intent or charge, amount in minor units;
     * the whole remaining amount when absent): the charge records it and
     * Stripe tells the shop with `charge.refunded`.
     */
    async createRefund(body: Json) {
      let chargeId = str(body.charge);
      const intentId = str(body.payment_intent);
      if (!chargeId && intentId) chargeId = (await must<StubPaymentIntent>(intentId, 'payment_intent')).latest_charge;
      if (!chargeId) {
        throw new StubError(400, 'invalid_request_error', 'One of `charge` or `payment_intent` is required.');
      }
      const before = await must<StubCharge>(chargeId, 'charge');
      const left = before.amount - before.amount_refunded;
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new StubError(
          400,
          'invalid_request_error',
          `Refund amount must be between 1 and ${left}.`,
          undefined,
          'amount',
        );
      }
      const refunded = await store.update<StubCharge>(chargeId, (c) => ({
        ...c,
        amount_refunded: c.amount_refunded + amount,
        refunded: c.amount_refunded + amount >= c.amount,
      }));
      const refund = {
        id: stubId('re_'),
        object: 'refund',
        amount,
        charge: chargeId,
        payment_intent: refunded!.payment_intent,
        currency: refunded!.currency,
        status: 'succeeded',
        created: now(),
      };
      await store.insert('refund', refund);
      await emit('charge.refunded', refunded!);
      return refund;
    },

    async createPortalSession(body: Json): Promise<StubPortalSession> {
      const customer = str(body.customer);
      if (!customer)
        throw new StubError(
          400,
          'invalid_request_error',
          'Missing required param: customer.',
          'parameter_missing',
          'customer',
        );
      await must<StubCustomer>(customer, 'customer');
      const id = stubId('bps_');
      const session: StubPortalSession = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: str(body.return_url),
        url: `${pagesBaseFor(str(body.return_url))}/demo-pay/portal/${id}`,
        created: now(),
        livemode: false,
      };
      await store.insert('billing_portal.session', session);
      return session;
    },
  };

  /** What the checkout page's Pay button does: the card is charged, then Stripe tells the shop. */
  async function pay(sessionId: string): Promise<StubCheckoutSession> {
    const before = await api.retrieveCheckoutSession(sessionId);
    const t = now();
    const customerId = stubId('cus_', 14);
    const subscriptionId = before.mode === 'subscription' ? stubId('sub_') : null;
    const invoiceId = before.mode === 'subscription' ? stubId('in_') : null;
    // Every payment is a payment intent with its charge (a subscription's
    // first invoice too): what a refund names.
    const paymentIntentId = stubId('pi_');
    const session = await store.update<StubCheckoutSession>(sessionId, (s) =>
      s.status !== 'open'
        ? null
        : {
            ...s,
            status: 'complete',
            payment_status: 'paid',
            url: null,
            customer: customerId,
            subscription: subscriptionId,
            // Stripe names the intent on payment-mode sessions only.
            payment_intent: s.mode === 'payment' ? paymentIntentId : null,
          },
    );
    // Paid already (a second click) or expired: nothing changes.
    if (!session) return api.retrieveCheckoutSession(sessionId);

    const customer: StubCustomer = {
      id: customerId,
      object: 'customer',
      email: session.customer_email,
      metadata: {},
      livemode: false,
      _subscriptions: subscriptionId ? [subscriptionId] : [],
    };
    await store.insert('customer', customer);
    if (subscriptionId && invoiceId) {
      const line = session._line_items[0]!;
      const recurring = line.price_data.recurring!;
      const subscription: StubSubscription = {
        id: subscriptionId,
        object: 'subscription',
        status: 'active',
        customer: customerId,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: t,
        start_date: t,
        livemode: false,
        metadata: session._subscription_metadata,
        latest_invoice: invoiceId,
        items: {
          object: 'list',
          data: session._line_items.map((item) => ({
            id: stubId('si_', 14),
            object: 'subscription_item',
            quantity: item.quantity,
            current_period_start: t,
            current_period_end: addInterval(t, recurring.interval, recurring.interval_count),
            price: {
              id: stubId('price_'),
              object: 'price',
              currency: item.price_data.currency,
              unit_amount: item.price_data.unit_amount,
              product: stubId('prod_', 14),
              recurring: item.price_data.recurring!,
            },
          })),
        },
      };
      await store.insert('subscription', subscription);
      const invoice = {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        customer: customerId,
        amount_paid: session.amount_total,
        currency: session.currency,
        billing_reason: 'subscription_create',
        // Stub-only: the intent that paid it (Stripe links them by invoice payments).
        _payment_intent: paymentIntentId,
        created: t,
        livemode: false,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
        },
      };
      await store.insert('invoice', invoice);
      await charge(paymentIntentId, session, null, invoiceId);
      await emit('checkout.session.completed', session);
      await emit('customer.subscription.created', subscription);
      await emit('invoice.paid', invoice);
    } else {
      await charge(paymentIntentId, session, session.id, null);
      await emit('checkout.session.completed', session);
    }
    return session;
  }

  /** The payment intent and its succeeded charge behind a paid session or invoice. */
  async function charge(id: string, session: StubCheckoutSession, sessionId: string | null, invoiceId: string | null) {
    const t = now();
    const chargeId = stubId('ch_');
    const paymentIntent: StubPaymentIntent = {
      id,
      object: 'payment_intent',
      status: 'succeeded',
      amount: session.amount_total,
      currency: session.currency,
      metadata: sessionId ? session._payment_intent_metadata : {},
      latest_charge: chargeId,
      created: t,
      _checkout_session: sessionId,
      _invoice: invoiceId,
    };
    await store.insert('payment_intent', paymentIntent);
    const paid: StubCharge = {
      id: chargeId,
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: session.currency,
      payment_intent: id,
      created: t,
      livemode: false,
    };
    await store.insert('charge', paid);
  }

  /** A list answer as Stripe shapes it. */
  const list = <T>(url: string, data: T[]) => ({ object: 'list', url, has_more: false, data });

  /** The subscriptions the portal session's customer may manage. */
  async function portalView(portalId: string) {
    const portal = await must<StubPortalSession>(portalId, 'billing_portal.session');
    const customer = await must<StubCustomer>(portal.customer, 'customer');
    const subscriptions = await Promise.all(customer._subscriptions.map((id) => api.retrieveSubscription(id)));
    return { portal, subscriptions };
  }

  async function portalSubscription(portalId: string, subscriptionId: string) {
    const { subscriptions } = await portalView(portalId);
    const sub = subscriptions.find((s) => s.id === subscriptionId);
    if (!sub)
      throw new StubError(
        404,
        'invalid_request_error',
        `No such subscription: '${subscriptionId}'`,
        'resource_missing',
      );
    return sub;
  }

  return {
    options,
    api,
    sent,
    pay,
    portalView,
    /** "Cancel at period end" and "Resume" of the portal. */
    async portalSetCancelAtPeriodEnd(portalId: string, subscriptionId: string, on: boolean) {
      await portalSubscription(portalId, subscriptionId);
      return api.updateSubscription(subscriptionId, { cancel_at_period_end: on });
    },
    /** "End now" of the portal. */
    async portalEndNow(portalId: string, subscriptionId: string) {
      await portalSubscription(portalId, subscriptionId);
      return api.cancelSubscription(subscriptionId);
    },
    /** Test control: change a subscription as Stripe would (a failed renewal: past_due), without an event. */
    async setSubscription(id: string, patch: Partial<StubSubscription>) {
      return store.update<StubSubscription>(id, (s) => ({ ...s, ...patch }));
    },
    emit,
    /** Delivers a payload again with a fresh signature (Stripe's retries), or as given. */
    redeliver: deliver,
  };
}
export type StripeStub = ReturnType<typeof createStripeStub>;

// ───────────── HTTP API ─────────────

function sendError(reply: FastifyReply, error: unknown) {
  if (error instanceof StubError) {
    return reply.code(error.status).send({
      error: {
        type: error.type,
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.param ? { param: error.param } : {}),
      },
    });
  }
  throw error;
}

/** Stripe's /v1 API of the stub; register with the prefix it lives under. */
export async function stripeStubRoutes(app: FastifyInstance, opts: { stub: StripeStub }) {
  const { stub } = opts;
  const config = { rateLimit: false } as const;
  const schema = { hide: true };

  app.addHook('onRequest', async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${stub.options.secretKey}`) {
      return reply.code(401).send({
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    return undefined;
  });

  const form = (req: FastifyRequest) =>
    nestForm(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const route = (fn: (req: FastifyRequest) => Promise<object>) => async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      return reply.send(publicView(await fn(req)));
    } catch (error) {
      return sendError(reply, error);
    }
  };

  app.post(
    '/v1/checkout/sessions',
    { config, schema },
    route((req) => stub.api.createCheckoutSession(form(req))),
  );
  app.get(
    '/v1/checkout/sessions/:id',
    { config, schema },
    route((req) => stub.api.retrieveCheckoutSession(idOf(req))),
  );
  app.post(
    '/v1/checkout/sessions/:id/expire',
    { config, schema },
    route((req) => stub.api.expireCheckoutSession(idOf(req))),
  );
  app.get(
    '/v1/subscriptions/:id',
    { config, schema },
    route((req) => stub.api.retrieveSubscription(idOf(req))),
  );
  app.post(
    '/v1/subscriptions/:id',
    { config, schema },
    route((req) => stub.api.updateSubscription(idOf(req), form(req))),
  );
  app.delete(
    '/v1/subscriptions/:id',
    { config, schema },
    route((req) => stub.api.cancelSubscription(idOf(req))),
  );
  app.get(
    '/v1/customers/:id',
    { config, schema },
    route((req) => stub.api.retrieveCustomer(idOf(req))),
  );
  app.get(
    '/v1/invoices/:id',
    { config, schema },
    route((req) => stub.api.retrieveInvoice(idOf(req))),
  );
  app.get(
    '/v1/checkout/sessions',
    { config, schema },
    route((req) => stub.api.listCheckoutSessions(nestForm(req.query as Record<string, unknown>))),
  );
  app.get(
    '/v1/invoice_payments',
    { config, schema },
    route((req) => stub.api.listInvoicePayments(nestForm(req.query as Record<string, unknown>))),
  );
  app.get(
    '/v1/charges/:id',
    { config, schema },
    route((req) => stub.api.retrieveCharge(idOf(req))),
  );
  app.post(
    '/v1/refunds',
    { config, schema },
    route((req) => stub.api.createRefund(form(req))),
  );
  app.post(
    '/v1/billing_portal/sessions',
    { config, schema },
    route((req) => stub.api.createPortalSession(form(req))),
  );
  app.all('/v1/*', { config, schema }, async (req, reply) =>
    reply.code(404).send({
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` },
    }),
  );
}
