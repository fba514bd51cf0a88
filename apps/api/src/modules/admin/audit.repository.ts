import { ADMIN_TEXTS, type AuditEntry } from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';

// The operators' audit log (migration 0015): append-only by trigger. A
// service records its action on the transaction that makes the change, so
// the entry exists exactly when the change does.

export interface AuditRecord {
  /** The signed-in operator; null for the command-line tool. */
  actorId: number | null;
  /** The operator's e-mail, or 'cli'. */
  actor: string;
  /** What was done, as `area.verb` (`user.ban`, `episode.publish`…). */
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Who acts: the signed-in operator, or the command-line tool. */
export interface Actor {
  id: number | null;
  /** The operator's e-mail, or 'cli'. */
  name: string;
}

/** The command-line tool (`npm run admin`). */
export const CLI_ACTOR: Actor = { id: null, name: ADMIN_TEXTS.cliActor };

/** What a service records of its action; the actor is added by `recordBy`. */
export type AuditAction = Omit<AuditRecord, 'actorId' | 'actor'>;

interface AuditRow {
  id: number;
  at: Date;
  actor_id: number | null;
  actor: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditRecord, q: Queryable = db): Promise<void> {
      await q.query(
        `INSERT INTO operator_audit_log (actor_id, actor, action, target_type, target_id, before, after)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
        [
          entry.actorId,
          entry.actor,
          entry.action,
          entry.targetType,
          entry.targetId === null ? null : String(entry.targetId),
          json(entry.before),
          json(entry.after),
        ],
      );
    },

    /** `record` with the actor's id and name, on the change's transaction. */
    recordBy(actor: Actor, entry: AuditAction, q: Queryable): Promise<void> {
      return this.record({ ...entry, actorId: actor.id, actor: actor.name }, q);
    },

    /** Newest first, `limit` entries with ids below `before` (all when null), optionally of one target. */
    async list(opts: {
      limit: number;
      before: number | null;
      target?: { type: string; id: string } | null;
    }): Promise<AuditEntry[]> {
      const params: unknown[] = [opts.limit, opts.before];
      let where = '($2::bigint IS NULL OR id < $2)';
      if (opts.target) {
        params.push(opts.target.type, opts.target.id);
        where += ' AND target_type = $3 AND target_id = $4';
      }
      const rows = await db.query<AuditRow>(
        `SELECT id, at, actor_id, actor, action, target_type, target_id, before, after
         FROM operator_audit_log WHERE ${where} ORDER BY id DESC LIMIT $1`,
        params,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        at: new Date(row.at).toISOString(),
        actor_id: row.actor_id === null ? null : Number(row.actor_id),
        actor: row.actor,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        before: row.before ?? null,
        after: row.after ?? null,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
