import type { ClientMeta, AuthService, Session } from './auth.service.js';
import type { UsersRepository } from './users.repository.js';

// Spec §4 social sign-in (decision 0013) once the provider has answered: the
// account of a Google identity (found by its subject, linked by its e-mail,
// or made), a one-time code for the page, and the session it is exchanged
// for. This module owns no table: accounts are the users module's, the codes
// and sessions the auth module's, each reached through what app.ts hands in.

/** How long the one-time code of a finished sign-in lives. */
export const EXCHANGE_TTL_SECONDS = 60;

export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string | null;
}

/** The callback's outcome: a code for /signin, or why sign-in is refused. */
export type FinishOutcome = { kind: 'code'; code: string } | { kind: 'failed' } | { kind: 'banned' };

export interface OauthServiceDeps {
  users: Pick<
    UsersRepository,
    'byId' | 'idByGoogleSubject' | 'googleLinkByEmail' | 'linkGoogle' | 'createGoogleAccount'
  >;
  auth: Pick<AuthService, 'issueExchangeCode' | 'redeemExchangeCode' | 'startSession'>;
}

export function createOauthService(deps: OauthServiceDeps) {
  const { users, auth } = deps;

  /** The account of the identity: its own, the one its e-mail names (linked now), or a new one. */
  async function accountOf(identity: GoogleIdentity): Promise<number | null> {
    const linked = await users.idByGoogleSubject(identity.subject);
    if (linked !== null) return linked;
    const byEmail = await users.googleLinkByEmail(identity.email);
    // The address belongs to an account linked to another Google login.
    if (byEmail && byEmail.subject && byEmail.subject !== identity.subject) return null;
    if (byEmail) {
      await users.linkGoogle(byEmail.id, identity.subject);
      return byEmail.id;
    }
    const name = (identity.name ?? identity.email.split('@')[0] ?? 'Bosphorus viewer').slice(0, 80);
    return users.createGoogleAccount(identity.email, name, identity.subject);
  }

  return {
    async finish(identity: GoogleIdentity): Promise<FinishOutcome> {
      const userId = await accountOf(identity);
      const user = userId === null ? null : await users.byId(userId);
      if (!user) return { kind: 'failed' };
      if (user.banned) return { kind: 'banned' };
      return { kind: 'code', code: await auth.issueExchangeCode(user.id, EXCHANGE_TTL_SECONDS) };
    },

    /** The session a one-time code stands for: 'expired' (unknown, used, late, no account) or 'banned'. */
    async exchange(code: string, meta: ClientMeta): Promise<Session | 'expired' | 'banned'> {
      const userId = await auth.redeemExchangeCode(code);
      const user = userId === null ? null : await users.byId(userId);
      if (!user) return 'expired';
      if (user.banned) return 'banned';
      return auth.startSession(user, meta);
    },
  };
}
export type OauthService = ReturnType<typeof createOauthService>;
