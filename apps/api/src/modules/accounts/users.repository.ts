import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of accounts (the users table, every column:
// Google links, bans and roles included). Other modules reach an account
// through this repository, handed to them by app.ts. It reads one table it
// does not own: the active subscription (billing's subscriptions) that every
// account answer carries as its plan.

export interface UserRow {
  id: number;
  email: string;
  name: string;
  avatar: string | null;
  passwordHash: string | null;
  role: 'user' | 'admin';
  verified: boolean;
  banned: boolean;
  /** The active subscription's package, derived (spec §3 user_status). */
  planId: number | null;
  planEndsAt: Date | null;
}

interface RawUser {
  id: number;
  email: string;
  name: string;
  avatar: string | null;
  password_hash: string | null;
  role: 'user' | 'admin';
  verified_at: unknown;
  banned_at: unknown;
  plan_id: number | null;
  plan_ends_at: unknown;
}

const SELECT_USER = `
  SELECT u.id, u.email, u.name, u.avatar, u.password_hash, u.role, u.verified_at, u.banned_at,
         s.package_id AS plan_id, s.current_period_end AS plan_ends_at
  FROM users u
  LEFT JOIN LATERAL (
    SELECT package_id, current_period_end FROM subscriptions
    WHERE user_id = u.id AND status = 'active' AND current_period_end > now()
    ORDER BY current_period_end DESC LIMIT 1
  ) s ON true`;

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

function mapUser(row: RawUser): UserRow {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    passwordHash: row.password_hash,
    role: row.role,
    verified: row.verified_at !== null,
    banned: row.banned_at !== null,
    planId: row.plan_id === null ? null : Number(row.plan_id),
    planEndsAt: toDate(row.plan_ends_at),
  };
}

/** A line of `npm run admin -- list-users`. */
export interface AccountListRow {
  id: number;
  email: string;
  name: string;
  role: string;
  verified: boolean;
  banned: boolean;
  /** "2026-12-24 18:05", UTC. */
  createdAt: string;
}

/** An account as the operator console lists it (issue 17). */
export interface AdminAccountRow {
  id: number;
  email: string;
  name: string;
  role: 'user' | 'admin';
  verified: boolean;
  banned: boolean;
  created_at: string;
  plan_ends_at: string | null;
}

const SELECT_ADMIN_ACCOUNT = `
  SELECT u.id, u.email, u.name, u.role, u.verified_at IS NOT NULL AS verified, u.banned_at IS NOT NULL AS banned,
    u.created_at,
    (SELECT max(current_period_end) FROM subscriptions
      WHERE user_id = u.id AND status = 'active' AND current_period_end > now()) AS plan_ends_at
  FROM users u`;

function mapAdminAccount(row: Record<string, unknown>): AdminAccountRow {
  const planEnds = toDate(row.plan_ends_at);
  return {
    id: Number(row.id),
    email: String(row.email),
    name: String(row.name),
    role: row.role === 'admin' ? 'admin' : 'user',
    verified: Boolean(row.verified),
    banned: Boolean(row.banned),
    created_at: toDate(row.created_at)!.toISOString(),
    plan_ends_at: planEnds ? planEnds.toISOString() : null,
  };
}

/** What every signed-in request asks of its account (modules/accounts/viewer-state.ts). */
export interface ViewerStateRow {
  banned: boolean;
  planEndsAt: Date | null;
  /** Playback tokens issued before this are refused (migration 0013). */
  playbackNotBefore: Date | null;
}

export function createUsersRepository(db: Queryable) {
  return {
    async byId(id: number, q: Queryable = db): Promise<UserRow | null> {
      const [row] = await q.query<RawUser>(`${SELECT_USER} WHERE u.id = $1`, [id]);
      return row ? mapUser(row) : null;
    },

    /** E-mails compare without case (users_email_lower). */
    async byEmail(email: string, q: Queryable = db): Promise<UserRow | null> {
      const [row] = await q.query<RawUser>(`${SELECT_USER} WHERE lower(u.email) = lower($1)`, [email]);
      return row ? mapUser(row) : null;
    },

    /**
     * What every signed-in request needs of its account, in one query: ban,
     * and the end of the active subscription (null: none). Null: deleted.
     */
    async viewerState(id: number): Promise<ViewerStateRow | null> {
      const [row] = await db.query<{ banned: boolean; plan_ends_at: unknown; playback_not_before: unknown }>(
        `SELECT u.banned_at IS NOT NULL AS banned, u.playback_not_before,
                (SELECT max(current_period_end) FROM subscriptions
                  WHERE user_id = u.id AND status = 'active' AND current_period_end > now()) AS plan_ends_at
         FROM users u WHERE u.id = $1`,
        [id],
      );
      return row
        ? {
            banned: row.banned,
            planEndsAt: toDate(row.plan_ends_at),
            playbackNotBefore: toDate(row.playback_not_before),
          }
        : null;
    },

    async create(
      input: { email: string; name: string; passwordHash: string; verified: boolean },
      q: Queryable = db,
    ): Promise<number> {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO users (email, name, password_hash, verified_at)
         VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END) RETURNING id`,
        [input.email, input.name, input.passwordHash, input.verified],
      );
      return Number(row!.id);
    },

    /** Locks the row until the transaction ends (cooldowns, code checks). */
    async lock(id: number, q: Queryable): Promise<void> {
      await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
    },

    async markVerified(id: number, q: Queryable = db): Promise<void> {
      await q.query('UPDATE users SET verified_at = coalesce(verified_at, now()), updated_at = now() WHERE id = $1', [
        id,
      ]);
    },

    async setPassword(id: number, passwordHash: string, q: Queryable = db): Promise<void> {
      await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    },

    async updateProfile(
      id: number,
      changes: { name: string; passwordHash: string | null; avatar: string | null },
      q: Queryable = db,
    ): Promise<void> {
      await q.query(
        `UPDATE users SET name = $2,
           password_hash = coalesce($3, password_hash),
           avatar = coalesce($4, avatar),
           updated_at = now()
         WHERE id = $1`,
        [id, changes.name, changes.passwordHash, changes.avatar],
      );
    },

    /** Ends or lifts a ban (sign-in refused; the caller ends the sessions). */
    async setBanned(id: number, banned: boolean, q: Queryable = db): Promise<void> {
      await q.query(
        `UPDATE users SET banned_at = CASE WHEN $2::boolean THEN now() END, updated_at = now() WHERE id = $1`,
        [id, banned],
      );
    },

    async makeAdmin(id: number, q: Queryable = db): Promise<void> {
      await q.query(`UPDATE users SET role = 'admin', updated_at = now() WHERE id = $1`, [id]);
    },

    /** Every account, newest first. */
    async list(): Promise<AccountListRow[]> {
      const rows = await db.query<Omit<AccountListRow, 'createdAt'> & { created_at: string }>(
        `SELECT id, email, name, role, verified_at IS NOT NULL AS verified, banned_at IS NOT NULL AS banned,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS created_at
         FROM users ORDER BY created_at DESC, id DESC`,
      );
      return rows.map(({ created_at, ...row }) => ({ ...row, id: Number(row.id), createdAt: created_at }));
    },

    // ───────────── the operator console (modules/admin) ─────────────
    /** Accounts whose e-mail or name contains `text` (without case), newest first; all when empty. */
    async search(text: string, limit: number): Promise<AdminAccountRow[]> {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db.query<Record<string, unknown>>(
        `${SELECT_ADMIN_ACCOUNT} WHERE u.email ILIKE $1 OR u.name ILIKE $1 ORDER BY u.created_at DESC, u.id DESC LIMIT $2`,
        [pattern, limit],
      );
      return rows.map(mapAdminAccount);
    },

    async adminRow(id: number): Promise<AdminAccountRow | null> {
      const [row] = await db.query<Record<string, unknown>>(`${SELECT_ADMIN_ACCOUNT} WHERE u.id = $1`, [id]);
      return row ? mapAdminAccount(row) : null;
    },

    // ───────────── Google sign-in (oauth.service.ts) ─────────────
    async idByGoogleSubject(subject: string): Promise<number | null> {
      const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE google_subject = $1', [subject]);
      return row ? Number(row.id) : null;
    },

    /** The account of an e-mail and the Google subject it is linked to, if any. */
    async googleLinkByEmail(email: string): Promise<{ id: number; subject: string | null } | null> {
      const [row] = await db.query<{ id: number; google_subject: string | null }>(
        'SELECT id, google_subject FROM users WHERE lower(email) = lower($1)',
        [email],
      );
      return row ? { id: Number(row.id), subject: row.google_subject } : null;
    },

    /** Links the subject; the provider vouched for the e-mail, so the address counts as verified too. */
    async linkGoogle(id: number, subject: string): Promise<void> {
      await db.query(
        `UPDATE users SET google_subject = $2, verified_at = COALESCE(verified_at, now()), updated_at = now()
         WHERE id = $1`,
        [id, subject],
      );
    },

    /** A Google-only account: no password, e-mail verified by the provider. */
    async createGoogleAccount(email: string, name: string, subject: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (email, name, password_hash, google_subject, verified_at)
         VALUES ($1, $2, NULL, $3, now()) RETURNING id`,
        [email, name, subject],
      );
      return Number(row!.id);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
