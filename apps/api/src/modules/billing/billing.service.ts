import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  BILLING_ERRORS,
  planDurationLabel,
  type CheckoutStatus,
  type CurrentSubscription,
  type Package,
} from '@bosphorus/contract';
import type { Queryable } from '../../db/client.js';
import { HttpFailure } from '../../plugins/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BillingRepository, CheckoutRow, Gateway, Plan, SubscriptionRow } from './billing.repository.js';
import type { PaymentProvider } from './providers/provider.js';

// Plans, checkouts, the current subscription, manage, webhooks and the
// operators' complimentary plans (modules/billing/README.md). Access is only
// ever written by fulfilment.ts, called from the providers.

/** A checkout still 'creating' this long after it began was cut off (a crash): it no longer blocks. */
export const CHECKOUT_CREATING_STALE_MS = 2 * 60_000;
export const MAX_COMPLIMENTARY_DAYS = 366;

export type Providers = Partial<Record<Gateway, PaymentProvider>>;

export interface BillingServiceDeps {
  repository: BillingRepository;
  providers?: Providers;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Spec §9: prices are shown in whole dollars. */
export const wholeDollars = (amountMinor: number) => Math.round(amountMinor / 100);

export function toPackage(plan: Plan): Package {
  return {
    id: plan.id,
    title: plan.title,
    amount: wholeDollars(plan.amountMinor),
    amount_minor: plan.amountMinor,
    currency: plan.currency,
    duration: plan.duration,
    type: plan.type,
  };
}

const NO_SUBSCRIPTION: CurrentSubscription = {
  source: null,
  status: 'none',
  plan_name: null,
  plan_id: null,
  price: null,
  interval: null,
  end_date: null,
  cancel_at_period_end: false,
  message: BILLING_ERRORS.noActiveSubscriptionMessage,
};

function messageOf(sub: SubscriptionRow): string {
  if (sub.status === 'past_due') return BILLING_ERRORS.pastDueMessage;
  if (!sub.renews) return BILLING_ERRORS.passMessage;
  return sub.cancelAtPeriodEnd ? BILLING_ERRORS.cancelingMessage : BILLING_ERRORS.activeMessage;
}

export function createBillingService(deps: BillingServiceDeps) {
  const { repository } = deps;
  const providers: Providers = deps.providers ?? {};
  const log = deps.log ?? { warn: () => {}, error: () => {} };

  function providerFor(gateway: Gateway): PaymentProvider {
    const provider = providers[gateway];
    if (!provider) throw new HttpFailure(503, { error: BILLING_ERRORS.providerUnavailable });
    return provider;
  }

  /** A provider call that fails (down, refused) is the provider's trouble: 502, logged. */
  async function atProvider<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof HttpFailure) throw error;
      log.error({ err: error }, `billing: ${what} failed at the provider`);
      throw new HttpFailure(502, { error: BILLING_ERRORS.providerUnavailable });
    }
  }

  /**
   * The user's live subscription as it stands now: passes that ran out are
   * expired first, and a renewing one whose period end passed without word
   * from its provider is read from the provider again (a missed webhook must
   * not lock anyone out, nor keep a lapsed plan blocking a new one).
   */
  async function liveSubscription(userId: number): Promise<SubscriptionRow | null> {
    await repository.expireLapsedPasses(userId);
    const sub = await repository.liveSubscription(userId);
    if (!sub?.renews || !sub.gateway || !sub.periodEnd || sub.periodEnd > new Date()) return sub;
    const provider = providers[sub.gateway];
    if (!provider || provider.source !== sub.provider) return sub;
    try {
      await provider.refreshSubscription(sub);
    } catch (error) {
      log.warn({ err: error, subscription: sub.id }, 'billing: could not read a lapsed subscription again');
      return sub;
    }
    return repository.liveSubscription(userId);
  }

  return {
    async listPackages(): Promise<Package[]> {
      return (await repository.activePlans()).map(toPackage);
    },

    /**
     * Spec §7 create-checkout-session: a hosted checkout for one plan, at
     * our price. Refused while the user has a live plan (409), and while
     * another checkout of theirs is being created; an older open one is made
     * unpayable first, so two checkouts can never both be paid.
     */
    async createCheckout(userId: number, packageId: number, gateway: Gateway, site: string): Promise<string> {
      const provider = providerFor(gateway);
      const plan = await repository.planById(packageId);
      if (!plan?.active) throw new HttpFailure(404, { error: BILLING_ERRORS.unknownPackage });
      if (await liveSubscription(userId)) throw new HttpFailure(409, { error: BILLING_ERRORS.alreadySubscribed });

      const previous = await repository.checkoutUnderWay(userId);
      if (previous) {
        const age = Date.now() - previous.createdAt.getTime();
        if (previous.status === 'creating' && age < CHECKOUT_CREATING_STALE_MS) {
          throw new HttpFailure(409, { error: BILLING_ERRORS.checkoutInProgress });
        }
        if (previous.status === 'open') {
          const before = providers[previous.gateway];
          if (before && before.source === previous.provider) {
            const outcome = await atProvider('retiring a checkout', () => before.retireCheckout(previous));
            if (outcome === 'completed') throw new HttpFailure(409, { error: BILLING_ERRORS.alreadySubscribed });
          }
        }
        await repository.setCheckoutStatus(previous.id, 'expired', [previous.status]);
      }

      let checkout: CheckoutRow;
      try {
        checkout = await repository.insertCheckout({ userId, plan, provider: provider.source, gateway });
      } catch (error) {
        // Another request of this user got there first (two tabs, a double click).
        if (isUniqueViolation(error)) throw new HttpFailure(409, { error: BILLING_ERRORS.checkoutInProgress });
        throw error;
      }
      try {
        const started = await provider.createCheckout(checkout, plan, site);
        await repository.markCheckoutOpen(checkout.id, started.sessionId);
        return started.url;
      } catch (error) {
        await repository.setCheckoutStatus(checkout.id, 'failed', ['creating']);
        log.error({ err: error, checkout: checkout.id }, 'billing: the provider did not start a checkout');
        throw new HttpFailure(502, { error: BILLING_ERRORS.providerUnavailable });
      }
    },

    /**
     * The return page's poll. Only a checkout of this user counts (a made-up
     * or someone else's session id is a 404 and grants nothing); an open one
     * is read from the provider, and fulfilled there when it was paid.
     */
    async checkoutStatus(userId: number, gateway: Gateway, sessionId: string): Promise<CheckoutStatus> {
      const checkout = await repository.checkoutBySession(gateway, sessionId);
      if (!checkout || checkout.userId !== userId) {
        throw new HttpFailure(404, { error: BILLING_ERRORS.checkoutNotFound });
      }
      let outcome: CheckoutStatus['status'];
      if (checkout.status === 'complete') outcome = 'active';
      else if (checkout.status === 'failed') outcome = 'failed';
      else {
        const provider = providerFor(gateway);
        if (provider.source !== checkout.provider)
          throw new HttpFailure(503, { error: BILLING_ERRORS.providerUnavailable });
        outcome = await atProvider('confirming a checkout', () => provider.confirmCheckout(checkout));
      }
      const message =
        outcome === 'active'
          ? BILLING_ERRORS.activeMessage
          : outcome === 'failed'
            ? BILLING_ERRORS.checkoutFailed
            : BILLING_ERRORS.checkoutPending;
      return { status: outcome, message };
    },

    /** Spec §3 Current subscription. */
    async current(userId: number): Promise<CurrentSubscription> {
      const sub = await liveSubscription(userId);
      if (!sub) return NO_SUBSCRIPTION;
      const complimentary = sub.provider === 'complimentary';
      return {
        source: sub.provider,
        status: sub.status,
        plan_name: sub.plan.title,
        plan_id: sub.plan.id,
        price: wholeDollars(sub.plan.amountMinor),
        // An operator's gift has no plan length of its own: its end date says it all.
        interval: complimentary ? null : planDurationLabel(sub.plan.duration, sub.plan.type),
        end_date: sub.periodEnd ? sub.periodEnd.toISOString() : null,
        cancel_at_period_end: sub.cancelAtPeriodEnd,
        message: messageOf(sub),
      };
    },

    /** Spec §7 manage: the provider's management page (the Stripe portal, or the demo's). */
    async manage(userId: number, site: string): Promise<string> {
      const sub = await liveSubscription(userId);
      if (!sub) throw new HttpFailure(409, { error: BILLING_ERRORS.noSubscriptionToManage });
      if (!sub.renews || !sub.gateway) throw new HttpFailure(409, { error: BILLING_ERRORS.nothingToManage });
      const provider = providerFor(sub.gateway);
      if (provider.source !== sub.provider) throw new HttpFailure(503, { error: BILLING_ERRORS.providerUnavailable });
      const url = await atProvider('opening the billing portal', () => provider.manageUrl(sub, site));
      if (!url) throw new HttpFailure(409, { error: BILLING_ERRORS.nothingToManage });
      return url;
    },

    /** A provider's webhook: verified and handled by that provider, fulfilled through fulfilment.ts. */
    async handleWebhook(gateway: Gateway, raw: Buffer | null, headers: IncomingHttpHeaders): Promise<void> {
      await providerFor(gateway).handleWebhook(raw, headers);
    },

    /**
     * `npm run admin -- grant-plan EMAIL DAYS`: a complimentary plan ending
     * DAYS from now, or DAYS later when one is already running. A paid plan
     * is left alone (its provider owns its dates): the answer names it.
     */
    async grantComplimentary(
      userId: number,
      days: number,
      /** Runs on the grant's transaction (the operator's audit entry): the plan's end before and after. */
      recordGrant?: (tx: Queryable, change: { before: Date | null; ends: Date }) => Promise<void>,
    ): Promise<{ granted: true; ends: Date } | { granted: false; current: SubscriptionRow }> {
      if (!Number.isInteger(days) || days < 1 || days > MAX_COMPLIMENTARY_DAYS) {
        throw new RangeError(`days must be a whole number from 1 to ${MAX_COMPLIMENTARY_DAYS}`);
      }
      return repository.db.transaction(async (tx) => {
        if (!(await repository.lockUser(userId, tx))) throw new Error(`no user ${userId}`);
        await repository.expireLapsedPasses(userId, tx);
        const live = await repository.liveSubscription(userId, tx);
        if (live && live.provider !== 'complimentary') return { granted: false as const, current: live };
        const ends = live
          ? await repository.extendComplimentary(tx, live.id, days)
          : await repository.insertComplimentary(tx, userId, await repository.complimentaryPackageId(tx), days);
        await recordGrant?.(tx, { before: live?.periodEnd ?? null, ends });
        return { granted: true as const, ends };
      });
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
