import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  publicUrl: string;
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
  const publicUrl = (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const seed = readChoice(env, 'SEED_DEMO', ['auto', 'on', 'off'] as const, 'auto');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl,
    publicUrl,
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    rateLimit: readChoice(env, 'RATE_LIMIT', ['on', 'off'] as const, 'on') === 'on',
    // The demo catalogue belongs to the embedded database; a production
    // PostgreSQL gets it only when asked for (SEED_DEMO=on).
    seedDemo: seed === 'on' || (seed === 'auto' && databaseUrl === null),
    catalogueCacheSeconds: readInt(env, 'CATALOGUE_CACHE_SECONDS', 30, 0, 86_400),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(REPO_ROOT, 'apps/web/dist')),
    seedUploadsDir: path.join(REPO_ROOT, 'apps/api/seed-assets/uploads'),
    production: env.NODE_ENV === 'production',
    jwtSecret: readSecret(env, 'JWT_SECRET', 32),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Bosphorus <no-reply@bosphorus.local>',
    captcha: readCaptcha(env),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    google: readGoogle(env),
    requireEmailVerification: readChoice(env, 'REQUIRE_EMAIL_VERIFICATION', ['on', 'off'] as const, 'on') === 'on',
    trustProxy: readTrustProxy(env),
  };
}
