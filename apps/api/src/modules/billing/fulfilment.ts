import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BILLING_ERRORS } from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import {
  LIVE_STATUSES,
  type BillingRepository,
  type CheckoutStatus,
  type EntitlementWrite,
  type PaymentEventKey,
} from './billing.repository.js';

// The one place that grants, changes or ends access (DESIGN §4 Payments).
// Its input is the provider's state, read by the provider code from a
// verified webhook or from the provider's API, never from the browser. Each
// write is one transaction: the event's record (provider, event id), so a
// repeated delivery changes nothing, then the subscription's state as the
// provider has it. Period ends are copied, never incremented.

export interface Entitlement extends EntitlementWrite {
  /** Our checkout that led here: marked complete with the grant. */
  checkoutId: number | null;
}

export type ApplyResult = { outcome: 'applied'; status: string } | { outcome: 'duplicate' } | { outcome: 'ignored' };

export function eventKey(provider: string, eventId: string, eventType: string, raw: Buffer): PaymentEventKey {
  return {
    provider,
    eventId,
    eventType,
    payloadDigest: createHash('sha256').update(raw).digest('hex'),
  };
}

export const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * changes: the change feed, told when a user's access changed, so this
 * instance forgets what it held of their account at once (others hear the
 * subscriptions trigger, decision 0028). Absent where nothing is held.
 */
export function createFulfilment(
  repository: BillingRepository,
  log: FastifyBaseLogger,
  changes?: Pick<ChangeFeed, 'changed'>,
) {
  return {
    /** A cheap look before the provider is asked again: was this event handled already? */
    seen: (key: PaymentEventKey) => repository.eventSeen(key.provider, key.eventId),

    /** Records an event that changes nothing (not ours, not paid yet), so a repeat is skipped. */
    async recordOnly(key: PaymentEventKey | null): Promise<void> {
      if (key) await repository.db.transaction((tx) => repository.recordEvent(tx, key));
    },

    /** Moves one of our checkouts on (expired, failed), recording the event with it. */
    async settleCheckout(checkoutId: number, status: CheckoutStatus, key: PaymentEventKey | null): Promise<void> {
      await repository.db.transaction(async (tx) => {
        if (key && !(await repository.recordEvent(tx, key))) return;
        await repository.setCheckoutStatus(checkoutId, status, ['creating', 'open'], tx);
      });
    },

    /**
     * Writes the provider's state of one subscription or pass. At most one
     * live subscription per user is the database's rule; a second one (the
     * user paid twice, e.g. two providers at once) is refused with 409 and
     * logged for an operator to refund, and the provider keeps retrying.
     */
    async applyEntitlement(e: Entitlement, key: PaymentEventKey | null): Promise<ApplyResult> {
      const plan = await repository.planById(e.packageId);
      if (!plan) {
        log.warn({ packageId: e.packageId, externalId: e.externalId }, 'billing: a payment names no plan of ours');
        await this.recordOnly(key);
        return { outcome: 'ignored' };
      }
      try {
        const result = await repository.db.transaction(async (tx): Promise<ApplyResult> => {
          if (key && !(await repository.recordEvent(tx, key))) return { outcome: 'duplicate' };
          if (!(await repository.lockUser(e.userId, tx))) return { outcome: 'ignored' };
          await repository.expireLapsedPasses(e.userId, tx);
          const row = await repository.upsertSubscription(tx, e, plan);
          if (e.checkoutId !== null && isLive(row.status)) {
            await repository.setCheckoutStatus(e.checkoutId, 'complete', ['creating', 'open', 'expired', 'failed'], tx);
          }
          return { outcome: 'applied', status: row.status };
        });
        if (result.outcome === 'applied') changes?.changed('account', e.userId);
        return result;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        log.error(
          { userId: e.userId, provider: e.provider, externalId: e.externalId },
          'billing: a second live subscription for one user was refused; refund or cancel it at the provider',
        );
        throw new HttpFailure(409, { error: BILLING_ERRORS.alreadySubscribed });
      }
    },
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
