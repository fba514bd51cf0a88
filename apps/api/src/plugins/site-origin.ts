import type { FastifyInstance, FastifyRequest } from 'fastify';
import os from 'node:os';
import { HOST_PATTERN, type Config } from '../config.js';
import { backupOriginOf, type PlayerOrigins } from '../modules/playback/playback.service.js';
import { isFileRequest } from './security.js';

// Every address the site is opened at (decision 0034). Without PUBLIC_URL the
// site follows the origin each request came to — `http://localhost:3000`,
// `http://127.0.0.1:3000`, a TV on the home network at
// `http://192.168.1.20:3000` — for its links, the player's frame policy and
// origins, payment return addresses and the Google sign-in redirect. The
// host is Fastify's `req.host` and the scheme `req.protocol`: the
// X-Forwarded-Host/-Proto of a proxy count only as TRUST_PROXY says.
//
// With PUBLIC_URL set there is one address: every link is built from it, and
// a page asked for at another host is redirected there (308). API, media,
// images and health answers stay usable at any host (native clients, load
// balancers' checks, a media CDN in front of this server).
//
// Nothing origin-dependent is cached: the public answer cache holds answers
// without an origin (modules/catalogue/public-answers.ts), so an unknown
// Host cannot poison what others receive.

export interface SiteOrigins {
  /** True when PUBLIC_URL is set: one address, the others redirect. */
  readonly fixed: boolean;
  /** PUBLIC_URL, or `http://localhost:PORT` when it is unset (the CLI, logs, an unusable Host). */
  readonly configured: string;
  /** The site's origin for links answered to this request. */
  of(req: FastifyRequest): string;
  /**
   * For links mailed to someone (a password reset): a request can name any
   * Host (or X-Forwarded-Host through a trusted proxy), and the mail goes to
   * someone else, so a name the request chose is never enough (issue 27
   * finding 1). PUBLIC_URL when set; without it the request's origin only
   * when it is an address this server really answers at — a loopback
   * address, this machine's host name or one of its interfaces' addresses,
   * at the port it listens on (or none: a proxy's default), or a name of
   * ALLOWED_HOSTS — else the configured origin (`http://localhost:PORT`).
   */
  forMail(req: FastifyRequest): string;
  /** The player's origins for links answered to this request (spec §4 main and backup). */
  media(req: FastifyRequest): MediaOrigins;
  /**
   * The web app's origin as seen from a request to the player page or its
   * media: the request's own origin, unless it came to a separately
   * configured media origin (a CDN), which cannot tell which address the
   * viewer opened: then PUBLIC_URL (set it when media has origins of its own).
   */
  appOf(req: FastifyRequest): string;
  /** The player's origins and the app's, for a watch answer, the player page or its media. */
  player(req: FastifyRequest): PlayerOrigins;
  /** The media origins set in the configuration, whatever the request (the page policy's frame-src). */
  readonly configuredMedia: string[];
}

export interface MediaOrigins {
  main: string;
  backup: string;
}

/** The origin this request came to, or null when its host is not a usable one. */
export function requestOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  if (!host || host.length > 260 || !HOST_PATTERN.test(host)) return null;
  try {
    return new URL(`${req.protocol === 'https' ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return null;
  }
}

/** The player's main and backup origins when the site is at `site`. */
export function mediaOrigins(media: Pick<Config['media'], 'mainOrigin' | 'backupOrigin'>, site: string): MediaOrigins {
  const main = media.mainOrigin ?? site;
  return { main, backup: backupOriginOf({ mainOrigin: main, backupOrigin: media.backupOrigin ?? main }) };
}

/** The names and addresses of this machine, now (interfaces come and go: read at each use). */
export function ownHostNames(): Set<string> {
  const names = new Set<string>(['localhost']);
  const hostname = os.hostname().toLowerCase();
  if (hostname) names.add(hostname);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      // A link-local IPv6 address needs its zone, which no URL of a mail carries.
      if (address.family === 'IPv6' && address.scopeid) continue;
      names.add(address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address);
    }
  }
  return names;
}

/** A loopback address or name: only the reader's own machine answers there. */
function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * Whether `origin` is an address this server answers at (forMail): a
 * loopback address, or one of `ownNames` at the server's port or a default
 * port; or a host of `allowed` (with its port when the entry names one).
 */
export function answersAt(origin: string, port: number, allowed: readonly string[], ownNames: Set<string>): boolean {
  const url = new URL(origin);
  const hostname = url.hostname.toLowerCase();
  if (allowed.includes(url.host.toLowerCase())) return true;
  const atOurPort = url.port === '' || url.port === String(port);
  if (!atOurPort) return false;
  return allowed.includes(hostname) || isLoopback(hostname) || ownNames.has(hostname);
}

export function createSiteOrigins(
  config: Pick<Config, 'publicUrl' | 'publicUrlFixed' | 'port' | 'allowedHosts'> & {
    media: Pick<Config['media'], 'mainOrigin' | 'backupOrigin'>;
  },
): SiteOrigins {
  const configured = new URL(config.publicUrl).origin;
  const configuredMedia =
    config.media.mainOrigin === null
      ? []
      : [...new Set(Object.values(mediaOrigins(config.media, configured)).map((url) => new URL(url).origin))];
  const of = config.publicUrlFixed ? () => configured : (req: FastifyRequest) => requestOrigin(req) ?? configured;
  const appOf = (req: FastifyRequest) => {
    const origin = of(req);
    return configuredMedia.includes(origin) && origin !== configured ? configured : origin;
  };
  return {
    fixed: config.publicUrlFixed,
    configured,
    configuredMedia,
    of,
    forMail(req) {
      if (config.publicUrlFixed) return configured;
      const origin = requestOrigin(req);
      return origin && answersAt(origin, config.port, config.allowedHosts, ownHostNames()) ? origin : configured;
    },
    media: (req) => mediaOrigins(config.media, of(req)),
    appOf,
    player: (req) => ({ ...mediaOrigins(config.media, of(req)), app: appOf(req) }),
  };
}

/** Paths that are pages (the web app's routes), as opposed to API, media, images, assets and probes. */
function isPagePath(url: string, apiMounts: readonly string[]): boolean {
  return !(
    apiMounts.some((mount) => url.startsWith(`${mount}/`)) ||
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url === '/player' ||
    url.startsWith('/player?') ||
    url.startsWith('/healthz') ||
    url.startsWith('/readyz') ||
    isFileRequest(url)
  );
}

/**
 * With PUBLIC_URL set, a page asked for at another host answers 308 to the
 * same path at PUBLIC_URL; API and file answers are served wherever they are
 * asked for (their links are PUBLIC_URL's anyway).
 */
export function registerCanonicalHost(
  app: FastifyInstance,
  origins: SiteOrigins,
  /** Other APIs served here (the demo checkout's stand-in provider APIs, called in-process): never redirected. */
  apiMounts: readonly string[] = [],
) {
  if (!origins.fixed) return;
  const canonical = new URL(origins.configured);
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPagePath(req.url, apiMounts)) return done();
    const host = req.host?.toLowerCase();
    if (host === canonical.host) return done();
    reply.redirect(`${origins.configured}${req.url.startsWith('/') ? req.url : '/'}`, 308);
  });
}
