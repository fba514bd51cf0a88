import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import {
  API_ERRORS,
  DETAIL_SHELL_END,
  DETAIL_SHELL_START,
  FORMER_WEB_ROUTES,
  HOME_ANSWER_ELEMENT_ID,
  HOME_SHELL_END,
  HOME_SHELL_START,
  FULL_BLEED_SIZES,
  GRID_CARD_SIZES,
  IMAGE_WIDTHS,
  imageSrcSetOf,
  isWebRoute,
  LIST_ANSWER_ELEMENT_ID,
  LIST_EAGER_CARDS,
  listPosterSlot,
  listShellMarkers,
  PLAYER_INFO_ELEMENT_ID,
  ROW_CARD_SIZES,
  SHELL_BACKDROP_IMAGE,
  SHELL_HERO_IMAGE,
  shellPosterSlot,
  type ImageKind,
  type ListShellKind,
  type PlayerInfo,
} from '@bosphorus/contract';
import { EncodedBody, sendEncoded } from '../lib/encoded-body.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import { TtlCache } from '../lib/ttl-cache.js';
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
  /** A visitor's GET /api/home answer as sent (JSON bytes), written into the home document. */
  homeAnswer?: () => Promise<Buffer | null>;
  /** A visitor's answer of a list's first page as sent (JSON bytes), written into the list document. */
  listAnswer?: (kind: ListShellKind) => Promise<Buffer | null>;
  /** The player's info.json for a playback token (null where the media route refuses it), written into the player page. */
  playerInfo?: (req: FastifyRequest, token: string) => Promise<PlayerInfo | null>;
}

const HEAD_MARKER = '<!--app-head-->';
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
 * JSON inside `<script type="application/json">`: the browser ends the
 * element at the first `</script` whatever the quoting, and `<!--` changes how
 * it reads on; no `<` is left, so neither can occur (JSON.parse reads \u003c
 * back as `<`). U+2028/2029 are escaped too, harmless in JSON but not in
 * every reader's JavaScript.
 */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page shell's inline `<style>` (build/app-shell.ts): its CSP source, or null without one. */
export function inlineStyleSource(html: string): string | null {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html);
  return style ? `'sha256-${createHash('sha256').update(style[1]!, 'utf8').digest('base64')}'` : null;
}

/** The document's CSP with the shell's `<style>` allowed by its hash. */
export function allowInlineStyle(csp: string, source: string): string {
  return csp.replace(
    /(^|;)\s*style-src ([^;]*)/,
    (_m, sep: string, list: string) => `${sep}style-src ${list} ${source}`,
  );
}

/** An upload's address (web lib/uploads.ts uploadUrl): an https address as it is, else under /uploads. */
function uploadAddress(file: string): string {
  return /^https?:\/\//.test(file) || file.startsWith('/') ? file : `/uploads/${encodeURIComponent(file)}`;
}

/** A shell picture fetched first (high priority), as drawn (eager), or only once in view (lazy). */
type ShellFetch = 'first' | 'eager' | 'lazy';
const firstOrLazy = (first: boolean): ShellFetch => (first ? 'first' : 'lazy');

/**
 * One of the shell's pictures (decision 0094): the same file, srcset and
 * sizes as the app's <img> in that place (web ResponsiveImage), so the app's
 * first render finds it in the cache. The first picture of each place is
 * fetched at once and first; the others only if drawn (loading=lazy: a slide
 * the stylesheet hides at this width is never fetched).
 */
function shellImage(file: string, kind: ImageKind, sizes: string, fetch: ShellFetch): string {
  const srcset = imageSrcSetOf(file, kind, uploadAddress);
  const box = kind === 'poster' ? 'width="480" height="720"' : 'width="1920" height="1080"';
  return (
    `<img class="shell-img" src="${escapeHtml(uploadAddress(file))}"` +
    (srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${sizes}"` : '') +
    ` alt="" ${box} decoding="async"` +
    (fetch === 'first' ? ' fetchpriority="high"' : fetch === 'lazy' ? ' loading="lazy"' : '') +
    '>'
  );
}

interface ShellHome {
  sliders?: { image?: string; series?: { serie_cover?: string }; movie?: { movie_cover?: string } }[];
  topSeries?: { serie_image?: string }[];
}

/**
 * The first row's posters drawn at every width: the first whole card, and
 * the second (whole from 427 px, the peek below). They are preloaded from the
 * head, beside the hero's cover: on a link of six connections the parser
 * meets the shell's <img> only after the app's scripts are queued.
 */
const PRELOADED_POSTERS = 2;

/** The list pages' routes (spec §2) and their shells. */
const LIST_ROUTES: Record<string, ListShellKind> = { '/allseries': 'series', '/allmovies': 'movies' };

/**
 * The shell's slots filled from a visitor's home answer: the hero's cover
 * and the first row's posters; and the preload links of the first posters.
 */
export function shellImages(html: string, homeAnswer: string): { html: string; preload: string } {
  let body: ShellHome;
  try {
    body = (JSON.parse(homeAnswer) as { body?: ShellHome }).body ?? {};
  } catch {
    return { html, preload: '' };
  }
  let preload = '';
  // The hero's first slide: the slider's own picture, else its title's cover (web features/home/utils/hero.ts).
  const slider = body.sliders?.[0];
  const cover = slider ? slider.image || slider.series?.serie_cover || slider.movie?.movie_cover : undefined;
  if (cover) html = html.replace(SHELL_HERO_IMAGE, () => shellImage(cover, 'cover', FULL_BLEED_SIZES, 'first'));
  // The first row is Top Series (web home-rows.tsx), the only row before any other when it has titles.
  (body.topSeries ?? []).forEach((card, i) => {
    const slot = shellPosterSlot(i);
    if (!card.serie_image || !html.includes(slot)) return;
    html = html.replace(slot, () =>
      shellImage(card.serie_image!, 'poster', ROW_CARD_SIZES, firstOrLazy(i < PRELOADED_POSTERS)),
    );
    if (i < PRELOADED_POSTERS) preload += imagePreload(card.serie_image!, 'poster', ROW_CARD_SIZES);
  });
  return { html, preload };
}

/** A picture's preload link (the same srcset and sizes as its <img>, so both pick one file), fetched first. */
function imagePreload(file: string, kind: ImageKind, sizes: string): string {
  const srcset = imageSrcSetOf(file, kind, uploadAddress);
  return (
    `\n    <link rel="preload" as="image" href="${escapeHtml(uploadAddress(file))}"` +
    (srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${sizes}"` : '') +
    ' fetchpriority="high">'
  );
}

/**
 * A list shell's card slots filled from a visitor's answer of the list's
 * first page (decision 0099): the posters as the app's grid draws them
 * (list-results.tsx: the first LIST_EAGER_CARDS at once, the rest lazily),
 * the first two preloaded from the head.
 */
export function listShellImages(html: string, kind: ListShellKind, answer: string): { html: string; preload: string } {
  let cards: { serie_image?: string; movie_image?: string }[];
  try {
    const body = (JSON.parse(answer) as { body?: { series?: typeof cards; movies?: typeof cards } }).body;
    cards = (kind === 'series' ? body?.series : body?.movies) ?? [];
  } catch {
    return { html, preload: '' };
  }
  let preload = '';
  cards.forEach((card, i) => {
    const file = kind === 'series' ? card.serie_image : card.movie_image;
    const slot = listPosterSlot(kind, i);
    if (!file || !html.includes(slot)) return;
    // The eager cards after the first two: fetched as drawn, without the first ones' priority.
    const fetch = i < PRELOADED_POSTERS ? 'first' : i < LIST_EAGER_CARDS ? 'eager' : 'lazy';
    html = html.replace(slot, () => shellImage(file, 'poster', GRID_CARD_SIZES, fetch));
    if (i < PRELOADED_POSTERS) preload += imagePreload(file, 'poster', GRID_CARD_SIZES);
  });
  return { html, preload };
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

/** The shell's part between `start` and `end`: kept (its markers dropped) or removed whole. */
function shellPart(html: string, start: string, end: string, keep: boolean): string {
  const from = html.indexOf(start);
  const to = html.indexOf(end);
  if (from === -1 || to < from) return html;
  return keep
    ? html.slice(0, from) + html.slice(from + start.length, to) + html.slice(to + end.length)
    : html.slice(0, from) + html.slice(to + end.length);
}

/** An answer as inert JSON data in the document, after #root (before the stylesheet link). */
function writeAnswer(html: string, data: string): string {
  const out = html.replace(/(<div id="root">[\s\S]*?<\/div>)(\s*<link rel="stylesheet")/, `$1${data}$2`);
  return out.includes(data) ? out : out.replace('</body>', `${data}</body>`);
}

/**
 * The served document: the shell's home part kept on home only, the home
 * answer written after #root; the detail part kept on a found title's detail
 * page, its backdrop slot holding the title's cover; a list page's part kept
 * on its route, its first posters and its first page's answer written when
 * the server has it (decision 0099).
 */
export function documentFor(
  template: string,
  opts: {
    head: string;
    home: boolean;
    homeAnswer: string | null;
    detail?: { cover: string | null };
    list?: { kind: ListShellKind; answer: string | null };
  },
): string {
  let html = template;
  let preload = '';
  if (opts.home && opts.homeAnswer !== null) ({ html, preload } = shellImages(html, opts.homeAnswer));
  const cover = opts.detail?.cover;
  if (cover) html = html.replace(SHELL_BACKDROP_IMAGE, () => shellImage(cover, 'cover', FULL_BLEED_SIZES, 'first'));
  const list = opts.list;
  if (list && list.answer !== null) ({ html, preload } = listShellImages(html, list.kind, list.answer));
  html = html.replace(HEAD_MARKER, () => opts.head + preload);
  html = shellPart(html, HOME_SHELL_START, HOME_SHELL_END, opts.home);
  html = shellPart(html, DETAIL_SHELL_START, DETAIL_SHELL_END, !!opts.detail);
  for (const kind of ['series', 'movies'] as const) {
    const { start, end } = listShellMarkers(kind);
    html = shellPart(html, start, end, list?.kind === kind);
  }
  if (opts.home && opts.homeAnswer !== null) {
    html = writeAnswer(
      html,
      `<script type="application/json" id="${HOME_ANSWER_ELEMENT_ID}">${jsonForScript(opts.homeAnswer)}</script>`,
    );
  }
  if (list && list.answer !== null) {
    html = writeAnswer(
      html,
      `<script type="application/json" id="${LIST_ANSWER_ELEMENT_ID}" data-kind="${list.kind}">${jsonForScript(list.answer)}</script>`,
    );
  }
  return html;
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
  const shellStyle = indexHtml === null ? null : inlineStyleSource(indexHtml);
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

  const defaultHead = (url: string) =>
    renderHead({ title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, image: null, url, type: 'website' });

  // The hero cover is the home page's LCP element, but its name only arrives
  // with /api/home: preload it from the HTML so it starts downloading at once.
  const heroCache = new TtlCache<string>(30_000, 1);
  async function heroPreload(): Promise<string> {
    return heroCache.getOrCompute('hero', async () => {
      const cover = await opts.catalogue.heroCover();
      if (!cover) return '';
      // The same srcset and sizes as the hero's <img> (web: ResponsiveImage, FULL_BLEED_SIZES).
      return coverPreload(cover);
    });
  }

  /**
   * A full-bleed cover's preload: the same srcset and sizes as its <img>
   * (web ResponsiveImage, FULL_BLEED_SIZES), so both pick the same file. The
   * home hero's, and a detail page's backdrop (its LCP picture, drawn only
   * once the app and the title's answer are in: the bytes come meanwhile,
   * decision 0094).
   */
  const coverPreload = (cover: string): string => imagePreload(cover, 'cover', FULL_BLEED_SIZES);

  /**
   * The page's head, whether the title a detail route names exists, and on
   * a found title's detail route its cover (null without one) for the shell.
   */
  async function headFor(
    site: string,
    pathname: string,
  ): Promise<{ head: string; found: boolean; detail?: { cover: string | null } }> {
    const url = site + pathname;
    if (pathname === '/') return { head: defaultHead(url) + (await heroPreload()), found: true };
    // The players name a title too: an unknown id is the same 404 as a detail page's (issue 15).
    const watch = /^\/(watch|watchEpisodes)\/([^/]+)\/?$/.exec(pathname);
    if (watch) {
      const id = watch[2]!;
      const found =
        /^\d{1,15}$/.test(id) &&
        (watch[1] === 'watch'
          ? (await opts.catalogue.shareInfo('movies', Number(id))) !== null
          : await opts.catalogue.episodeIsOut(Number(id)));
      return { head: defaultHead(url), found };
    }
    const match = /^\/(moviedetail|movies|seriesdetail)\/([^/]+)\/?$/.exec(pathname);
    if (!match) return { head: defaultHead(url), found: true };
    const kind = match[1] === 'seriesdetail' ? 'series' : 'movies';
    const id = match[2]!;
    const info = /^\d{1,15}$/.test(id) ? await opts.catalogue.shareInfo(kind, Number(id)) : null;
    if (!info) return { head: defaultHead(url), found: false };
    return {
      head:
        renderHead({
          title: `${info.title} (${info.year}) — ${SITE_NAME}`,
          description: truncate(info.description),
          image: info.cover ? `${site}/uploads/${encodeURIComponent(info.cover)}` : null,
          url,
          type: kind === 'series' ? 'video.tv_show' : 'video.movie',
        }) + (info.cover ? coverPreload(info.cover) : ''),
      found: true,
      detail: { cover: info.cover || null },
    };
  }

  /**
   * A list route's shell, and its first page's answer when the address asks
   * for the first page without filters (the app's own first request then).
   */
  async function listFor(
    pathname: string,
    hasQuery: boolean,
  ): Promise<{ kind: ListShellKind; answer: string | null } | null> {
    const kind = LIST_ROUTES[pathname.replace(/\/+$/, '')];
    if (!kind) return null;
    const answer = !hasQuery && opts.listAnswer ? await opts.listAnswer(kind) : null;
    return { kind, answer: answer === null ? null : answer.toString('utf8') };
  }

  async function sendApp(req: FastifyRequest, reply: FastifyReply, pathname: string, routeExists: boolean) {
    if (indexHtml === null) {
      // An error answer never carries 200 (DESIGN §3): the page exists but cannot be served.
      return reply
        .code(routeExists ? 503 : 404)
        .send({ error: routeExists ? 'The web app is not built: run npm run build' : API_ERRORS.notFound });
    }
    const { head, found, detail } = await headFor(opts.origins.of(req), pathname);
    const home = pathname === '/';
    const answer = home && opts.homeAnswer ? await opts.homeAnswer() : null;
    const list = await listFor(pathname, req.url.includes('?'));
    const html = documentFor(indexHtml, {
      head: head + playerPrefetchMeta(req),
      home,
      homeAnswer: answer === null ? null : answer.toString('utf8'),
      ...(detail ? { detail } : {}),
      ...(list ? { list } : {}),
    });
    if (shellStyle !== null) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', allowInlineStyle(csp, shellStyle));
    }
    // A detail route naming no published title shows the app's 'Title not
    // found' screen; crawlers and link previews get the 404 with it.
    // Compressed: the shell and the home answer are most of a first visit's
    // first round trip on a slow link.
    reply.code(routeExists && found ? 200 : 404).header('cache-control', 'no-cache');
    return sendEncoded(req, reply, EncodedBody.of(html), 'text/html; charset=utf-8');
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
    // A page's former address: a permanent redirect, with its query (decision 0075).
    const moved = FORMER_WEB_ROUTES[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
    if (moved) {
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return reply.redirect(moved + query, 301);
    }
    // Any route of the table is the app with 200; anything else is the app's
    // own "page not found" screen, with a 404 status for crawlers.
    return sendApp(req, reply, pathname, isWebRoute(pathname));
  });
}
