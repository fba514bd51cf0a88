import fs from 'node:fs';
import { writeServerBuild } from '../../test/web-build.js';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Package, WatchMovieBody } from '@bosphorus/contract';
import { catalogue, insertActivePlan, insertUser, movie, setVideoClip } from '../../test/factories.js';
import {
  bearer,
  buildTestApp,
  capturedLogs,
  describeEachDatabase,
  getBody,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
  directives,
  eventually,
} from '../../test/harness.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { answersAt, ownHostNames } from './site-origin.js';

// Decision 0034, every address the site is opened at. Without PUBLIC_URL the
// links, the player's origins and frame policy, payment returns and mailed
// links follow the origin the request came to — localhost, 127.0.0.1, a
// second loopback address (Linux answers all of 127/8) standing in for a TV
// on the home network — and nothing origin-dependent is shared between
// addresses. With PUBLIC_URL set, pages at other hosts redirect to it.

const INDEX_HTML = `<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>`;
const PLAYER_HTML = `<!doctype html><html><head><!--player-config--></head><body><main id="player"></main></body></html>`;
const HOSTS = ['localhost:3000', '127.0.0.1:3000', '127.0.0.2:3000'];
const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<
  typeof createMailer
>[0]['log'];

function webBuild() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-origin-test-'));
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'player.html'), PLAYER_HTML);
  // Detail pages say their share tags through the server's render (decision 0107).
  writeServerBuild(root);
  return root;
}

describe('answersAt (mailed links, issue 27 finding 1)', () => {
  const own = new Set(['localhost', 'media-box', '192.168.1.20', '[fd00::20]']);
  it('knows the addresses this server answers at, at its port or a default one', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://tv.localhost:3000',
      'http://127.0.0.2:3000',
      'http://[::1]:3000',
      'http://media-box:3000',
      'https://media-box',
      'http://192.168.1.20:3000',
      'http://[fd00::20]:3000',
    ])
      expect(answersAt(origin, 3000, [], own), origin).toBe(true);
  });
  it('never follows a name the request chose: another host, another port, a private address that is not ours', () => {
    for (const origin of [
      'http://evil.local:3000',
      'http://10.9.9.9:3000',
      'http://attacker.local',
      'http://192.168.1.21:3000',
      'http://192.168.1.20:8080',
      'http://localhost.evil.example:3000',
      'http://media-box.evil.example:3000',
    ])
      expect(answersAt(origin, 3000, [], own), origin).toBe(false);
  });
  it('follows ALLOWED_HOSTS, with the port an entry names', () => {
    expect(answersAt('https://watch.example', 3000, ['watch.example'], own)).toBe(true);
    expect(answersAt('http://watch.example:3000', 3000, ['watch.example'], own)).toBe(true);
    expect(answersAt('http://watch.example:8080', 3000, ['watch.example'], own)).toBe(false);
    expect(answersAt('http://watch.example:8080', 3000, ['watch.example:8080'], own)).toBe(true);
  });
});

describeEachDatabase('every address the site is opened at (PUBLIC_URL unset)', (t) => {
  let app: TestApp;
  let dist: string;
  let mailer: Mailer;
  let movieId: number;
  let subscriber: SignedIn;
  let subscriberEmail: string;
  let plans: Package[];

  beforeAll(async () => {
    dist = webBuild();
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title: 'Origin Movie', cover: 'origin-cover.webp' })] }));
    movieId = await idOf(t.db, 'movies', 'Origin Movie');
    await setVideoClip(t.db, 'movie', movieId, 'ferry');
    mailer = createMailer({
      smtpUrl: null,
      from: 'Bosphorus <no-reply@bosphorus.local>',
      production: false,
      log: quiet,
    });
    app = await buildTestApp(
      t.db,
      { webDistDir: dist, payments: { demo: true, stripe: null, paypal: null }, catalogueCacheSeconds: 60 },
      { mailer },
    );
    const user = await insertUser(t.db);
    subscriberEmail = user.email;
    await insertActivePlan(t.db, user.id);
    subscriber = await signIn(app, user.email, user.password);
    plans = (await getBody<{ packages: Package[] }>(app, '/api/packages')).packages;
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(HOSTS)('at %s the player page is framed by that origin and names it as its app', async (host) => {
    const origin = `http://${host}`;
    const res = await app.inject({ url: '/player', headers: { host } });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual([origin]);
    expect(csp['media-src']).toEqual(["'self'", 'blob:', origin]);
    expect(res.body).toContain(`<meta name="bosphorus:app-origin" content="${origin}">`);
    expect(res.body).toContain(`<meta name="bosphorus:media-origins" content="${origin}">`);
    // The watch pages may frame it: the player is on the site's own origin.
    const page = await app.inject({ url: `/moviedetail/${movieId}`, headers: { host } });
    expect(directives(page.headers['content-security-policy'])['frame-src']).toContain("'self'");
  });

  it.each(HOSTS)('at %s the watch answer, info.json and media CORS name that origin', async (host) => {
    const origin = `http://${host}`;
    const res = await app.inject({
      url: `/api/movies/${movieId}/watch`,
      headers: { host, ...bearer(subscriber.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const watch = res.json<{ body: WatchMovieBody }>().body.movie;
    expect(watch.movie_link).toBe(`${origin}/player`);
    expect(watch.backup_link).toBe(`${origin}/player`);
    const info = await app.inject({
      url: `/media/${watch.playback_token}/info.json`,
      headers: { host, origin },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.headers['access-control-allow-origin']).toBe(origin);
    expect(info.json<{ app_origin: string; backup_origin: string }>()).toMatchObject({
      app_origin: origin,
      backup_origin: origin,
    });
    // Another site's page may not read it.
    const foreign = await app.inject({
      url: `/media/${watch.playback_token}/info.json`,
      headers: { host, origin: 'http://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each(HOSTS)('at %s the share tags link to that origin', async (host) => {
    const res = await app.inject({ url: `/moviedetail/${movieId}`, headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<meta property="og:url" content="http://${host}/moviedetail/${movieId}">`);
    expect(res.body).toContain(`<meta property="og:image" content="http://${host}/uploads/origin-cover.webp">`);
  });

  it.each(HOSTS)('at %s the demo checkout is served there and returns there', async (host) => {
    const origin = `http://${host}`;
    const buyer = await insertUser(t.db);
    const session = await signIn(app, buyer.email, buyer.password);
    const monthly = plans.find((p) => p.type === 'monthly')!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/subscriptions/${buyer.id}/${monthly.id}/stripe/create-checkout-session`,
      headers: { host, ...bearer(session.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${buyer.id}&package_id=${monthly.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ session_url: string }>().session_url;
    expect(url).toMatch(new RegExp(`^${origin.replace(/\./g, '\\.')}/demo-pay/checkout/cs_test_\\w+$`));
    const checkoutPath = new URL(url).pathname;
    const paid = await app.inject({
      method: 'POST',
      url: `${checkoutPath}/pay`,
      headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toMatch(
      new RegExp(`^${origin.replace(/\./g, '\\.')}/choosepayment/complete\\?provider=stripe&session_id=cs_test_`),
    );
  });

  it('mails reset links only to an address this server answers at, never to a name the request chose', async () => {
    const linkAt = async (headers: Record<string, string>) => {
      mailer.outbox!.length = 0;
      const res = await postForm(app, '/api/auth/forgot-password', { email: subscriberEmail }, headers);
      expect(res.statusCode, res.body).toBe(200);
      await eventually(async () => expect(mailer.outbox!.length).toBe(1));
      return /(http:\/\/\S+\/newpassword)\?token=/.exec(mailer.outbox![0]!.text)?.[1];
    };
    // Loopback, this machine's name and its interfaces' addresses: links that work.
    for (const host of HOSTS) expect(await linkAt({ host })).toBe(`http://${host}/newpassword`);
    const ownAddress = [...ownHostNames()].find(
      (name) => /^\d+\.\d+\.\d+\.\d+$/.test(name) && !name.startsWith('127.'),
    );
    if (ownAddress) expect(await linkAt({ host: `${ownAddress}:3000` })).toBe(`http://${ownAddress}:3000/newpassword`);
    const hostname = os.hostname().toLowerCase();
    if (/^[a-z0-9-]+$/.test(hostname))
      expect(await linkAt({ host: `${hostname}:3000` })).toBe(`http://${hostname}:3000/newpassword`);
    // Names the request chose — a stranger's, a private address that is not
    // ours, a forwarded host from a trusted proxy — get the default.
    const chosen: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'evil.local' },
      { host: '10.9.9.9' },
      { host: '10.9.9.9:3000' },
      { host: '127.0.0.1:3000', 'x-forwarded-host': 'attacker.local' },
      { host: '127.0.0.1:3000', 'x-forwarded-host': 'attacker.local:3000' },
    ];
    for (const headers of chosen)
      expect(await linkAt(headers), JSON.stringify(headers)).toBe('http://localhost:3000/newpassword');
  });

  it('mails reset links to a name of ALLOWED_HOSTS', async () => {
    const allowing = await buildTestApp(t.db, { allowedHosts: ['tv.example:8080'] }, { mailer });
    try {
      mailer.outbox!.length = 0;
      const res = await postForm(
        allowing,
        '/api/auth/forgot-password',
        { email: subscriberEmail },
        { host: '127.0.0.1:3000', 'x-forwarded-host': 'tv.example:8080' },
      );
      expect(res.statusCode, res.body).toBe(200);
      await eventually(async () => expect(mailer.outbox!.length).toBe(1));
      expect(mailer.outbox![0]!.text).toContain('http://tv.example:8080/newpassword?token=');
    } finally {
      await allowing.close();
    }
  });

  it('says once at start where mailed links point without PUBLIC_URL, and nothing when it is set', async () => {
    const said = (logs: ReturnType<typeof capturedLogs>) =>
      logs.lines.filter((line) => /^PUBLIC_URL is not set: mailed links/.test(String(line.msg)));
    const unset = capturedLogs('warn');
    const without = await buildTestApp(t.db, {}, { logger: unset.logger });
    try {
      await postForm(without, '/api/auth/forgot-password', { email: subscriberEmail }, { host: 'evil.local' });
      expect(said(unset)).toHaveLength(1);
      expect(said(unset)[0]).toMatchObject({ level: 40 });
      expect(String(said(unset)[0]!.msg)).toMatch(/else to http:\/\/localhost:3000$/);
    } finally {
      await without.close();
    }
    const set = capturedLogs('warn');
    const fixed = await buildTestApp(t.db, { publicUrl: 'https://bosphorus.example' }, { logger: set.logger });
    await fixed.close();
    expect(said(set)).toEqual([]);
  });

  it('believes X-Forwarded-Host only from a trusted proxy (TRUST_PROXY)', async () => {
    const forwarded = { host: '127.0.0.1:3000', 'x-forwarded-host': 'tv.localhost:8080', 'x-forwarded-proto': 'https' };
    // The default trusts loopback proxies: inject comes from 127.0.0.1.
    const trusted = await app.inject({ url: '/player', headers: forwarded });
    expect(directives(trusted.headers['content-security-policy'])['frame-ancestors']).toEqual([
      'https://tv.localhost:8080',
    ]);
    const strict = await buildTestApp(t.db, { webDistDir: dist, trustProxy: false });
    try {
      const res = await strict.inject({ url: '/player', headers: forwarded });
      expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual(['http://127.0.0.1:3000']);
    } finally {
      await strict.close();
    }
  });

  it('falls back to the default origin for a Host that is not one', async () => {
    const res = await app.inject({ url: '/player', headers: { host: 'bad host"<x>' } });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual(['http://localhost:3000']);
    expect(res.body).not.toContain('bad host');
  });

  it('shares no origin-dependent answer between addresses (the public answer cache)', async () => {
    const atEvil = await app.inject({ url: `/api/movies/${movieId}`, headers: { host: 'evil.example' } });
    const atHome = await app.inject({ url: `/api/movies/${movieId}`, headers: { host: '127.0.0.2:3000' } });
    expect(atEvil.statusCode).toBe(200);
    expect(atHome.body).toBe(atEvil.body);
    expect(atHome.body).not.toContain('evil.example');
    const page = await app.inject({ url: '/', headers: { host: '127.0.0.2:3000' } });
    expect(page.body).not.toContain('evil.example');
  });

  it('answers at a second loopback address over a real socket, as a TV on the network would reach it', async () => {
    const address = await app.listen({ host: '0.0.0.0', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    for (const ip of ['127.0.0.1', '127.0.0.2']) {
      const origin = `http://${ip}:${port}`;
      const res = await fetch(`${origin}/player`);
      expect(res.status).toBe(200);
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual([origin]);
      expect(await res.text()).toContain(`<meta name="bosphorus:app-origin" content="${origin}">`);
    }
  });
});

describeEachDatabase('one address when PUBLIC_URL is set', (t) => {
  let app: TestApp;
  let dist: string;
  const PUBLIC_URL = 'http://localhost:3000';

  beforeAll(async () => {
    dist = webBuild();
    app = await buildTestApp(t.db, { webDistDir: dist, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('redirects pages asked for at another host with 308, keeping the path and query', async () => {
    for (const host of ['127.0.0.1:3000', '127.0.0.2:3000']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: '/allmovies?page=2', headers: { host } });
        expect(res.statusCode, `${method} ${host}`).toBe(308);
        expect(res.headers.location).toBe(`${PUBLIC_URL}/allmovies?page=2`);
        // Our headers on the redirect too.
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    expect((await app.inject({ url: '/allmovies', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
  });

  it('keeps API, health and player answers usable at any host, with PUBLIC_URL in their links', async () => {
    const host = '127.0.0.2:3000';
    expect((await app.inject({ url: '/api/home', headers: { host } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/healthz', headers: { host } })).statusCode).toBe(200);
    const player = await app.inject({ url: '/player', headers: { host } });
    expect(player.statusCode).toBe(200);
    expect(directives(player.headers['content-security-policy'])['frame-ancestors']).toEqual([PUBLIC_URL]);
    // The technical support page's CDN test files are read on the media origins, other hosts.
    const probe = await app.inject({ url: '/media-probe/segment.ts', headers: { host } });
    expect(probe.statusCode).toBe(200);
    // A form posted to the API at another host is answered, not redirected.
    const res = await postForm(app, '/api/search', { q: 'a' }, { host });
    expect(res.statusCode).toBe(200);
  });
});

describeEachDatabase('the demo checkout when PUBLIC_URL is set', (t) => {
  const PUBLIC_URL = 'http://localhost:3000';
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { publicUrl: PUBLIC_URL, payments: { demo: true, stripe: null, paypal: null } });
  });
  afterAll(() => app?.close());

  it("answers the stand-in providers' APIs at any host: the official SDKs call them in-process", async () => {
    // What the Stripe and PayPal SDKs ask of the demo provider (a session, an order), at their own host.
    for (const url of [
      '/demo-pay/stripe/v1/checkout/sessions/cs_test_missing',
      '/demo-pay/paypal/v2/checkout/orders/MISSING',
    ]) {
      const res = await app.inject({ url, headers: { host: 'demo-provider.invalid' } });
      expect(res.statusCode, url).not.toBe(308);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // The demo checkout page a viewer opens is a page: at another host it moves to PUBLIC_URL.
    const page = await app.inject({ url: '/demo-pay/checkout/cs_test_x', headers: { host: '127.0.0.2:3000' } });
    expect(page.statusCode).toBe(308);
  });
});
