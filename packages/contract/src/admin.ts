import { z } from 'zod';

// The operator console (issue 17): `/api/admin/*` answers and the console's
// texts of our own (the spec leaves admin functions "not shown").

/** One entry of the append-only audit log: who did what, when, before and after. */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A page of the audit log, newest first; `next_before` continues it (null: the end). */
export const auditLogBody = z.object({ entries: z.array(auditEntry), next_before: z.number().nullable() });
export type AuditLogBody = z.infer<typeof auditLogBody>;

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** Texts of the console and its API. */
export const ADMIN_TEXTS = {
  notOperator: 'This page is for operators only.',
  consoleTitle: 'Operator console',
  consoleLink: 'Console',
  auditLog: 'Audit log',
  auditEmpty: 'No operator action has been recorded yet.',
  olderEntries: 'Older entries',
  cliActor: 'cli',
} as const;
