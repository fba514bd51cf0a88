import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { SiteOrigins } from '../../plugins/site-origin.js';
import type { Limits } from '../../plugins/rate-limits.js';
import type { BillingRepository } from './billing.repository.js';
import { billingRoutes, billingWebhookRoutes } from './billing.routes.js';
import { createBillingService, type BillingService, type Providers } from './billing.service.js';
import { createFulfilment } from './fulfilment.js';
import { createPaypalClient, PAYPAL_LIVE_BASE, type PaypalClient } from './providers/paypal-client.js';
import { createPaypalProvider } from './providers/paypal.provider.js';
import { createStripeProvider, stripeClientOptions } from './providers/stripe.provider.js';

// Wires plans and money into the app: the providers the configuration
// names, a stand-in for a provider without keys (the embedded demo,
// modules/billing-demo, which app.ts builds and hands in), the routes and
// the webhooks (modules/billing/README.md).

/**
 * What stands in for a provider without keys: clients of a
 * provider-compatible API and the secret its webhooks are signed with. The
 * provider code on top is the real one (`source: 'demo'`).
 */
export interface StandInProviders {
  stripe: { stripe: Stripe; webhookSecret: string } | null;
  paypal: { client: PaypalClient; webhookId: string } | null;
}

const DEMO_MODE = 'DEMO (no keys)';

export interface BillingModule {
  service: BillingService;
  providers: Providers;
}

export async function registerBilling(
  app: FastifyInstance,
  opts: {
    config: Config;
    repository: BillingRepository;
    limit: Limits;
    /** The site's origin per request (decision 0034): checkouts return where they started. */
    origins: Pick<SiteOrigins, 'of'>;
    /** The change feed, told when a user's access changed (a grant, a renewal, an end). */
    changes: Pick<ChangeFeed, 'changed'>;
    /** Used for a provider the configuration gives no keys (none: that provider is off). */
    standIns?: StandInProviders;
  },
): Promise<BillingModule> {
  const { config, repository } = opts;
  const { payments } = config;
  const fulfilment = createFulfilment(repository, app.log, opts.changes);
  const common = { repository, fulfilment, log: app.log };
  const providers: Providers = {};
  const standIns = opts.standIns ?? { stripe: null, paypal: null };

  if (payments.stripe) {
    providers.stripe = createStripeProvider({
      ...common,
      stripe: new Stripe(payments.stripe.secretKey, stripeClientOptions(payments.stripe.apiBase)),
      webhookSecret: payments.stripe.webhookSecret,
      source: 'stripe',
      mode: payments.stripe.secretKey.startsWith('sk_live_') ? 'live' : 'test',
    });
  } else if (standIns.stripe) {
    providers.stripe = createStripeProvider({
      ...common,
      stripe: standIns.stripe.stripe,
      webhookSecret: standIns.stripe.webhookSecret,
      source: 'demo',
      mode: DEMO_MODE,
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
  } else if (standIns.paypal) {
    providers.paypal = createPaypalProvider({
      ...common,
      client: standIns.paypal.client,
      webhookId: standIns.paypal.webhookId,
      source: 'demo',
      mode: DEMO_MODE,
    });
  }

  const stripeMode = providers.stripe?.mode ?? 'off';
  const paypalMode = providers.paypal?.mode ?? 'off';
  app.log.info(
    stripeMode === DEMO_MODE && paypalMode === DEMO_MODE
      ? `payments: ${DEMO_MODE}`
      : `payments: stripe ${stripeMode}, paypal ${paypalMode}`,
  );

  const service = createBillingService({ repository, providers, log: app.log });
  await app.register(billingRoutes, { prefix: '/api', service, limit: opts.limit, origins: opts.origins });
  await app.register(billingWebhookRoutes, { prefix: '/api', service });
  return { service, providers };
}
