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
import { DEMO_BANNER, DEMO_DECLINED, DEMO_PORTAL_BANNER } from './demo-pages.js';

// The embedded demo provider (notes §5): with no payment keys, a person pays
// on our own clearly labelled checkout page. Pay goes through the embedded
// Stripe stub, signed webhooks into the real route, the re-read and the same
// fulfilment as a live payment: here end to end, through the pages' forms.

const PUBLIC_URL = 'http://localhost:3000';

interface Shopper {
  user: TestUser;
  token: string;
}

describeEachDatabase('the demo checkout (no payment keys)', (t) => {
  let app: TestApp;
  let plans: Record<string, Package>;

  beforeAll(async () => {
    // The site at PUBLIC_URL (one address, decision 0034); every address: plugins/site-origin.test.ts.
    app = await buildTestApp(t.db, { publicUrl: PUBLIC_URL, payments: { demo: true, stripe: null, paypal: null } });
    const { packages } = await getBody<{ packages: Package[] }>(app, '/api/packages');
    plans = Object.fromEntries(packages.map((p) => [p.type, p]));
  });
  afterAll(() => app?.close());

  async function shopper(on: TestApp = app): Promise<Shopper> {
    const user = await insertUser(t.db);
    const { token } = await signIn(on, user.email, user.password);
    return { user, token };
  }

  async function checkout(s: Shopper, plan: Package, provider: 'stripe' | 'paypal' = 'stripe', on: TestApp = app) {
    const res = await postForm(
      on,
      `/api/subscriptions/${s.user.id}/${plan.id}/${provider}/create-checkout-session`,
      { user_id: s.user.id, package_id: plan.id },
      bearer(s.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ session_url: string }>().session_url;
    expect(url.startsWith(`${PUBLIC_URL}/demo-pay/`), url).toBe(true);
    return url.slice(PUBLIC_URL.length);
  }

  const press = (path: string, fields: Record<string, string> = {}, on: TestApp = app) =>
    postForm(on, path, fields, { origin: PUBLIC_URL });

  async function current(s: Shopper, on: TestApp = app) {
    const res = await on.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/current`,
      headers: bearer(s.token),
    });
    return res.json<CurrentSubscription>();
  }

  async function userStatus(s: Shopper) {
    const res = await app.inject({ method: 'GET', url: `/api/user/${s.user.id}`, headers: bearer(s.token) });
    return res.json<{ body: { user: { user_status: string } } }>().body.user.user_status;
  }

  it('pays a monthly plan on the demo page: declined first, then paid, then managed in the demo portal', async () => {
    const s = await shopper();
    const path = await checkout(s, plans.monthly!);
    expect(path).toMatch(/^\/demo-pay\/checkout\/cs_test_\w+$/);
    const sessionId = path.split('/').pop()!;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none';style-src 'self';script-src 'self';img-src 'self';form-action 'self' ${PUBLIC_URL};frame-ancestors 'none';base-uri 'none'`,
    );
    expect(page.body).toContain(DEMO_BANNER);
    // The site's icon, named: the browser then asks for no /favicon.ico (issue 15).
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(page.body).toContain('Bosphorus Monthly');
    expect(page.body).toContain('$9 / month');
    expect(page.body).toContain(
      `<form method="post" action="${path}/pay"><button type="submit" class="pay">Pay $9</button>`,
    );
    expect(page.body).toContain(
      `action="${path}/decline"><button type="submit" class="decline">Declined card</button>`,
    );
    expect(page.body).toContain(`action="${path}/cancel"><button type="submit" class="cancel">Cancel</button>`);
    const css = await app.inject({ method: 'GET', url: '/demo-pay/demo.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    // The remote's keys (issue 14): the page loads its own script, which its policy allows.
    expect(page.body).toContain('<script src="/demo-pay/remote.js" defer></script>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const remote = await app.inject({ method: 'GET', url: '/demo-pay/remote.js' });
    expect(remote.statusCode).toBe(200);
    expect(remote.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(remote.body).toContain('10009');

    const declined = await press(`${path}/decline`);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`${path}?declined=1`);
    const again = await app.inject({ method: 'GET', url: declined.headers.location as string });
    expect(again.body).toContain(DEMO_DECLINED);
    expect(await userStatus(s)).toBe('0');

    const paid = await press(`${path}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${PUBLIC_URL}/choosepayment/complete?provider=stripe&session_id=${sessionId}`);
    expect(await userStatus(s)).toBe('1');
    const status = await app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/checkout-status?provider=stripe&session_id=${sessionId}`,
      headers: bearer(s.token),
    });
    expect(status.json()).toEqual({ status: 'active', message: BILLING_ERRORS.activeMessage });
    expect(await current(s)).toMatchObject({
      source: 'demo',
      status: 'active',
      plan_name: 'Monthly',
      price: 9,
      interval: '1 month',
      cancel_at_period_end: false,
    });
    // Through the signed webhook route, recorded like a live one.
    const [events] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_events WHERE provider = 'demo-stripe'`,
      [],
    );
    expect(events!.n).toBeGreaterThanOrEqual(3);
    // Paying twice changes nothing.
    expect((await press(`${path}/pay`)).statusCode).toBe(303);
    expect((await t.db.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [s.user.id])).length).toBe(1);

    const manage = await app.inject({
      method: 'POST',
      url: `/api/subscriptions/${s.user.id}/manage`,
      headers: bearer(s.token),
    });
    expect(manage.statusCode, manage.body).toBe(200);
    const portalPath = manage.json<{ url: string }>().url.slice(PUBLIC_URL.length);
    expect(portalPath).toMatch(/^\/demo-pay\/portal\/bps_\w+$/);
    const portal = await app.inject({ method: 'GET', url: portalPath });
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain(DEMO_PORTAL_BANNER);
    expect(portal.body).toContain(`href="${PUBLIC_URL}/profile/subscription"`);
    const subscriptionId = /name="subscription" value="(sub_\w+)"/.exec(portal.body)?.[1];
    expect(subscriptionId).toBeDefined();
    expect(portal.body).toContain('Cancel at period end');

    expect((await press(`${portalPath}/cancel`, { subscription: subscriptionId! })).headers.location).toBe(portalPath);
    expect(await current(s)).toMatchObject({ cancel_at_period_end: true, message: BILLING_ERRORS.cancelingMessage });
    expect((await app.inject({ method: 'GET', url: portalPath })).body).toContain('Resume');
    await press(`${portalPath}/resume`, { subscription: subscriptionId! });
    expect(await current(s)).toMatchObject({ cancel_at_period_end: false });
    await press(`${portalPath}/end`, { subscription: subscriptionId! });
    expect(await userStatus(s)).toBe('0');
    expect((await current(s)).status).toBe('none');
    // Another user's subscription is not this portal's to touch.
    expect((await press(`${portalPath}/cancel`, { subscription: 'sub_someone_else' })).statusCode).toBe(404);
  });

  it('pays a days pass and cancels a checkout back to the plans', async () => {
    const s = await shopper();
    const path = await checkout(s, plans.days!);
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('$3');
    expect(page.body).toContain('7 days');
    const canceled = await press(`${path}/cancel`);
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(`${PUBLIC_URL}/choosepayment?canceled=1`);
    expect(await userStatus(s)).toBe('0');
    // A new checkout after the cancel: the old session no longer pays.
    const next = await checkout(s, plans.days!);
    expect((await app.inject({ method: 'GET', url: path })).body).toContain('This checkout has expired.');
    await press(`${next}/pay`);
    expect(await current(s)).toMatchObject({ source: 'demo', interval: '7 days', message: BILLING_ERRORS.passMessage });
  });

  it('pays with the demo PayPal: approve, come back, captured on the return poll', async () => {
    const s = await shopper();
    const path = await checkout(s, plans.yearly!, 'paypal');
    expect(path).toMatch(/^\/demo-pay\/paypal\/checkout\/[A-Z0-9]{17}$/);
    const orderId = path.split('/').pop()!;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(DEMO_BANNER);
    expect(page.body).toContain('Pay $90 with PayPal');
    const approved = await press(`${path}/pay`);
    expect(approved.statusCode).toBe(303);
    const back = new URL(approved.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/choosepayment/complete`);
    expect(back.searchParams.get('provider')).toBe('paypal');
    expect(back.searchParams.get('token')).toBe(orderId);
    // Approved is not paid: the return page's poll captures.
    expect(await userStatus(s)).toBe('0');
    const status = await app.inject({
      method: 'GET',
      url: `/api/subscriptions/${s.user.id}/checkout-status?provider=paypal&token=${orderId}`,
      headers: bearer(s.token),
    });
    expect(status.json()).toEqual({ status: 'active', message: BILLING_ERRORS.activeMessage });
    expect(await current(s)).toMatchObject({ source: 'demo', plan_name: 'Yearly', price: 90, interval: '1 year' });
    const [event] = await t.db.query<{ event_type: string }>(
      `SELECT event_type FROM payment_events WHERE provider = 'demo-paypal' ORDER BY id DESC LIMIT 1`,
      [],
    );
    expect(event?.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
  });

  it('keeps open checkouts and the portal across a restart (a new process, new demo keys)', async () => {
    const s = await shopper();
    const path = await checkout(s, plans.monthly!);
    const restarted = await buildTestApp(t.db, {
      publicUrl: PUBLIC_URL,
      payments: { demo: true, stripe: null, paypal: null },
    });
    try {
      // The restarted test app has keys of its own: sign in again.
      s.token = (await signIn(restarted, s.user.email, s.user.password)).token;
      const page = await restarted.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect((await press(`${path}/pay`, {}, restarted)).statusCode).toBe(303);
      expect((await current(s, restarted)).status).toBe('active');
      const manage = await restarted.inject({
        method: 'POST',
        url: `/api/subscriptions/${s.user.id}/manage`,
        headers: bearer(s.token),
      });
      expect(manage.statusCode, manage.body).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('does not let anyone outside the process call the embedded stub or forge its events', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/demo-pay/stripe/v1/checkout/sessions',
      payload: 'mode=payment',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_guess' },
    });
    expect(res.statusCode).toBe(401);
    const paypal = await app.inject({
      method: 'POST',
      url: '/demo-pay/paypal/v1/oauth2/token',
      payload: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic Z3Vlc3M6Z3Vlc3M=' },
    });
    expect(paypal.statusCode).toBe(401);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: '{"id":"evt_x","type":"checkout.session.completed"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expectError(hook, 401);
    expect((await app.inject({ method: 'GET', url: '/demo-pay/checkout/cs_test_nothing' })).statusCode).toBe(404);
  });
});

describeEachDatabase('the demo next to real money', (t) => {
  it('is off when PAYMENTS_DEMO is off, and beside a live key', async () => {
    for (const payments of [
      { demo: false, stripe: null, paypal: null },
      {
        demo: true,
        stripe: { secretKey: 'sk_live_not_used_here', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:9' },
        paypal: null,
      },
    ]) {
      const app = await buildTestApp(t.db, { payments });
      try {
        const user = await insertUser(t.db);
        const { token } = await signIn(app, user.email, user.password);
        const res = await postForm(
          app,
          `/api/subscriptions/${user.id}/2/paypal/create-checkout-session`,
          {},
          bearer(token),
        );
        expect(expectError(res, 503).error).toBe(BILLING_ERRORS.providerUnavailable);
        expect((await app.inject({ method: 'GET', url: '/demo-pay/demo.css' })).statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url: '/demo-pay/remote.js' })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    }
  });
});
