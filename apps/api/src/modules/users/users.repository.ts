import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of accounts (users) and push devices.

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

/** Postgres' unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
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

    /** The guard's per-request look-up: existence and ban only. */
    async status(id: number): Promise<{ banned: boolean } | null> {
      const [row] = await db.query<{ banned: boolean }>(
        'SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
        [id],
      );
      return row ?? null;
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

    async forgetPushDevice(userId: number, deviceId: string): Promise<void> {
      await db.query('DELETE FROM push_devices WHERE user_id = $1 AND device_id = $2', [userId, deviceId]);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
