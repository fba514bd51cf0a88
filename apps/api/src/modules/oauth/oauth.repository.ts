import type { Queryable } from '../../db/client.js';

// Only this file holds the SQL of Google sign-in: linking a Google subject to
// an account, and the one-time codes that carry a finished sign-in from the
// callback to POST /auth/google-profile (kept in email_codes, purpose
// 'google_exchange', hashed).

const EXCHANGE_PURPOSE = 'google_exchange';

export function createOauthRepository(db: Queryable) {
  return {
    async userIdBySubject(subject: string): Promise<number | null> {
      const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE google_subject = $1', [subject]);
      return row ? Number(row.id) : null;
    },

    async userIdByEmail(email: string): Promise<{ id: number; subject: string | null } | null> {
      const [row] = await db.query<{ id: number; google_subject: string | null }>(
        'SELECT id, google_subject FROM users WHERE lower(email) = lower($1)',
        [email],
      );
      return row ? { id: Number(row.id), subject: row.google_subject } : null;
    },

    /** Links the subject; the provider vouched for the e-mail, so the address counts as verified too. */
    async link(userId: number, subject: string): Promise<void> {
      await db.query(
        `UPDATE users SET google_subject = $2, verified_at = COALESCE(verified_at, now()), updated_at = now()
         WHERE id = $1`,
        [userId, subject],
      );
    },

    /** A Google-only account: no password, e-mail verified by the provider. */
    async create(email: string, name: string, subject: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (email, name, password_hash, google_subject, verified_at)
         VALUES ($1, $2, NULL, $3, now()) RETURNING id`,
        [email, name, subject],
      );
      return Number(row!.id);
    },

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
  };
}
