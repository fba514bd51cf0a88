import type { FastifyInstance } from 'fastify';
import { ADMIN_TEXTS } from '@bosphorus/contract';
import { HttpFailure, privateAnswers } from '../../plugins/auth.js';
import { byUser, MINUTE, type LimitRule } from '../../plugins/rate-limits.js';

// Who may use `/api/admin/*` (issue 17, DESIGN §4): a verified access token
// (401 otherwise, and 403 for a banned account, as everywhere) of an account
// whose role is 'admin' now — read from the database on every call, so a
// role taken away counts at once; operators' calls are few. The check runs
// at onRequest, before any body is read: a non-operator's upload is refused
// without its bytes being taken.

/** Console writes per operator (every module's console routes): generous for a person, a stop for a runaway script. */
export const CONSOLE_WRITE_RULE: LimitRule = { name: 'admin-write', max: 120, timeWindowMs: MINUTE, key: byUser };

/** The OpenAPI tag of every console route (every module's console routes use it). */
export const ADMIN_TAG = 'admin';

export interface OperatorGuardDeps {
  /** The account's role now (null: no such account). */
  roleOf(userId: number): Promise<'user' | 'admin' | null>;
}

/** Call inside the `/api/admin` context: every route in it is for operators only. */
export function operatorsOnly(app: FastifyInstance, deps: OperatorGuardDeps) {
  privateAnswers(app);
  // Refusals are thrown (plugins/auth.ts says why): a refused upload's
  // handler must never run.
  app.addHook('onRequest', async (req, reply) => {
    await app.authenticate(req, reply);
    if ((await deps.roleOf(req.userId)) !== 'admin') throw new HttpFailure(403, { error: ADMIN_TEXTS.notOperator });
  });
}
