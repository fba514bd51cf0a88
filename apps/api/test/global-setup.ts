import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, type Db, type Queryable } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

// Runs once per `vitest run`, before any API test file. A fresh PGlite takes
// 2–3 s and initdb + migrations a few more; a migrated template dumped here
// and loaded by each test file (harness.ts) takes ~0.5 s instead.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the tarball of a migrated PGlite data directory (`dumpDataDir`). */
    pgliteTemplatePath: string;
    /** Name of a migrated PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`); '' without TEST_DATABASE_URL. */
    postgresTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bos-pglite-template-'));
  const templatePath = path.join(dir, 'migrated.tar.gz');
  // The same extensions as openPglite(), which loads this template.
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(migrationDb(pglite));
    const dump = await pglite.dumpDataDir('gzip');
    await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplatePath', templatePath);

  // CI runs the same suite on PostgreSQL too. Each test file creates its own
  // database there (harness.ts) as a copy of one migrated here: a copy takes
  // ~0.3 s where running the migrations takes ~1.5 s, 63 suites over. A
  // server that cannot be reached fails the run at once, with a clear message.
  const url = process.env.TEST_DATABASE_URL;
  let templateDatabase = '';
  if (url) {
    templateDatabase = `bos_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${templateDatabase}`).catch((error: Error) => {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${error.message}`, { cause: error });
    });
    const templateUrl = new URL(url);
    templateUrl.pathname = '/' + templateDatabase;
    // Closed before any copy is made: PostgreSQL copies only a database nobody is connected to.
    const db = openPostgres(templateUrl.toString(), 1);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  }
  project.provide('postgresTemplateDatabase', templateDatabase);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (url && templateDatabase) await adminQuery(url, `DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
  };
}

/** The Db surface migrate() needs, over a raw PGlite (openPglite() hides dumpDataDir). */
function migrationDb(pglite: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => (await q.query<T>(sql, params)).rows,
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    withAdvisoryLock: (_key, fn) => pglite.transaction((tx) => fn(wrap(tx))),
    listen: async (channel, onMessage) => ({ close: await pglite.listen(channel, onMessage) }),
    close: () => pglite.close(),
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}
