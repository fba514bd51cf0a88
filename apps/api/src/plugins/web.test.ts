import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { APP_MODULES_ELEMENT_ID, HYDRATION_ELEMENT_ID, type AppModules } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, movie, series, uniq } from '../../test/factories.js';
import { STAND_IN_PAGES, writeServerBuild } from '../../test/web-build.js';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  idOf,
  seedCatalogue,
  setPublished,
  type TestApp,
  directives,
} from '../../test/harness.js';

// The web side of the one process: the app's pages, rendered by the web
// app's server build into the built index.html (with per-title <head> tags
// for shared links), the catalogue images under /uploads, and security
// headers on everything. The server build here is a stand-in with the real
// one's interface (SERVER_ENTRY): it answers as the real one would for an
// address, from the API in process; what the real route table answers for
// each address is the browser tests' (e2e/tests/hydration.spec.ts).

const PUBLIC_URL = 'https://bosphorus.example';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script src="/assets/startup-abc.js"></script>
    <script type="module" crossorigin src="/assets/app.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;
// A 1×1 PNG: real bytes, so content type and length are meaningful.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NASTY_TITLE = `<script>alert("x")</script> & 'Kuzey' Güney`;
const MEDIA_MAIN = 'https://media.bosphorus.example';
const MEDIA_BACKUP = 'https://media.bosphorus.example.net';
const PLAYER_HTML = `<!doctype html>
<html lang="en">
  <head>
    <!--player-config-->
    <title>Bosphorus</title>
  </head>
  <body><main id="player"></main><script type="module" src="/assets/player.js"></script></body>
</html>
`;

/** A built web app in `root`/dist: the document, the player page, the stand-in server build and its manifest. */
function writeDist(root: string): string {
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeServerBuild(dist);
  fs.writeFileSync(path.join(dist, 'player.html'), PLAYER_HTML);
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), STYLESHEET);
  fs.writeFileSync(path.join(dist, 'assets', 'startup-abc.js'), STARTUP);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

/**
 * The entry's stylesheet, whose rules the page can use are written into it
 * (decision 0109), and the start-up script, written into every page (0107).
 */
const STYLESHEET =
  'body{color:#fff;background:#0b0f1a}.page{margin:0}.dialog{position:fixed}.signed-in .page{outline:0}' +
  '.tv .page{font-size:24px}@media (min-width:800px){.page{padding:8px}.dialog{inset:0}}@keyframes spin{to{rotate:1turn}}';
/** Its rules a visitor's page (the stand-in's `<main class="page">`) can use. */
const PAGE_RULES =
  'body{color:#fff;background:#0b0f1a}.page{margin:0}.signed-in .page{outline:0}@media (min-width:800px){.page{padding:8px}}';
const STARTUP = 'window.__started=1;';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The response's CSP nonce, as its inline stylesheet carries it (decision 0146). */
const nonceOf = (html: string) => {
  const nonce = /<style nonce="([A-Za-z0-9+/=]{24})">/.exec(html)?.[1];
  if (!nonce) throw new Error('the page has no nonce');
  return nonce;
};

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? null;
/** The page's module list (decision 0142), read as the start-up script reads it. */
const modulesOf = (html: string): AppModules | null => {
  const json = new RegExp(`<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">([^<]*)</script>`).exec(
    html,
  )?.[1];
  return json === undefined ? null : (JSON.parse(json) as AppModules);
};

function attr(html: string, selector: 'property' | 'name', key: string): string | null {
  const m = new RegExp(`<meta ${selector}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return m ? m[1]! : null;
}

describeEachDatabase('web: SPA routes, share tags, uploads, headers', (t) => {
  let app: TestApp;
  let root: string;
  let movieId: number;
  let seriesId: number;
  let nastyId: number;
  let withdrawnId: number;
  const coverName = `${uniq('cover-')}.webp`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-web-test-'));
    const dist = writeDist(root);
    const shipped = path.join(root, 'seed-uploads');
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(shipped, { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(shipped, 'poster.png'), PNG);
    fs.writeFileSync(path.join(dataDir, 'uploads', 'avatar-1.png'), PNG);

    await seedCatalogue(
      t.db,
      catalogue({
        series: [
          series({
            title: 'Kuzey Güney',
            year: 2011,
            description: 'Two brothers, one love.',
            cover: coverName,
          }),
        ],
        movies: [
          movie({ title: 'Ayla', year: 2017, description: 'A soldier and a girl in Korea.', cover: coverName }),
          movie({ title: NASTY_TITLE, year: 2019, description: 'Says "hi" & <b>bold</b>.', cover: '' }),
          movie({ title: 'Withdrawn Secret Title', year: 2020 }),
        ],
      }),
    );
    movieId = await idOf(t.db, 'movies', 'Ayla');
    seriesId = await idOf(t.db, 'series', 'Kuzey Güney');
    // The first featured title: its cover is the hero the home page preloads.
    await t.db.query('UPDATE series SET featured_rank = 1 WHERE id = $1', [seriesId]);
    nastyId = await idOf(t.db, 'movies', NASTY_TITLE);
    withdrawnId = await setPublished(t.db, 'movies', 'Withdrawn Secret Title', false);
    app = await buildTestApp(t.db, {
      webDistDir: dist,
      seedUploadsDir: shipped,
      dataDir,
      publicUrl: PUBLIC_URL,
      media: { mainOrigin: MEDIA_MAIN, backupOrigin: MEDIA_BACKUP, dir: root, tokenTtlSeconds: 3600 },
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each(STAND_IN_PAGES.map((r) => [r]))(
    'deep link %s answers the rendered page with 200 text/html',
    async (route) => {
      const id = route.startsWith('/seriesdetail') ? seriesId : movieId;
      const url = route.replace(':id', String(id));
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(rootOf(res.body)).toMatch(new RegExp(`^<main class="page" data-page="${url}">rendered \\d+</main>$`));
      expect(res.body).not.toContain('<!--app-head-->');
      expect(res.body).toContain('<meta property="og:title"');
    },
  );

  it('answers a route with a trailing slash or a query string too', async () => {
    for (const url of [
      '/allseries/',
      '/allmovies?search=ayla',
      '/newpassword?token=abc',
      `/seriesdetail/${seriesId}#trailer`,
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('puts Open Graph and Twitter tags for the title into a movie detail page', async () => {
    for (const route of [`/moviedetail/${movieId}`, `/movies/${movieId}`]) {
      const html = (await app.inject(route)).body;
      expect(html).toContain('<title>Ayla (2017) — Bosphorus</title>');
      expect(attr(html, 'property', 'og:title')).toBe('Ayla (2017) — Bosphorus');
      expect(attr(html, 'property', 'og:description')).toBe('A soldier and a girl in Korea.');
      expect(attr(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/${coverName}`);
      expect(attr(html, 'property', 'og:type')).toBe('video.movie');
      // Both addresses name the page's own (the render's canonical address).
      expect(attr(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/moviedetail/${movieId}`);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/moviedetail/${movieId}">`);
      expect(attr(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(attr(html, 'name', 'twitter:title')).toBe('Ayla (2017) — Bosphorus');
      expect(attr(html, 'name', 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/${coverName}`);
    }
  });

  it("names the player page's files on the player's origin in every app page, for the detail pages' prefetch (decision 0096)", async () => {
    for (const route of ['/', `/moviedetail/${movieId}`, '/allseries']) {
      const html = (await app.inject(route)).body;
      const files = attr(html, 'name', 'bosphorus:player-files');
      expect(files, route).toMatch(/^https?:\/\/[^/]+\/assets\/player\.js$/);
    }
  });

  it('puts Open Graph and Twitter tags for the title into a series detail page', async () => {
    const html = (await app.inject(`/seriesdetail/${seriesId}`)).body;
    expect(attr(html, 'property', 'og:title')).toBe('Kuzey Güney (2011) — Bosphorus');
    expect(attr(html, 'property', 'og:description')).toBe('Two brothers, one love.');
    expect(attr(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/${coverName}`);
    expect(attr(html, 'property', 'og:type')).toBe('video.tv_show');
    expect(attr(html, 'name', 'twitter:card')).toBe('summary_large_image');
  });

  it("writes the render's data after #root, from the API in process, unbroken by a title with </script>", async () => {
    const html = (await app.inject('/')).body;
    const open = `</div><script type="application/json" id="${HYDRATION_ELEMENT_ID}">`;
    const from = html.indexOf(open) + open.length;
    expect(from).toBeGreaterThan(open.length - 1);
    // An HTML parser ends the element at the first "</script".
    const data = html.slice(from, html.toLowerCase().indexOf('</script', from));
    const api = await app.inject('/api/home');
    expect(api.statusCode).toBe(200);
    expect(JSON.parse(data)).toEqual({ home: JSON.parse(api.body) });
    expect(data).toContain('\\u003c/script>');
    expect(JSON.stringify(JSON.parse(data))).toContain(JSON.stringify(NASTY_TITLE).slice(1, -1));
  });

  it("names the stylesheets and modules of the page's lazily loaded code after the page, once each, less what the document names", async () => {
    const html = (await app.inject('/profile/faq')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    // The whole stylesheets' preloads after the page (its pictures come
    // first), at low priority, then the module list the start-up script
    // adds from; it makes the stylesheet links in the head (decision 0154).
    const tail = html.slice(html.indexOf(`id="${HYDRATION_ELEMENT_ID}"`));
    expect(head).not.toMatch(/modulepreload|rel="stylesheet"/);
    const sheets = [
      ...tail.matchAll(
        /<link rel="preload" as="style" crossorigin fetchpriority="low" data-page-sheet href="([^"]+)">/g,
      ),
    ].map((m) => m[1]);
    expect(sheets).toEqual(['/assets/index-abc.css', '/assets/faq.css', '/assets/cards.css']);
    expect(tail.indexOf('cards.css')).toBeLessThan(tail.indexOf(APP_MODULES_ELEMENT_ID));
    // The page's own modules after the document's; named by the document already: never twice.
    // The next pages' files (decision 0155) less what the page names: the
    // shared chunk and the cards' chunk and sheet are the FAQ's already.
    expect(modulesOf(html)).toEqual({
      scripts: ['/assets/app.js'],
      preloads: ['/assets/shared.js', '/assets/faq.js', '/assets/cards.js'],
      next: ['/assets/detail.css', '/assets/detail.js'],
    });
    expect(html.match(/\/assets\/shared\.js/g)).toHaveLength(1);
    expect((await app.inject('/allseries')).body).not.toContain('faq.css');
  });

  it("answers the render's redirect, and a page that cannot be rendered here with the bare document for the browser to draw", async () => {
    const moved = await app.inject('/moved');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/allseries');
    const boom = await app.inject('/boom');
    expect(boom.statusCode).toBe(200);
    expect(boom.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(rootOf(boom.body)).toBe('');
    expect(boom.body).not.toContain(HYDRATION_ELEMENT_ID);
  });

  it("writes the stylesheet rules the page can use and the start-up script into the page, allowed by the response's nonce and the script's hash; the whole sheet and the module list come after the page", async () => {
    const res = await app.inject('/allseries');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const nonce = nonceOf(res.body);
    expect(head).toContain(`<style nonce="${nonce}">${PAGE_RULES}</style>`);
    expect(head).toContain(`<script>${STARTUP}</script>`);
    expect(head).not.toContain('index-abc.css');
    expect(res.body).not.toContain('startup-abc.js');
    // The whole sheet's preload after the page, at low priority, and no
    // stylesheet link anywhere: the start-up script applies it (decision
    // 0154). The app's modules are no tags of the document but its list,
    // last in the body, which the start-up script adds once the first
    // screen is in (decision 0142).
    const tail = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(res.body).not.toMatch(/type="module"|modulepreload|rel="stylesheet"/);
    expect(tail).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" data-page-sheet href="/assets/index-abc.css">',
    );
    // The next pages' files: the detail pages' chunk, its stylesheet and the cards' (decision 0155).
    const next = ['/assets/detail.css', '/assets/cards.css', '/assets/detail.js', '/assets/cards.js'];
    expect(modulesOf(res.body)).toEqual({ scripts: ['/assets/app.js'], preloads: ['/assets/shared.js'], next });
    expect(tail.indexOf(APP_MODULES_ELEMENT_ID)).toBeGreaterThan(tail.indexOf('data-page-sheet'));
    expect(res.body.trimEnd()).toMatch(
      new RegExp(`id="${APP_MODULES_ELEMENT_ID}">[^<]*</script>\\s*</body>\\s*</html>$`),
    );
    // The page that could not be rendered here lists them too: the browser draws it.
    expect(modulesOf((await app.inject('/boom')).body)).toEqual({
      scripts: ['/assets/app.js'],
      preloads: ['/assets/shared.js'],
      next,
    });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp['script-src']).toEqual(["'self'", sha256(STARTUP), `'nonce-${nonce}'`]);
    // Each response its own.
    expect(nonceOf((await app.inject('/allseries')).body)).not.toBe(nonce);
    // Only the pages: images, the API and the player keep the plain policy.
    expect(
      directives((await app.inject('/api/home')).headers['content-security-policy'])['script-src'],
    ).toBeUndefined();
    expect(directives((await app.inject('/player')).headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
    ]);
  });

  it('marks the document for TV mode when the user agent is a TV, and keeps the two apart', async () => {
    const tv = await app.inject({ url: '/', headers: { 'user-agent': 'Mozilla/5.0 (SMART-TV; Linux; Tizen 5.0)' } });
    expect(tv.body).toContain('<html lang="en" class="tv">');
    // The TV's page has the TV's rules; the others' not.
    expect(tv.body).toContain('.tv .page{font-size:24px}');
    const desk = await app.inject({ url: '/', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } });
    expect(desk.body).toContain('<html lang="en">');
    expect(desk.body).not.toContain('.tv .page');
  });

  it('escapes a title and description with markup and quotes', async () => {
    const html = (await app.inject(`/moviedetail/${nastyId}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold</b>');
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Kuzey&#39; Güney (2019) — Bosphorus';
    expect(attr(html, 'property', 'og:title')).toBe(escaped);
    expect(attr(html, 'name', 'twitter:title')).toBe(escaped);
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(attr(html, 'property', 'og:description')).toBe('Says &quot;hi&quot; &amp; &lt;b&gt;bold&lt;/b&gt;.');
    // No cover: no image tags, and the small card.
    expect(attr(html, 'property', 'og:image')).toBeNull();
    expect(attr(html, 'name', 'twitter:card')).toBe('summary');
  });

  it('answers unknown, unpublished and malformed titles with the app, the site tags and a 404 status', async () => {
    for (const url of [
      '/moviedetail/987654',
      '/movies/987654',
      `/moviedetail/${withdrawnId}`,
      '/seriesdetail/987654',
      `/seriesdetail/${movieId + seriesId + 1000}`,
      '/moviedetail/abc',
      '/seriesdetail/1e3',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(rootOf(res.body), url).toContain('<main class="page" data-page=');
      expect(res.body).not.toContain('Withdrawn Secret Title');
      expect(attr(res.body, 'property', 'og:title')).toBe(
        'Bosphorus — Turkish series and movies with English subtitles',
      );
      expect(attr(res.body, 'property', 'og:image')).toBeNull();
    }
  });

  it('answers the players of unknown titles and episodes with the same 404 as a detail page (issue 15)', async () => {
    const [episode] = await t.db.query<{ id: number }>(
      'SELECT id FROM episodes WHERE series_id = $1 ORDER BY id LIMIT 1',
      [seriesId],
    );
    for (const url of [`/watch/${movieId}`, `/watchEpisodes/${episode!.id}`]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toContain('<main class="page" data-page=');
    }
    for (const url of [
      '/watch/999999',
      `/watch/${withdrawnId}`,
      '/watch/abc',
      '/watchEpisodes/999999',
      '/watchEpisodes/1e3',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(rootOf(res.body), url).toContain('<main class="page" data-page=');
    }
  });

  it("answers with the render's status: an unknown page is the app's own screen with a 404", async () => {
    for (const url of ['/nope', '/profile/nope', '/moviedetail', '/moviedetail/1/extra']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(rootOf(res.body), url).toBe(
        `<main class="page" data-page="${url}">rendered ${(globalThis as { __renders?: number }).__renders}</main>`,
      );
    }
  });

  it('answers 404 JSON to a non-GET request on a page path', async () => {
    expectError(await app.inject({ method: 'POST', url: '/allseries' }), 404);
  });

  it('serves catalogue images from the shipped folder and the data folder', async () => {
    for (const url of ['/uploads/poster.png', '/uploads/avatar-1.png']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['cache-control']).toContain('max-age');
    }
  });

  it('answers 404 JSON for a missing image, and never serves files outside the folders', async () => {
    expectError(await app.inject('/uploads/missing.webp'), 404);
    expectError(await app.inject('/assets/missing.js'), 404);
    for (const url of [
      '/uploads/../dist/index.html',
      '/uploads/%2e%2e/dist/index.html',
      '/uploads/..%2fdist%2findex.html',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body).not.toContain('<!--app-head-->');
    }
  });

  it('serves built assets and top-level files of the build', async () => {
    const js = await app.inject('/assets/app.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    const icon = await app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('sends the document security headers on pages and page errors', async () => {
    for (const url of ['/', `/moviedetail/${movieId}`, '/nope']) {
      const res = await app.inject(url);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // https PUBLIC_URL: HSTS and upgrade-insecure-requests are on.
      expect(res.headers['strict-transport-security'], url).toBeDefined();
      expect(csp, url).toContain('upgrade-insecure-requests');
    }
  });

  it('sends files only the headers that act on a file (decision 0109): a stored one may do nothing as a document', async () => {
    const cases = [
      ['/uploads/poster.png', "default-src 'none';frame-ancestors 'none'"],
      ['/uploads/missing-240.webp', "default-src 'none';frame-ancestors 'none'"],
      ['/assets/app.js', undefined],
    ] as const;
    for (const [url, policy] of cases) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe(policy);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeDefined();
      for (const documentOnly of [
        'permissions-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ])
        expect(res.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
    }
  });

  it('serves the player page at /player: framed by the app only, media from both media origins, no referrer', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/player?token=abc&cb=1&user_id=2&video_id=3&video_type=movie' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // Framed by the web app (another origin in production): no DENY/SAMEORIGIN.
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(String(res.headers['permissions-policy'])).toContain('fullscreen=(self)');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-ancestors']).toEqual([PUBLIC_URL]);
      expect(csp['media-src']).toEqual(["'self'", 'blob:', MEDIA_MAIN, MEDIA_BACKUP]);
      expect(csp['connect-src']).toEqual(["'self'", MEDIA_MAIN, MEDIA_BACKUP]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['upgrade-insecure-requests']).toEqual([]);
    }
    const html = (await app.inject('/player')).body;
    expect(html).toContain(`<meta name="bosphorus:app-origin" content="${PUBLIC_URL}">`);
    expect(html).toContain(`<meta name="bosphorus:media-origins" content="${MEDIA_MAIN} ${MEDIA_BACKUP}">`);
    expect(html).not.toContain('<!--player-config-->');
    expect(html).toContain('<main id="player">');
  });

  it('keeps the page policy everywhere but /player, and serves player.html only there', async () => {
    for (const url of ['/', '/watch/1', '/player.html', '/player/extra']) {
      const res = await app.inject(url);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-ancestors'], url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      // The pages' own policy (issue 10): full screen for the framed player, no camera; only
      // features Chromium recognises, so no page logs 'Unrecognized feature' (issue 15).
      const permissions = String(res.headers['permissions-policy']);
      expect(permissions, url).toMatch(/(^|, )fullscreen=\(self [^)]*"https:\/\/media\.bosphorus\.example"/);
      expect(permissions, url).not.toMatch(/web-share|bluetooth/);
      expect(permissions, url).toContain('camera=()');
      expect(permissions, url).toContain('geolocation=()');
      expect(res.body, url).not.toContain('<main id="player">');
    }
    expect((await app.inject('/player.html')).statusCode).toBe(404);
  });

  it('sends the strict data policy on API answers and API errors', async () => {
    for (const url of ['/api/home', '/api/nope', '/api/movies/abc']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeDefined();
      // Document-only headers are left off data (decision 0016).
      expect(res.headers['referrer-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBeUndefined();
    }
  });
});

describeEachDatabase('web: pages kept for visitors (CATALOGUE_CACHE_SECONDS)', (t) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-web-cache-'));
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title: 'Ayla', year: 2017 })] }));
    app = await buildTestApp(t.db, { webDistDir: writeDist(root), catalogueCacheSeconds: 60 });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("keeps a visitor's page per address until the catalogue changes, and never a page that asked for more", async () => {
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
    const first = await app.inject('/allmovies?page=2');
    const before = renders();
    // The kept page is the one sent, less the response's nonce: its inline
    // stylesheet is allowed by its hash.
    const again = await app.inject('/allmovies?page=2');
    expect(again.body).toBe(first.body.replace(` nonce="${nonceOf(first.body)}"`, ''));
    expect(renders()).toBe(before);
    expect(directives(again.headers['content-security-policy'])['style-src']).toEqual(["'self'", sha256(PAGE_RULES)]);
    expect(directives(again.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha256(STARTUP)]);
    // Another address, and a page the render said not to keep, are rendered anew.
    await app.inject('/allmovies?page=3');
    expect(renders()).toBe(before + 1);
    await app.inject('/profile/faq');
    await app.inject('/profile/faq');
    expect(renders()).toBe(before + 3);
    // A catalogue write drops every kept page (the change feed).
    await t.db.query('UPDATE movies SET description = description WHERE id = $1', [
      (await t.db.query<{ id: number }>('SELECT id FROM movies LIMIT 1'))[0]!.id,
    ]);
    await app.changeFeed.settled();
    expect((await app.inject('/allmovies?page=2')).body).not.toBe(first.body);
    expect(renders()).toBe(before + 4);
  });

  it('keeps no page from a client that hung up while it streamed, and serves on', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The shell arrives; the client goes before the part does (300 ms later).
    const shell = await new Promise<string>((resolve, reject) => {
      const req = http.get(`${address}/allseries?part=slow`, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.toString('utf8'));
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    expect(shell).toContain('<template id="B:0"></template>');
    expect(shell).not.toContain('the part');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await app.inject('/allseries?part=slow');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('the part');
    // Rendered anew and streamed (a kept page has no nonce): nothing of the first was kept.
    const renderOf = (html: string) => Number(/rendered (\d+)<template id="B:0">/.exec(html)?.[1]);
    expect(renderOf(next.body)).toBeGreaterThan(renderOf(shell));
    expect(nonceOf(next.body)).toBeTruthy();
    // That whole answer's page is kept, rendered whole.
    await expect
      .poll(async () => (await app.inject('/allseries?part=slow')).body)
      .toMatch(/<p class="dialog">the part<\/p><\/main><\/div>(?![\s\S]*nonce)/);
  });

  it('streams a part after the shell with its own rules, then keeps the page rendered whole, without a nonce', async () => {
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
    const wholeRenders = () => (globalThis as { __wholeRenders?: number }).__wholeRenders ?? 0;
    const before = renders();
    const wholeBefore = wholeRenders();
    const res = await app.inject('/allseries?part');
    expect(res.statusCode).toBe(200);
    const nonce = nonceOf(res.body);
    // The shell in #root, the part after it with the rules it adds (the
    // shell's are not sent again), then the data and the module list.
    expect(rootOf(res.body)).toMatch(
      /^<main class="page" data-page="\/allseries">rendered \d+<template id="B:0"><\/template><\/main>$/,
    );
    const part =
      `</div><style nonce="${nonce}">.dialog{position:fixed}@media (min-width:800px){.dialog{inset:0}}</style>` +
      `<div hidden id="S:0"><p class="dialog">the part</p></div><script nonce="${nonce}">$RC("B:0","S:0")</script>` +
      `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">`;
    expect(res.body).toContain(part);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", sha256(STARTUP), `'nonce-${nonce}'`]);
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    // The page is rendered again whole to be kept: the part in place, no script, no nonce.
    await expect.poll(wholeRenders).toBe(wholeBefore + 1);
    expect(renders()).toBe(before + 2);
    const kept = await app.inject('/allseries?part');
    expect(renders()).toBe(before + 2);
    expect(rootOf(kept.body)).toMatch(/<p class="dialog">the part<\/p><\/main>$/);
    expect(kept.body).not.toContain('nonce');
    expect(kept.body).not.toContain('$RC');
    expect(kept.body).toContain('.dialog{position:fixed}');
    expect(directives(kept.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha256(STARTUP)]);
    // A page whose part failed is sent, and never kept.
    await app.inject('/allseries?part=fails');
    await app.inject('/allseries?part=fails');
    expect(renders()).toBe(before + 4);
  });
});

describeEachDatabase('web: without a built web app', (t) => {
  it('still serves the API and answers every page address with a JSON error, not a 200', async () => {
    const app = await buildTestApp(t.db);
    try {
      expect((await app.inject('/api/get-promotion-text')).statusCode).toBe(200);
      const page = await app.inject('/allseries');
      expect(page.statusCode).toBe(503);
      expect(page.json<{ error: string }>().error).toMatch(/npm run build/);
      // Whether an address is a page is the route table's word, which is in the build.
      for (const address of ['/nope', '/player', '/seriesdetail/1']) {
        const answer = await app.inject(address);
        expect(answer.statusCode, address).toBe(503);
        expect(answer.json<{ error: string }>().error, address).toBe('The web app is not built: run npm run build');
      }
      expectError(await app.inject('/api/nope'), 404);
      // A file's address is no page, built or not.
      expectError(await app.inject('/nope/styles.css'), 404);
      // Served over plain http: no HSTS.
      expect(page.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
