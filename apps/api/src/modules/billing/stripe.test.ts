import { AUTH_ERRORS, BILLING_ERRORS, type CurrentSubscription, type Package } from '@bosphorus/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, type TestUser } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  getBody,
  postForm,
  signIn,
  type TestApp,
} from '../../../test/harness.js';
import { startStripeStub, type RunningStripeStub } from '../../../test/payment-stubs.js';
import { createBillingRepository } from './billing.repository.js';
import { createBillingService } from './billing.service.js';
import { createFulfilment } from './fulfilment.js';
import type { StubCheckoutSession, StubSubscription } from '../billing-demo/stripe-stub.js';

// Issue 8 "Plans and money" with Stripe: the official SDK against a real HTTP
// stub of Stripe's API on 127.0.0.1 (test/payment-stubs.ts), signed webhooks
// into the real route, and the attacks of the test list.

const signer = new Stripe('sk_test_signer');
const DAY_MS = 86_400_000;
const silentLog = { warn() {}, error() {} } as unknown as Parameters<typeof createFulfilment>[1];

interface Shopper {
  user: TestUser;
  token: string;
}

describeEachDatabase('plans and Stripe checkouts', (t) => {
  let app: TestApp;
  let stripe: RunningStripeStub;
  let plans: Record<string, Package>;

  beforeAll(async () => {
    stripe = await startStripeStub();
    // The site at PUBLIC_URL (one address, decision 0034): the return addresses are its.
    app = await buildTestApp(t.db, {
      publicUrl: 'http://localhost:3000',
      payments: { demo: false, stripe: stripe.config(), paypal: null },
    });
    stripe.deliverTo(app);
    const packages = await getBody<{ packages: Package[] }>(app, '/api/packages');
    plans = Object.fromEntries(packages.packages.map((p) => [p.type, p]));
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  async function shopper(): Promise<Shopper> {
    const user = await insertUser(t.db);
    const { token } = await signIn(app, user.email, user.password);
    return { user, token };
  }

  const checkoutUrl = (s: Shopper, packageId: number, provider = 'stripe') =>
    `/api/subscriptions/${s.user.id}/${packageId}/${provider}/create-checkout-session`;

  async function startCheckout(s: Shopper, plan: Package, extra: Record<string, string> = {}) {
    const res = await postForm(
      app,
      checkoutUrl(s, plan.id),
      { user_id: s.user.id, package_id: plan.id, ...extra },
      bearer(s.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = res.json<{ session_url: string }>().session_url;
    const id = /\/demo-pay\/checkout\/(cs_test_\w+)$/.exec(url)?.[1];
    expect(url.startsWith(`${stripe.url}/demo-pay/checkout/`), url).toBe(true);
    const session = (await stripe.options.store.get<StubCheckoutSession>(id!))!;
    return { url, session };
  }

  async function userStatus(s: Shopper): Promise<string> {
    const res = await app.inject({ method: 'GET', url: `/api/user/${s.user.id}`, headers: bearer(s.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: { user: { user_status: string } } }>().body.user.user_status;
  }

  async function current(s: Shopper): Promise<CurrentSubscription> {
    const res = await app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/current`,
      headers: bearer(s.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<CurrentSubscription>();
  }

  const poll = (s: Shopper, query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/checkout-status?${query}`,
      headers: bearer(s.token),
    });

  const manage = (s: Shopper) =>
    app.inject({ method: 'POST', url: `/api/subscriptions/${s.user.id}/manage`, headers: bearer(s.token) });

  const rows = async <T>(sql: string, params: unknown[]) => t.db.query<T>(sql, params);
  const subscriptionsOf = (s: Shopper) =>
    rows<{ status: string; provider: string; current_period_end: Date; provider_subscription_id: string }>(
      'SELECT status, provider, current_period_end, provider_subscription_id FROM subscriptions WHERE user_id = $1 ORDER BY id',
      [s.user.id],
    );

  /** Posts a body to the Stripe webhook with the given signature header. */
  const postWebhook = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
    });
  const sign = (payload: string, timestamp?: number, secret = stripe.options.webhookSecret) =>
    signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  /** A monthly subscriber, paid through the stub's checkout and its webhooks. */
  async function subscriber(plan = 'monthly') {
    const s = await shopper();
    const { session } = await startCheckout(s, plans[plan]!);
    const paid = await stripe.stub.pay(session.id);
    expect(paid.status).toBe('complete');
    return { s, session: paid };
  }

  it('lists the plans on sale from the migration, in order, with whole dollars', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/packages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { packages } = res.json<{ body: { packages: Package[] } }>().body;
    expect(packages.map(({ id: _id, ...p }) => p)).toEqual([
      { title: 'Weekly Pass', amount: 3, amount_minor: 300, currency: 'USD', duration: 7, type: 'days' },
      { title: 'Monthly', amount: 9, amount_minor: 900, currency: 'USD', duration: 1, type: 'monthly' },
      { title: 'Yearly', amount: 90, amount_minor: 9000, currency: 'USD', duration: 1, type: 'yearly' },
    ]);
  });

  it('starts a subscription-mode checkout for monthly and yearly, priced from our table only', async () => {
    for (const [type, interval] of [
      ['monthly', 'month'],
      ['yearly', 'year'],
    ] as const) {
      const s = await shopper();
      // Whatever a form says about money is not read.
      const { session } = await startCheckout(s, plans[type]!, { amount: '1', unit_amount: '1', price: '0' });
      expect(session.mode).toBe('subscription');
      expect(session._line_items).toEqual([
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: plans[type]!.amount_minor,
            product_data: { name: `Bosphorus ${plans[type]!.title}`, description: `1 ${interval}` },
            recurring: { interval, interval_count: 1 },
          },
        },
      ]);
      expect(session.client_reference_id).toBe(String(s.user.id));
      expect(session.metadata).toMatchObject({ user_id: String(s.user.id), package_id: String(plans[type]!.id) });
      expect(session._subscription_metadata).toEqual(session.metadata);
      expect(session.success_url).toBe(
        'http://localhost:3000/choosepayment/complete?provider=stripe&session_id={CHECKOUT_SESSION_ID}',
      );
      expect(session.cancel_url).toBe('http://localhost:3000/choosepayment?canceled=1');
    }
  });

  it('starts a payment-mode checkout for the days plan', async () => {
    const s = await shopper();
    const { session } = await startCheckout(s, plans.days!);
    expect(session.mode).toBe('payment');
    expect(session.amount_total).toBe(300);
    expect(session._line_items[0]!.price_data.recurring).toBeUndefined();
    expect(session._line_items[0]!.price_data.product_data.description).toBe('7 days');
  });

  it('refuses checkouts for someone else, for unknown or unsold plans, and without a token', async () => {
    const s = await shopper();
    const other = await shopper();
    const monthly = plans.monthly!;
    expectError(await postForm(app, checkoutUrl(s, monthly.id), { user_id: s.user.id, package_id: monthly.id }), 401);
    expectError(await postForm(app, checkoutUrl(other, monthly.id), { package_id: monthly.id }, bearer(s.token)), 403);
    expectError(
      await postForm(
        app,
        checkoutUrl(s, monthly.id),
        { user_id: other.user.id, package_id: monthly.id },
        bearer(s.token),
      ),
      403,
    );
    const [complimentary] = await rows<{ id: number }>(
      `INSERT INTO packages (title, amount_minor, duration, duration_unit, active) VALUES ('Old plan', 100, 1, 'monthly', false)
       RETURNING id`,
      [],
    );
    for (const packageId of [999_999, complimentary!.id]) {
      const res = await postForm(app, checkoutUrl(s, packageId), { user_id: s.user.id }, bearer(s.token));
      expect(expectError(res, 404).error).toBe(BILLING_ERRORS.unknownPackage);
    }
    const mismatch = await postForm(
      app,
      checkoutUrl(s, monthly.id),
      { user_id: s.user.id, package_id: plans.yearly!.id },
      bearer(s.token),
    );
    expectError(mismatch, 400, 'package_id');
    expectError(await postForm(app, checkoutUrl(s, 0).replace('/0/', '/x/'), {}, bearer(s.token)), 400, 'packageId');
    expect(await subscriptionsOf(s)).toEqual([]);
  });

  it('grants a monthly plan from the signed webhooks, with the period end Stripe gives', async () => {
    const { s, session } = await subscriber();
    expect(await userStatus(s)).toBe('1');
    const sub = (await stripe.options.store.get<StubSubscription>(session.subscription!))!;
    const [row] = await subscriptionsOf(s);
    expect(row).toMatchObject({ status: 'active', provider: 'stripe', provider_subscription_id: sub.id });
    expect(new Date(row!.current_period_end).getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
    const now = await current(s);
    expect(now).toEqual({
      source: 'stripe',
      status: 'active',
      plan_name: 'Monthly',
      plan_id: plans.monthly!.id,
      price: 9,
      interval: '1 month',
      end_date: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
      cancel_at_period_end: false,
      message: BILLING_ERRORS.activeMessage,
    });
    const events = await rows<{ event_type: string }>(
      `SELECT event_type FROM payment_events WHERE provider = 'stripe' AND event_id = ANY($1::text[]) ORDER BY event_type`,
      [stripe.stub.sent.filter((e) => JSON.stringify(e.event).includes(sub.id)).map((e) => e.event.id)],
    );
    expect(events.map((e) => e.event_type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    // The return page's poll says so too, and a second plan is refused.
    const res = await poll(s, `provider=stripe&session_id=${session.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'active', message: BILLING_ERRORS.activeMessage });
    const again = await postForm(app, checkoutUrl(s, plans.yearly!.id), { user_id: s.user.id }, bearer(s.token));
    expect(expectError(again, 409).error).toBe(BILLING_ERRORS.alreadySubscribed);
  });

  it('refuses webhooks with a bad or missing signature, an old timestamp or a re-serialised body', async () => {
    const { session } = await subscriber();
    const record = stripe.stub.sent.find(
      (e) => e.event.type === 'invoice.paid' && JSON.stringify(e.event).includes(session.subscription!),
    )!;
    const forged = JSON.stringify({ ...record.event, id: 'evt_forged_1' }, null, 2);
    const before = await rows<{ n: number }>('SELECT count(*)::int AS n FROM payment_events', []);

    expect(expectError(await postWebhook(forged, sign(forged, undefined, 'whsec_wrong')), 401).error).toBe(
      BILLING_ERRORS.badSignature,
    );
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expectError(await postWebhook(forged, sign(forged, tenMinutesAgo)), 401);
    // The same event, signed, then re-serialised on the way: the bytes differ.
    const signature = sign(record.payload);
    expectError(await postWebhook(JSON.stringify(JSON.parse(record.payload)), signature), 401);
    expectError(await postWebhook(forged), 400);
    expectError(await postWebhook('', sign('')), 400);
    const after = await rows<{ n: number }>('SELECT count(*)::int AS n FROM payment_events', []);
    expect(after).toEqual(before);
    // Unknown event types are acknowledged and left alone.
    const unknown = JSON.stringify({
      id: 'evt_unknown_1',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const res = await postWebhook(unknown, sign(unknown));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('applies the same event once, however often it arrives, and never moves the period end', async () => {
    const { s, session } = await subscriber();
    const [before] = await subscriptionsOf(s);
    const record = stripe.stub.sent.find(
      (e) => e.event.type === 'invoice.paid' && JSON.stringify(e.event).includes(session.subscription!),
    )!;
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(record.payload, sign(record.payload));
      expect(res.statusCode, res.body).toBe(200);
    }
    const [events] = await rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_events WHERE provider = $1 AND event_id = $2',
      ['stripe', record.event.id],
    );
    expect(events!.n).toBe(1);
    const after = await subscriptionsOf(s);
    expect(after).toHaveLength(1);
    expect(new Date(after[0]!.current_period_end).getTime()).toBe(new Date(before!.current_period_end).getTime());
  });

  it('converges on the ended state when an older "updated (active)" arrives after "deleted"', async () => {
    const { s, session } = await subscriber();
    const active = (await stripe.options.store.get<StubSubscription>(session.subscription!))!;
    await stripe.stub.api.cancelSubscription(active.id);
    expect(await userStatus(s)).toBe('0');
    // Stripe delivered the earlier update late: its body still says active.
    const late = JSON.stringify(
      {
        id: 'evt_late_update_' + active.id,
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000) - 30,
        data: { object: { ...active, _line_items: undefined } },
      },
      null,
      2,
    );
    const res = await postWebhook(late, sign(late));
    expect(res.statusCode, res.body).toBe(200);
    expect(await userStatus(s)).toBe('0');
    expect((await subscriptionsOf(s))[0]!.status).toBe('canceled');
    expect((await current(s)).status).toBe('none');
  });

  it('turns user_status to 0 when a renewal payment fails, and shows the subscription as past due', async () => {
    const { s, session } = await subscriber();
    expect(await userStatus(s)).toBe('1');
    await stripe.stub.setSubscription(session.subscription!, { status: 'past_due' });
    await stripe.stub.emit('invoice.payment_failed', {
      id: 'in_failed_' + session.subscription,
      object: 'invoice',
      status: 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: session.subscription } },
    });
    expect(await userStatus(s)).toBe('0');
    const now = await current(s);
    expect(now).toMatchObject({ source: 'stripe', status: 'past_due', message: BILLING_ERRORS.pastDueMessage });
    // The card is fixed in the portal, not by buying a second plan.
    const res = await manage(s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(new RegExp(`^${stripe.url}/demo-pay/portal/bps_`));
    expectError(await postForm(app, checkoutUrl(s, plans.monthly!.id), {}, bearer(s.token)), 409);
  });

  /** The user's playback_not_before (migration 0013): set when their playback tokens were ended. */
  const playbackNotBefore = async (s: Shopper) =>
    (await rows<{ at: Date | null }>('SELECT playback_not_before AS at FROM users WHERE id = $1', [s.user.id]))[0]!.at;

  it('ends the days pass and its playback tokens when the payment is refunded in full', async () => {
    const { s, session } = await subscriber('days');
    expect(await userStatus(s)).toBe('1');
    expect(await playbackNotBefore(s)).toBeNull();
    const refund = await stripe.stub.api.createRefund({ payment_intent: session.payment_intent! });
    expect(refund).toMatchObject({ object: 'refund', amount: session.amount_total, status: 'succeeded' });
    const event = stripe.stub.sent.at(-1)!;
    expect(event.event.type).toBe('charge.refunded');
    expect(event.status).toBe(200);
    expect(await userStatus(s)).toBe('0');
    expect((await subscriptionsOf(s)).map((r) => r.status)).toEqual(['refunded']);
    expect((await current(s)).status).toBe('none');
    expect(await playbackNotBefore(s)).not.toBeNull();
    // The same event again changes nothing; a refunded pass never comes back.
    expect(await stripe.stub.redeliver(event.payload)).toBe(200);
    expect((await subscriptionsOf(s)).map((r) => r.status)).toEqual(['refunded']);
  });

  it('ends a monthly plan refunded in full and cancels it at Stripe so it never renews', async () => {
    const { s, session } = await subscriber('monthly');
    const sub = (await stripe.options.store.get<StubSubscription>(session.subscription!))!;
    const invoice = (await stripe.options.store.get<{ id: string; _payment_intent: string }>(sub.latest_invoice!))!;
    const intentId = invoice._payment_intent;
    // Stripe finds the invoice from the intent through its invoice payments.
    const payments = await stripe.stub.api.listInvoicePayments({
      payment: { type: 'payment_intent', payment_intent: intentId },
    });
    expect(payments.data.map((p) => p.invoice)).toEqual([invoice.id]);
    await stripe.stub.api.createRefund({ payment_intent: intentId });
    expect(stripe.stub.sent.map((e) => e.event.type).slice(-2)).toEqual([
      'charge.refunded',
      'customer.subscription.deleted',
    ]);
    expect(await userStatus(s)).toBe('0');
    expect((await subscriptionsOf(s)).map((r) => r.status)).toEqual(['refunded']);
    expect((await stripe.options.store.get<StubSubscription>(sub.id))!.status).toBe('canceled');
    expect(await playbackNotBefore(s)).not.toBeNull();
  });

  it('keeps access after a partial refund (goodwill), and records the event', async () => {
    const { s, session } = await subscriber('days');
    await stripe.stub.api.createRefund({ payment_intent: session.payment_intent!, amount: 100 });
    const event = stripe.stub.sent.at(-1)!;
    expect(event.event.type).toBe('charge.refunded');
    expect(event.status).toBe(200);
    expect(await userStatus(s)).toBe('1');
    expect((await subscriptionsOf(s)).map((r) => r.status)).toEqual(['active']);
    expect(await playbackNotBefore(s)).toBeNull();
    const recorded = await rows<{ event_type: string }>(
      `SELECT event_type FROM payment_events WHERE provider = 'stripe' AND event_id = $1`,
      [event.event.id],
    );
    expect(recorded).toEqual([{ event_type: 'charge.refunded' }]);
  });

  it("grants nothing for a made-up or someone else's session id on the return page", async () => {
    const s = await shopper();
    const { session } = await subscriber();
    for (const query of [`provider=stripe&session_id=cs_test_made_up`, `provider=stripe&session_id=${session.id}`]) {
      const res = await poll(s, query);
      expect(expectError(res, 404).error).toBe(BILLING_ERRORS.checkoutNotFound);
    }
    expectError(await poll(s, 'provider=stripe'), 400, 'session_id');
    expectError(await poll(s, 'provider=bank&session_id=x'), 400, 'provider');
    expect(await userStatus(s)).toBe('0');
    expect(await subscriptionsOf(s)).toEqual([]);
  });

  it("grants nothing when the amount paid is not our plan's price", async () => {
    const s = await shopper();
    const { session } = await startCheckout(s, plans.monthly!);
    // The session's price is not the one we asked for (one dollar instead of nine).
    await stripe.options.store.update<StubCheckoutSession>(session.id, (c) => ({
      ...c,
      amount_total: 100,
      _line_items: c._line_items.map((i) => ({ ...i, price_data: { ...i.price_data, unit_amount: 100 } })),
    }));
    await stripe.stub.pay(session.id);
    expect(await userStatus(s)).toBe('0');
    expect(await subscriptionsOf(s)).toEqual([]);
    const res = await poll(s, `provider=stripe&session_id=${session.id}`);
    expect(res.json()).toEqual({ status: 'failed', message: BILLING_ERRORS.checkoutFailed });
  });

  it('fulfils from the return page when the webhook has not arrived, once', async () => {
    const s = await shopper();
    const { session } = await startCheckout(s, plans.days!);
    stripe.deliverTo(null);
    try {
      await stripe.stub.pay(session.id);
      expect(await userStatus(s)).toBe('0');
      const first = await poll(s, `provider=stripe&session_id=${session.id}`);
      expect(first.json()).toEqual({ status: 'active', message: BILLING_ERRORS.activeMessage });
    } finally {
      stripe.deliverTo(app);
    }
    expect(await userStatus(s)).toBe('1');
    const [pass] = await subscriptionsOf(s);
    const ends = new Date(pass!.current_period_end).getTime();
    expect(Math.abs(ends - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    // The late webhook and more polls find it done: the pass is not extended.
    const record = stripe.stub.sent.find(
      (e) => e.event.type === 'checkout.session.completed' && e.event.data.object.id === session.id,
    )!;
    expect((await postWebhook(record.payload, sign(record.payload))).statusCode).toBe(200);
    expect((await poll(s, `provider=stripe&session_id=${session.id}`)).json()).toMatchObject({ status: 'active' });
    const after = await subscriptionsOf(s);
    expect(after).toHaveLength(1);
    expect(new Date(after[0]!.current_period_end).getTime()).toBe(ends);
    expect(await current(s)).toMatchObject({
      source: 'stripe',
      plan_name: 'Weekly Pass',
      price: 3,
      interval: '7 days',
      cancel_at_period_end: false,
      message: BILLING_ERRORS.passMessage,
    });
    expect(expectError(await manage(s), 409).error).toBe(BILLING_ERRORS.nothingToManage);
  });

  it('answers pending while a checkout is not paid', async () => {
    const s = await shopper();
    const { session } = await startCheckout(s, plans.monthly!);
    const res = await poll(s, `provider=stripe&session_id=${session.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'pending', message: BILLING_ERRORS.checkoutPending });
  });

  it('never lets two parallel checkouts both be paid', async () => {
    const s = await shopper();
    const answers = await Promise.all([
      postForm(app, checkoutUrl(s, plans.monthly!.id), {}, bearer(s.token)),
      postForm(app, checkoutUrl(s, plans.yearly!.id), {}, bearer(s.token)),
    ]);
    // Either the second collided with the first (409), or it came just after
    // and the first was expired at Stripe before the second was opened.
    const ids: string[] = [];
    for (const res of answers) {
      if (res.statusCode === 409) {
        expect(res.json<{ error: string }>().error).toBe(BILLING_ERRORS.checkoutInProgress);
      } else {
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json<{ session_url: string }>().session_url.split('/').pop()!);
      }
    }
    expect(ids.length).toBeGreaterThanOrEqual(1);
    const states = await Promise.all(ids.map((id) => stripe.options.store.get<StubCheckoutSession>(id)));
    expect(states.filter((c) => c!.status === 'open')).toHaveLength(1);
    // The buyer tries to pay every one of them.
    for (const id of ids) await stripe.stub.pay(id);
    const subs = await subscriptionsOf(s);
    expect(subs.filter((r) => r.status === 'active')).toHaveLength(1);
  });

  it('expires an abandoned checkout before opening the next one', async () => {
    const s = await shopper();
    const { session: first } = await startCheckout(s, plans.yearly!);
    const { session: second } = await startCheckout(s, plans.monthly!);
    expect((await stripe.options.store.get<StubCheckoutSession>(first.id))!.status).toBe('expired');
    expect((await stripe.stub.pay(first.id)).status).toBe('expired');
    expect((await poll(s, `provider=stripe&session_id=${first.id}`)).json()).toMatchObject({ status: 'failed' });
    await stripe.stub.pay(second.id);
    expect(await current(s)).toMatchObject({ plan_name: 'Monthly', status: 'active' });
  });

  it('keeps one live subscription per user when two grants race (the database says so)', async () => {
    const s = await shopper();
    const repository = createBillingRepository(t.db);
    const fulfilment = createFulfilment(repository, silentLog);
    const grant = (externalId: string) =>
      fulfilment.applyEntitlement(
        {
          userId: s.user.id,
          packageId: plans.monthly!.id,
          provider: 'stripe',
          gateway: 'stripe',
          externalId,
          customerId: null,
          renews: true,
          status: 'active',
          periodEnd: new Date(Date.now() + 30 * DAY_MS),
          paidAt: null,
          cancelAtPeriodEnd: false,
          checkoutId: null,
        },
        null,
      );
    const results = await Promise.allSettled([grant('sub_race_a_' + s.user.id), grant('sub_race_b_' + s.user.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, body: { error: BILLING_ERRORS.alreadySubscribed } });
    expect((await subscriptionsOf(s)).map((r) => r.status)).toEqual(['active']);
  });

  it('opens the Billing Portal and follows cancel at period end and resume', async () => {
    const { s, session } = await subscriber('yearly');
    const res = await manage(s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const portalId = res.json<{ url: string }>().url.split('/').pop()!;
    await stripe.stub.portalSetCancelAtPeriodEnd(portalId, session.subscription!, true);
    expect(await current(s)).toMatchObject({
      status: 'active',
      interval: '1 year',
      price: 90,
      cancel_at_period_end: true,
      message: BILLING_ERRORS.cancelingMessage,
    });
    expect(await userStatus(s)).toBe('1');
    await stripe.stub.portalSetCancelAtPeriodEnd(portalId, session.subscription!, false);
    expect(await current(s)).toMatchObject({ cancel_at_period_end: false, message: BILLING_ERRORS.activeMessage });
  });

  it('ends a subscription set to cancel when its period is over, read again from Stripe', async () => {
    const { s, session } = await subscriber();
    const sub = (await stripe.options.store.get<StubSubscription>(session.subscription!))!;
    const past = Math.floor(Date.now() / 1000) - 60;
    await stripe.stub.setSubscription(sub.id, {
      cancel_at_period_end: true,
      items: { ...sub.items, data: [{ ...sub.items.data[0]!, current_period_end: past }] },
    });
    await t.db.query(
      'UPDATE subscriptions SET current_period_end = to_timestamp($2) WHERE provider_subscription_id = $1',
      [sub.id, past],
    );
    expect(await userStatus(s)).toBe('0');
    // No webhook came: the next look at the subscription asks Stripe.
    expect((await current(s)).status).toBe('none');
    expect((await subscriptionsOf(s))[0]!.status).toBe('canceled');
  });

  it('answers "No Active Subscription" and nothing to manage without a plan; complimentary plans show as such', async () => {
    const s = await shopper();
    expect(await current(s)).toEqual({
      source: null,
      status: 'none',
      plan_name: null,
      plan_id: null,
      price: null,
      interval: null,
      end_date: null,
      cancel_at_period_end: false,
      message: BILLING_ERRORS.noActiveSubscriptionMessage,
    });
    expect(expectError(await manage(s), 409).error).toBe(BILLING_ERRORS.noSubscriptionToManage);
    const other = await shopper();
    const res = await app.inject({
      method: 'GET',
      url: `/api/subscriptions/${other.user.id}/current`,
      headers: bearer(s.token),
    });
    expect(expectError(res, 403).error).toBe(AUTH_ERRORS.forbidden);
    expectError(await app.inject({ method: 'GET', url: `/api/subscriptions/${s.user.id}/current` }), 401);

    const granted = await createBillingService({ repository: createBillingRepository(t.db) }).grantComplimentary(
      s.user.id,
      10,
    );
    expect(granted.granted).toBe(true);
    const gift = await current(s);
    expect(gift).toMatchObject({ source: 'complimentary', status: 'active', price: 0, interval: null });
    expect(expectError(await manage(s), 409).error).toBe(BILLING_ERRORS.nothingToManage);
    expectError(await postForm(app, checkoutUrl(s, plans.monthly!.id), {}, bearer(s.token)), 409);
  });
});

describe('Stripe without keys and without the demo', () => {
  it('answers 503 for checkouts and webhooks', async () => {
    const { openTestDatabase } = await import('../../../test/harness.js');
    const { db, dispose } = await openTestDatabase('pglite');
    const app = await buildTestApp(db, { payments: { demo: false, stripe: null, paypal: null } });
    try {
      const user = await insertUser(db);
      const { token } = await signIn(app, user.email, user.password);
      for (const provider of ['stripe', 'paypal']) {
        const res = await postForm(
          app,
          `/api/subscriptions/${user.id}/2/${provider}/create-checkout-session`,
          {},
          bearer(token),
        );
        expect(expectError(res, 503).error).toBe(BILLING_ERRORS.providerUnavailable);
        const hook = await app.inject({
          method: 'POST',
          url: `/api/webhooks/${provider}`,
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expectError(hook, 503);
      }
    } finally {
      await app.close();
      await dispose();
    }
  });
});
