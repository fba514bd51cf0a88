import { API_ERRORS, BILLING_ERRORS } from '@bosphorus/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, capturedLogs, describeEachDatabase, expectError, type TestApp } from '../../../test/harness.js';
import {
  FOREIGN_ANSWER_HEADERS,
  startPaypalStub,
  startStripeStub,
  type RunningPaypalStub,
  type RunningStripeStub,
} from '../../../test/payment-stubs.js';

// Issue 16 finding 6: a Stripe signature more than five minutes either side
// of now is refused (the SDK bounds only the past).
//
// Issue 16 finding 3: a correctly signed event whose object the provider
// answers 404 (a session or an order we cannot read) used to return our 404
// with the provider's message and every header of its answer. It is our
// 502 now: logged, our text, our headers, and a 5xx so the provider
// delivers the event again.

const signer = new Stripe('sk_test_signer');

describeEachDatabase('payment webhooks: timestamps and provider failures', (t) => {
  let app: TestApp;
  let stripe: RunningStripeStub;
  let paypal: RunningPaypalStub;
  const logs = capturedLogs('error');

  beforeAll(async () => {
    stripe = await startStripeStub({ answerHeaders: FOREIGN_ANSWER_HEADERS });
    paypal = await startPaypalStub({ answerHeaders: FOREIGN_ANSWER_HEADERS });
    app = await buildTestApp(
      t.db,
      { payments: { demo: false, stripe: stripe.config(), paypal: paypal.config() } },
      { logger: logs.logger },
    );
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
    await paypal?.close();
  });

  const postWebhook = (provider: 'stripe' | 'paypal', payload: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/webhooks/${provider}`,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  function expectOurOwnFailure(res: Awaited<ReturnType<TestApp['inject']>>) {
    const body = expectError(res, 502);
    expect(body).toEqual({ error: API_ERRORS.upstream });
    for (const name of Object.keys(FOREIGN_ANSWER_HEADERS)) expect(res.headers[name], name).toBeUndefined();
    expect(res.headers['transfer-encoding'] === undefined || res.headers['content-length'] === undefined).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/No such|RESOURCE_NOT_FOUND|PayPal answered/);
    expect(logs.errors().some((line) => line.msg === 'a service we called failed')).toBe(true);
    logs.lines.length = 0;
  }

  it('answers a signed Stripe event for a session Stripe answers 404 with our 502, not Stripe’s answer', async () => {
    const payload = JSON.stringify({
      id: 'evt_probe_missing_session',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cs_test_doesnotexist', object: 'checkout.session' } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: stripe.options.webhookSecret });
    expectOurOwnFailure(await postWebhook('stripe', payload, { 'stripe-signature': signature }));
  });

  it('answers a signed PayPal event for an order PayPal answers 404 with our 502, not PayPal’s answer', async () => {
    const payload = JSON.stringify({
      id: 'WH-PROBE-MISSING-ORDER',
      event_version: '1.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: { id: 'CAPTUREPROBE1', supplementary_data: { related_ids: { order_id: 'ORDERDOESNOTEXIST1' } } },
    });
    // Signed as PayPal signs a delivery (the stub's own signing).
    expectOurOwnFailure(await postWebhook('paypal', payload, await paypal.signedHeaders(payload)));
  });

  it('refuses a Stripe signature timestamped more than five minutes either side of now', async () => {
    const payload = JSON.stringify({
      id: 'evt_probe_time',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const post = (offsetSeconds: number) =>
      postWebhook('stripe', payload, {
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: stripe.options.webhookSecret,
          timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
        }),
      });
    // A minute of margin each way: a loaded machine takes seconds between signing and checking.
    for (const offset of [600, 360, -360, -600]) {
      const refused = await post(offset);
      expect(refused.statusCode, `signed ${offset} s from now: ${refused.body}`).toBe(401);
      expect(expectError(refused, 401).error).toBe(BILLING_ERRORS.badSignature);
    }
    for (const offset of [240, 0, -240]) {
      const res = await post(offset);
      expect(res.statusCode, `signed ${offset} s from now: ${res.body}`).toBe(200);
    }
  });
});
