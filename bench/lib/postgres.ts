import { openPostgres, type Db } from '../../apps/api/src/db/client.js';
import { onCleanup } from './processes.js';

// Temporary PostgreSQL databases for the bench: created fresh, dropped after
// (also on failure or Ctrl-C). Names carry the bench's pid so two runs never
// collide: bos_bench_<pid>_<label>.

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function adminUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
}

// The API's own client (its pg dependency), one connection.
async function withAdmin<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = openPostgres(adminUrl(), 1);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** The server version, or null (with the reason) when PostgreSQL cannot be reached. */
export async function probePostgres(): Promise<{ version: string } | { error: string }> {
  try {
    return await withAdmin(async (c) => ({
      version: (await c.query<{ v: string }>('SELECT current_setting($1) AS v', ['server_version']))[0]!.v,
    }));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export interface TempDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createTempDatabase(label: string): Promise<TempDatabase> {
  const name = `bos_bench_${process.pid}_${label}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(adminUrl());
  url.pathname = '/' + name;
  const drop = async () => {
    // WITH (FORCE) ends connections a killed server may have left behind.
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  const unregister = onCleanup(drop);
  return {
    name,
    url: url.toString(),
    async drop() {
      unregister();
      await drop();
    },
  };
}
