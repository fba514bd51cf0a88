import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';

// The database's change feed (migrations 0011 and 0012, decision 0028):
// triggers announce every committed write that makes an in-memory copy
// stale, on one channel, whoever wrote it. Each instance listens once and
// hands each change to the caches that hold that kind of thing. It is the
// only way to say "data changed": a writer in this process calls
// `changed()` as well, so its own next request cannot see its copy (the
// database's notification comes a little later on PostgreSQL).
//
// While the feed is not live (PostgreSQL's listening connection lost and not
// back yet) changes may be missed: caches must neither serve nor keep what
// they read, and everything they held is dropped when it comes back.

export const CHANGES_CHANNEL = 'bosphorus_changes';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's change feed (tests wait on `settled()` after writing behind its back). */
    changeFeed: ChangeFeed;
  }
}

/**
 * account:<user>, library:<user>, movie:<id>, series:<id>; catalogue:0 is
 * a change shared by many titles (genres, people, promotions, a bulk write):
 * every public answer.
 */
export type ChangeKind = 'account' | 'library' | 'movie' | 'series' | 'catalogue';
const KINDS = new Set<string>(['account', 'library', 'movie', 'series', 'catalogue']);

export interface ChangeFeed {
  /** Calls handler with the id of every change of this kind. */
  on(kind: ChangeKind, handler: (id: number) => void): void;
  /** Calls handler when changes may have been missed: everything held is suspect. */
  onReset(handler: () => void): void;
  /**
   * A write of this process: the change applies here at once (every other
   * instance hears it from the database's trigger on commit).
   */
  changed(kind: ChangeKind, id: number): void;
  /** False while changes may be missed. */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has been handed
   * to the handlers (a marker sent through the channel comes back after
   * them: notifications arrive in commit order).
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Parses '<kind>:<id>'; null for anything else (another program on the channel). */
export function parseChange(payload: string): { kind: ChangeKind; id: number } | null {
  const match = /^([a-z]+):(\d{1,15})$/.exec(payload);
  if (!match || !KINDS.has(match[1]!)) return null;
  return { kind: match[1] as ChangeKind, id: Number(match[2]) };
}

/** A feed in the making: handlers may be added before and after it listens. */
export function createChangeFeed() {
  const handlers = new Map<ChangeKind, Array<(id: number) => void>>();
  const resets: Array<() => void> = [];
  let live = false;
  let database: Pick<Db, 'listen' | 'query'> | null = null;
  const markers = new Map<string, () => void>();
  const reset = () => {
    for (const handler of resets) handler();
    // A marker sent before a lost connection never comes back: what it
    // waited for is dropped anyway.
    for (const [marker, done] of markers) {
      markers.delete(marker);
      done();
    }
  };
  const deliver = (payload: string) => {
    const marker = markers.get(payload);
    if (marker) {
      markers.delete(payload);
      return marker();
    }
    const change = parseChange(payload);
    if (change) for (const handler of handlers.get(change.kind) ?? []) handler(change.id);
  };
  let listener: { close(): Promise<void> } | null = null;
  const feed = {
    on(kind: ChangeKind, handler: (id: number) => void) {
      handlers.set(kind, [...(handlers.get(kind) ?? []), handler]);
    },
    onReset(handler: () => void) {
      resets.push(handler);
    },
    get live() {
      return live;
    },
    /** Starts listening; a feed that never started stays not live (caches pass through). */
    async start(db: Pick<Db, 'listen' | 'query'>) {
      database = db;
      listener = await db.listen(CHANGES_CHANNEL, deliver, (now) => {
        live = now;
        reset();
      });
      live = true;
    },
    changed(kind: ChangeKind, id: number) {
      deliver(`${kind}:${id}`);
    },
    async settled() {
      if (!live || !database) return;
      const marker = `settled:${randomUUID()}`;
      const back = new Promise<void>((resolve) => markers.set(marker, resolve));
      await database.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, marker]);
      await back;
    },
    async close() {
      live = false;
      reset();
      await listener?.close();
    },
  };
  return feed satisfies ChangeFeed;
}
