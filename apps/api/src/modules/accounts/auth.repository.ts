import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of sessions (refresh_tokens), e-mail codes
// (email_codes: verification codes, and the one-time codes that carry a
// finished Google sign-in from its callback to POST /auth/google-profile)
// and password resets. Times are compared with the database clock.

/** email_codes.purpose of the Google sign-in exchange codes (`oauth.service.ts`). */
const EXCHANGE_PURPOSE = 'google_exchange';

export interface RefreshRow {
  id: number;
  userId: number;
  familyId: string;
  used: boolean;
  /** Used less than the given grace seconds ago. */
  usedWithinGrace: boolean;
  revoked: boolean;
  expired: boolean;
}

export interface CodeRow {
  id: number;
  codeHash: Uint8Array;
  attempts: number;
  expired: boolean;
  /** Seconds since the code was sent. */
  ageSeconds: number;
}

export function createAuthRepository(db: Queryable) {
  return {
    // ───────────── refresh tokens ─────────────
    async insertRefresh(
      input: {
        userId: number;
        familyId: string;
        tokenHash: Buffer;
        ttlDays: number;
        userAgent: string | null;
        ip: string;
      },
      q: Queryable = db,
    ): Promise<void> {
      await q.query(
        `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, user_agent, ip)
         VALUES ($1, $2, $3, now() + make_interval(days => $4::int), $5, $6)`,
        [input.userId, input.familyId, input.tokenHash, input.ttlDays, input.userAgent, input.ip],
      );
    },

    /** Locks the row: two rotations of one credential cannot both succeed. */
    async refreshByHash(tokenHash: Buffer, q: Queryable, graceSeconds = 0): Promise<RefreshRow | null> {
      const [row] = await q.query<{
        id: number;
        user_id: number;
        family_id: string;
        used: boolean;
        used_within_grace: boolean;
        revoked: boolean;
        expired: boolean;
      }>(
        `SELECT id, user_id, family_id::text AS family_id, used_at IS NOT NULL AS used,
                COALESCE(used_at > now() - make_interval(secs => $2::int), false) AS used_within_grace,
                revoked_at IS NOT NULL AS revoked, expires_at <= now() AS expired
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [tokenHash, graceSeconds],
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        userId: Number(row.user_id),
        familyId: row.family_id,
        used: row.used,
        usedWithinGrace: row.used_within_grace,
        revoked: row.revoked,
        expired: row.expired,
      };
    },

    async markRefreshUsed(id: number, q: Queryable): Promise<void> {
      await q.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [id]);
    },

    async revokeFamily(familyId: string, q: Queryable = db): Promise<void> {
      await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [
        familyId,
      ]);
    },

    /** Every session of the user, except one family when given (the caller's own); how many credentials it revoked. */
    async revokeAllOfUser(userId: number, q: Queryable = db, exceptFamily: string | null = null): Promise<number> {
      const rows = await q.query(
        `UPDATE refresh_tokens SET revoked_at = now()
         WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)
         RETURNING id`,
        [userId, exceptFamily],
      );
      return rows.length;
    },

    /** The account's live sessions (one live credential per chain), newest first (the operator console). */
    async liveSessionsOf(userId: number): Promise<
      Array<{
        id: string;
        started_at: string;
        last_used_at: string;
        expires_at: string;
        user_agent: string | null;
        ip: string | null;
      }>
    > {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT r.family_id::text AS id, r.created_at AS last_used_at, r.expires_at, r.user_agent, r.ip,
           (SELECT min(created_at) FROM refresh_tokens f WHERE f.family_id = r.family_id) AS started_at
         FROM refresh_tokens r
         WHERE r.user_id = $1 AND r.used_at IS NULL AND r.revoked_at IS NULL AND r.expires_at > now()
         ORDER BY r.created_at DESC LIMIT 100`,
        [userId],
      );
      const iso = (v: unknown) => new Date(v as string).toISOString();
      return rows.map((r) => ({
        id: String(r.id),
        started_at: iso(r.started_at),
        last_used_at: iso(r.last_used_at),
        expires_at: iso(r.expires_at),
        user_agent: r.user_agent === null ? null : String(r.user_agent),
        ip: r.ip === null ? null : String(r.ip),
      }));
    },

    /** The family of a live credential of this user, or null. */
    async liveFamilyOf(tokenHash: Buffer, userId: number): Promise<string | null> {
      const [row] = await db.query<{ family_id: string }>(
        `SELECT family_id::text AS family_id FROM refresh_tokens
         WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
        [tokenHash, userId],
      );
      return row?.family_id ?? null;
    },

    // ───────────── e-mail codes ─────────────
    /** The newest code not consumed (it may be expired or dead). */
    async latestCode(userId: number, purpose: string, q: Queryable = db): Promise<CodeRow | null> {
      const [row] = await q.query<{
        id: number;
        code_hash: Uint8Array;
        attempts: number;
        expired: boolean;
        age_seconds: number;
      }>(
        `SELECT id, code_hash, attempts, expires_at <= now() AS expired,
                floor(extract(epoch FROM (now() - created_at)))::int AS age_seconds
         FROM email_codes WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [userId, purpose],
      );
      if (!row) return null;
      return {
        id: Number(row.id),
        codeHash: row.code_hash,
        attempts: Number(row.attempts),
        expired: row.expired,
        ageSeconds: Number(row.age_seconds),
      };
    },

    /** Seconds since the newest code of this purpose was sent (consumed or not), or null. */
    async lastCodeAge(userId: number, purpose: string, q: Queryable = db): Promise<number | null> {
      const [row] = await q.query<{ age_seconds: number }>(
        `SELECT floor(extract(epoch FROM (now() - max(created_at))))::int AS age_seconds
         FROM email_codes WHERE user_id = $1 AND purpose = $2`,
        [userId, purpose],
      );
      return row?.age_seconds === null || row?.age_seconds === undefined ? null : Number(row.age_seconds);
    },

    /** Retires the older codes and stores the new one. */
    async insertCode(
      input: { userId: number; purpose: string; codeHash: Buffer; ttlSeconds: number },
      q: Queryable,
    ): Promise<void> {
      await q.query(
        `UPDATE email_codes SET consumed_at = now() WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL`,
        [input.userId, input.purpose],
      );
      await q.query(
        `INSERT INTO email_codes (user_id, purpose, code_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4::int))`,
        [input.userId, input.purpose, input.codeHash, input.ttlSeconds],
      );
    },

    async countWrongAttempt(id: number, q: Queryable): Promise<number> {
      const [row] = await q.query<{ attempts: number }>(
        'UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
        [id],
      );
      return Number(row!.attempts);
    },

    async consumeCode(id: number, q: Queryable): Promise<void> {
      await q.query('UPDATE email_codes SET consumed_at = now() WHERE id = $1', [id]);
    },

    // ───────────── Google sign-in exchange codes ─────────────
    async insertExchange(userId: number, codeHash: Buffer, ttlSeconds: number): Promise<void> {
      await db.query(
        `INSERT INTO email_codes (user_id, purpose, code_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [userId, EXCHANGE_PURPOSE, codeHash, ttlSeconds],
      );
    },

    /** Uses a code up: the user it names, or null when unknown, used or expired. */
    async consumeExchange(codeHash: Buffer): Promise<number | null> {
      const [row] = await db.query<{ user_id: number }>(
        `UPDATE email_codes SET consumed_at = now()
         WHERE code_hash = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > now()
         RETURNING user_id`,
        [codeHash, EXCHANGE_PURPOSE],
      );
      return row ? Number(row.user_id) : null;
    },

    // ───────────── password resets ─────────────
    async insertReset(input: { userId: number; tokenHash: Buffer; ttlSeconds: number }): Promise<void> {
      await db.query(
        `INSERT INTO password_resets (user_id, token_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3::int))`,
        [input.userId, input.tokenHash, input.ttlSeconds],
      );
    },

    /** The user of a usable reset token (not used, not expired), or null; locks it. */
    async usableReset(tokenHash: Buffer, q: Queryable = db): Promise<{ id: number; userId: number } | null> {
      const [row] = await q.query<{ id: number; user_id: number }>(
        `SELECT id, user_id FROM password_resets
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
        [tokenHash],
      );
      return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
    },

    /** Marks this token used, and every other open token of the user with it. */
    async useResets(userId: number, q: Queryable): Promise<void> {
      await q.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
