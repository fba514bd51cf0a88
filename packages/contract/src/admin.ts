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

export { ADMIN_TEXTS } from './admin-texts.js';

// ───────────── Viewers (issue 17) ─────────────

/** A line of the viewers' search. */
export const adminUserRow = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'admin']),
  verified: z.boolean(),
  banned: z.boolean(),
  created_at: z.string(),
  /** The end of the live plan, or null. */
  plan_ends_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUsersBody = z.object({ users: z.array(adminUserRow) });
export type AdminUsersBody = z.infer<typeof adminUsersBody>;
/** At most this many accounts per search. */
export const ADMIN_USERS_PAGE = 50;

export const adminSubscription = z.object({
  id: z.number(),
  plan: z.string(),
  provider: z.string(),
  status: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export const adminPayment = z.object({
  id: z.number(),
  plan: z.string(),
  gateway: z.string(),
  amount_minor: z.number(),
  currency: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export const adminSession = z.object({
  /** The session (refresh chain) id. */
  id: z.string(),
  started_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const adminUserDetail = z.object({
  user: adminUserRow,
  subscriptions: z.array(adminSubscription),
  payments: z.array(adminPayment),
  sessions: z.array(adminSession),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export type AdminSession = z.infer<typeof adminSession>;

/** POST /admin/users/{id}/plan: a complimentary plan of this many days. */
export const MAX_GRANT_DAYS = 366;
export const grantPlanForm = z.object({ days: z.coerce.number().int().min(1).max(MAX_GRANT_DAYS) });

/** What a viewer action answers: the account after it and what it did. */
export const adminUserActionBody = z.object({ message: z.string(), user: adminUserRow });
export type AdminUserActionBody = z.infer<typeof adminUserActionBody>;

// ───────────── Inbox (issue 17) ─────────────

export const INBOX_STATUSES = ['new', 'seen', 'resolved'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_KINDS = ['reports', 'messages', 'errors'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** Items per page of an inbox list. */
export const INBOX_PAGE_SIZE = 50;

export const inboxItem = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  received_at: z.string(),
  status: z.enum(INBOX_STATUSES),
  /** One line: the report's note, the message's subject, the error's message. */
  summary: z.string(),
  /** The signed-in sender's account, when known. */
  user_id: z.number().nullable(),
  /** Every stored field, as received (issue reports: every spec §3 field). */
  fields: z.record(z.string(), z.string().nullable()),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxBody = z.object({
  items: z.array(inboxItem),
  next_before: z.number().nullable(),
  /** How many of this kind are new. */
  new_count: z.number(),
});
export type InboxBody = z.infer<typeof inboxBody>;
export const inboxStatusForm = z.object({ status: z.enum(INBOX_STATUSES) });

// ───────────── Pages and FAQ (issue 17) ─────────────

export const adminPageRow = z.object({ slug: z.string(), title: z.string(), updated_at: z.string() });
export const adminPagesBody = z.object({ pages: z.array(adminPageRow) });
export type AdminPagesBody = z.infer<typeof adminPagesBody>;
/** A page's source as `set-page` reads it: '# Title', a blank line, the body. */
export const adminPageSource = z.object({ slug: z.string(), title: z.string(), source: z.string() });
export type AdminPageSource = z.infer<typeof adminPageSource>;
export const PAGE_SOURCE_MAX = 100_000;
export const pageSourceForm = z.object({ source: z.string().max(PAGE_SOURCE_MAX) });

export const adminFaq = z.object({ id: z.number(), header: z.string(), text: z.string(), position: z.number() });
export type AdminFaq = z.infer<typeof adminFaq>;
export const adminFaqsBody = z.object({ faqs: z.array(adminFaq) });
export type AdminFaqsBody = z.infer<typeof adminFaqsBody>;
export const faqForm = z.object({
  header: z.string().trim().min(1, { message: 'is required' }).max(500),
  text: z.string().trim().min(1, { message: 'is required' }).max(10_000),
  position: z.coerce.number().int().min(0).max(32_767).default(0),
});
export type FaqForm = z.infer<typeof faqForm>;
