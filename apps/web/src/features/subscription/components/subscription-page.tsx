import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  BILLING_ERRORS,
  PLAYER_MESSAGES,
  daysLeft,
  formatWholeDollars,
  type CurrentSubscription,
  type SubscriptionSource,
} from '@bosphorus/contract';
import { CardIcon } from '../../../components/ui/feature-icons';
import { InfoIcon } from '../../../components/ui/icons';
import { showToast } from '../../../components/ui/toast';
import { formatDate } from '../../../components/catalogue/format';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api';
import { isSubscribed, refreshAccount, useCurrentUser } from '../../../lib/session';
import { useCurrentSubscription } from '../api/get-current-subscription';
import { useManageSubscription } from '../api/manage-subscription';
import './subscription.css';

// Spec §2 Profile area → Subscription, §4 Subscription screen, §8, §9: the
// current plan (name, whole-dollar price, interval, end date, days left
// rounded up), the cancel_at_period_end warning, 'No Active Subscription'
// when there is none, and the manage button that leads to the provider's
// management page ('the server error or Failed to redirect…' on failure).

export const SUBSCRIPTION_TEXTS = {
  title: 'Subscription',
  manage: 'Manage subscription',
  cancelWarning: (date: string) =>
    `Your plan will not renew. It ends on ${date}, and you can keep watching until then.`,
} as const;

/** How the plan was paid, as the page names it. */
export const SOURCE_LABELS: Record<SubscriptionSource, string> = {
  stripe: 'Card',
  paypal: 'PayPal',
  demo: 'Demo plan',
  complimentary: 'Complimentary',
};

/**
 * Only a renewing card or demo subscription has a management page (spec §4:
 * the card provider's). A plan paid once (the days plan, PayPal, a gift)
 * simply ends, and the server says so with BILLING_ERRORS.passMessage.
 */
export function canManage(sub: Pick<CurrentSubscription, 'source' | 'message'>): boolean {
  return (sub.source === 'stripe' || sub.source === 'demo') && sub.message !== BILLING_ERRORS.passMessage;
}

export function daysLeftText(endIso: string, now?: Date): string {
  const days = daysLeft(endIso, now);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : status;
}

function SourceNote({ source }: { source: SubscriptionSource | null }) {
  if (source !== 'demo' && source !== 'complimentary') return null;
  return (
    <p className="sub-card__note">
      <InfoIcon className="icon" />
      {source === 'demo'
        ? 'This plan came from the demo checkout: no real money was taken.'
        : 'A gift from Bosphorus: nothing to pay and nothing to cancel.'}
    </p>
  );
}

function ActiveSubscription({
  sub,
  userId,
  redirect,
}: {
  sub: CurrentSubscription;
  userId: number | string;
  redirect: (url: string) => void;
}) {
  const manage = useManageSubscription();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const handlePageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  const end = formatDate(sub.end_date);
  const busy = manage.isPending || leaving;
  const handleManage = async () => {
    if (busy) return;
    try {
      const url = await manage.mutateAsync(userId);
      setLeaving(true);
      redirect(url);
    } catch (err) {
      // Spec §8: the server error or 'Failed to redirect to subscription management page'.
      const message = err instanceof ApiError && err.status !== 0 ? err.serverMessage : undefined;
      showToast(message ?? PLAYER_MESSAGES.manageFailed, { tone: 'error' });
    }
  };

  return (
    <section className="sub-card" aria-labelledby="sub-plan-name">
      <div className="sub-card__head">
        <div>
          <p className="sub-card__eyebrow">Current plan</p>
          <h2 id="sub-plan-name" className="sub-card__plan">
            {sub.plan_name}
          </h2>
        </div>
        <ul className="sub-card__badges" aria-label="Plan status">
          <li className={`sub-badge${sub.status === 'active' ? ' sub-badge--ok' : ' sub-badge--warn'}`}>
            {statusLabel(sub.status)}
          </li>
          {sub.source && (
            <li className={`sub-badge${sub.source === 'demo' ? ' sub-badge--demo' : ''}`}>
              {SOURCE_LABELS[sub.source]}
            </li>
          )}
        </ul>
      </div>

      {sub.cancel_at_period_end && (
        <p className="sub-card__warning" role="note">
          {SUBSCRIPTION_TEXTS.cancelWarning(end || 'the end of this period')}
        </p>
      )}

      <dl className="sub-card__facts">
        <div className="sub-fact">
          <dt>Price</dt>
          <dd>{sub.price === null ? '—' : formatWholeDollars(sub.price)}</dd>
        </div>
        <div className="sub-fact">
          <dt>Interval</dt>
          <dd>{sub.interval ?? '—'}</dd>
        </div>
        <div className="sub-fact">
          <dt>{PLAYER_MESSAGES.activeUntil}</dt>
          <dd>{end || '—'}</dd>
        </div>
        <div className="sub-fact">
          <dt>Days left</dt>
          <dd>{sub.end_date ? daysLeftText(sub.end_date) : '—'}</dd>
        </div>
      </dl>

      {sub.message && <p className="sub-card__message">{sub.message}</p>}
      <SourceNote source={sub.source} />

      {canManage(sub) && (
        <div className="sub-card__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void handleManage()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            <CardIcon className="icon" />
            {SUBSCRIPTION_TEXTS.manage}
          </button>
          <p className="sub-card__fine">
            {sub.source === 'demo'
              ? 'Opens the demo management page: cancel at the end of the period or resume.'
              : 'Opens the secure page of our card provider: change the card, cancel or resume.'}
          </p>
        </div>
      )}
    </section>
  );
}

export function SubscriptionPage({
  redirect = (url: string) => window.location.assign(url),
}: {
  redirect?: (url: string) => void;
}) {
  useDocumentTitle(pageTitle(SUBSCRIPTION_TEXTS.title));
  const user = useCurrentUser();
  const current = useCurrentSubscription(user?.user_id ?? '');
  const sub = current.data;
  const hasPlan = !!sub && sub.status !== 'none' && sub.plan_name !== null;

  // The stored user (header, side menu, player guard) follows the server:
  // re-read the account when the two disagree about having a plan.
  const storedHasPlan = isSubscribed(user);
  useEffect(() => {
    if (sub && (sub.status === 'active') !== storedHasPlan) void refreshAccount();
  }, [sub, storedHasPlan]);

  if (!user) return null;
  return (
    <main id="main" className="page page--narrow subscription">
      <h1 className="page-title">{SUBSCRIPTION_TEXTS.title}</h1>
      {current.isPending ? (
        <div className="sub-card sub-card--loading" role="status">
          <span className="visually-hidden">Loading subscription</span>
          <span className="skeleton sub-skeleton sub-skeleton--title" />
          <span className="skeleton sub-skeleton" />
          <span className="skeleton sub-skeleton sub-skeleton--short" />
        </div>
      ) : current.isError ? (
        <div className="sub-empty" role="alert">
          <p>Your subscription could not be loaded. Please check your connection and try again.</p>
          <button
            data-nav-entry="retry"
            type="button"
            className="btn btn--ghost"
            onClick={() => void current.refetch()}
          >
            Try again
          </button>
        </div>
      ) : hasPlan ? (
        <ActiveSubscription sub={sub} userId={user.user_id} redirect={redirect} />
      ) : (
        <section className="sub-empty" aria-labelledby="sub-none-title">
          <h2 id="sub-none-title" className="sub-empty__title">
            {PLAYER_MESSAGES.noActiveSubscription}
          </h2>
          <p>Choose a plan to watch every Turkish series and film with English subtitles, on all your devices.</p>
          <Link className="btn btn--primary" to="/choosepayment">
            {PLAYER_MESSAGES.chooseAPlan}
          </Link>
        </section>
      )}
    </main>
  );
}
