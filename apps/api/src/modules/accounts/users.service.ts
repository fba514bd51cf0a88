import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_ERRORS, AVATAR_MAX_BYTES, type AuthUser } from '@bosphorus/contract';
import type { Db } from '../../db/client.js';
import { HttpFailure } from '../../plugins/auth.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import type { SessionControl } from './session-control.js';
import type { Actor, AuditRepository } from '../admin/audit.repository.js';
import type { NotificationsRepository } from '../notifications/notifications.repository.js';
import { reencodeAvatar, sanitizeImage } from './avatar.js';
import type { AccountListRow, UserRow, UsersRepository } from './users.repository.js';
import { toAuthUser } from './user-view.js';

// The signed-in user's own account: read it, edit the profile, forget a
// push device. Callers have checked the token and the ids already. And the
// operator's commands on accounts (cli/admin.ts): find, ban, unban, promote,
// list.

/** Names the server gives avatars; only these are ever deleted. */
const AVATAR_NAME = /^avatar-[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export interface ProfileChange {
  name: string;
  /** Empty or absent: unchanged. */
  password: string | undefined;
  /** Required with a new password: the one the account has now. */
  currentPassword: string | undefined;
  /** The uploaded file's bytes, if any (a non-Buffer value is not a file). */
  avatar: unknown;
  /** The caller's refresh credential (cookie or native field), kept alive when the password changes. */
  refreshCredential: string | null;
}

export interface UsersServiceDeps {
  db: Db;
  repo: UsersRepository;
  /** Ends sessions when the password changes or the account is banned (`session-control.ts`). */
  sessions: SessionControl;
  /** Push devices are the notifications module's (push_devices); `DELETE /fcm` is this module's route. */
  pushDevices: Pick<NotificationsRepository, 'forgetDevice'>;
  /** Where avatars are written; null in a process that edits no profile (cli/admin.ts). */
  uploadsDir: string | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The operators' audit log: each operator command records itself on its transaction. */
  audit: Pick<AuditRepository, 'recordBy'>;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { repo: users, sessions } = deps;

  function avatarFailure(status: number, message: string) {
    return new HttpFailure(status, { error: `profile: ${message}`, field: 'profile' });
  }

  return {
    async get(id: number): Promise<AuthUser | null> {
      const user = await users.byId(id);
      return user ? toAuthUser(user) : null;
    },

    /**
     * Name, avatar and (with the current one) a new password, all or
     * nothing: every check runs before anything is written.
     */
    async updateProfile(userId: number, change: ProfileChange): Promise<AuthUser> {
      const password = change.password ? change.password : null;
      const before = await users.byId(userId);
      if (!before) throw new HttpFailure(404, { error: AUTH_ERRORS.unauthorized });
      if (password !== null) {
        const problem = passwordProblem(password);
        if (problem) throw new HttpFailure(400, { error: `user_password: ${problem}`, field: 'user_password' });
        // A Google-only account proves its mailbox through the reset link instead.
        if (before.passwordHash === null) {
          throw new HttpFailure(400, { error: AUTH_ERRORS.noPasswordYet, field: 'user_password' });
        }
        if (!change.currentPassword) {
          throw new HttpFailure(400, { error: AUTH_ERRORS.currentPasswordRequired, field: 'current_password' });
        }
        if (!(await verifyPassword(before.passwordHash, change.currentPassword))) {
          throw new HttpFailure(400, { error: AUTH_ERRORS.currentPasswordWrong, field: 'current_password' });
        }
      }
      let avatarName: string | null = null;
      let avatarBytes: Buffer | null = null;
      if (change.avatar !== undefined && change.avatar !== null && change.avatar !== '') {
        if (!Buffer.isBuffer(change.avatar)) throw avatarFailure(400, AUTH_ERRORS.avatarType);
        if (change.avatar.length > 0) {
          if (change.avatar.length > AVATAR_MAX_BYTES) throw avatarFailure(413, AUTH_ERRORS.avatarTooLarge);
          const image = sanitizeImage(change.avatar);
          const webp = image && (await reencodeAvatar(image));
          if (!webp) throw avatarFailure(400, AUTH_ERRORS.avatarType);
          avatarName = `avatar-${randomBytes(16).toString('hex')}.webp`;
          avatarBytes = webp;
        }
      }
      const passwordHash = password === null ? null : await hashPassword(password);
      const { uploadsDir } = deps;
      if (avatarName && avatarBytes) {
        if (uploadsDir === null) throw new Error('this process keeps no avatars (no uploads directory)');
        await fs.mkdir(uploadsDir, { recursive: true });
        await fs.writeFile(path.join(uploadsDir, avatarName), avatarBytes, { flag: 'wx', mode: 0o644 });
      }
      await users.updateProfile(userId, { name: change.name, passwordHash, avatar: avatarName });
      // A new password ends the other sessions; this browser's stays.
      if (passwordHash !== null) await sessions.endAllBut(userId, change.refreshCredential);
      if (uploadsDir !== null && avatarName && before.avatar && AVATAR_NAME.test(before.avatar)) {
        await fs.rm(path.join(uploadsDir, before.avatar), { force: true }).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'old avatar not removed');
        });
      }
      return toAuthUser((await users.byId(userId))!);
    },

    forgetPushDevice: (userId: number, deviceId: string) => deps.pushDevices.forgetDevice(userId, deviceId),

    // ───────────── the operator's commands (cli/admin.ts) ─────────────
    /** E-mails compare without case. */
    byEmail: (email: string): Promise<UserRow | null> => users.byEmail(email),

    /**
     * Refuses sign-in and ends every session, in one transaction with the
     * actor's audit entry; how many sessions were live.
     */
    ban(userId: number, actor: Actor): Promise<number> {
      return deps.db.transaction(async (tx) => {
        await users.setBanned(userId, true, tx);
        const ended = await sessions.endAll(userId, tx);
        await deps.audit.recordBy(
          actor,
          {
            action: 'user.ban',
            targetType: 'user',
            targetId: userId,
            before: { banned: false },
            after: { banned: true, sessions_ended: ended },
          },
          tx,
        );
        return ended;
      });
    },

    unban(userId: number, actor: Actor): Promise<void> {
      return deps.db.transaction(async (tx) => {
        await users.setBanned(userId, false, tx);
        await deps.audit.recordBy(
          actor,
          {
            action: 'user.unban',
            targetType: 'user',
            targetId: userId,
            before: { banned: true },
            after: { banned: false },
          },
          tx,
        );
      });
    },

    makeAdmin(userId: number, actor: Actor): Promise<void> {
      return deps.db.transaction(async (tx) => {
        await users.makeAdmin(userId, tx);
        await deps.audit.recordBy(
          actor,
          {
            action: 'user.grant_admin',
            targetType: 'user',
            targetId: userId,
            before: { role: 'user' },
            after: { role: 'admin' },
          },
          tx,
        );
      });
    },

    /** Ends every session of the account (each device signs in again); how many were live. */
    endSessions(userId: number, actor: Actor): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const ended = await sessions.endAll(userId, tx);
        await deps.audit.recordBy(
          actor,
          { action: 'user.end_sessions', targetType: 'user', targetId: userId, after: { sessions_ended: ended } },
          tx,
        );
        return ended;
      });
    },

    /** Every account, newest first. */
    list: (): Promise<AccountListRow[]> => users.list(),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
