import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadConfigOrExit } from '../config.js';
import type { Db } from '../db/client.js';
import { openDatabase } from '../db/open.js';
import { createBillingService, MAX_COMPLIMENTARY_DAYS } from '../modules/billing/billing.service.js';
import { CLI_ACTOR } from '../modules/admin/audit.repository.js';
import { planGrantRecorder, savePageAudited, utcMinutes } from '../modules/admin/console.service.js';
import { episodePublishRecorder } from '../modules/catalogue/catalogue-admin.service.js';
import { loadSecrets } from '../lib/secrets.js';
import { pushSenderOf, type PushSender } from '../modules/notifications/push.js';
import type { UsersService } from '../modules/accounts/users.service.js';
import {
  createAccountServices,
  createNotifications,
  createRepositories,
  supportIn,
  type Repositories,
} from '../services.js';

// Operators' commands (issue 3): `npm run admin -- <command>`.
//   ban EMAIL          refuse sign-in and end every session now
//   unban EMAIL
//   grant-admin EMAIL  give the admin role
//   grant-plan EMAIL DAYS  a complimentary plan (support's goodwill gesture)
//   list-users         every account, newest first
//   publish-episode SERIES_ID  the series' next episode now, announced to its followers
//   set-page SLUG FILE  replace a policy page's text (decision 0025)
//   client-errors [N]   the web app's newest error reports (issue 14, decision 0053)
// Runs against DATABASE_URL (PostgreSQL, also while the site runs) or the
// embedded database in DATA_DIR (only while the site is stopped: PGlite is
// one process's database, and the lock file says so). Every command goes
// through the module services the routes use (services.ts builds them as
// app.ts does): a ban is the users module's, which ends the sessions through
// the auth module; this file writes no table itself. Each command that
// changes something records it in the operators' audit log as 'cli', on
// the change's transaction, as the console does for its operators.

export const USAGE = `Usage: npm run admin -- <command>
  ban EMAIL          refuse sign-in and end every session of the account
  unban EMAIL        allow the account again
  grant-admin EMAIL  give the account the admin role
  grant-plan EMAIL DAYS
                     give the account a complimentary plan for DAYS days (1-366)
  list-users         list every account, newest first
  publish-episode SERIES_ID
                     make the series' next scheduled episode available now (or a new
                     one when none is scheduled), notify its followers, print its id
  set-page SLUG FILE replace the text of the page SLUG (privacy-policy, term-condition,
                     copyright-policy) with FILE; a first line '# Title' sets its title
  client-errors [N]  the newest N (default 20, at most 500) error reports of the web app`;

export interface AdminResult {
  code: 0 | 1 | 2;
  out: string[];
}

/** What the commands log: errors and warnings to stderr, nothing else. */
const CLI_LOG = { info: () => {}, warn: (o: unknown) => console.error(o), error: (o: unknown) => console.error(o) };

/**
 * A complimentary plan, written by the billing module (the one owner of
 * `subscriptions`): an active subscription on the inactive 'Complimentary'
 * package, ending DAYS from now or DAYS later than one already running.
 */
async function grantPlan(
  repositories: Repositories,
  userId: number,
  email: string,
  days: number,
): Promise<AdminResult> {
  const billing = createBillingService({ repository: repositories.billing });
  const result = await billing.grantComplimentary(
    userId,
    days,
    planGrantRecorder(repositories.audit, CLI_ACTOR, userId, days),
  );
  if (result.granted)
    return { code: 0, out: [`${email} has a complimentary plan until ${utcMinutes(result.ends)} UTC.`] };
  const { current } = result;
  const until = current.periodEnd ? ` until ${utcMinutes(current.periodEnd)} UTC` : '';
  return {
    code: 1,
    out: [
      `${email} already has a paid plan (${current.plan.title}, ${current.provider}, ${current.status})${until}; ` +
        'its provider owns its dates. Grant a complimentary plan after it ends.',
    ],
  };
}

/**
 * Publishes through the notifications module, the same code path as the
 * server's scheduler: one transaction, every follower notified once (the
 * UNIQUE guard holds even when a running server announces at that moment).
 */
async function publishEpisode(
  db: Db,
  repositories: Repositories,
  seriesArg: string,
  push: PushSender | null,
): Promise<AdminResult> {
  if (!/^\d{1,15}$/.test(seriesArg))
    return { code: 2, out: ['SERIES_ID must be a series id (a whole number).', USAGE] };
  const notifications = createNotifications(db, repositories, { push, allowHttpEndpoints: false, log: CLI_LOG });
  const result = await notifications.publishEpisode(Number(seriesArg), {
    record: episodePublishRecorder(repositories.audit, CLI_ACTOR, Number(seriesArg)),
  });
  if (!result) return { code: 1, out: [`No series with the id ${seriesArg}.`] };
  return {
    code: 0,
    out: [
      String(result.episodeId),
      `${result.created ? 'Created and published' : 'Published'} episode ${result.episodeId}; ` +
        `${result.notified} follower(s) notified.`,
    ],
  };
}

/** Through the support module (the one owner of `pages`): the file's text becomes the page. */
async function setPage(db: Db, repositories: Repositories, slug: string, file: string): Promise<AdminResult> {
  let source: string;
  try {
    source = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    return { code: 1, out: [`Cannot read ${file}: ${(error as Error).message}`] };
  }
  const result = await savePageAudited(db, repositories.audit, supportIn, CLI_ACTOR, slug, source);
  if (!result.ok) return { code: 2, out: [result.problem] };
  return { code: 0, out: [`Saved '${result.title}' (${result.blocks} blocks) as /profile/${slug}.`] };
}

/** Every account, newest first, one line each. */
async function listUsers(users: UsersService): Promise<AdminResult> {
  const rows = await users.list();
  if (!rows.length) return { code: 0, out: ['No accounts yet.'] };
  const lines = rows.map((r) =>
    [
      String(r.id).padStart(6),
      r.email.padEnd(36),
      r.role.padEnd(6),
      r.verified ? 'verified' : 'unverified',
      r.banned ? 'BANNED' : 'active',
      `${r.createdAt} UTC`,
      r.name,
    ].join('  '),
  );
  return { code: 0, out: [`${rows.length} account(s):`, ...lines] };
}

/** The web app's newest error reports (client_error_reports), one line each. */
async function clientErrors(repositories: Repositories, limit: number): Promise<AdminResult> {
  const reports = await repositories.diagnostics.recentErrorReports(limit);
  if (!reports.length) return { code: 0, out: ['No error reports.'] };
  return {
    code: 0,
    out: reports.map((r) => {
      const where = r.source ? ` at ${r.source}${r.line ? `:${r.line}` : ''}` : '';
      const who = r.userId === null ? 'visitor' : `user ${r.userId}`;
      return `${utcMinutes(r.receivedAt)} UTC  ${r.type}  ${r.message}${where}  (${r.pageUrl ?? '-'}, ${who}, v${r.frontendVersion})`;
    }),
  };
}

/** Runs one command; never exits the process (the CLI entry does). */
export async function runAdmin(
  db: Db,
  args: string[],
  options: { push?: PushSender | null } = {},
): Promise<AdminResult> {
  const [command, email, ...rest] = args;
  const repositories = createRepositories(db);
  if (command === 'set-page') {
    if (!email || rest.length !== 1) return { code: 2, out: [USAGE] };
    return setPage(db, repositories, email, rest[0]!);
  }
  if (command === 'client-errors') {
    if (rest.length || (email !== undefined && !/^\d{1,3}$/.test(email))) return { code: 2, out: [USAGE] };
    return clientErrors(repositories, Math.min(500, Math.max(1, Number(email ?? 20))));
  }
  if (command === 'publish-episode') {
    if (!email || rest.length) return { code: 2, out: [USAGE] };
    return publishEpisode(db, repositories, email, options.push ?? null);
  }
  const needsEmail = command === 'ban' || command === 'unban' || command === 'grant-admin' || command === 'grant-plan';
  const extra = command === 'grant-plan' ? 1 : 0;
  if (!command || (needsEmail && (!email || rest.length !== extra)) || (command === 'list-users' && email)) {
    return { code: 2, out: [USAGE] };
  }
  // The commands edit no profile: no avatar directory.
  const { users } = createAccountServices(db, repositories, { uploadsDir: null, log: CLI_LOG });
  if (command === 'list-users') return listUsers(users);
  if (!needsEmail) return { code: 2, out: [`Unknown command '${command}'.`, USAGE] };

  const user = await users.byEmail(email!);
  if (!user) return { code: 1, out: [`No account with the e-mail ${email}.`] };

  if (command === 'ban') {
    if (user.banned) return { code: 0, out: [`${user.email} was already banned.`] };
    const ended = await users.ban(user.id, CLI_ACTOR);
    return {
      code: 0,
      out: [`Banned ${user.email}: sign-in refused, ${ended} session(s) ended; an open page logs out within 30 s.`],
    };
  }
  if (command === 'unban') {
    if (!user.banned) return { code: 0, out: [`${user.email} is not banned.`] };
    await users.unban(user.id, CLI_ACTOR);
    return { code: 0, out: [`Unbanned ${user.email}.`] };
  }
  if (command === 'grant-plan') {
    const days = Number(rest[0]);
    if (!/^\d+$/.test(rest[0] ?? '') || days < 1 || days > MAX_COMPLIMENTARY_DAYS) {
      return { code: 2, out: [`DAYS must be a whole number from 1 to ${MAX_COMPLIMENTARY_DAYS}.`, USAGE] };
    }
    return grantPlan(repositories, user.id, user.email, days);
  }
  if (user.role === 'admin') return { code: 0, out: [`${user.email} is already an admin.`] };
  await users.makeAdmin(user.id, CLI_ACTOR);
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
    // Web Push from this process too, with the keys the server uses (VAPID_* or DATA_DIR).
    const push = args[0] === 'publish-episode' ? pushSenderOf(config, loadSecrets(config.dataDir, null)) : null;
    const result = await runAdmin(db, args, { push });
    for (const line of result.out) (result.code === 0 ? console.log : console.error)(line);
    process.exitCode = result.code;
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
