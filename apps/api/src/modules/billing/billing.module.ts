import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Limits } from '../../plugins/rate-limits.js';
import type { BillingRepository } from './billing.repository.js';
import { billingRoutes, billingWebhookRoutes } from './billing.routes.js';
import { createBillingService, type BillingService, type Providers } from './billing.service.js';
import { demoPagesRoutes } from './demo/demo-pages.js';
import { injectDelivery, injectFetch } from './demo/inject-fetch.js';
import { createPaypalStub, paypalStubRoutes, type PaypalStub } from './demo/paypal-stub.js';
import { createStripeStub, stripeStubRoutes, type StripeStub } from './demo/stripe-stub.js';
import { databaseStubStore } from './demo/stub-store.js';
import { createFulfilment } from './fulfilment.js';
import { createPaypalClient } from './providers/paypal-client.js';
import { createPaypalProvider } from './providers/paypal.provider.js';
import { createStripeProvider, stripeClientOptions } from './providers/stripe.provider.js';

// Wires plans and money into the app: the providers the configuration
// names, the embedded demo for a provider without keys (notes §5), the
// routes and the webhooks (modules/billing/README.md).

export const DEMO_STRIPE_MOUNT = '/demo-pay/stripe';
export const DEMO_PAYPAL_MOUNT = '/demo-pay/paypal';
/** The demo's clients never use the network (inject-fetch.ts); the host only has to parse. */
const DEMO_API_HOST = 'http://demo-provider.invalid';
const PAYPAL_LIVE_BASE = 'https://api-m.paypal.com';

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

export interface BillingModule {
  service: BillingService;
  providers: Providers;
  /** The embedded demo's stubs, when it runs (tests drive them). */
  demo: { stripe: StripeStub | null; paypal: PaypalStub | null };
}

export async function registerBilling(
  app: FastifyInstance,
  opts: {
    config: Config;
    repository: BillingRepository;
    limit: Limits;
    /** A user's access changed (a grant, a renewal, an end). */
    onAccessChange?: (userId: number) => void;
  },
): Promise<BillingModule> {
  const { config, repository } = opts;
  const { payments, publicUrl } = config;
  const fulfilment = createFulfilment(repository, app.log, opts.onAccessChange);
  const common = { publicUrl, repository, fulfilment, log: app.log };
  const providers: Providers = {};
  const demo: BillingModule['demo'] = { stripe: null, paypal: null };
  const withDemo = demoAllowed(payments);

  if (payments.stripe) {
    providers.stripe = createStripeProvider({
      ...common,
      stripe: new Stripe(payments.stripe.secretKey, stripeClientOptions(payments.stripe.apiBase)),
      webhookSecret: payments.stripe.webhookSecret,
      source: 'stripe',
      mode: payments.stripe.secretKey.startsWith('sk_live_') ? 'live' : 'test',
    });
  } else if (withDemo) {
    // Keys made at boot: nobody outside this process can call the stub's API
    // or sign an event it would accept.
    demo.stripe = createStripeStub({
      store: databaseStubStore(repository),
      secretKey: `sk_test_demo_${randomBytes(24).toString('hex')}`,
      webhookSecret: `whsec_demo_${randomBytes(24).toString('hex')}`,
      pagesBase: publicUrl,
      deliver: injectDelivery(app, '/api/webhooks/stripe'),
    });
    await app.register(stripeStubRoutes, { prefix: DEMO_STRIPE_MOUNT, stub: demo.stripe });
    providers.stripe = createStripeProvider({
      ...common,
      stripe: new Stripe(demo.stripe.options.secretKey, {
        ...stripeClientOptions(DEMO_API_HOST),
        httpClient: Stripe.createFetchHttpClient(injectFetch(app, DEMO_STRIPE_MOUNT)),
      }),
      webhookSecret: demo.stripe.options.webhookSecret,
      source: 'demo',
      mode: 'DEMO (no keys)',
    });
  }

  if (payments.paypal) {
    providers.paypal = createPaypalProvider({
      ...common,
      client: createPaypalClient(payments.paypal),
      webhookId: payments.paypal.webhookId,
      source: 'paypal',
      mode: payments.paypal.apiBase === PAYPAL_LIVE_BASE ? 'live' : 'test',
    });
  } else if (withDemo) {
    const credentials = {
      clientId: `demo-${randomBytes(12).toString('hex')}`,
      clientSecret: randomBytes(24).toString('hex'),
      webhookId: `WH-DEMO-${randomBytes(8).toString('hex').toUpperCase()}`,
    };
    demo.paypal = createPaypalStub({
      store: databaseStubStore(repository),
      ...credentials,
      apiBase: `${publicUrl}${DEMO_PAYPAL_MOUNT}`,
      pagesBase: publicUrl,
      deliver: injectDelivery(app, '/api/webhooks/paypal'),
    });
    await app.register(paypalStubRoutes, { prefix: DEMO_PAYPAL_MOUNT, stub: demo.paypal });
    providers.paypal = createPaypalProvider({
      ...common,
      client: createPaypalClient({
        ...credentials,
        apiBase: DEMO_API_HOST,
        fetch: injectFetch(app, DEMO_PAYPAL_MOUNT),
      }),
      webhookId: credentials.webhookId,
      source: 'demo',
      mode: 'DEMO (no keys)',
    });
  }

  if (demo.stripe || demo.paypal) await app.register(demoPagesRoutes, demo);

  const stripeMode = providers.stripe?.mode ?? 'off';
  const paypalMode = providers.paypal?.mode ?? 'off';
  app.log.info(
    stripeMode === 'DEMO (no keys)' && paypalMode === 'DEMO (no keys)'
      ? 'payments: DEMO (no keys)'
      : `payments: stripe ${stripeMode}, paypal ${paypalMode}`,
  );

  const service = createBillingService({ repository, providers, log: app.log });
  await app.register(billingRoutes, { prefix: '/api', service, limit: opts.limit });
  await app.register(billingWebhookRoutes, { prefix: '/api', service });
  return { service, providers, demo };
}
