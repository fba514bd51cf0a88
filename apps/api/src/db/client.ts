import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

// One small interface over PGlite (embedded default) and node-postgres
// (DATABASE_URL). Only repositories call it; both run the same SQL.

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn while holding a session-level advisory lock (migrations, seeds). */
  withAdvisoryLock<T>(key: number, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel. `onState(false)` says notifications may have been
   * missed (the listening connection was lost); `onState(true)` that they
   * flow again. Resolves once listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState?: (live: boolean) => void): Promise<Listener>;
  close(): Promise<void>;
}

export interface Listener {
  close(): Promise<void>;
}

/** How long a lost listening connection waits before it connects again. */
export const LISTEN_RETRY_MS = 1_000;

const INT8_OID = 20;
const NUMERIC_OID = 1700;
// Ids are bigint in the schema but far below 2^53; counts and averages too.
const toNumber = (value: string) => Number(value);

export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Db> {
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    acquireDataDirLock(dataDir);
  }
  const db = await PGlite.create({
    ...(dataDir ? { dataDir: path.join(dataDir, 'pg') } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    // One connection, one process (the data-dir lock): the lock is taken for
    // symmetry with PostgreSQL but can never be contended.
    withAdvisoryLock: (_key, fn) => db.transaction((tx) => fn(wrap(tx))),
    // In-process: notifications arrive on commit, before the write's promise
    // resolves, and cannot be lost.
    async listen(channel, onMessage) {
      const unlisten = await db.listen(channel, onMessage);
      return { close: () => unlisten() };
    },
    async close() {
      await db.close();
      if (dataDir) releaseDataDirLock(dataDir);
    },
  };
}

export function openPostgres(url: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? toNumber
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const inTransaction = async <T>(client: pg.PoolClient, fn: (tx: Queryable) => Promise<T>) => {
    await client.query('BEGIN');
    try {
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  };
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        // Blocks a second instance starting at the same moment until the
        // first has migrated and seeded; the second then finds nothing to do.
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await inTransaction(client, fn);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own (a pooled one would be handed to queries): when it
 * is lost, onState(false), then it connects again every LISTEN_RETRY_MS until
 * it listens, then onState(true).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (live: boolean) => void = () => {},
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('end');
      void next.end().catch(() => {});
      if (closed) return;
      onState(false);
      retry = setTimeout(reconnect, LISTEN_RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      // Channel names are identifiers: quoted, never a parameter.
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    onState(true);
  };
  const reconnect = () => {
    retry = null;
    if (closed) return;
    connect().catch(() => {
      if (!closed) retry = setTimeout(reconnect, LISTEN_RETRY_MS);
    });
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

// PGlite is one process's database: a second process opening the same folder
// would corrupt it, so the folder carries a lock file with the owner's pid.
function lockPath(dataDir: string) {
  return path.join(dataDir, 'bosphorus.lock');
}

function acquireDataDirLock(dataDir: string) {
  const file = lockPath(dataDir);
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = Number(fs.readFileSync(file, 'utf8'));
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `DATA_DIR ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  fs.writeFileSync(file, String(process.pid)); // stale lock from a crashed run
}

function releaseDataDirLock(dataDir: string) {
  try {
    if (fs.readFileSync(lockPath(dataDir), 'utf8') === String(process.pid)) fs.rmSync(lockPath(dataDir));
  } catch {
    // already gone
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
