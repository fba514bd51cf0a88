import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider on loopback (oidc-provider), standing in for
// Google in tests: discovery, authorization code with PKCE, ID tokens. Its
// login step signs in the account a test queued with `nextLogin`; with none
// queued it shows a small sign-in form (e-mail and name), as a browser test
// would meet at a real provider.

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login step signs in. */
  nextLogin(account: OidcAccount): void;
  /**
   * Plays the browser: follows redirects from `startUrl` (our /api/auth/google
   * answer) through the provider until it points at `redirectUri`, and returns
   * that callback URL.
   */
  signIn(startUrl: string, redirectUri: string): Promise<URL>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += (chunk as Buffer).toString();
  return new URLSearchParams(body);
}

export async function startOidcProvider(redirectUri: string, opts: { port?: number } = {}): Promise<LocalOidcProvider> {
  const clientId = 'bosphorus-test';
  const clientSecret = 'test-secret-'.padEnd(40, 'x');
  const accounts = new Map<string, OidcAccount>();
  let queued: OidcAccount | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['bosphorus-test-cookie-key'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        let account = queued;
        queued = null;
        if (!account && req.method === 'POST') {
          const form = await readForm(req);
          const email = form.get('email') ?? '';
          account = { sub: `sub-${email.toLowerCase()}`, email, email_verified: true, name: form.get('name') ?? email };
        }
        if (!account) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><h1>Test provider</h1><form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>E-mail <input name="email" type="email" required></label>
<label>Name <input name="name" required></label>
<button type="submit">Continue</button></form></body></html>`);
          return;
        }
        accounts.set(account.sub, account);
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    nextLogin(account) {
      queued = account;
    },
    async signIn(startUrl, callback) {
      const jar = new Map<string, string>();
      let url = new URL(startUrl);
      for (let hop = 0; hop < 15; hop++) {
        if (url.href.startsWith(callback)) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects');
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
