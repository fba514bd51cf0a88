import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Db } from '../src/db/client.js';
import { refreshCatalogueIndex } from '../src/db/seed/catalogue-index.js';
import type { DemoCatalogue } from '../src/db/seed/demo-types.js';
import { insertCatalogue } from '../src/db/seed/seed-demo.js';

// The API integration harness (STYLE "Tests"): every suite runs on PGlite,
// loaded from the migrated template of global-setup.ts, and, when
// TEST_DATABASE_URL is set (CI), again on PostgreSQL in a database of its
// own. Each suite gets a fresh database, so suites never see each other's
// rows and never touch the tables of the TEST_DATABASE_URL database itself.

export type DatabaseKind = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
/**
 * The databases each suite runs on: PGlite, and PostgreSQL too when
 * TEST_DATABASE_URL is set; TEST_DATABASES (`postgres`, `pglite` or both,
 * comma-separated) narrows that — CI's Node 22 pass runs the suites on
 * PostgreSQL only, its Node 24 and 20 passes on PGlite (decision 0037).
 */
export const DATABASE_KINDS: readonly DatabaseKind[] = databaseKinds(process.env.TEST_DATABASES);

function databaseKinds(setting: string | undefined): DatabaseKind[] {
  const available: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!setting?.trim()) return available;
  const asked = setting.split(',').map((k) => k.trim());
  for (const kind of asked) {
    if (kind !== 'pglite' && kind !== 'postgres')
      throw new Error(`TEST_DATABASES: '${kind}' is not pglite or postgres`);
    if (!available.includes(kind)) throw new Error(`TEST_DATABASES asks for ${kind}, but TEST_DATABASE_URL is not set`);
  }
  return available.filter((k) => asked.includes(k));
}

export interface TestDatabase {
  readonly kind: DatabaseKind;
  /** The suite's database; open from beforeAll until afterAll. */
  readonly db: Db;
}

export interface OpenedDatabase {
  db: Db;
  dispose(): Promise<void>;
}

/** A fresh, migrated database of the given kind. */
export async function openTestDatabase(kind: DatabaseKind): Promise<OpenedDatabase> {
  if (kind === 'pglite') {
    const template = await fs.promises.readFile(inject('pgliteTemplatePath'));
    const db = await openPglite(null, new Blob([template]));
    return { db, dispose: () => db.close() };
  }
  // A copy of the migrated template of global-setup.ts.
  const database = await createPostgresDatabase(inject('postgresTemplateDatabase'));
  const opened = openPostgres(database.url, 4);
  return {
    db: opened,
    async dispose() {
      try {
        await opened.close();
      } finally {
        await database.drop();
      }
    },
  };
}

export interface PostgresTestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * Creates a database `bos_test_<random>` on the TEST_DATABASE_URL server:
 * empty, or a copy of `template` (a database nobody is connected to).
 */
export async function createPostgresDatabase(template?: string): Promise<PostgresTestDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bos_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = '/' + name;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Declares `describe(name)` once per database kind. The callback receives a
 * handle whose `db` is usable inside hooks and tests (it opens in beforeAll).
 */
export function describeEachDatabase(name: string, fn: (t: TestDatabase) => void) {
  for (const kind of DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let opened: OpenedDatabase | null = null;
      const handle: TestDatabase = {
        kind,
        get db() {
          if (!opened) throw new Error('The test database opens in beforeAll: use t.db inside hooks and tests');
          return opened.db;
        },
      };
      beforeAll(async () => {
        opened = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await opened?.dispose();
        opened = null;
      });
      fn(handle);
    });
  }
}

/** Services a test may inject instead of those made from the configuration (and a logger: none by default). */
export type TestServices = Pick<BuildOptions, 'mailer' | 'captcha' | 'secrets' | 'logger'>;

/**
 * buildApp with test defaults: no answer cache, no rate limit, no logs, no
 * captcha (a captcha suite sets `captcha: {provider: 'altcha', …}`), and a
 * temporary DATA_DIR (removed on close) so tests never write into the repo.
 * The web build defaults to a folder that does not exist (API only); web
 * tests pass their own `webDistDir`. No transcode runs (ingest concurrency
 * 0) unless a suite sets `ingest`. Mail goes to the development outbox
 * unless `smtpUrl` (e.g. test/smtp.ts's catcher) or a `mailer` is given.
 */
export async function buildTestApp(db: Db, overrides: Partial<Config> = {}, services: TestServices = {}) {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-api-test-'));
  const defaults = loadConfig({});
  const config: Config = {
    ...defaults,
    // No transcode runner unless a suite asks for one (modules/ingest).
    ingest: { ...defaults.ingest, concurrency: 0 },
    // A suite that names PUBLIC_URL has set it (decision 0034): one address.
    publicUrlFixed: overrides.publicUrl !== undefined,
    catalogueCacheSeconds: 0,
    rateLimit: false,
    captcha: { provider: 'off', recaptchaSiteKey: null, recaptchaSecret: null },
    dataDir: tempDir,
    webDistDir: path.join(tempDir, 'no-web-build'),
    ...overrides,
  };
  const app = await buildApp({ config, db, logger: false, ...services });
  app.addHook('onClose', async () => {
    await fs.promises.rm(tempDir, { recursive: true, force: true });
  });
  if (config.publicUrlFixed) openedAt(app, new URL(config.publicUrl).host);
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Requests that name no Host go to `host` (PUBLIC_URL's, where a suite that
 * sets it opens the site), not to light-my-request's `localhost:80`.
 */
function openedAt(app: Awaited<ReturnType<typeof buildApp>>, host: string) {
  const inject = app.inject.bind(app) as (opts?: InjectOptions | string) => unknown;
  Object.assign(app, {
    inject(opts?: InjectOptions | string) {
      if (opts === undefined) return inject();
      const request = typeof opts === 'string' ? { url: opts } : opts;
      return inject({ ...request, headers: { host, ...request.headers } });
    },
  });
}

export interface LogLine {
  level: number;
  msg: string;
}

/**
 * A logger for buildTestApp (`services.logger`) that keeps every line at
 * `level` and above, for tests that assert what was — or was not — logged.
 */
export function capturedLogs(level: 'warn' | 'error' = 'warn') {
  const lines: LogLine[] = [];
  return {
    lines,
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    /** The lines at error level or above. */
    errors: () => lines.filter((line) => line.level >= 50),
  };
}

/** GETs `url`, expects a 200 JSON answer and returns its `body` (DESIGN §3 envelope). */
export async function getBody<T>(app: TestApp, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `GET ${url} answered ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<{ body: T }>().body;
}

/** Asserts an error answer: the status, a JSON `{error}` a person can read and, for bad input, the field. */
export function expectError(
  res: { statusCode: number; headers: Record<string, unknown>; json: <T>() => T; body: string },
  status: number,
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ error?: unknown; field?: unknown }>();
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  if (field !== undefined) expect(body.field).toBe(field);
  return body as { error: string; field?: string };
}

/** Inserts a factory-built catalogue (test/factories.ts) in one transaction. */
export async function seedCatalogue(db: Db, data: DemoCatalogue) {
  await db.transaction((tx) => insertCatalogue(tx, data));
}

type TitleTable = 'series' | 'movies';

/** The id of the title with this exact display title. */
export async function idOf(db: Db, table: TitleTable, title: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE title = $1`, [title]);
  if (!row) throw new Error(`no ${table} titled '${title}'`);
  return row.id;
}

/** Publishes or withdraws a title, then refreshes the derived list ranks as an import would. */
export async function setPublished(db: Db, table: TitleTable, title: string, published: boolean) {
  const id = await idOf(db, table, title);
  await db.query(`UPDATE ${table} SET published = $2 WHERE id = $1`, [id, published]);
  await refreshCatalogueIndex(db);
  return id;
}

// ───────────── accounts (docs/auth.md) ─────────────

/** POSTs an urlencoded form (the web app's encoding), with optional extra headers. */
export function postForm(
  app: TestApp,
  url: string,
  fields: Record<string, string | number>,
  headers: Record<string, string> = {},
  method: 'POST' | 'DELETE' = 'POST',
) {
  const payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** The value a Set-Cookie header of the answer gives `name`, or null (cleared or absent). */
export function setCookieValue(res: { cookies: Array<{ name: string; value: string }> }, name: string): string | null {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie && cookie.value !== '' ? cookie.value : null;
}

export interface SignedIn {
  token: string;
  refresh: string;
  userId: number;
}

/** Signs in through POST /api/auth/token and expects success. */
export async function signIn(app: TestApp, email: string, password: string): Promise<SignedIn> {
  const res = await postForm(app, '/api/auth/token', { email, inputPassword: password });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ body: { token: string; user: { user_id: number } } }>().body;
  const refresh = setCookieValue(res, 'bos_refresh');
  expect(refresh).not.toBeNull();
  return { token: body.token, refresh: refresh!, userId: body.user.user_id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls until check passes (PostgreSQL's notifications arrive a little after the commit). */
export async function eventually(check: () => Promise<void>, ms = 3_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** A Content-Security-Policy as directive → values. */
export function directives(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}
