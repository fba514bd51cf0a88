import { BILLING_ERRORS, type CurrentSubscription, type Package } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { startPaypalStub, type RunningPaypalStub } from '../../../test/payment-stubs.js';
import type { StubOrder } from '../billing-demo/paypal-stub.js';

// Issue 8 "Plans and money" with PayPal: Orders v2 through our fetch client
// against a real HTTP stub of PayPal's API on 127.0.0.1, server-side capture
// when the buyer is back, webhooks verified by PayPal's postback on the
// unparsed body.

const DAY_MS = 86_400_000;

interface Shopper {
  user: TestUser;
  token: string;
}

describeEachDatabase('PayPal checkouts', (t) => {
  let app: TestApp;
  let paypal: RunningPaypalStub;
  let plans: Record<string, Package>;

  beforeAll(async () => {
    paypal = await startPaypalStub();
    // The site at PUBLIC_URL (one address, decision 0034): the return addresses are its.
    app = await buildTestApp(t.db, {
      publicUrl: 'http://localhost:3000',
      payments: { demo: false, stripe: null, paypal: paypal.config() },
    });
    paypal.deliverTo(app);
    const { packages } = await getBody<{ packages: Package[] }>(app, '/api/packages');
    plans = Object.fromEntries(packages.map((p) => [p.type, p]));
  });
  afterAll(async () => {
    await app?.close();
    await paypal?.close();
  });

  async function shopper(): Promise<Shopper> {
    const user = await insertUser(t.db);
    const { token } = await signIn(app, user.email, user.password);
    return { user, token };
  }

  async function startCheckout(s: Shopper, plan: Package) {
    const res = await postForm(
      app,
      `/api/subscriptions/${s.user.id}/${plan.id}/paypal/create-checkout-session`,
      { user_id: s.user.id, package_id: plan.id },
      bearer(s.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ session_url: string }>().session_url;
    expect(url).toMatch(new RegExp(`^${paypal.url}/demo-pay/paypal/checkout/[A-Z0-9]{17}$`));
    const orderId = url.split('/').pop()!;
    return { orderId, order: (await paypal.options.store.get<StubOrder>(orderId))! };
  }

  const poll = (s: Shopper, token: string) =>
    app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/checkout-status?provider=paypal&token=${token}&PayerID=X`,
      headers: bearer(s.token),
    });

  async function userStatus(s: Shopper) {
    const res = await app.inject({ method: 'GET', url: `/api/user/${s.user.id}`, headers: bearer(s.token) });
    return res.json<{ body: { user: { user_status: string } } }>().body.user.user_status;
  }

  async function current(s: Shopper) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/current`,
      headers: bearer(s.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CurrentSubscription>();
  }

  const subscriptionsOf = (s: Shopper) =>
    t.db.query<{ status: string; provider: string; current_period_end: Date }>(
      'SELECT status, provider, current_period_end FROM subscriptions WHERE user_id = $1',
      [s.user.id],
    );

  const postWebhook = (payload: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/paypal',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  /** The headers a delivery of `payload` carries, as the stub signs it (for `webhookId`). */
  const signedHeaders = (payload: string, webhookId?: string) => paypal.signedHeaders(payload, webhookId);

  /** A buyer who approved and came back: the return page's poll captures. */
  async function buyer(plan = 'monthly') {
    const s = await shopper();
    const { orderId } = await startCheckout(s, plans[plan]!);
    await paypal.stub.approve(orderId);
    const res = await poll(s, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'active', message: BILLING_ERRORS.activeMessage });
    return { s, orderId };
  }

  it('creates an order at our price and sends the buyer to approve it', async () => {
    const s = await shopper();
    const { order } = await startCheckout(s, plans.monthly!);
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchase_units[0]).toMatchObject({
      custom_id: `${s.user.id}:${plans.monthly!.id}`,
      amount: { currency_code: 'USD', value: '9.00' },
      description: 'Bosphorus Monthly (1 month)',
    });
    expect(order._return_url).toBe('http://localhost:3000/choosepayment/complete?provider=paypal');
    expect(order._cancel_url).toBe('http://localhost:3000/choosepayment?canceled=1');
    // Not approved yet: nothing to capture.
    expect((await poll(s, order.id)).json()).toEqual({ status: 'pending', message: BILLING_ERRORS.checkoutPending });
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('captures on return and grants a pass for the plan, confirmed once by the webhook', async () => {
    const { s, orderId } = await buyer();
    const order = (await paypal.options.store.get<StubOrder>(orderId))!;
    expect(order.status).toBe('COMPLETED');
    expect(await userStatus(s)).toBe('1');
    const now = await current(s);
    expect(now).toMatchObject({
      source: 'paypal',
      status: 'active',
      plan_name: 'Monthly',
      price: 9,
      interval: '1 month',
      cancel_at_period_end: false,
      message: BILLING_ERRORS.passMessage,
    });
    const ends = new Date(now.end_date!).getTime();
    const captured = new Date(order.purchase_units[0]!.payments!.captures[0]!.create_time);
    const expected = new Date(captured);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(ends - expected.getTime())).toBeLessThan(DAY_MS);
    const record = paypal.stub.sent.find((e) => JSON.stringify(e.event).includes(orderId))!;
    expect(record.event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(record.status).toBe(200);
    // A second poll, and the same webhook again, change nothing.
    expect((await poll(s, orderId)).json()).toMatchObject({ status: 'active' });
    const again = await postWebhook(record.payload, await signedHeaders(record.payload));
    expect(again.statusCode, again.body).toBe(200);
    const [events] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_events WHERE provider = $1 AND event_id = $2',
      ['paypal', record.event.id],
    );
    expect(events!.n).toBe(1);
    const rows = await subscriptionsOf(s);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.current_period_end).getTime()).toBe(ends);
    expect(
      expectError(
        await app.inject({
          method: 'POST',
          url: `/api/subscriptions/${s.user.id}/manage`,
          headers: bearer(s.token),
        }),
        409,
      ).error,
    ).toBe(BILLING_ERRORS.nothingToManage);
  });

  it('refuses forged, foreign, re-serialised and unsigned webhooks, and grants nothing from them', async () => {
    const { orderId } = await buyer();
    const record = paypal.stub.sent.find((e) => JSON.stringify(e.event).includes(orderId))!;
    const forgedPayload = JSON.stringify({ ...record.event, id: 'WH-FORGED-1' }, null, 1);
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events', []);

    const signed = await signedHeaders(record.payload);
    const forged = await postWebhook(forgedPayload, { ...signed, 'paypal-transmission-sig': 'Zm9yZ2Vk' });
    expect(expectError(forged, 401).error).toBe(BILLING_ERRORS.badSignature);
    // Signed by PayPal, but for another shop's webhook.
    expectError(await postWebhook(forgedPayload, await signedHeaders(forgedPayload, 'WH-SOMEONE-ELSE')), 401);
    // Ours, re-serialised on the way: the bytes PayPal signed are gone.
    expectError(await postWebhook(JSON.stringify(JSON.parse(record.payload)), signed), 401);
    const { ['paypal-transmission-sig']: _sig, ...unsigned } = signed;
    expectError(await postWebhook(record.payload, unsigned), 400);
    expectError(await postWebhook('not json', signed), 400);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events', []);
    expect(after).toEqual(before);
  });

  it("does not capture or grant an order whose amount is not our plan's", async () => {
    const s = await shopper();
    const { orderId } = await startCheckout(s, plans.yearly!);
    await paypal.stub.setOrder(orderId, (o) => ({
      ...o,
      purchase_units: [{ ...o.purchase_units[0]!, amount: { currency_code: 'USD', value: '1.00' } }],
    }));
    await paypal.stub.approve(orderId);
    const res = await poll(s, orderId);
    expect(res.json()).toEqual({ status: 'failed', message: BILLING_ERRORS.checkoutFailed });
    expect((await paypal.options.store.get<StubOrder>(orderId))!.status).toBe('APPROVED');
    expect(await userStatus(s)).toBe('0');
    expect(await subscriptionsOf(s)).toEqual([]);
  });

  it('does not grant an order in another currency', async () => {
    const s = await shopper();
    const { orderId } = await startCheckout(s, plans.days!);
    await paypal.stub.setOrder(orderId, (o) => ({
      ...o,
      purchase_units: [{ ...o.purchase_units[0]!, amount: { currency_code: 'EUR', value: '3.00' } }],
    }));
    await paypal.stub.approve(orderId);
    expect((await poll(s, orderId)).json()).toMatchObject({ status: 'failed' });
    expect(await userStatus(s)).toBe('0');
  });

  it('ends the pass when the payment is refunded', async () => {
    const { s, orderId } = await buyer('days');
    const order = (await paypal.options.store.get<StubOrder>(orderId))!;
    await paypal.stub.api.refundCapture(order.purchase_units[0]!.payments!.captures[0]!.id);
    const refund = paypal.stub.sent.at(-1)!;
    expect(refund.event.event_type).toBe('PAYMENT.CAPTURE.REFUNDED');
    expect(refund.status).toBe(200);
    expect(await userStatus(s)).toBe('0');
    expect((await subscriptionsOf(s)).map((r) => r.status)).toEqual(['refunded']);
    expect((await current(s)).status).toBe('none');
  });

  it("grants nothing for a made-up or someone else's order token", async () => {
    const s = await shopper();
    const { orderId } = await buyer();
    expect(expectError(await poll(s, orderId), 404).error).toBe(BILLING_ERRORS.checkoutNotFound);
    expectError(await poll(s, 'ABCDEFGHJK0123456'), 404);
    const missing = await app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/checkout-status?provider=paypal`,
      headers: bearer(s.token),
    });
    expectError(missing, 400, 'token');
    expect(await userStatus(s)).toBe('0');
  });
});
