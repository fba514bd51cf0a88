import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { API_ERRORS } from '@bosphorus/contract';
import { HttpFailure } from './errors.js';

// DESIGN §4: security headers and a strict Content-Security-Policy on every
// page; rate limits per client address with Retry-After on 429.

export const GLOBAL_RATE_LIMIT_PER_MINUTE = 1_000;
export const SEARCH_RATE_LIMIT_PER_MINUTE = 120;
/**
 * Files (images, scripts, styles) count in a bucket of their own: one visit
 * to the home page asks for a hundred posters and stills, and a household
 * shares one address (decision 0015).
 */
export const FILE_RATE_LIMIT_PER_MINUTE = 10_000;
const FILES_KEY = 'files:';

/**
 * Images, built assets, root files (favicon) and the player's media (playlists
 * and segments: a few requests a second while a video plays): anything but the
 * API and pages.
 */
export function isFileRequest(url: string): boolean {
  return (
    url.startsWith('/uploads/') ||
    url.startsWith('/assets/') ||
    url.startsWith('/media/') ||
    // The technical support page's CDN test files, read on every media origin.
    url.startsWith('/media-probe/') ||
    /^\/[^/?]+\.[a-z0-9]+(?:[?#]|$)/i.test(url)
  );
}

/**
 * The client's address for counting. Fastify reads it from the socket, which
 * a client that reset the connection right after sending no longer has
 * (req.ip undefined): such requests count together, and never throw (issue
 * 27 finding 4).
 */
export function clientAddress(req: { ip: string | undefined }): string {
  return req.ip ?? 'gone';
}

// Called with the root instance, not through app.register(): an encapsulated
// plugin's hooks would cover only its own (no) routes.
export async function registerSecurity(
  app: FastifyInstance,
  opts: {
    rateLimit: boolean;
    https: boolean;
    /** Shares the counters between instances (REDIS_URL); in memory without it. */
    redis?: Redis | null;
    /**
     * Origins of the player page the watch pages frame (media main and
     * backup, spec §4); `'self'` when it is on the site's own origin.
     */
    playerOrigins?: string[];
  },
) {
  const headersFor = securityHeadersFor(opts.https, opts.playerOrigins);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headersFor(req.url));
    done();
  });
  if (opts.rateLimit) {
    await app.register(rateLimit, {
      global: true,
      keyGenerator: (req) => (isFileRequest(req.url) ? `${FILES_KEY}${clientAddress(req)}` : clientAddress(req)),
      // The bucket is in the key: the URL is matched once per request.
      max: (_req, key) => (key.startsWith(FILES_KEY) ? FILE_RATE_LIMIT_PER_MINUTE : GLOBAL_RATE_LIMIT_PER_MINUTE),
      timeWindow: '1 minute',
      // Our refusal (the plugin has set Retry-After already): the error
      // handler trusts only our own errors and Fastify's (issue 16).
      errorResponseBuilder: () => new HttpFailure(429, { error: API_ERRORS.tooManyRequests }),
      ...(opts.redis ? { redis: opts.redis, nameSpace: 'bos-rl-', skipOnError: true } : {}),
    });
  }
}

/**
 * The security headers of an answer to `url`, chosen by its path. Built once
 * at start, not per request (decision 0016). API answers are data, never
 * rendered as a page: they get the strictest, shortest set; the built files
 * and the stored ones (images, media) the short sets of files (decision
 * 0109); pages, and anything else, the document policy. Also used for
 * answers Fastify gives before any hook runs (a URL that does not decode:
 * app.ts).
 */
export function securityHeadersFor(https: boolean, playerOrigins?: string[]) {
  const pageHeaders = securityHeaders(https, playerOrigins);
  const apiHeaders = apiSecurityHeaders(https);
  const built = fileSecurityHeaders(https, 'built');
  const stored = fileSecurityHeaders(https, 'stored');
  return (url: string) => {
    if (url.startsWith('/api/')) return apiHeaders;
    if (url.startsWith('/assets/')) return built;
    if (url.startsWith('/uploads/') || url.startsWith('/media/') || url.startsWith('/media-probe/')) return stored;
    return pageHeaders;
  };
}

/**
 * For files a page loads (decision 0109): what acts on a script, a
 * stylesheet, an image or a media segment — no content sniffing, no other
 * site's page may load it (CORP), HSTS over https. The document-only headers
 * (framing, permissions, referrer, the page's CSP) act on nothing here and
 * cost a kilobyte on each of a first visit's forty files. Built files
 * (`/assets/`: the app's scripts, stylesheets and workers, whose policy
 * would be a worker's own) carry no CSP; a stored file (an image, a
 * playlist, a subtitle file) opened as a document may do nothing at all.
 */
export function fileSecurityHeaders(https: boolean, kind: 'built' | 'stored'): Record<string, string> {
  return {
    ...(kind === 'stored' ? { 'content-security-policy': "default-src 'none';frame-ancestors 'none'" } : {}),
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

export function contentSecurityPolicy(https: boolean, playerOrigins: string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    // The technical support page times the CDN test files on the media origins.
    'connect-src': ["'self'", ...new Set(playerOrigins)],
    'media-src': ["'self'", 'blob:'],
    // Trailers play in the privacy-enhanced YouTube player; the watch pages
    // frame our player page on the media origins.
    'frame-src': [TRAILER_ORIGIN, ...new Set(playerOrigins)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  // A source named twice ('self' beside a player origin that is the site's own) is named once.
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join(';');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * For JSON answers, exactly the set OWASP's REST Security Cheat Sheet asks
 * of every API response: nothing may load or frame them, no content
 * sniffing, HSTS over https (Content-Type is the route's; Cache-Control is
 * per answer: no-store on the private ones). Headers that only act on
 * rendered documents — Referrer-Policy, Cross-Origin-Resource-Policy, the
 * XSS auditor, DNS prefetch — mean nothing for data: every header costs on
 * each of the site's most frequent answers (decision 0016).
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * The player page (`GET /player`, spec §4 Player): the web app frames it
 * from its own origin, and after a failover it fetches media from the other
 * media origin. So, unlike every other page: framed by the app origin only
 * (not 'self', not DENY), media and connections to the media origins, and
 * full screen allowed. The URL carries the playback token: no Referer ever.
 */
export function playerSecurityHeaders(opts: {
  https: boolean;
  appOrigin: string;
  mediaOrigins: string[];
}): Record<string, string> {
  const media = [...new Set(opts.mediaOrigins)].join(' ');
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${media}`,
    `media-src 'self' blob: ${media}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${opts.appOrigin}`,
  ];
  if (opts.https) policy.push('upgrade-insecure-requests');
  const { 'x-frame-options': _framedByTheApp, ...page } = securityHeaders(opts.https);
  return {
    ...page,
    'content-security-policy': policy.join(';'),
    'referrer-policy': 'no-referrer',
    'permissions-policy':
      'fullscreen=(self), autoplay=(self), picture-in-picture=(self), camera=(), microphone=(), geolocation=()',
  };
}

/** The privacy-enhanced YouTube player that plays trailers (CSP frame-src too). */
const TRAILER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The browser features a page of ours may use, and nothing else (issue 10):
 * full screen, autoplay and picture-in-picture for the framed player page
 * (its media origins) and the trailer frame; encrypted media for the
 * trailer; clipboard writes (copying error details) for the page itself.
 * Every powerful feature we never use is off for the page and anything it
 * frames. Only features the browsers we serve recognise are named: Chromium
 * logs 'Unrecognized feature' on every page for one it does not know
 * ('web-share' and 'bluetooth' on desktop Chromium, issue 15); the share sheet
 * needs no entry (its default allow-list is the page itself).
 */
export function pagePermissionsPolicy(playerOrigins: string[] = []): string {
  // 'self' (a player page on the site's own origin) is the allow-list's `self`.
  const framed = [...new Set([...playerOrigins.filter((origin) => origin !== "'self'"), TRAILER_ORIGIN])]
    .map((origin) => `"${origin}"`)
    .join(' ');
  const allowed = {
    fullscreen: `(self ${framed})`,
    autoplay: `(self ${framed})`,
    'picture-in-picture': `(self ${framed})`,
    'encrypted-media': `("${TRAILER_ORIGIN}")`,
    'clipboard-write': '(self)',
  };
  const off = [
    'accelerometer',
    'camera',
    'geolocation',
    'gyroscope',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'usb',
    'serial',
    'hid',
    'display-capture',
    'browsing-topics',
  ];
  return [...Object.entries(allowed).map(([name, list]) => `${name}=${list}`), ...off.map((name) => `${name}=()`)].join(
    ', ',
  );
}

export function securityHeaders(https: boolean, playerOrigins: string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(https, playerOrigins),
    'permissions-policy': pagePermissionsPolicy(playerOrigins),
    // The trailer iframe must load: no cross-origin embedder policy.
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}
