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
  };
}
