import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { Config } from '../src/config.js';
import { demoPagesRoutes } from '../src/modules/billing-demo/demo-pages.js';
import { injectDelivery } from '../src/modules/billing-demo/inject-fetch.js';
import {
  createPaypalStub,
  paypalStubRoutes,
  type PaypalStub,
  type PaypalStubOptions,
} from '../src/modules/billing-demo/paypal-stub.js';
import {
  createStripeStub,
  stripeStubRoutes,
  type StripeStub,
  type StripeStubOptions,
} from '../src/modules/billing-demo/stripe-stub.js';
import { memoryStubStore } from '../src/modules/billing-demo/stub-store.js';
import type { TestApp } from './harness.js';

// Local real peers for the payment providers (STYLE "Tests"): the same stub
// code as the embedded demo (modules/billing-demo/), each run as an HTTP
// server of its own on 127.0.0.1 with a random port and objects in memory.
// The app under test reaches them through the official Stripe SDK
// (STRIPE_API_BASE) and our PayPal client (PAYPAL_API_BASE); they post
// signed webhooks to the app's real webhook routes.

export interface RunningStripeStub {
  stub: StripeStub;
  options: StripeStubOptions;
  url: string;
  /** Webhooks go to this app from now on (null: nowhere, as if Stripe's delivery were late). */
  deliverTo(app: TestApp | null): void;
  /** The app's payments configuration pointing at this stub. */
  config(): NonNullable<Config['payments']['stripe']>;
  close(): Promise<void>;
}

/**
 * Headers a real provider's answers carry that are none of our business
 * (Stripe's, as an outside probe saw them): a test that passes them to a stub
 * checks that none reaches our own answers (issue 16).
 */
export const FOREIGN_ANSWER_HEADERS = {
  'set-cookie': 'provider_session=abc; Path=/; Secure; HttpOnly',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'request-id': 'req_foreign123',
} as const;

export interface StubServerOptions {
  /** Extra headers on every answer of the stub (FOREIGN_ANSWER_HEADERS). */
  answerHeaders?: Record<string, string>;
}

/** A provider's stub as a real HTTP server on 127.0.0.1 (a free port), with form bodies. */
async function listenOnLoopback(register: (app: FastifyInstance) => Promise<void>, opts: StubServerOptions = {}) {
  const server = Fastify({ logger: false });
  if (opts.answerHeaders) {
    const headers = opts.answerHeaders;
    server.addHook('onSend', async (_req, reply) => {
      reply.headers(headers);
    });
  }
  await server.register(formbody);
  await register(server);
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

export async function startStripeStub(serverOptions: StubServerOptions = {}): Promise<RunningStripeStub> {
  const options: StripeStubOptions = {
    store: memoryStubStore(),
    secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
    pagesBase: '',
    deliver: null,
  };
  const stub = createStripeStub(options);
  const { server, url } = await listenOnLoopback(async (app) => {
    await app.register(stripeStubRoutes, { stub });
    await app.register(demoPagesRoutes, { stripe: stub, paypal: null });
  }, serverOptions);
  options.pagesBase = url;
  return {
    stub,
    options,
    url,
    deliverTo(app) {
      options.deliver = app ? injectDelivery(app, '/api/webhooks/stripe') : null;
    },
    config: () => ({ secretKey: options.secretKey, webhookSecret: options.webhookSecret, apiBase: url }),
    close: () => server.close(),
  };
}

export interface RunningPaypalStub {
  stub: PaypalStub;
  options: PaypalStubOptions;
  url: string;
  deliverTo(app: TestApp | null): void;
  /** The headers PayPal's delivery of `payload` carries (signed for `webhookId`), without sending it. */
  signedHeaders(payload: string, webhookId?: string): Promise<Record<string, string>>;
  config(): NonNullable<Config['payments']['paypal']>;
  close(): Promise<void>;
}

export async function startPaypalStub(serverOptions: StubServerOptions = {}): Promise<RunningPaypalStub> {
  const options: PaypalStubOptions = {
    store: memoryStubStore(),
    clientId: `client-${randomBytes(8).toString('hex')}`,
    clientSecret: randomBytes(16).toString('hex'),
    webhookId: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
    apiBase: '',
    pagesBase: '',
    deliver: null,
  };
  const stub = createPaypalStub(options);
  const { server, url } = await listenOnLoopback(async (app) => {
    await app.register(paypalStubRoutes, { stub });
    await app.register(demoPagesRoutes, { stripe: null, paypal: stub });
  }, serverOptions);
  options.apiBase = url;
  options.pagesBase = url;
  return {
    stub,
    options,
    url,
    deliverTo(app) {
      options.deliver = app ? injectDelivery(app, '/api/webhooks/paypal') : null;
    },
    async signedHeaders(payload, webhookId) {
      let captured: Record<string, string> = {};
      const deliver = options.deliver;
      options.deliver = async (_payload, headers) => {
        captured = headers;
        return 200;
      };
      try {
        await stub.redeliver(payload, webhookId);
      } finally {
        options.deliver = deliver;
      }
      return captured;
    },
    config: () => ({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      webhookId: options.webhookId,
      apiBase: url,
    }),
    close: () => server.close(),
  };
}
