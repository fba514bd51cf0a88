import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StubStore } from './stub-store.js';
import type { WebhookDelivery } from './stripe-stub.js';

// A small PayPal-compatible HTTP API: OAuth client credentials, Orders v2
// (create, read, capture), captures (read, refund) and the webhook
// verification postback, with signed webhook deliveries. Like
// stripe-stub.ts it backs both the embedded demo (/demo-pay/paypal/…, its
// approval page in demo-pages.ts) and the tests (its own server on
// 127.0.0.1, PAYPAL_API_BASE). PayPal signs with RSA and a certificate; the
// stub signs with a key only it holds, over the same fields
// (transmission id | time | webhook id | CRC32 of the exact body), so its
// verification answers FAILURE for a forged signature, another webhook id or
// a body that was re-serialised on the way (PayPal-node-SDK#412).

type Json = Record<string, unknown>;

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface StubCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
  amount: PaypalAmount;
  final_capture: boolean;
  custom_id: string | null;
  invoice_id: string | null;
  create_time: string;
  update_time: string;
  supplementary_data: { related_ids: { order_id: string } };
  links: Array<{ href: string; rel: string; method: string }>;
}

export interface StubOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Array<{
    reference_id: string;
    custom_id: string | null;
    invoice_id: string | null;
    description: string | null;
    amount: PaypalAmount;
    payments?: { captures: StubCapture[] };
  }>;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  create_time: string;
  update_time: string;
  links: Array<{ href: string; rel: string; method: string }>;
  /** Stub-only: where the approval page sends the buyer. */
  _return_url: string | null;
  _cancel_url: string | null;
}

export interface PaypalStubOptions {
  store: StubStore;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Absolute base of the stub's API (links, cert URL). */
  apiBase: string;
  /**
   * Absolute origin (and path) the approval page is served under; or, given
   * the order's return address, where it is for it (the embedded demo: the
   * origin the viewer opened the site at, decision 0034).
   */
  pagesBase: string | ((returnUrl: string | null) => string);
  deliver?: WebhookDelivery | null;
}

export class PaypalStubError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? body.name));
  }
}

const unprocessable = (issue: string, description: string) =>
  new PaypalStubError(422, {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue, description }],
  });

const notFound = () =>
  new PaypalStubError(404, {
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
  });

const invalidRequest = (field: string, issue: string) =>
  new PaypalStubError(400, {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    details: [{ field, issue }],
  });

/** PayPal's ids: 17 upper-case letters and digits. */
export function paypalId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(17), (b) => alphabet[b % alphabet.length]).join('');
}

const iso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The raw text of `"webhook_event": …` in a verification request: the event exactly as the shop sent it. */
export function rawWebhookEvent(body: string): string | null {
  const marker = body.indexOf('"webhook_event"');
  if (marker < 0) return null;
  const colon = body.indexOf(':', marker);
  const end = body.lastIndexOf('}');
  if (colon < 0 || end <= colon) return null;
  return body.slice(colon + 1, end).trim();
}

export function createPaypalStub(options: PaypalStubOptions) {
  const { store } = options;
  // Access tokens live as long as this process (a restart asks for new ones).
  const tokens = new Set<string>();
  const signingKey = randomBytes(32);
  const sent: Array<{ event: Json; payload: string; status: number | null }> = [];

  function sign(transmissionId: string, time: string, webhookId: string, payload: string | Buffer): string {
    const crc = crc32(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload) >>> 0;
    return createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${crc}`).digest('base64');
  }

  async function emit(eventType: string, resourceType: string, resource: object, summary: string): Promise<Json> {
    const event: Json = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: iso(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource: publicOrder(resource),
      links: [],
    };
    const payload = JSON.stringify(event, null, 1);
    const record = { event, payload, status: null as number | null };
    sent.push(record);
    if (sent.length > 500) sent.shift();
    record.status = await deliver(payload);
    return event;
  }

  /** Posts a payload with PayPal's transmission headers, signed for `webhookId`. */
  async function deliver(payload: string, webhookId = options.webhookId): Promise<number | null> {
    if (!options.deliver) return null;
    const transmissionId = randomUUID();
    const time = iso();
    return options.deliver(payload, {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sign(transmissionId, time, webhookId, payload),
      'paypal-cert-url': `${options.apiBase}/v1/notifications/certs/CERT-stub`,
      'paypal-auth-algo': 'SHA256withRSA',
    });
  }

  async function mustOrder(id: string): Promise<StubOrder> {
    const order = await store.get<StubOrder & { _kind?: string }>(id);
    if (!order || !('purchase_units' in order)) throw notFound();
    return order;
  }

  function selfLinks(order: Pick<StubOrder, 'id' | '_return_url'>, approveRel: string | null) {
    const pagesBase = typeof options.pagesBase === 'string' ? options.pagesBase : options.pagesBase(order._return_url);
    return [
      { href: `${options.apiBase}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(approveRel
        ? [{ href: `${pagesBase}/demo-pay/paypal/checkout/${order.id}`, rel: approveRel, method: 'GET' }]
        : []),
      { href: `${options.apiBase}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
    ];
  }

  function publicOrder<T extends object>(order: T): Json {
    return Object.fromEntries(Object.entries(order).filter(([key]) => !key.startsWith('_')));
  }

  const api = {
    issueToken(authorization: string | undefined, body: Json): Json {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (authorization !== expected) {
        throw new PaypalStubError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if (body.grant_type !== 'client_credentials') {
        throw new PaypalStubError(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STUB',
        expires_in: 32_400,
        nonce: `${iso()}${randomBytes(8).toString('hex')}`,
      };
    },

    checkToken(authorization: string | undefined) {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
      if (!tokens.has(token)) {
        throw new PaypalStubError(401, {
          error: 'invalid_token',
          error_description: 'Token signature verification failed',
        });
      }
    },

    async createOrder(body: Json): Promise<StubOrder> {
      if (body.intent !== 'CAPTURE') throw invalidRequest('/intent', 'INVALID_PARAMETER_VALUE');
      const units = Array.isArray(body.purchase_units) ? (body.purchase_units as Json[]) : [];
      if (units.length !== 1) throw invalidRequest('/purchase_units', 'MISSING_REQUIRED_PARAMETER');
      const unit = units[0]!;
      const amount = unit.amount as Json | undefined;
      if (
        !amount ||
        typeof amount.currency_code !== 'string' ||
        typeof amount.value !== 'string' ||
        !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value)
      ) {
        throw invalidRequest('/purchase_units/@reference_id==default/amount', 'INVALID_PARAMETER_VALUE');
      }
      const experience = ((body.payment_source as Json | undefined)?.paypal as Json | undefined)?.experience_context as
        Json | undefined;
      const context = experience ?? (body.application_context as Json | undefined) ?? {};
      const id = paypalId();
      const time = iso();
      const returnUrl = typeof context.return_url === 'string' ? context.return_url : null;
      const order: StubOrder = {
        id,
        intent: 'CAPTURE',
        status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        purchase_units: [
          {
            reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
            custom_id: typeof unit.custom_id === 'string' ? unit.custom_id : null,
            invoice_id: typeof unit.invoice_id === 'string' ? unit.invoice_id : null,
            description: typeof unit.description === 'string' ? unit.description : null,
            amount: { currency_code: amount.currency_code, value: amount.value },
          },
        ],
        create_time: time,
        update_time: time,
        links: selfLinks({ id, _return_url: returnUrl }, experience ? 'payer-action' : 'approve'),
        _return_url: returnUrl,
        _cancel_url: typeof context.cancel_url === 'string' ? context.cancel_url : null,
      };
      await store.insert('paypal.order', order);
      return order;
    },

    getOrder: mustOrder,

    async captureOrder(id: string): Promise<StubOrder> {
      const before = await mustOrder(id);
      if (before.status === 'COMPLETED') {
        throw unprocessable(
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      }
      if (before.status !== 'APPROVED') {
        throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      }
      const captureId = paypalId();
      const time = iso();
      let captured: StubCapture | null = null;
      const order = await store.update<StubOrder>(id, (o) => {
        if (o.status !== 'APPROVED') return null;
        const unit = o.purchase_units[0]!;
        captured = {
          id: captureId,
          status: 'COMPLETED',
          amount: unit.amount,
          final_capture: true,
          custom_id: unit.custom_id,
          invoice_id: unit.invoice_id,
          create_time: time,
          update_time: time,
          supplementary_data: { related_ids: { order_id: o.id } },
          links: [
            { href: `${options.apiBase}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
            { href: `${options.apiBase}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
            { href: `${options.apiBase}/v2/checkout/orders/${o.id}`, rel: 'up', method: 'GET' },
          ],
        };
        return {
          ...o,
          status: 'COMPLETED',
          update_time: time,
          purchase_units: [{ ...unit, payments: { captures: [captured] } }],
          links: selfLinks(o, null),
        };
      });
      if (!order || !captured) throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
      await store.insert('paypal.capture', captured);
      await emit(
        'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        captured,
        `Payment completed for $ ${(captured as StubCapture).amount.value}`,
      );
      return order;
    },

    async getCapture(id: string): Promise<StubCapture> {
      const capture = await store.get<StubCapture>(id);
      if (!capture || !('supplementary_data' in capture)) throw notFound();
      return capture;
    },

    /** A full refund: the capture and its order say REFUNDED, and PayPal tells the shop. */
    async refundCapture(id: string): Promise<Json> {
      const capture = await api.getCapture(id);
      if (capture.status === 'REFUNDED')
        throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      const time = iso();
      const refunded = await store.update<StubCapture>(id, (c) => ({ ...c, status: 'REFUNDED', update_time: time }));
      const orderId = capture.supplementary_data.related_ids.order_id;
      await store.update<StubOrder>(orderId, (o) => ({
        ...o,
        update_time: time,
        purchase_units: o.purchase_units.map((u) => ({
          ...u,
          payments: { captures: (u.payments?.captures ?? []).map((c) => (c.id === id ? refunded! : c)) },
        })),
      }));
      const refundId = paypalId();
      const refund = {
        id: refundId,
        status: 'COMPLETED',
        amount: capture.amount,
        create_time: time,
        update_time: time,
        links: [
          { href: `${options.apiBase}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
          { href: `${options.apiBase}/v2/payments/captures/${id}`, rel: 'up', method: 'GET' },
        ],
      };
      await emit(
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        refund,
        `A $ ${capture.amount.value} USD capture payment was refunded`,
      );
      return refund;
    },

    /** POST /v1/notifications/verify-webhook-signature, given the request's exact text. */
    verifySignature(rawBody: string): Json {
      let fields: Json;
      try {
        fields = JSON.parse(rawBody) as Json;
      } catch {
        throw invalidRequest('/', 'MALFORMED_REQUEST_JSON');
      }
      for (const name of [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ]) {
        if (typeof fields[name] !== 'string' || fields[name] === '')
          throw invalidRequest(`/${name}`, 'MISSING_REQUIRED_PARAMETER');
      }
      const event = rawWebhookEvent(rawBody);
      if (!event) throw invalidRequest('/webhook_event', 'MISSING_REQUIRED_PARAMETER');
      const expected = Buffer.from(
        sign(fields.transmission_id as string, fields.transmission_time as string, options.webhookId, event),
      );
      const given = Buffer.from(fields.transmission_sig as string);
      const ok =
        fields.webhook_id === options.webhookId &&
        fields.cert_url === `${options.apiBase}/v1/notifications/certs/CERT-stub` &&
        given.length === expected.length &&
        timingSafeEqual(given, expected);
      return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
    },
  };

  return {
    options,
    api,
    sent,
    /** The approval page's Pay: the buyer approves; the shop captures when the buyer is back. */
    async approve(orderId: string): Promise<StubOrder> {
      await mustOrder(orderId);
      const order = await store.update<StubOrder>(orderId, (o) =>
        o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED'
          ? {
              ...o,
              status: 'APPROVED',
              update_time: iso(),
              payer: {
                payer_id: paypalId().slice(0, 13),
                email_address: 'demo-buyer@example.com',
                name: { given_name: 'Demo', surname: 'Buyer' },
              },
            }
          : null,
      );
      return order ?? mustOrder(orderId);
    },
    /** Test control: change an order behind the shop's back. */
    async setOrder(orderId: string, change: (order: StubOrder) => StubOrder) {
      return store.update<StubOrder>(orderId, change);
    },
    emit,
    redeliver: deliver,
    publicOrder,
  };
}
export type PaypalStub = ReturnType<typeof createPaypalStub>;

/** The buyer's way back: return_url with PayPal's token (and PayerID) appended. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** PayPal's REST API of the stub; register with the prefix it lives under. */
export async function paypalStubRoutes(app: FastifyInstance, opts: { stub: PaypalStub }) {
  const { stub } = opts;
  const config = { rateLimit: false } as const;
  const schema = { hide: true };
  // JSON bodies arrive as text: the verification postback needs the exact
  // bytes of the event, as PayPal's own check does.
  // In place of the root's JSON parser (plugins/json-body.ts), for this context only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const send = async (reply: FastifyReply, fn: () => Promise<unknown> | unknown, status = 200) => {
    try {
      const result = await fn();
      return reply.code(status).send(typeof result === 'object' && result !== null ? stub.publicOrder(result) : result);
    } catch (error) {
      if (error instanceof PaypalStubError) return reply.code(error.status).send(error.body);
      throw error;
    }
  };
  const jsonBody = (req: FastifyRequest): Json => {
    if (typeof req.body !== 'string' || req.body === '') return {};
    try {
      return JSON.parse(req.body) as Json;
    } catch {
      throw invalidRequest('/', 'MALFORMED_REQUEST_JSON');
    }
  };
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const idempotentAnswers = new Map<string, { status: number; body: Json }>();
  // PayPal-Request-Id: a repeated request gets the first answer again.
  const once = async (req: FastifyRequest, reply: FastifyReply, fn: () => Promise<unknown>, status = 201) => {
    const key = req.headers['paypal-request-id'];
    const scoped = typeof key === 'string' ? `${req.method} ${req.url} ${key}` : null;
    const earlier = scoped ? idempotentAnswers.get(scoped) : undefined;
    if (earlier) return reply.code(earlier.status).send(earlier.body);
    try {
      const body = stub.publicOrder((await fn()) as object);
      if (scoped) {
        idempotentAnswers.set(scoped, { status, body });
        // PayPal keeps request ids for a while, not forever.
        if (idempotentAnswers.size > 1000) idempotentAnswers.delete(idempotentAnswers.keys().next().value!);
      }
      return reply.code(status).send(body);
    } catch (error) {
      if (error instanceof PaypalStubError) return reply.code(error.status).send(error.body);
      throw error;
    }
  };
  const authed = (req: FastifyRequest) => stub.api.checkToken(req.headers.authorization);

  app.post('/v1/oauth2/token', { config, schema }, async (req, reply) =>
    send(reply, () => stub.api.issueToken(req.headers.authorization, (req.body ?? {}) as Json)),
  );
  app.post('/v2/checkout/orders', { config, schema }, async (req, reply) =>
    once(req, reply, async () => {
      authed(req);
      return stub.api.createOrder(jsonBody(req));
    }),
  );
  app.get('/v2/checkout/orders/:id', { config, schema }, async (req, reply) =>
    send(reply, async () => {
      authed(req);
      return stub.api.getOrder(idOf(req));
    }),
  );
  app.post('/v2/checkout/orders/:id/capture', { config, schema }, async (req, reply) =>
    once(req, reply, async () => {
      authed(req);
      return stub.api.captureOrder(idOf(req));
    }),
  );
  app.get('/v2/payments/captures/:id', { config, schema }, async (req, reply) =>
    send(reply, async () => {
      authed(req);
      return stub.api.getCapture(idOf(req));
    }),
  );
  app.post('/v2/payments/captures/:id/refund', { config, schema }, async (req, reply) =>
    once(req, reply, async () => {
      authed(req);
      return stub.api.refundCapture(idOf(req));
    }),
  );
  app.post('/v1/notifications/verify-webhook-signature', { config, schema }, async (req, reply) =>
    send(reply, async () => {
      authed(req);
      return stub.api.verifySignature(typeof req.body === 'string' ? req.body : '');
    }),
  );
}
