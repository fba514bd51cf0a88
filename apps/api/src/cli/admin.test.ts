import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { openPglite } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createPostgresDatabase, describeEachDatabase, TEST_DATABASE_URL } from '../../test/harness.js';
import { createUsersRepository } from '../modules/accounts/users.repository.js';
import { toAuthUser } from '../modules/accounts/user-view.js';
import { runAdmin, USAGE } from './admin.js';

// Issue 3: operators ban, unban, list and promote accounts from the command
// line, on PostgreSQL while the site runs and on the embedded database while
// it is stopped.

const addUser = (db: { query: (sql: string, p?: unknown[]) => Promise<unknown> }, email: string, name = 'Ayşe') =>
  db.query(`INSERT INTO users (email, name, password_hash, verified_at) VALUES ($1, $2, 'x', now())`, [email, name]);

describeEachDatabase('admin commands', (t) => {
  beforeAll(async () => {
    await addUser(t.db, 'Ayse@Example.com', 'Ayşe Yılmaz');
    await addUser(t.db, 'mehmet@example.com', 'Mehmet');
    const [ayse] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'Ayse@Example.com'`);
    await t.db.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
       VALUES ($1, gen_random_uuid(), '\\x01', now() + interval '30 days'), ($1, gen_random_uuid(), '\\x02', now() + interval '30 days')`,
      [ayse!.id],
    );
  });

  it('bans by e-mail, whatever its case, and ends every session', async () => {
    expect(await runAdmin(t.db, ['ban', 'ayse@example.COM'])).toEqual({
      code: 0,
      out: ['Banned Ayse@Example.com: sign-in refused, 2 session(s) ended; an open page logs out within 30 s.'],
    });
    const [row] = await t.db.query<{ banned: boolean; live: number }>(
      `SELECT banned_at IS NOT NULL AS banned,
         (SELECT count(*) FROM refresh_tokens r WHERE r.user_id = u.id AND r.revoked_at IS NULL)::int AS live
       FROM users u WHERE email = 'Ayse@Example.com'`,
    );
    expect(row).toEqual({ banned: true, live: 0 });
    expect((await runAdmin(t.db, ['ban', 'ayse@example.com'])).out).toEqual(['Ayse@Example.com was already banned.']);
  });

  it('lists every account with its state', async () => {
    const { code, out } = await runAdmin(t.db, ['list-users']);
    expect(code).toBe(0);
    expect(out[0]).toBe('2 account(s):');
    expect(out.find((l) => l.includes('Ayse@Example.com'))).toMatch(/user\s+verified\s+BANNED.*Ayşe Yılmaz$/);
    expect(out.find((l) => l.includes('mehmet@example.com'))).toMatch(/user\s+verified\s+active/);
  });

  it('unbans and grants the admin role', async () => {
    expect(await runAdmin(t.db, ['unban', 'Ayse@Example.com'])).toEqual({
      code: 0,
      out: ['Unbanned Ayse@Example.com.'],
    });
    expect(await runAdmin(t.db, ['grant-admin', 'mehmet@example.com'])).toEqual({
      code: 0,
      out: ['mehmet@example.com is now an admin.'],
    });
    const rows = await t.db.query<{ email: string; role: string; banned: boolean }>(
      'SELECT email, role, banned_at IS NOT NULL AS banned FROM users ORDER BY email',
    );
    expect(rows).toEqual([
      { email: 'Ayse@Example.com', role: 'user', banned: false },
      { email: 'mehmet@example.com', role: 'admin', banned: false },
    ]);
  });

  it('grants a complimentary plan, extends it, and the account then counts as subscribed', async () => {
    const first = await runAdmin(t.db, ['grant-plan', 'mehmet@example.com', '30']);
    expect(first.code).toBe(0);
    expect(first.out[0]).toMatch(
      /^mehmet@example\.com has a complimentary plan until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    const again = await runAdmin(t.db, ['grant-plan', 'mehmet@example.com', '10']);
    expect(again.code).toBe(0);
    const [row] = await t.db.query<{ subs: number; days: number; sellable: number }>(
      `SELECT (SELECT count(*) FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = 'mehmet@example.com')::int AS subs,
         (SELECT round(extract(epoch FROM (current_period_end - now())) / 86400)::int FROM subscriptions s
            JOIN users u ON u.id = s.user_id WHERE u.email = 'mehmet@example.com') AS days,
         (SELECT count(*) FROM packages WHERE active AND title = 'Complimentary')::int AS sellable`,
    );
    // One subscription, extended to 40 days; the package is never offered for sale.
    expect(row).toEqual({ subs: 1, days: 40, sellable: 0 });
    const users = createUsersRepository(t.db);
    const mehmet = await users.byEmail('mehmet@example.com');
    expect(mehmet?.planId).not.toBeNull();
    expect(toAuthUser(mehmet!).user_status).toBe('1');
  });

  it('leaves a paid plan alone: its provider owns its dates', async () => {
    await addUser(t.db, 'paying@example.com', 'Paying');
    await t.db.query(
      `INSERT INTO subscriptions (user_id, package_id, provider, gateway, renews, provider_subscription_id, status,
         current_period_end)
       SELECT u.id, p.id, 'stripe', 'stripe', true, 'sub_admin_test', 'active', now() + interval '20 days'
       FROM users u, packages p WHERE u.email = 'paying@example.com' AND p.title = 'Monthly'`,
    );
    const res = await runAdmin(t.db, ['grant-plan', 'paying@example.com', '30']);
    expect(res.code).toBe(1);
    expect(res.out[0]).toMatch(
      /^paying@example\.com already has a paid plan \(Monthly, stripe, active\) until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; its provider owns its dates\. Grant a complimentary plan after it ends\.$/,
    );
    const rows = await t.db.query<{ provider: string }>(
      `SELECT s.provider FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = 'paying@example.com'`,
    );
    expect(rows).toEqual([{ provider: 'stripe' }]);
  });

  it('starts a new complimentary plan when the last one has run out', async () => {
    await addUser(t.db, 'lapsed@example.com', 'Lapsed');
    expect((await runAdmin(t.db, ['grant-plan', 'lapsed@example.com', '5'])).code).toBe(0);
    await t.db.query(
      `UPDATE subscriptions SET current_period_end = now() - interval '1 day'
       WHERE user_id = (SELECT id FROM users WHERE email = 'lapsed@example.com')`,
    );
    expect((await runAdmin(t.db, ['grant-plan', 'lapsed@example.com', '3'])).code).toBe(0);
    const rows = await t.db.query<{ status: string; days: number }>(
      `SELECT status, round(extract(epoch FROM (current_period_end - now())) / 86400)::int AS days FROM subscriptions
       WHERE user_id = (SELECT id FROM users WHERE email = 'lapsed@example.com') ORDER BY id`,
    );
    expect(rows).toEqual([
      { status: 'expired', days: -1 },
      { status: 'active', days: 3 },
    ]);
  });

  it('refuses a plan length outside 1 to 366 days', async () => {
    for (const days of ['0', '367', 'ten', '-5']) {
      const res = await runAdmin(t.db, ['grant-plan', 'mehmet@example.com', days]);
      expect(res.code, days).toBe(2);
      expect(res.out[0]).toBe('DAYS must be a whole number from 1 to 366.');
    }
    expect((await runAdmin(t.db, ['grant-plan', 'mehmet@example.com'])).out).toEqual([USAGE]);
  });

  it('says so for an unknown e-mail and prints the usage for bad commands', async () => {
    expect(await runAdmin(t.db, ['ban', 'nobody@example.com'])).toEqual({
      code: 1,
      out: ['No account with the e-mail nobody@example.com.'],
    });
    expect(await runAdmin(t.db, ['ban'])).toEqual({ code: 2, out: [USAGE] });
    expect(await runAdmin(t.db, ['list-users', 'extra'])).toEqual({ code: 2, out: [USAGE] });
    expect((await runAdmin(t.db, ['delete-everything', 'x@y.z'])).code).toBe(2);
  });
});

function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run admin as a process', () => {
  it('works on the embedded database while the site is stopped, and refuses while it runs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-admin-'));
    try {
      const db = await openPglite(dataDir);
      await migrate(db);
      await addUser(db, 'zeynep@example.com', 'Zeynep');
      await db.close();

      const banned = cli(['ban', 'zeynep@example.com'], { DATA_DIR: dataDir });
      expect(banned.stderr).toBe('');
      expect(banned.stdout).toContain('Banned zeynep@example.com');
      expect(banned.code).toBe(0);
      expect(cli(['list-users'], { DATA_DIR: dataDir }).stdout).toMatch(/zeynep@example\.com.*BANNED/);

      // The site holds the folder (its pid in the lock file, here ours).
      fs.writeFileSync(path.join(dataDir, 'bosphorus.lock'), String(process.pid));
      const refused = cli(['unban', 'zeynep@example.com'], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by process ${process.pid}. Stop it first`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(TEST_DATABASE_URL)('works on PostgreSQL next to a running site', async () => {
    const pg = await createPostgresDatabase();
    try {
      const site = await import('../db/client.js').then((m) => m.openPostgres(pg.url, 2));
      await migrate(site);
      await addUser(site, 'can@example.com', 'Can');
      const out = cli(['grant-admin', 'can@example.com'], { DATABASE_URL: pg.url });
      expect(out.stdout.trim()).toBe('can@example.com is now an admin.');
      expect(out.code).toBe(0);
      const [row] = await site.query<{ role: string }>(`SELECT role FROM users WHERE email = 'can@example.com'`);
      expect(row?.role).toBe('admin');
      await site.close();
    } finally {
      await pg.drop();
    }
  });

  it('prints the usage without a command', () => {
    const out = cli([], {});
    expect(out.code).toBe(2);
    expect(out.stdout).toContain('Usage: npm run admin -- <command>');
  });
});
