import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../lib/mailer.js';

// The development outbox (DESIGN §1): without SMTP_URL and outside
// production, the mails the site would have sent are listed at /dev/outbox,
// newest first, so codes and reset links can be used on a laptop. The route
// does not exist in production or when mail really goes out.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function registerDevOutbox(app: FastifyInstance, mailer: Mailer) {
  const outbox = mailer.outbox;
  if (outbox === null) return;
  app.get('/dev/outbox', { schema: { hide: true } }, (req, reply) => {
    reply.header('cache-control', 'no-store');
    if ((req.headers.accept ?? '').includes('application/json') && !(req.headers.accept ?? '').includes('text/html')) {
      return reply.send({ body: { mails: outbox } });
    }
    const items = outbox
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
      )
      .join('\n');
    // Its own small policy: the page's one inline style block, nothing else.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox — Bosphorus</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;background:#0f1115;color:#e8e8ea}
article{border:1px solid #2a2e37;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#a0a4ad;margin:.25rem 0}pre{white-space:pre-wrap;word-break:break-word}</style></head>
<body><h1>Development outbox</h1>
<p>No SMTP_URL is set, so mails are kept here instead of being sent (newest first). This page does not exist in production.</p>
${items || '<p>No mails yet.</p>'}
</body></html>`);
  });
}
