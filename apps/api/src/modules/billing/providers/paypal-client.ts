// A thin PayPal REST client over fetch (notes §4.2): OAuth client
// credentials (token cached until shortly before it expires), Orders v2,
// captures and the webhook verification postback. PAYPAL_API_BASE points it
// at the sandbox, or at a stub in tests and the demo. PayPal's own server SDK
// hard-codes its two hosts and has no webhook verification, so it is not
// used.

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalAmount;
  create_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string | null;
    amount?: PaypalAmount;
    payments?: { captures?: PaypalCapture[] };
  }>;
  payer?: { payer_id?: string };
  links?: Array<{ href: string; rel: string }>;
}

/** An answer of PayPal's API other than 2xx: its status, name and first issue. */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
  ) {
    super(`PayPal answered ${status} ${errorName}${issue ? ` (${issue})` : ''}`);
  }
}

export interface PaypalClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface WebhookTransmission {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
}

/** PayPal's live API: a site that sets it takes real money (no demo beside it). */
export const PAYPAL_LIVE_BASE = 'https://api-m.paypal.com';

/** PayPal's resource ids are letters, digits and dashes; anything else never reaches a URL path. */
export const PAYPAL_ID = /^[A-Za-z0-9-]{1,64}$/;

const TOKEN_MARGIN_MS = 60_000;

export function createPaypalClient(options: PaypalClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function request(path: string, init: RequestInit): Promise<Response> {
    return doFetch(`${options.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  }

  async function failure(res: Response): Promise<PaypalApiError> {
    const body = (await res.json().catch(() => ({}))) as {
      name?: string;
      error?: string;
      details?: Array<{ issue?: string }>;
    };
    return new PaypalApiError(res.status, body.name ?? body.error ?? 'ERROR', body.details?.[0]?.issue ?? null);
  }

  async function accessToken(renew = false): Promise<string> {
    if (!renew && token && token.expiresAt > Date.now()) return token.value;
    const res = await request('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw await failure(res);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** One authorised call; a 401 (token revoked or expired early) renews the token once. */
  async function call<T>(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await request(path, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken(attempt > 0)}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body }),
      });
      if (res.status === 401 && attempt === 0) continue;
      if (!res.ok) throw await failure(res);
      return (await res.json()) as T;
    }
  }

  const idPath = (id: string) => {
    if (!PAYPAL_ID.test(id)) throw new PaypalApiError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    return encodeURIComponent(id);
  };

  return {
    /** `requestId` (PayPal-Request-Id) makes a repeated create return the same order. */
    createOrder: (order: object, requestId: string) =>
      call<PaypalOrder>('POST', '/v2/checkout/orders', JSON.stringify(order), {
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      }),
    getOrder: (id: string) => call<PaypalOrder>('GET', `/v2/checkout/orders/${idPath(id)}`),
    /** Captures an approved order; a repeated capture with the same request id answers the first one's result. */
    captureOrder: (id: string, requestId: string) =>
      call<PaypalOrder>('POST', `/v2/checkout/orders/${idPath(id)}/capture`, '{}', {
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      }),
    getCapture: (id: string) => call<PaypalCapture>('GET', `/v2/payments/captures/${idPath(id)}`),
    /**
     * PayPal's verification postback. The event goes in as the exact text
     * that arrived, spliced into the request unparsed: a parse and
     * re-serialisation changes the bytes its signature covers.
     */
    async verifyWebhookSignature(transmission: WebhookTransmission, rawEvent: string): Promise<'SUCCESS' | 'FAILURE'> {
      const head = JSON.stringify(transmission);
      const body = `${head.slice(0, -1)},"webhook_event":${rawEvent}}`;
      const answer = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        body,
      );
      return answer.verification_status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE';
    },
  };
}
export type PaypalClient = ReturnType<typeof createPaypalClient>;
