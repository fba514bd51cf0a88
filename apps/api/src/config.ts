import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@bosphorus/contract';

// Configuration is read once at boot and validated (DESIGN §1). A bad value
// stops the start with a message naming the variable.

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * PUBLIC_URL, or `http://localhost:PORT` when unset; links follow each
   * request's origin unless `publicUrlFixed` (plugins/site-origin.ts, decision 0034).
   */
  publicUrl: string;
  /** PUBLIC_URL was set: every link is built from it and pages at other hosts redirect there. */
  publicUrlFixed: boolean;
  /**
   * ALLOWED_HOSTS: other names (host or host:port, lower case) this server
   * answers at, for mailed links when PUBLIC_URL is unset (plugins/site-origin.ts).
   */
  allowedHosts: string[];
  logLevel: LogLevel;
  rateLimit: boolean;
  seedDemo: boolean;
  /** Seconds a public catalogue answer is reused; 0 turns the cache off. */
  catalogueCacheSeconds: number;
  /** Built web app (index.html and assets). */
  webDistDir: string;
  /** Shipped demo images, served at /uploads. */
  seedUploadsDir: string;
  /** True when NODE_ENV=production: no development outbox. */
  production: boolean;
  /**
   * Access-token signing key (JWT_SECRET, at least 32 characters). When
   * unset, one is generated once and kept in DATA_DIR (lib/secrets.ts).
   */
  jwtSecret: string | null;
  /** smtp:// or smtps:// with credentials; null: mail goes to the log and the dev outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the contact form's messages go (CONTACT_TO); default: the address of MAIL_FROM. */
  contactTo: string;
  captcha: {
    provider: 'altcha' | 'recaptcha' | 'off';
    recaptchaSiteKey: string | null;
    recaptchaSecret: string | null;
  };
  /** Shares rate-limit counters between instances; in memory when null. */
  redisUrl: string | null;
  /** Google sign-in through OpenID Connect; null when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** E-mail verification before the first sign-in (default on). */
  requireEmailVerification: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate
   * limits, logs): Fastify's trustProxy (addresses/CIDRs, a hop count, or
   * true/false). Default: private networks and loopback, where a load
   * balancer sits; a client on the internet cannot pose as another.
   */
  trustProxy: boolean | number | string;
  /**
   * Where the player page and its media are served (spec §4 Player main/backup).
   * Default PUBLIC_URL; null (neither set): the origin each request came to.
   */
  media: {
    mainOrigin: string | null;
    /** Default the main origin (and spec §4's '.com' → '.net' rule beside it). */
    backupOrigin: string | null;
    /** Folder of the playable files (the demo clips by default). */
    dir: string;
    /** Lifetime of a playback token (seconds). */
    tokenTtlSeconds: number;
  };
  /** Web Push (modules/notifications): VAPID keys from the environment, else made once in DATA_DIR. */
  push: {
    vapidPublicKey: string | null;
    vapidPrivateKey: string | null;
    /** mailto: or https: contact the push services may use. */
    vapidSubject: string;
    /** Accept http:// push endpoints (tests' local push service only). */
    allowHttpEndpoints: boolean;
  };
  /** Seconds between runs of the episode publishing scheduler (modules/notifications); 0: off. */
  publishIntervalSeconds: number;
  /** Media ingest (issue 17, modules/ingest): the transcode queue and uploads. */
  ingest: {
    /** Transcodes this process runs at once (INGEST_CONCURRENCY; 0: leave them to `npm run worker`). */
    concurrency: number;
    /** A running job whose worker has not beaten for this long is taken again (INGEST_STALE_SECONDS). */
    staleSeconds: number;
    /** Attempts a job gets when its worker keeps dying (INGEST_MAX_ATTEMPTS). */
    maxAttempts: number;
    /** Largest video upload in bytes (MAX_UPLOAD_BYTES). */
    maxUploadBytes: number;
    /** The system's ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH). */
    ffmpeg: string;
    ffprobe: string;
    /** x264 preset (INGEST_PRESET): veryfast is 1.5× real time on 2 cores (the notes). */
    preset: string;
    /**
     * The markers job (modules/markers, decision 0125): how much of an
     * episode's start and end is compared with its neighbours'
     * (MARKERS_HEAD_SECONDS, MARKERS_TAIL_SECONDS).
     */
    markers: { headSeconds: number; tailSeconds: number };
  };
  /**
   * VPN_CHECK_URL: an https:// address with `{ip}` of a third-party VPN/proxy
   * lookup for the technical support page (modules/diagnostics); null: our
   * own backend's answer only (decision 0053).
   */
  vpnCheckUrl: string | null;
  /** Payment providers (modules/billing/README.md). */
  payments: {
    /** The embedded demo checkout stands in for a provider that has no keys. */
    demo: boolean;
    stripe: { secretKey: string; webhookSecret: string; apiBase: string | null } | null;
    paypal: { clientId: string; clientSecret: string; webhookId: string; apiBase: string } | null;
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got '${raw}')`);
  }
  return Number(raw);
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase() as T;
  if (!choices.includes(value)) {
    throw new ConfigError(name, `must be one of ${choices.join(', ')} (got '${raw}')`);
  }
  return value;
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be an absolute URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => p + '//').join(' or ')}`);
  }
  return raw;
}

function readSecret(env: Env, name: string, minLength: number): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters`);
  return raw;
}

function readVpnCheckUrl(env: Env): string | null {
  const url = readUrl(env, 'VPN_CHECK_URL', ['https:']);
  if (url !== null && !url.includes('{ip}')) {
    throw new ConfigError('VPN_CHECK_URL', `must contain {ip} where the address goes (got '${url}')`);
  }
  return url;
}

const PLAIN_EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** CONTACT_TO, else the address inside MAIL_FROM ('Name <addr>' or a bare address). */
function readContactTo(env: Env): string {
  const raw = env.CONTACT_TO;
  if (raw !== undefined && raw !== '') {
    if (!PLAIN_EMAIL.test(raw)) throw new ConfigError('CONTACT_TO', `must be one e-mail address (got '${raw}')`);
    return raw;
  }
  const from = env.MAIL_FROM || 'Bosphorus <no-reply@bosphorus.local>';
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  if (!PLAIN_EMAIL.test(address)) {
    throw new ConfigError('CONTACT_TO', `is required when MAIL_FROM holds no plain address (got '${from}')`);
  }
  return address;
}

function readCaptcha(env: Env): Config['captcha'] {
  const provider = readChoice(env, 'CAPTCHA_PROVIDER', ['altcha', 'recaptcha', 'off'] as const, 'altcha');
  const recaptchaSiteKey = env.RECAPTCHA_SITE_KEY || null;
  const recaptchaSecret = env.RECAPTCHA_SECRET || null;
  if (provider === 'recaptcha' && !recaptchaSiteKey) {
    throw new ConfigError('RECAPTCHA_SITE_KEY', 'is required when CAPTCHA_PROVIDER=recaptcha');
  }
  if (provider === 'recaptcha' && !recaptchaSecret) {
    throw new ConfigError('RECAPTCHA_SECRET', 'is required when CAPTCHA_PROVIDER=recaptcha');
  }
  return { provider, recaptchaSiteKey, recaptchaSecret };
}

function readGoogle(env: Env): Config['google'] {
  const clientId = env.GOOGLE_CLIENT_ID || '';
  const clientSecret = env.GOOGLE_CLIENT_SECRET || '';
  if (!clientId && !clientSecret) return null;
  if (!clientId) throw new ConfigError('GOOGLE_CLIENT_ID', 'is required when GOOGLE_CLIENT_SECRET is set');
  if (!clientSecret) throw new ConfigError('GOOGLE_CLIENT_SECRET', 'is required when GOOGLE_CLIENT_ID is set');
  const issuer = readUrl(env, 'GOOGLE_ISSUER', ['http:', 'https:']) ?? 'https://accounts.google.com';
  return { clientId, clientSecret, issuer: issuer.replace(/\/+$/, '') };
}

/** A host[:port] as a URL may carry it: a DNS name, an IPv4 address or a bracketed IPv6 address. */
export const HOST_PATTERN =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/i;

function readAllowedHosts(env: Env): string[] {
  const raw = env.ALLOWED_HOSTS?.trim();
  if (!raw) return [];
  const hosts = raw.split(',').map((part) => part.trim().toLowerCase());
  if (!hosts.every((host) => HOST_PATTERN.test(host)))
    throw new ConfigError('ALLOWED_HOSTS', 'must be host names or host:port, separated by commas');
  return hosts;
}

const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';

function readTrustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return DEFAULT_TRUST_PROXY;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const ok = raw.split(',').every((part) => {
    const p = part.trim();
    return named.has(p) || /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(p);
  });
  if (!ok)
    throw new ConfigError('TRUST_PROXY', 'must be true, false, a hop count, or addresses/CIDRs separated by commas');
  return raw;
}

/** publicUrl: PUBLIC_URL when set; null: the site follows each request's origin, and so do the media origins. */
function readMedia(env: Env, publicUrl: string | null): Config['media'] {
  const origin = (name: string) => readUrl(env, name, ['http:', 'https:'])?.replace(/\/+$/, '') ?? null;
  const mainOrigin = origin('MEDIA_MAIN_ORIGIN') ?? publicUrl;
  return {
    mainOrigin,
    backupOrigin: origin('MEDIA_BACKUP_ORIGIN') ?? mainOrigin,
    dir: path.resolve(env.MEDIA_DIR || path.join(REPO_ROOT, 'apps/api/media')),
    // DESIGN §4: short-lived; the player asks for a fresh one before it ends.
    tokenTtlSeconds: readInt(env, 'PLAYBACK_TOKEN_TTL_SECONDS', 4 * 3600, 30, 24 * 3600),
  };
}

function readPush(env: Env, publicUrl: string): Config['push'] {
  const vapidPublicKey = env.VAPID_PUBLIC_KEY || null;
  const vapidPrivateKey = env.VAPID_PRIVATE_KEY || null;
  if (vapidPublicKey && !vapidPrivateKey)
    throw new ConfigError('VAPID_PRIVATE_KEY', 'is required when VAPID_PUBLIC_KEY is set');
  if (vapidPrivateKey && !vapidPublicKey)
    throw new ConfigError('VAPID_PUBLIC_KEY', 'is required when VAPID_PRIVATE_KEY is set');
  const subject = env.VAPID_SUBJECT || (publicUrl.startsWith('https:') ? publicUrl : 'mailto:no-reply@bosphorus.local');
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new ConfigError('VAPID_SUBJECT', 'must start with mailto: or https://');
  return {
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject: subject,
    allowHttpEndpoints: readChoice(env, 'PUSH_ALLOW_HTTP_ENDPOINTS', ['on', 'off'] as const, 'off') === 'on',
  };
}

function readPayments(env: Env, production: boolean): Config['payments'] {
  const secretKey = env.STRIPE_SECRET_KEY || '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || '';
  if (secretKey && !webhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');
  }
  const stripe = secretKey
    ? { secretKey, webhookSecret, apiBase: readUrl(env, 'STRIPE_API_BASE', ['http:', 'https:']) }
    : null;
  const paypalNames = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;
  const given = paypalNames.filter((name) => env[name]);
  if (given.length > 0 && given.length < paypalNames.length) {
    const missing = paypalNames.find((name) => !env[name])!;
    throw new ConfigError(missing, `is required when ${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} set`);
  }
  const paypal =
    given.length === paypalNames.length
      ? {
          clientId: env.PAYPAL_CLIENT_ID!,
          clientSecret: env.PAYPAL_CLIENT_SECRET!,
          webhookId: env.PAYPAL_WEBHOOK_ID!,
          apiBase: (readUrl(env, 'PAYPAL_API_BASE', ['http:', 'https:']) ?? 'https://api-m.paypal.com').replace(
            /\/+$/,
            '',
          ),
        }
      : null;
  // The demo checkout never runs in production unless asked for by name.
  const demo = readChoice(env, 'PAYMENTS_DEMO', ['on', 'off'] as const, production ? 'off' : 'on') === 'on';
  return { demo, stripe, paypal };
}

/**
 * The configuration of this process, or its exit with the message naming the
 * bad variable (the server and the admin CLI start the same way).
 */
export function loadConfigOrExit(exitCode: number): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(exitCode);
    }
    throw error;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const configuredUrl = readUrl(env, 'PUBLIC_URL', ['http:', 'https:']);
  const publicUrl = (configuredUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const seed = readChoice(env, 'SEED_DEMO', ['auto', 'on', 'off'] as const, 'auto');
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl,
    publicUrl,
    publicUrlFixed: configuredUrl !== null,
    allowedHosts: readAllowedHosts(env),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    rateLimit: readChoice(env, 'RATE_LIMIT', ['on', 'off'] as const, 'on') === 'on',
    // The demo catalogue belongs to the embedded database; a production
    // PostgreSQL gets it only when asked for (SEED_DEMO=on).
    seedDemo: seed === 'on' || (seed === 'auto' && databaseUrl === null),
    catalogueCacheSeconds: readInt(env, 'CATALOGUE_CACHE_SECONDS', 30, 0, 86_400),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(REPO_ROOT, 'apps/web/dist')),
    seedUploadsDir: path.join(REPO_ROOT, 'apps/api/seed-assets/uploads'),
    production,
    jwtSecret: readSecret(env, 'JWT_SECRET', 32),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Bosphorus <no-reply@bosphorus.local>',
    contactTo: readContactTo(env),
    captcha: readCaptcha(env),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    google: readGoogle(env),
    requireEmailVerification: readChoice(env, 'REQUIRE_EMAIL_VERIFICATION', ['on', 'off'] as const, 'on') === 'on',
    trustProxy: readTrustProxy(env),
    media: readMedia(env, configuredUrl === null ? null : publicUrl),
    payments: readPayments(env, production),
    push: readPush(env, publicUrl),
    publishIntervalSeconds: readInt(env, 'PUBLISH_INTERVAL_SECONDS', 20, 0, 3_600),
    ingest: {
      concurrency: readInt(env, 'INGEST_CONCURRENCY', 1, 0, 64),
      staleSeconds: readInt(env, 'INGEST_STALE_SECONDS', 20, 3, 3_600),
      maxAttempts: readInt(env, 'INGEST_MAX_ATTEMPTS', 3, 1, 20),
      maxUploadBytes: readInt(env, 'MAX_UPLOAD_BYTES', DEFAULT_MAX_UPLOAD_BYTES, 1024, 2 ** 50),
      ffmpeg: env.FFMPEG_PATH || 'ffmpeg',
      ffprobe: env.FFPROBE_PATH || 'ffprobe',
      preset: readChoice(
        env,
        'INGEST_PRESET',
        ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium'] as const,
        'veryfast',
      ),
      markers: {
        headSeconds: readInt(env, 'MARKERS_HEAD_SECONDS', 720, 30, 3_600),
        tailSeconds: readInt(env, 'MARKERS_TAIL_SECONDS', 480, 30, 3_600),
      },
    },
    vpnCheckUrl: readVpnCheckUrl(env),
  };
}
