import type { Db, Queryable } from '../../db/client.js';
import type { AuthRepository } from './auth.repository.js';
import { sha256 } from './tokens.js';

// Ending sessions (refresh chains) from outside sign-in: a new password ends
// the other sessions of the account (`users.service.ts`), a ban ends all of
// them (`users.service.ts`, `npm run admin -- ban`). Only the auth files know
// how a credential is stored; it needs no secret, so the admin CLI builds it too.

export function createSessionControl(deps: { db: Db; repo: AuthRepository }) {
  const { db, repo } = deps;
  return {
    /** Every session of the user; how many credentials were still live. Runs on `q` (a ban's transaction). */
    endAll: (userId: number, q: Queryable = db): Promise<number> => repo.revokeAllOfUser(userId, q),

    /** Every session but the one `keepCredential` belongs to (when it is a live credential of this user). */
    async endAllBut(userId: number, keepCredential: string | null): Promise<void> {
      const keep = keepCredential ? await repo.liveFamilyOf(sha256(keepCredential), userId) : null;
      await repo.revokeAllOfUser(userId, db, keep);
    },
  };
}
export type SessionControl = ReturnType<typeof createSessionControl>;
