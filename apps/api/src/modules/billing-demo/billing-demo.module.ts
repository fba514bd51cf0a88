import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { StandInProviders } from '../billing/billing.module.js';
import { createPaypalClient, PAYPAL_LIVE_BASE } from '../billing/providers/paypal-client.js';
import { stripeClientOptions } from '../billing/providers/stripe.provider.js';
import type { BillingDemoRepository } from './billing-demo.repository.js';
import { demoPagesRoutes } from './demo-pages.js';
import { injectDelivery, injectFetch } from './inject-fetch.js';
import { createPaypalStub, paypalStubRoutes, type PaypalStub } from './paypal-stub.js';
import { createStripeStub, stripeStubRoutes, type StripeStub } from './stripe-stub.js';
import { databaseStubStore } from './stub-store.js';

// The embedded demo payment provider (notes §5, decision 0019): for a
// provider without keys, a Stripe- or PayPal-compatible stub mounted in this
// app, with its checkout and portal pages. It hands billing the clients of
// those stubs (StandInProviders); billing runs its real provider code on
// them, so a demo payment goes through the same webhooks and fulfilment.

export const DEMO_STRIPE_MOUNT = '/demo-pay/stripe';
export const DEMO_PAYPAL_MOUNT = '/demo-pay/paypal';
/** The demo's clients never use the network (inject-fetch.ts); the host only has to parse. */
const DEMO_API_HOST = 'http://demo-provider.invalid';

/**
 * Whether the demo may stand in for a provider without keys. Never next to
 * real money: a live Stripe key or PayPal's live API turns it off for both,
 * so a paying site cannot show a checkout that grants plans for free.
 */
export function demoAllowed(payments: Config['payments']): boolean {
  const liveStripe = payments.stripe !== null && /^(sk|rk)_live_/.test(payments.stripe.secretKey);
  const livePaypal = payments.paypal !== null && payments.paypal.apiBase === PAYPAL_LIVE_BASE;
  return payments.demo && !liveStripe && !livePaypal;
}

export interface BillingDemo {
  /** What billing uses for a provider without keys. */
  standIns: StandInProviders;
  /** The stubs, when the demo runs (tests drive them). */
  stripe: StripeStub | null;
  paypal: PaypalStub | null;
}

export async function registerBillingDemo(
  app: FastifyInstance,
  opts: { config: Config; repository: BillingDemoRepository },
): Promise<BillingDemo> {
  const { payments, publicUrl } = opts.config;
  const demo: BillingDemo = { standIns: { stripe: null, paypal: null }, stripe: null, paypal: null };
  if (!demoAllowed(payments)) return demo;
  // The demo's hosted pages are ours: on the origin its return address names
  // (the one the viewer opened the site at, decision 0034).
  const pagesBase = (returnUrl: string | null) => (returnUrl ? new URL(returnUrl).origin : publicUrl);

  if (!payments.stripe) {
    // Keys made at boot: nobody outside this process can call the stub's API
    // or sign an event it would accept.
    demo.stripe = createStripeStub({
      store: databaseStubStore(opts.repository),
      secretKey: `sk_test_demo_${randomBytes(24).toString('hex')}`,
      webhookSecret: `whsec_demo_${randomBytes(24).toString('hex')}`,
      pagesBase,
      deliver: injectDelivery(app, '/api/webhooks/stripe'),
    });
    await app.register(stripeStubRoutes, { prefix: DEMO_STRIPE_MOUNT, stub: demo.stripe });
    demo.standIns.stripe = {
      stripe: new Stripe(demo.stripe.options.secretKey, {
        ...stripeClientOptions(DEMO_API_HOST),
        httpClient: Stripe.createFetchHttpClient(injectFetch(app, DEMO_STRIPE_MOUNT)),
      }),
      webhookSecret: demo.stripe.options.webhookSecret,
    };
  }

  if (!payments.paypal) {
    const credentials = {
      clientId: `demo-${randomBytes(12).toString('hex')}`,
      clientSecret: randomBytes(24).toString('hex'),
      webhookId: `WH-DEMO-${randomBytes(8).toString('hex').toUpperCase()}`,
    };
    demo.paypal = createPaypalStub({
      store: databaseStubStore(opts.repository),
      ...credentials,
      apiBase: `${publicUrl}${DEMO_PAYPAL_MOUNT}`,
      pagesBase,
      deliver: injectDelivery(app, '/api/webhooks/paypal'),
    });
    await app.register(paypalStubRoutes, { prefix: DEMO_PAYPAL_MOUNT, stub: demo.paypal });
    demo.standIns.paypal = {
      client: createPaypalClient({
        ...credentials,
        apiBase: DEMO_API_HOST,
        fetch: injectFetch(app, DEMO_PAYPAL_MOUNT),
      }),
      webhookId: credentials.webhookId,
    };
  }

  if (demo.stripe || demo.paypal) await app.register(demoPagesRoutes, { stripe: demo.stripe, paypal: demo.paypal });
  return demo;
}
