import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_ERRORS, IMAGE_WIDTHS, jsonForScript, PLAYER_INFO_ELEMENT_ID, type PlayerInfo } from '@bosphorus/contract';
import { randomBytes } from 'node:crypto';
import { EncodedBody, sendEncoded, sendEncodedStream } from '../lib/encoded-body.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { ChangeFeed } from '../lib/change-feed.js';
import {
  allowInline,
  documentFrame,
  documentOf,
  firstPaintDocument,
  hashSource,
  keptPages,
  loadPageRenderer,
  modulesWith,
  type PageStyles,
  type RenderedPage,
} from './web-render.js';
import { playerSecurityHeaders } from './security.js';
import type { SiteOrigins } from './site-origin.js';

// Serves the built SPA, the catalogue images and per-route <head> tags.
// Detail pages get Open Graph and Twitter card tags in the HTML itself, so
// a shared link previews without running the app's JavaScript. Absolute
// links (canonical, og:url, og:image) and the player page's origins are the
// site's as each request came to it (decision 0034); nothing per-origin is cached.

export interface WebOptions {
  distDir: string;
  uploadDirs: string[];
  /** The site's, the app's and the player's origins per request (plugins/site-origin.ts). */
  origins: Pick<SiteOrigins, 'of' | 'player'>;
  catalogue: CatalogueService;
  /** The API's answer to a GET, in process: the data of a page rendered here, as the browser would get it. */
  api: (url: string) => Promise<Response>;
  /** How long a visitor's rendered page is kept (CATALOGUE_CACHE_SECONDS; 0: never). */
  pageCacheSeconds: number;
  /** The change feed that drops kept pages with the catalogue answers they show. */
  feed: Pick<ChangeFeed, 'on' | 'onReset' | 'live'>;
  /** The player's info.json for a playback token (null where the media route refuses it), written into the player page. */
  playerInfo?: (req: FastifyRequest, token: string) => Promise<PlayerInfo | null>;
}

const PLAYER_MARKER = '<!--player-config-->';
const SITE_NAME = 'Bosphorus';
const DEFAULT_TITLE = 'Bosphorus — Turkish series and movies with English subtitles';
const DEFAULT_DESCRIPTION =
  'Watch Turkish series and movies with English subtitles: dramas, history epics, comedies and new episodes every week, on your phone, computer or TV.';

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface HeadInfo {
  title: string;
  description: string;
  image: string | null;
  url: string;
  type: 'website' | 'video.movie' | 'video.tv_show';
}

export function renderHead(info: HeadInfo) {
  const t = escapeHtml(info.title);
  const d = escapeHtml(info.description);
  const tags = [
    `<title>${t}</title>`,
    `<meta name="description" content="${d}">`,
    `<link rel="canonical" href="${escapeHtml(info.url)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${info.type}">`,
    `<meta property="og:title" content="${t}">`,
    `<meta property="og:description" content="${d}">`,
    `<meta property="og:url" content="${escapeHtml(info.url)}">`,
    `<meta name="twitter:card" content="${info.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${t}">`,
    `<meta name="twitter:description" content="${d}">`,
  ];
  if (info.image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(info.image)}">`,
      `<meta name="twitter:image" content="${escapeHtml(info.image)}">`,
    );
  }
  return tags.join('\n    ');
}

/**
 * What the player page loads before it can play (decision 0096): its module
 * scripts (the build's legacy loader too: every browser with modules fetches
 * it, and on one origin it held a connection the first playlist waited for,
 * decision 0105), the modules it preloads and its stylesheet, from
 * player.html; and hls.js, the chunk it imports where the browser has no HLS
 * of its own. Addresses under /assets/, on the player's origin once written.
 */
export function playerAssets(playerHtml: string, assetFiles: string[]): { page: string[]; hls: string | null } {
  const page: string[] = [];
  for (const tag of playerHtml.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    if (/\bnomodule\b/.test(tag)) continue;
    const module = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const preload = /\brel="(?:modulepreload|stylesheet)"/.test(tag);
    const url = /\b(?:src|href)="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (url && (module || (preload && !/legacy/.test(url)))) page.push(url);
  }
  const hls = assetFiles.find((f) => /^hls(?:\.light)?-[\w-]+\.js$/.test(f) && !/legacy/.test(f));
  return { page, hls: hls ? `/assets/${hls}` : null };
}

function truncate(text: string, max = 200) {
  return text.length <= max ? text : text.slice(0, max - 1).replace(/\s+\S*$/, '') + '…';
}

/**
 * The master of a catalogue image's smaller copy (`x-poster-240.webp` →
 * `x-poster.webp`: packages/contract images.ts), or null for any other name.
 */
export function masterOf(file: string): string | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)-(\d{2,4})\.webp$/.exec(file);
  if (!match) return null;
  const width = Number(match[2]);
  const known = Object.values(IMAGE_WIDTHS).some((widths) => (widths as readonly number[]).includes(width));
  return known ? `${match[1]}.webp` : null;
}

/**
 * Registers uploads, built assets and the HTML fallback on the root
 * instance (not encapsulated: the not-found handler is the whole app's).
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  for (const [i, dir] of opts.uploadDirs.entries()) {
    fs.mkdirSync(dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/uploads/',
      decorateReply: i === 0,
      // The shipped demo images never change under the same name.
      maxAge: '7d',
      // A name missing from the first folder is looked up in the next.
      ...(i < opts.uploadDirs.length - 1 ? { wildcard: false } : {}),
    });
  }

  const indexFile = path.join(opts.distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  // The document pages go into: its stylesheet and start-up script inline (decision 0107).
  const document =
    indexHtml === null
      ? null
      : firstPaintDocument(indexHtml, (file) => {
          const full = path.join(opts.distDir, 'assets', file);
          return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
        });
  // The pages rendered here by the app's server build (decision 0107).
  const renderer =
    indexHtml === null
      ? null
      : await loadPageRenderer({
          distDir: opts.distDir,
          template: indexHtml,
          api: opts.api,
          titleExists: async (kind, id) =>
            kind === 'movie'
              ? (await opts.catalogue.shareInfo('movies', id)) !== null
              : opts.catalogue.episodeIsOut(id),
          onPartError: (error) => app.log.warn({ err: error }, 'a part of a page could not be rendered on the server'),
        });
  if (indexHtml === null) {
    app.log.warn(`${indexFile} is missing: run \`npm run build\`; only the API is served`);
  } else
    await app.register(fastifyStatic, {
      root: path.join(opts.distDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
    });
  for (const file of indexHtml === null ? [] : fs.readdirSync(opts.distDir)) {
    const full = path.join(opts.distDir, file);
    if (file === 'index.html' || file === 'player.html' || !fs.statSync(full).isFile() || /\.(gz|br)$/.test(file))
      continue;
    // Hidden from the OpenAPI document: which files exist depends on whether
    // the web app has been built, and they are not part of the API contract.
    app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'public, max-age=86400').sendFile(file, opts.distDir),
    );
  }

  // The player page (apps/web/src/player), framed by the watch pages. The
  // origins are written into it, so it can tell its parent about a refused
  // token and fail over even before its info.json answers; they are the
  // request's (a page of a few hundred bytes: written per request).
  const playerFile = path.join(opts.distDir, 'player.html');
  const playerTemplate = indexHtml !== null && fs.existsSync(playerFile) ? fs.readFileSync(playerFile, 'utf8') : null;
  const player =
    playerTemplate === null ? null : playerAssets(playerTemplate, fs.readdirSync(path.join(opts.distDir, 'assets')));
  /** The app page's word on the player's files, on the player's own origin (decision 0096). */
  function playerPrefetchMeta(req: FastifyRequest): string {
    if (!player || !player.page.length) return '';
    const { main } = opts.origins.player(req);
    const on = (url: string) => escapeHtml(main + url);
    return (
      `\n    <meta name="bosphorus:player-files" content="${player.page.map(on).join(' ')}">` +
      (player.hls ? `\n    <meta name="bosphorus:player-hls" content="${on(player.hls)}">` : '')
    );
  }
  app.get('/player', { schema: { hide: true } }, async (req, reply) => {
    if (playerTemplate === null) {
      return reply.code(503).send({ error: 'The web app is not built: run npm run build' });
    }
    const { main, backup, app: appOrigin } = opts.origins.player(req);
    const mediaOrigins = [...new Set([main, backup])];
    // A valid token's info.json, as the media route would answer it, saves
    // the player a round trip before it can play (decision 0105).
    const token = (req.query as Record<string, unknown> | null)?.token;
    const info = typeof token === 'string' && opts.playerInfo ? await opts.playerInfo(req, token) : null;
    return (
      reply
        .removeHeader('x-frame-options')
        .headers(playerSecurityHeaders({ https: appOrigin.startsWith('https:'), appOrigin, mediaOrigins }))
        .type('text/html; charset=utf-8')
        // With an info.json it is the token's page: never kept by a shared cache.
        .header('cache-control', info ? 'private, no-cache' : 'no-cache')
        .send(
          playerTemplate.replace(
            PLAYER_MARKER,
            `<meta name="bosphorus:app-origin" content="${escapeHtml(appOrigin)}">\n    ` +
              `<meta name="bosphorus:media-origins" content="${escapeHtml(mediaOrigins.join(' '))}">` +
              (info
                ? `\n    <script type="application/json" id="${PLAYER_INFO_ELEMENT_ID}">${jsonForScript(JSON.stringify(info))}</script>`
                : ''),
          ),
        )
    );
  });

  /**
   * The page's head: its title and address as the render says them (the
   * canonical address, whichever one opened the page), a detail page's
   * description and picture; the site's own for a page not rendered here.
   */
  function headFor(
    site: string,
    pathname: string,
    page: Pick<Extract<RenderedPage, { kind: 'page' }>, 'head' | 'title' | 'canonical'> | null,
  ): string {
    const detail = page?.head ?? null;
    return renderHead({
      title: page?.title ?? DEFAULT_TITLE,
      description: detail ? truncate(detail.description) : DEFAULT_DESCRIPTION,
      image: detail?.cover ? `${site}/uploads/${encodeURIComponent(detail.cover)}` : null,
      url: site + (page?.canonical ?? pathname),
      type: detail ? (detail.kind === 'series' ? 'video.tv_show' : 'video.movie') : 'website',
    });
  }

  /** A page as kept: the whole document, compressed once, and the CSP source of its inline stylesheet. */
  type SentPage = { status: number; body: EncodedBody; style: string | null } | { status: number; location: string };
  /** A visitor's page as sent, while its catalogue answers stand. */
  const kept = keptPages<SentPage>(opts.pageCacheSeconds, opts.feed);
  const rootClassesFor = (tv: boolean) => [...(renderer?.rootClasses ?? []), ...(tv ? ['tv'] : [])];

  /** A page's whole document (a kept page's, or the bare one for the browser to draw). */
  function wholePage(
    req: FastifyRequest,
    site: string,
    pathname: string,
    tv: boolean,
    page: Extract<RenderedPage, { kind: 'page' }> | null,
    /** The rules of `page`'s HTML when they are already chosen (the shell's, sent with it). */
    chosen?: PageStyles,
  ): SentPage {
    const body = page?.shell ?? '';
    const styles =
      chosen ?? document!.stylesFor({ styles: page?.styles() ?? [], body, rootClasses: rootClassesFor(tv) });
    const html = documentOf(document!.html, {
      head: headFor(site, pathname, page) + playerPrefetchMeta(req),
      body,
      styles,
      modules: modulesWith(document!.modules, page?.modules() ?? [], renderer?.next, styles.sheets),
      data: page?.data() ?? null,
      tv,
    });
    // Compressed: the page is most of a first visit's first round trip on a slow link.
    return {
      status: page?.status ?? 200,
      body: EncodedBody.of(html),
      style: styles.css ? hashSource(styles.css) : null,
    };
  }

  async function sendApp(req: FastifyRequest, reply: FastifyReply, pathname: string) {
    if (indexHtml === null) {
      // An error answer never carries 200 (DESIGN §3). Whether an address is
      // a page is the app's route table's word, and the app is not there; a
      // file's (a last segment with an extension: no page has one) is not.
      return /\.[a-z0-9]+$/i.test(pathname)
        ? reply.code(404).send({ error: API_ERRORS.notFound })
        : reply.code(503).send({ error: 'The web app is not built: run npm run build' });
    }
    const site = opts.origins.of(req);
    const tv = renderer?.isTv(req.headers['user-agent']) ?? false;
    const key = `${tv ? 'tv' : 'web'} ${site}${req.url}`;
    const hit = kept.get(key);
    if (hit) return sendPage(req, reply, hit);
    if (!renderer) return sendPage(req, reply, wholePage(req, site, pathname, tv, null));
    // The response's nonce: the scripts React reveals streamed parts with carry it (decision 0146).
    const nonce = randomBytes(16).toString('base64');
    const gone = new AbortController();
    const hungUp = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.once('close', hungUp);
    let rendered: Awaited<ReturnType<typeof renderer.render>>;
    try {
      rendered = await renderer.render(req.url, { site, signal: gone.signal, nonce });
    } catch (error) {
      // The page could not be rendered here: the browser draws it from the bare document.
      if (gone.signal.aborted) return reply;
      req.log.error({ err: error }, 'the page could not be rendered on the server');
      return sendPage(req, reply, wholePage(req, site, pathname, tv, null));
    }
    const { page, cacheable } = rendered;
    if (page.kind === 'redirect') {
      const moved = { status: page.status, location: page.location };
      if (cacheable) kept.set(key, moved);
      return sendPage(req, reply, moved);
    }
    // A detail route naming no published title, or an address of no page,
    // shows the app's own screen for it; crawlers and link previews get the
    // 404 with it. The shell goes out at once; each part React streams
    // after it follows with the stylesheet rules it adds.
    const shellStyles = document!.stylesFor({
      styles: page.styles(),
      body: page.shell,
      rootClasses: rootClassesFor(tv),
    });
    let styles = shellStyles;
    const frame = documentFrame(document!.html, {
      head: headFor(site, pathname, page) + playerPrefetchMeta(req),
      tv,
      css: styles.css,
      nonce,
    });
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      const own = `'nonce-${nonce}'`;
      reply.header(
        'content-security-policy',
        allowInline(csp, { style: [own], script: [...document!.scriptSources, own] }),
      );
    }
    reply.code(page.status).header('cache-control', 'no-cache');
    const out = sendEncodedStream(req, reply, 'text/html; charset=utf-8');
    out.send(`${frame.start}${page.shell}</div>`);
    let streamed = false;
    try {
      for await (const part of page.parts) {
        if (gone.signal.aborted) break;
        streamed = true;
        styles = document!.partStyles(styles, { styles: page.styles(), body: part });
        out.send((styles.css ? `<style nonce="${nonce}">${styles.css}</style>` : '') + part);
      }
    } catch (error) {
      req.log.warn({ err: error }, 'a page stopped streaming');
      out.destroy();
      return reply;
    } finally {
      reply.raw.off('close', hungUp);
    }
    if (gone.signal.aborted) {
      out.destroy();
      return reply;
    }
    out.end(
      frame.end({
        data: page.data(),
        links: styles.links,
        modules: modulesWith(document!.modules, page.modules(), renderer.next, styles.sheets),
      }),
    );
    // The kept page is every visitor's, so it carries no nonce: a page that
    // streamed nothing is its shell; one that streamed parts is rendered
    // again whole for it, now that its answers are in (decision 0146).
    if (!cacheable || !kept.keeps() || page.partFailed()) return reply;
    if (!streamed) kept.set(key, wholePage(req, site, pathname, tv, page, shellStyles));
    else void keepWhole(req, key, site, pathname, tv);
    return reply;
  }

  /** Renders a page whole, with every part, and keeps it. */
  async function keepWhole(req: FastifyRequest, key: string, site: string, pathname: string, tv: boolean) {
    try {
      const { page, cacheable } = await renderer!.render(req.url, { site, whole: true });
      if (page.kind === 'page' && cacheable && !page.partFailed())
        kept.set(key, wholePage(req, site, pathname, tv, page));
    } catch (error) {
      req.log.warn({ err: error }, 'a page could not be rendered whole to be kept');
    }
  }

  /** A page's policy, for each policy the security headers give (one per origin and scheme) and inline stylesheet. */
  const pagePolicies = new Map<string, string>();
  function pagePolicy(csp: string, style: string | null): string {
    const key = `${style ?? ''} ${csp}`;
    let policy = pagePolicies.get(key);
    if (policy === undefined) {
      policy = allowInline(csp, { style: style ? [style] : [], script: document!.scriptSources });
      if (pagePolicies.size >= 256) pagePolicies.clear();
      pagePolicies.set(key, policy);
    }
    return policy;
  }

  function sendPage(req: FastifyRequest, reply: FastifyReply, page: SentPage) {
    if ('location' in page) return reply.redirect(page.location, page.status);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && document) reply.header('content-security-policy', pagePolicy(csp, page.style));
    reply.code(page.status).header('cache-control', 'no-cache');
    return sendEncoded(req, reply, page.body, 'text/html; charset=utf-8');
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ error: API_ERRORS.routeNotFound });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(404).send({ error: API_ERRORS.notFound });
    }
    if (pathname.startsWith('/uploads/')) {
      // A smaller copy an older upload never had: its master, so a srcset
      // never 404s (decision 0089).
      const master = masterOf(pathname.slice('/uploads/'.length));
      const dir = master && opts.uploadDirs.find((d) => fs.existsSync(path.join(d, master)));
      if (master && dir) return reply.header('cache-control', 'public, max-age=3600').sendFile(master, dir);
      return reply.code(404).send({ error: API_ERRORS.notFound });
    }
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: API_ERRORS.notFound });
    }
    // The app's page for the address (its own "page not found" screen, with
    // a 404 status, for an address of no page).
    return sendApp(req, reply, pathname);
  });
}
