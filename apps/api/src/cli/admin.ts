import { pathToFileURL } from 'node:url';
import { loadConfigOrExit } from '../config.js';
import type { Db, Queryable } from '../db/client.js';
import { openDatabase } from '../db/open.js';

// Operators' commands (issue 3): `npm run admin -- <command>`.
//   ban EMAIL          refuse sign-in and end every session now
//   unban EMAIL
//   grant-admin EMAIL  give the admin role
//   grant-plan EMAIL DAYS  a complimentary plan (support's goodwill gesture)
//   list-users         every account, newest first
// Runs against DATABASE_URL (PostgreSQL, also while the site runs) or the
// embedded database in DATA_DIR (only while the site is stopped: PGlite is
// one process's database, and the lock file says so).

export const USAGE = `Usage: npm run admin -- <command>
  ban EMAIL          refuse sign-in and end every session of the account
  unban EMAIL        allow the account again
  grant-admin EMAIL  give the account the admin role
  grant-plan EMAIL DAYS
                     give the account a complimentary plan for DAYS days (1-366)
  list-users         list every account, newest first`;

export interface AdminResult {
  code: 0 | 1 | 2;
  out: string[];
}

interface UserRow {
  id: number;
  email: string;
  name: string;
  role: string;
  verified: boolean;
  banned: boolean;
  created_at: string;
}

async function findUser(db: Queryable, email: string) {
  const [user] = await db.query<{ id: number; email: string; banned: boolean; role: string }>(
    'SELECT id, email, banned_at IS NOT NULL AS banned, role FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return user ?? null;
}

const MAX_COMP_DAYS = 366;
const COMP_PACKAGE_TITLE = 'Complimentary';

/**
 * A complimentary plan: an active subscription on the inactive
 * 'Complimentary' package (never offered for sale), ending DAYS from now
 * or extended by DAYS from a complimentary plan already running.
 */
async function grantPlan(db: Db, userId: number, days: number): Promise<string> {
  return db.transaction(async (tx) => {
    let [pkg] = await tx.query<{ id: number }>(
      `SELECT id FROM packages WHERE title = $1 AND NOT active ORDER BY id LIMIT 1`,
      [COMP_PACKAGE_TITLE],
    );
    pkg ??= (
      await tx.query<{ id: number }>(
        `INSERT INTO packages (title, amount_minor, currency, duration, duration_unit, active, position)
         VALUES ($1, 0, 'USD', 1, 'days', false, 0) RETURNING id`,
        [COMP_PACKAGE_TITLE],
      )
    )[0]!;
    const [running] = await tx.query<{ id: number }>(
      `SELECT id FROM subscriptions WHERE user_id = $1 AND provider = 'complimentary' AND status = 'active'
         AND current_period_end > now() ORDER BY current_period_end DESC LIMIT 1`,
      [userId],
    );
    const [row] = running
      ? await tx.query<{ ends: string }>(
          `UPDATE subscriptions SET current_period_end = current_period_end + make_interval(days => $2), updated_at = now()
           WHERE id = $1 RETURNING to_char(current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS ends`,
          [running.id, days],
        )
      : await tx.query<{ ends: string }>(
          `INSERT INTO subscriptions (user_id, package_id, provider, status, current_period_end)
           VALUES ($1, $2, 'complimentary', 'active', now() + make_interval(days => $3))
           RETURNING to_char(current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS ends`,
          [userId, pkg.id, days],
        );
    return row!.ends;
  });
}

/** Runs one command; never exits the process (the CLI entry does). */
export async function runAdmin(db: Db, args: string[]): Promise<AdminResult> {
  const [command, email, ...rest] = args;
  const needsEmail = command === 'ban' || command === 'unban' || command === 'grant-admin' || command === 'grant-plan';
  const extra = command === 'grant-plan' ? 1 : 0;
  if (!command || (needsEmail && (!email || rest.length !== extra)) || (command === 'list-users' && email)) {
    return { code: 2, out: [USAGE] };
  }
  if (command === 'list-users') {
    const rows = await db.query<UserRow>(
      `SELECT id, email, name, role, verified_at IS NOT NULL AS verified, banned_at IS NOT NULL AS banned,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS created_at
       FROM users ORDER BY created_at DESC, id DESC`,
    );
    if (!rows.length) return { code: 0, out: ['No accounts yet.'] };
    const lines = rows.map((r) =>
      [
        String(r.id).padStart(6),
        r.email.padEnd(36),
        r.role.padEnd(6),
        r.verified ? 'verified' : 'unverified',
        r.banned ? 'BANNED' : 'active',
        `${r.created_at} UTC`,
        r.name,
      ].join('  '),
    );
    return { code: 0, out: [`${rows.length} account(s):`, ...lines] };
  }
  if (!needsEmail) return { code: 2, out: [`Unknown command '${command}'.`, USAGE] };

  const user = await findUser(db, email!);
  if (!user) return { code: 1, out: [`No account with the e-mail ${email}.`] };

  if (command === 'ban') {
    if (user.banned) return { code: 0, out: [`${user.email} was already banned.`] };
    const revoked = await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET banned_at = now(), updated_at = now() WHERE id = $1', [user.id]);
      const rows = await tx.query<{ id: number }>(
        'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
        [user.id],
      );
      return rows.length;
    });
    return {
      code: 0,
      out: [`Banned ${user.email}: sign-in refused, ${revoked} session(s) ended; an open page logs out within 30 s.`],
    };
  }
  if (command === 'unban') {
    if (!user.banned) return { code: 0, out: [`${user.email} is not banned.`] };
    await db.query('UPDATE users SET banned_at = NULL, updated_at = now() WHERE id = $1', [user.id]);
    return { code: 0, out: [`Unbanned ${user.email}.`] };
  }
  if (command === 'grant-plan') {
    const days = Number(rest[0]);
    if (!/^\d+$/.test(rest[0] ?? '') || days < 1 || days > MAX_COMP_DAYS) {
      return { code: 2, out: [`DAYS must be a whole number from 1 to ${MAX_COMP_DAYS}.`, USAGE] };
    }
    const ends = await grantPlan(db, user.id, days);
    return { code: 0, out: [`${user.email} has a complimentary plan until ${ends} UTC.`] };
  }
  if (user.role === 'admin') return { code: 0, out: [`${user.email} is already an admin.`] };
  await db.query(`UPDATE users SET role = 'admin', updated_at = now() WHERE id = $1`, [user.id]);
  return { code: 0, out: [`${user.email} is now an admin.`] };
}

async function main() {
  const args = process.argv.slice(2);
  if (!args.length || args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    process.exit(args.length ? 0 : 2);
  }
  const config = loadConfigOrExit(2);
  let db;
  try {
    db = await openDatabase({ ...config, seedDemo: false });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  try {
    const result = await runAdmin(db, args);
    for (const line of result.out) (result.code === 0 ? console.log : console.error)(line);
    process.exitCode = result.code;
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
