import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../plugins/web.js';
import type { StripeStub, StubCheckoutSession, StubSubscription } from './stripe-stub.js';
import { StubError } from './stripe-stub.js';
import { PaypalStubError, withQuery, type PaypalStub, type StubOrder } from './paypal-stub.js';

// The demo provider's pages (notes §5): the checkout a person sees instead of
// Stripe's or PayPal's, and the billing portal. Whole pages of ours, rendered
// on the server, saying on every screen that no money is taken. Their buttons
// drive the stubs exactly as a payment would: the stub changes its objects
// and posts signed webhooks to our real webhook route, then the browser goes
// back to the shop's return or cancel address.
//
//   GET  /demo-pay/checkout/:id            Stripe-style checkout
//   POST /demo-pay/checkout/:id/pay        → success_url (session_id filled in)
//   POST /demo-pay/checkout/:id/decline    → the page again, showing the decline
//   POST /demo-pay/checkout/:id/cancel     → cancel_url
//   GET  /demo-pay/portal/:id              billing portal
//   POST /demo-pay/portal/:id/cancel       cancel at period end (subscription form field)
//   POST /demo-pay/portal/:id/resume       undo that
//   POST /demo-pay/portal/:id/end          end the subscription now
//   GET  /demo-pay/paypal/checkout/:id     PayPal-style approval
//   POST /demo-pay/paypal/checkout/:id/pay|decline|cancel

export const DEMO_BANNER = 'DEMO CHECKOUT — no real payment is taken. This site runs without payment keys.';
export const DEMO_PORTAL_BANNER =
  'DEMO BILLING PORTAL — no real payment is taken. This site runs without payment keys.';
export const DEMO_DECLINED = 'Your card was declined. No payment was taken. Try again, or cancel.';
export const DEMO_PAYPAL_DECLINED = 'PayPal declined this payment. No payment was taken. Try again, or cancel.';

const DEMO_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1115;color:#f2f2f2}
.banner{margin:0;padding:12px 16px;background:#ffd43b;color:#111;font-weight:700;text-align:center}
main{max-width:480px;margin:32px auto;padding:24px;background:#1b1e25;border-radius:12px}
h1{font-size:1.4rem;margin:0 0 4px}
.muted{color:#b8bcc6;margin:0 0 16px}
.price{font-size:2rem;font-weight:700;margin:8px 0 16px}
.alert{padding:12px;border-radius:8px;background:#5c1a1a;color:#fff;margin:0 0 16px}
.note{padding:12px;border-radius:8px;background:#243049;margin:0 0 16px}
form{margin:0 0 12px}
button{width:100%;padding:12px 16px;font:inherit;font-weight:600;border-radius:8px;border:2px solid transparent;cursor:pointer}
button:focus,a:focus{outline:3px solid #ffd43b;outline-offset:2px}
.pay{background:#2f9e44;color:#fff}.decline{background:#3b3f4a;color:#fff}.cancel{background:transparent;color:#f2f2f2;border-color:#5c606b}
a{color:#8ab4ff}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px}dt{color:#b8bcc6}dd{margin:0}
`;

/**
 * The remote on the demo pages (issue 14, decision 0049): they are one
 * column, so the arrows walk the controls in document order; Back (Escape,
 * Backspace, Tizen 10009, webOS 461) returns to the shop; focus starts on the
 * page's main button (Pay, Approve) so OK pays. ES5, for TV engines from
 * Chromium 63; the site's own spatial navigation does not load here.
 */
const DEMO_REMOTE_JS = `(function () {
  var targets = 'a[href], button:not([disabled])';
  function list() { return Array.prototype.slice.call(document.querySelectorAll(targets)); }
  function step(by) {
    var all = list(), i = all.indexOf(document.activeElement);
    var next = i < 0 ? all[0] : all[Math.min(all.length - 1, Math.max(0, i + by))];
    if (next) next.focus();
  }
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var key = e.key, code = e.keyCode;
    if (key === 'ArrowDown' || key === 'ArrowRight' || code === 40 || code === 39) { e.preventDefault(); step(1); }
    else if (key === 'ArrowUp' || key === 'ArrowLeft' || code === 38 || code === 37) { e.preventDefault(); step(-1); }
    else if (key === 'Escape' || key === 'Backspace' || key === 'XF86Back' || code === 10009 || code === 461) {
      e.preventDefault();
      history.back();
    }
  });
  var main = document.querySelector('button.pay') || list()[0];
  if (main) main.focus();
})();
`;

/** The page's own policy: our stylesheet and remote script, forms to us and back to the shop, nothing else. */
function pageCsp(formTargets: Array<string | null>): string {
  const origins = new Set<string>(["'self'"]);
  for (const target of formTargets) {
    try {
      if (target) origins.add(new URL(target).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [
    "default-src 'none'",
    "style-src 'self'",
    "script-src 'self'",
    "img-src 'self'",
    `form-action ${[...origins].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join(';');
}

function page(
  reply: FastifyReply,
  opts: { title: string; banner: string; body: string; csp: string; status?: number },
) {
  return reply
    .code(opts.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', opts.csp)
    .header('x-frame-options', 'DENY').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/demo-pay/demo.css">
<script src="/demo-pay/remote.js" defer></script>
</head>
<body>
<p class="banner" role="note">${escapeHtml(opts.banner)}</p>
<main>
${opts.body}
</main>
</body>
</html>`);
}

const button = (action: string, label: string, kind: string, fields: Record<string, string> = {}) =>
  `<form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')}<button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;

/** Spec §9: whole dollars. */
const dollars = (amountMinor: number) => `$${Math.round(amountMinor / 100)}`;

function perInterval(recurring: { interval: string; interval_count: number } | undefined): string {
  if (!recurring) return '';
  const n = recurring.interval_count;
  return n === 1 ? ` / ${recurring.interval}` : ` every ${n} ${recurring.interval}s`;
}

const date = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

function notFound(reply: FastifyReply, banner: string) {
  return page(reply, {
    status: 404,
    title: 'Checkout not found',
    banner,
    csp: pageCsp([]),
    body: '<h1>Not found</h1><p class="muted">This demo checkout does not exist or has been removed.</p>',
  });
}

export interface DemoPagesOptions {
  stripe: StripeStub | null;
  paypal: PaypalStub | null;
}

const idParam = (params: unknown) => (params as { id: string }).id;
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const schema = { hide: true };

export async function demoPagesRoutes(app: FastifyInstance, opts: DemoPagesOptions) {
  app.get('/demo-pay/demo.css', { schema }, async (_req, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(DEMO_CSS),
  );
  app.get('/demo-pay/remote.js', { schema }, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(DEMO_REMOTE_JS),
  );

  const { stripe, paypal } = opts;
  if (stripe) {
    const loadSession = async (id: string) => {
      if (!SAFE_ID.test(id)) return null;
      try {
        return await stripe.api.retrieveCheckoutSession(id);
      } catch (error) {
        if (error instanceof StubError && error.status === 404) return null;
        throw error;
      }
    };

    const checkoutPage = (reply: FastifyReply, session: StubCheckoutSession, declined: boolean) => {
      const item = session._line_items[0]!;
      const product = item.price_data.product_data;
      const base = `/demo-pay/checkout/${session.id}`;
      const price = `${dollars(session.amount_total)}${perInterval(item.price_data.recurring)}`;
      const success = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
      let actions: string;
      if (session.status === 'open') {
        actions = [
          declined ? `<p class="alert" role="alert">${escapeHtml(DEMO_DECLINED)}</p>` : '',
          button(`${base}/pay`, `Pay ${dollars(session.amount_total)}`, 'pay'),
          button(`${base}/decline`, 'Declined card', 'decline'),
          button(`${base}/cancel`, 'Cancel', 'cancel'),
        ].join('\n');
      } else if (session.status === 'complete') {
        actions = `<p class="note" role="status">This checkout has been paid.</p><p><a href="${escapeHtml(success)}">Back to Bosphorus</a></p>`;
      } else {
        actions = `<p class="note" role="status">This checkout has expired.</p>${
          session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back to the plans</a></p>` : ''
        }`;
      }
      return page(reply, {
        title: `Demo checkout — ${product.name}`,
        banner: DEMO_BANNER,
        csp: pageCsp([session.success_url, session.cancel_url]),
        body: `<h1>${escapeHtml(product.name)}</h1>
${product.description ? `<p class="muted">${escapeHtml(product.description)}</p>` : ''}
<p class="price">${escapeHtml(price)}</p>
${actions}`,
      });
    };

    app.get('/demo-pay/checkout/:id', { schema }, async (req, reply) => {
      const session = await loadSession(idParam(req.params));
      if (!session) return notFound(reply, DEMO_BANNER);
      const declined = (req.query as Record<string, unknown>).declined === '1';
      return checkoutPage(reply, session, declined);
    });

    app.post('/demo-pay/checkout/:id/pay', { schema }, async (req, reply) => {
      const found = await loadSession(idParam(req.params));
      if (!found) return notFound(reply, DEMO_BANNER);
      const session = await stripe.pay(found.id);
      if (session.status !== 'complete') return checkoutPage(reply, session, false);
      return reply.redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    });

    app.post('/demo-pay/checkout/:id/decline', { schema }, async (req, reply) => {
      const session = await loadSession(idParam(req.params));
      if (!session) return notFound(reply, DEMO_BANNER);
      // A declined card changes nothing at the provider: the session stays open.
      return reply.redirect(`/demo-pay/checkout/${session.id}?declined=1`, 303);
    });

    app.post('/demo-pay/checkout/:id/cancel', { schema }, async (req, reply) => {
      const session = await loadSession(idParam(req.params));
      if (!session) return notFound(reply, DEMO_BANNER);
      if (!session.cancel_url) return checkoutPage(reply, session, false);
      return reply.redirect(session.cancel_url, 303);
    });

    const loadPortal = async (id: string) => {
      if (!SAFE_ID.test(id)) return null;
      try {
        return await stripe.portalView(id);
      } catch (error) {
        if (error instanceof StubError && error.status === 404) return null;
        throw error;
      }
    };

    const subscriptionBlock = (portalId: string, sub: StubSubscription) => {
      const item = sub.items.data[0];
      const base = `/demo-pay/portal/${portalId}`;
      const fields = { subscription: sub.id };
      const live = sub.status !== 'canceled';
      const end = item ? date(item.current_period_end) : '';
      const state = !live
        ? `Ended${sub.ended_at ? ` on ${date(sub.ended_at)}` : ''}`
        : sub.cancel_at_period_end
          ? `Active, ends on ${end}`
          : `Active, renews on ${end}`;
      const actions = !live
        ? ''
        : [
            sub.cancel_at_period_end
              ? button(`${base}/resume`, 'Resume', 'pay', fields)
              : button(`${base}/cancel`, 'Cancel at period end', 'decline', fields),
            button(`${base}/end`, 'End subscription now', 'cancel', fields),
          ].join('\n');
      const price = item
        ? `${dollars(item.price.unit_amount * item.quantity)}${perInterval(item.price.recurring)}`
        : '';
      return `<section aria-label="Subscription">
<dl><dt>Price</dt><dd>${escapeHtml(price)}</dd><dt>Status</dt><dd>${escapeHtml(state)}</dd></dl>
${actions}
</section>`;
    };

    app.get('/demo-pay/portal/:id', { schema }, async (req, reply) => {
      const view = await loadPortal(idParam(req.params));
      if (!view) return notFound(reply, DEMO_PORTAL_BANNER);
      const { portal, subscriptions } = view;
      const back = portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Bosphorus</a></p>` : '';
      return page(reply, {
        title: 'Demo billing portal',
        banner: DEMO_PORTAL_BANNER,
        csp: pageCsp([portal.return_url]),
        body: `<h1>Your subscription</h1>
${subscriptions.length ? subscriptions.map((s) => subscriptionBlock(portal.id, s)).join('\n') : '<p class="muted">No subscriptions.</p>'}
${back}`,
      });
    });

    const portalAction =
      (act: (portalId: string, subscriptionId: string) => Promise<unknown>) =>
      async (req: { params: unknown; body: unknown }, reply: FastifyReply) => {
        const portalId = idParam(req.params);
        const subscriptionId = (req.body as Record<string, unknown> | undefined)?.subscription;
        if (!SAFE_ID.test(portalId) || typeof subscriptionId !== 'string' || !SAFE_ID.test(subscriptionId)) {
          return notFound(reply, DEMO_PORTAL_BANNER);
        }
        try {
          await act(portalId, subscriptionId);
        } catch (error) {
          if (error instanceof StubError && error.status < 500) return notFound(reply, DEMO_PORTAL_BANNER);
          throw error;
        }
        return reply.redirect(`/demo-pay/portal/${portalId}`, 303);
      };
    app.post(
      '/demo-pay/portal/:id/cancel',
      { schema },
      portalAction((p, s) => stripe.portalSetCancelAtPeriodEnd(p, s, true)),
    );
    app.post(
      '/demo-pay/portal/:id/resume',
      { schema },
      portalAction((p, s) => stripe.portalSetCancelAtPeriodEnd(p, s, false)),
    );
    app.post(
      '/demo-pay/portal/:id/end',
      { schema },
      portalAction((p, s) => stripe.portalEndNow(p, s)),
    );
  }

  if (paypal) {
    const loadOrder = async (id: string): Promise<StubOrder | null> => {
      if (!SAFE_ID.test(id)) return null;
      try {
        return await paypal.api.getOrder(id);
      } catch (error) {
        if (error instanceof PaypalStubError && error.status === 404) return null;
        throw error;
      }
    };

    const approvalPage = (reply: FastifyReply, order: StubOrder, declined: boolean) => {
      const unit = order.purchase_units[0]!;
      const base = `/demo-pay/paypal/checkout/${order.id}`;
      const amount = Math.round(Number(unit.amount.value));
      const waiting = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
      const actions = waiting
        ? [
            declined ? `<p class="alert" role="alert">${escapeHtml(DEMO_PAYPAL_DECLINED)}</p>` : '',
            button(`${base}/pay`, `Pay $${amount} with PayPal`, 'pay'),
            button(`${base}/decline`, 'Declined payment', 'decline'),
            button(`${base}/cancel`, 'Cancel', 'cancel'),
          ].join('\n')
        : `<p class="note" role="status">This payment has already been approved.</p>${
            order._return_url
              ? `<p><a href="${escapeHtml(withQuery(order._return_url, { token: order.id }))}">Back to Bosphorus</a></p>`
              : ''
          }`;
      return page(reply, {
        title: 'Demo PayPal checkout',
        banner: DEMO_BANNER,
        csp: pageCsp([order._return_url, order._cancel_url]),
        body: `<h1>PayPal (demo)</h1>
<p class="muted">${escapeHtml(unit.description ?? 'Bosphorus')}</p>
<p class="price">$${amount}</p>
${actions}`,
      });
    };

    app.get('/demo-pay/paypal/checkout/:id', { schema }, async (req, reply) => {
      const order = await loadOrder(idParam(req.params));
      if (!order) return notFound(reply, DEMO_BANNER);
      return approvalPage(reply, order, (req.query as Record<string, unknown>).declined === '1');
    });

    app.post('/demo-pay/paypal/checkout/:id/pay', { schema }, async (req, reply) => {
      const found = await loadOrder(idParam(req.params));
      if (!found) return notFound(reply, DEMO_BANNER);
      const order = await paypal.approve(found.id);
      if (order.status !== 'APPROVED' || !order._return_url) return approvalPage(reply, order, false);
      // PayPal sends the buyer back with the order id as `token`; the shop captures then.
      return reply.redirect(withQuery(order._return_url, { token: order.id, PayerID: order.payer!.payer_id }), 303);
    });

    app.post('/demo-pay/paypal/checkout/:id/decline', { schema }, async (req, reply) => {
      const order = await loadOrder(idParam(req.params));
      if (!order) return notFound(reply, DEMO_BANNER);
      return reply.redirect(`/demo-pay/paypal/checkout/${order.id}?declined=1`, 303);
    });

    app.post('/demo-pay/paypal/checkout/:id/cancel', { schema }, async (req, reply) => {
      const order = await loadOrder(idParam(req.params));
      if (!order) return notFound(reply, DEMO_BANNER);
      if (!order._cancel_url) return approvalPage(reply, order, false);
      return reply.redirect(withQuery(order._cancel_url, { token: order.id }), 303);
    });
  }
}
