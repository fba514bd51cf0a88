import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteOrigins } from '../../plugins/site-origin.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_ERRORS,
  CHECKOUT_PROVIDERS,
  checkoutAnswer,
  checkoutForm,
  checkoutStatusAnswer,
  currentSubscriptionAnswer,
  envelope,
  manageAnswer,
  packagesBody,
} from '@bosphorus/contract';
import { assertSameUser, HttpFailure } from '../../plugins/auth.js';
import { errorAnswersWith, FORM_TYPES, idString, acceptPrivateForms } from '../../plugins/routes.js';
import { byUser, HOUR, MINUTE, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import type { BillingService } from './billing.service.js';

// Spec §7 Subscriptions: GET /packages, POST …/{stripe|paypal}/create-checkout-session,
// GET …/current, POST …/manage; our GET …/checkout-status for the return page
// (decision 0019); and the providers' webhooks.

const errorBody = z.object({ error: z.string(), field: z.string().optional() });
const errors = errorAnswersWith(errorBody);
const id = idString();
const userParams = z.object({ userId: id });
const checkoutParams = z.object({ userId: id, packageId: id });
const statusQuery = z.object({
  provider: z.enum(CHECKOUT_PROVIDERS),
  session_id: z.string().max(255).optional(),
  token: z.string().max(64).optional(),
  user_id: z.string().optional(),
});

/** Starting checkouts asks the provider for a session each time: a person needs few. */
export const CHECKOUT_RULE: LimitRule = { name: 'checkout-user', max: 30, timeWindowMs: HOUR, key: byUser };
/** The return page polls every second or two until the provider confirms. */
export const CHECKOUT_STATUS_RULE: LimitRule = {
  name: 'checkout-status-user',
  max: 120,
  timeWindowMs: 10 * MINUTE,
  key: byUser,
};

/** Packages answer the same to everyone; a minute of caching costs a price change a minute. */
const PACKAGES_CACHE_CONTROL = 'public, max-age=60';

export async function billingRoutes(
  app: FastifyInstance,
  opts: {
    service: BillingService;
    limit: Limits;
    /** The origin the viewer opened the site at: where the provider sends them back (decision 0034). */
    origins: Pick<SiteOrigins, 'of'>;
  },
) {
  const { service, origins } = opts;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/packages', { schema: { response: { 200: envelope(packagesBody) } } }, async (_req, reply) => {
      reply.header('cache-control', PACKAGES_CACHE_CONTROL);
      return { body: { packages: await service.listPackages() } };
    });

  // The subscriptions of one user: private, never cached; forms arrive
  // urlencoded, multipart or JSON alike (DESIGN §3).
  await app.register(async (scope) => {
    await acceptPrivateForms(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    for (const gateway of CHECKOUT_PROVIDERS) {
      api.post(
        `/subscriptions/:userId/:packageId/${gateway}/create-checkout-session`,
        {
          schema: {
            consumes: FORM_TYPES,
            params: checkoutParams,
            body: checkoutForm.nullish(),
            response: { 200: checkoutAnswer, ...errors(400, 401, 403, 404, 409, 429, 502, 503) },
          },
          preHandler: [app.authenticate, opts.limit(CHECKOUT_RULE)],
        },
        async (req) => {
          assertSameUser(req, req.params.userId, req.body?.user_id);
          const formPackage = req.body?.package_id;
          if (formPackage !== undefined && formPackage !== '' && formPackage !== req.params.packageId) {
            throw new HttpFailure(400, {
              error: 'package_id: does not match the plan in the path',
              field: 'package_id',
            });
          }
          return {
            session_url: await service.createCheckout(
              req.userId,
              Number(req.params.packageId),
              gateway,
              origins.of(req),
            ),
          };
        },
      );
    }

    api.get(
      '/subscriptions/:userId/current',
      {
        schema: { params: userParams, response: { 200: currentSubscriptionAnswer, ...errors(400, 401, 403) } },
        preHandler: app.authenticate,
      },
      async (req) => {
        assertSameUser(req, req.params.userId);
        return service.current(req.userId);
      },
    );

    api.post(
      '/subscriptions/:userId/manage',
      {
        schema: {
          params: userParams,
          response: { 200: manageAnswer, ...errors(400, 401, 403, 409, 502, 503) },
        },
        preHandler: app.authenticate,
      },
      async (req) => {
        assertSameUser(req, req.params.userId);
        return { url: await service.manage(req.userId, origins.of(req)) };
      },
    );

    api.get(
      '/subscriptions/:userId/checkout-status',
      {
        schema: {
          params: userParams,
          querystring: statusQuery,
          response: { 200: checkoutStatusAnswer, ...errors(400, 401, 403, 404, 429, 502, 503) },
        },
        preHandler: [app.authenticate, opts.limit(CHECKOUT_STATUS_RULE)],
      },
      async (req) => {
        assertSameUser(req, req.params.userId);
        // Stripe returns with session_id; PayPal appends token (its order id).
        const field = req.query.provider === 'stripe' ? 'session_id' : 'token';
        const sessionId = req.query[field];
        if (!sessionId) throw new HttpFailure(400, { error: `${field}: ${AUTH_ERRORS.required}`, field });
        return service.checkoutStatus(req.userId, req.query.provider, sessionId);
      },
    );
  });
}

/**
 * POST /api/webhooks/{stripe,paypal}: in a context of their own whose JSON
 * parser keeps the raw bytes, which both signatures cover (a parsed and
 * re-serialised body no longer verifies).
 */
export async function billingWebhookRoutes(app: FastifyInstance, opts: { service: BillingService }) {
  // In place of the root's JSON parser (plugins/json-body.ts), for this context only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const raw = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body : null);
  const schema = {
    response: { 200: z.object({ received: z.literal(true) }), ...errors(400, 401, 409, 503) },
  };
  for (const gateway of CHECKOUT_PROVIDERS) {
    app.post(`/webhooks/${gateway}`, { schema }, async (req) => {
      await opts.service.handleWebhook(gateway, raw(req), req.headers);
      return { received: true as const };
    });
  }
}
