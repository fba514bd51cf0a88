import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Db, Queryable } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

// Runs once per `vitest run`, before any API test file. A fresh PGlite takes
// 2–3 s and initdb + migrations a few more; a migrated template dumped here
// and loaded by each test file (harness.ts) takes ~0.5 s instead.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the tarball of a migrated PGlite data directory (`dumpDataDir`). */
    pgliteTemplatePath: string;
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
  // database there (harness.ts); here we only fail fast, with a clear message,
  // when the server cannot be reached.
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      await client.end().catch(() => {});
    }
  }

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
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
