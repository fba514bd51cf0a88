import type { InboxItem, InboxKind, InboxStatus } from '@bosphorus/contract';
import type { Db, Queryable } from '../../db/client.js';

// The operator console's inbox (issue 17, decision 0081): what viewers sent
// us — issue reports (the player's Report), contact messages (the contact
// form) and client error reports (the web app's own) — each with the status
// an operator gives it (migration 0016). The three tables are written by
// their modules (playback, support, diagnostics); this file only reads them
// and sets `status`, the console's column.

interface Source {
  table: string;
  /** When it arrived. */
  time: string;
  /** The one-line summary. */
  summary: string;
}

const SOURCES: Record<InboxKind, Source> = {
  reports: { table: 'issue_reports', time: 'created_at', summary: 'note' },
  messages: { table: 'contact_messages', time: 'created_at', summary: 'subject' },
  errors: { table: 'client_error_reports', time: 'received_at', summary: 'message' },
};

/** Columns shown elsewhere in the item (or the console's own). */
const HIDDEN = new Set(['id', 'status', 'status_at', 'user_id', 'payload']);

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Every stored field as text; an issue report's form fields (payload) are spread beside its note. */
function fieldsOf(data: Record<string, unknown>): Record<string, string | null> {
  const fields: Record<string, string | null> = {};
  const payload = data.payload && typeof data.payload === 'object' ? (data.payload as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries({ ...data, ...payload })) {
    if (!HIDDEN.has(key)) fields[key] = asText(value);
  }
  return fields;
}

interface InboxRow {
  id: number;
  status: InboxStatus;
  received_at: Date | string;
  user_id: number | null;
  summary: string;
  data: Record<string, unknown> | string;
}

export function createInboxRepository(db: Db) {
  return {
    /** Newest first, `limit` items below `before` (all when null), of one status (all when null). */
    async list(
      kind: InboxKind,
      opts: { status: InboxStatus | null; before: number | null; limit: number },
    ): Promise<InboxItem[]> {
      const { table, time, summary } = SOURCES[kind];
      const rows = await db.query<InboxRow>(
        `SELECT id, status, ${time} AS received_at, user_id, ${summary} AS summary, to_jsonb(t) AS data
         FROM ${table} t
         WHERE ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR id < $2)
         ORDER BY id DESC LIMIT $3`,
        [opts.status, opts.before, opts.limit],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        kind,
        received_at: new Date(row.received_at).toISOString(),
        status: row.status,
        summary: row.summary,
        user_id: row.user_id === null ? null : Number(row.user_id),
        fields: fieldsOf(typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data),
      }));
    },

    async countNew(kind: InboxKind): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SOURCES[kind].table} WHERE status = 'new'`,
      );
      return Number(row?.n ?? 0);
    },

    /** The item's status, locked until the transaction ends; null: no such item. */
    async lockStatus(kind: InboxKind, id: number, q: Queryable): Promise<InboxStatus | null> {
      const [row] = await q.query<{ status: InboxStatus }>(
        `SELECT status FROM ${SOURCES[kind].table} WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row?.status ?? null;
    },

    async setStatus(kind: InboxKind, id: number, status: InboxStatus, q: Queryable): Promise<void> {
      await q.query(`UPDATE ${SOURCES[kind].table} SET status = $2, status_at = now() WHERE id = $1`, [id, status]);
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
