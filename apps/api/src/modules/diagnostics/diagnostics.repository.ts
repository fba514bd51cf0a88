import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of diagnostics: the client error reports
// (client_error_reports, migration 0014).

export interface ErrorReportRow {
  type: string;
  name: string | null;
  message: string;
  source: string | null;
  line: number | null;
  column: number | null;
  stack: string | null;
  pageUrl: string | null;
  userAgent: string | null;
  clientTimestamp: string | null;
  frontendVersion: string;
  isTv: boolean | null;
  /** The verified token's user, never a field of the report. */
  userId: number | null;
  ip: string;
}

export interface StoredErrorReport {
  id: number;
  receivedAt: Date;
  type: string;
  message: string;
  source: string | null;
  line: number | null;
  pageUrl: string | null;
  frontendVersion: string;
  userId: number | null;
}

export function createDiagnosticsRepository(db: Queryable) {
  return {
    async insertErrorReport(r: ErrorReportRow): Promise<void> {
      await db.query(
        `INSERT INTO client_error_reports
           (type, name, message, source, line, col, stack, page_url, user_agent, client_timestamp,
            frontend_version, is_tv, user_id, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          r.type,
          r.name,
          r.message,
          r.source,
          r.line,
          r.column,
          r.stack,
          r.pageUrl,
          r.userAgent,
          r.clientTimestamp,
          r.frontendVersion,
          r.isTv,
          r.userId,
          r.ip,
        ],
      );
    },

    /** The newest reports first (operators: `npm run admin -- client-errors`). */
    async recentErrorReports(limit: number): Promise<StoredErrorReport[]> {
      const rows = await db.query<{
        id: string | number;
        received_at: Date | string;
        type: string;
        message: string;
        source: string | null;
        line: number | null;
        page_url: string | null;
        frontend_version: string;
        user_id: string | number | null;
      }>(
        `SELECT id, received_at, type, message, source, line, page_url, frontend_version, user_id
           FROM client_error_reports ORDER BY received_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        receivedAt: new Date(row.received_at),
        type: row.type,
        message: row.message,
        source: row.source,
        line: row.line,
        pageUrl: row.page_url,
        frontendVersion: row.frontend_version,
        userId: row.user_id === null ? null : Number(row.user_id),
      }));
    },
  };
}
export type DiagnosticsRepository = ReturnType<typeof createDiagnosticsRepository>;
