import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLAYER_MESSAGES, type CheckoutProvider } from '@bosphorus/contract';
import { CheckIcon } from '../../../components/ui/feature-icons';
import { CloseIcon, InfoIcon } from '../../../components/ui/icons';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { refreshAccount, useCurrentUser } from '../../../lib/session';
import {
  CHECKOUT_POLL_TIMEOUT_MS,
  isFinalError,
  useCheckoutStatus,
  type CheckoutReference,
} from '../api/get-checkout-status';
import { forgetCheckoutReturn, readCheckoutReturn } from '../utils/checkout-return';
import './plans.css';

// /choosepayment/complete: where a checkout sends the person back. Access is
// granted only by the provider's verified confirmation (DESIGN §4 Payments),
// which may arrive a moment after the person does, so this page asks the
// server until the payment is active or failed (about a minute), then offers
// to watch. The stored user is read again first, so the players and the
// header know about the new plan.

export const COMPLETE_TEXTS = {
  confirming: 'Confirming your payment…',
  confirmed: 'Payment confirmed',
  failed: 'Payment not completed',
  slow: 'This is taking longer than usual',
  nothing: 'There is no payment to confirm',
  startWatching: 'Start watching',
  viewSubscription: 'View subscription',
  checkAgain: 'Check again',
} as const;

/** Which checkout came back: Stripe adds session_id, PayPal adds token (its order id). */
export function checkoutReference(params: URLSearchParams): CheckoutReference | null {
  const named = params.get('provider');
  const sessionId = params.get('session_id');
  const token = params.get('token');
  const provider: CheckoutProvider | null =
    named === 'stripe' || named === 'paypal' ? named : sessionId ? 'stripe' : token ? 'paypal' : null;
  const reference = provider === 'paypal' ? token : provider === 'stripe' ? sessionId : null;
  return provider && reference ? { provider, reference } : null;
}

type View = 'nothing' | 'confirming' | 'slow' | 'confirmed' | 'failed' | 'refused';

export function CheckoutCompletePage() {
  useDocumentTitle(pageTitle(COMPLETE_TEXTS.confirming));
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const [ref] = useState(() => checkoutReference(params));
  const [timedOut, setTimedOut] = useState(false);
  const [accountReady, setAccountReady] = useState(false);
  // Read once: the effect below forgets it when the payment is confirmed.
  const [watchTo] = useState(() => readCheckoutReturn() ?? '/');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const status = useCheckoutStatus(user?.user_id, ref, { enabled: !timedOut });
  const outcome = status.data?.status;
  const finished = outcome === 'active' || outcome === 'failed' || isFinalError(status.error);

  // Stop asking after CHECKOUT_POLL_TIMEOUT_MS without a verdict; "Check again" starts a new round.
  useEffect(() => {
    if (!ref || finished || timedOut) return;
    const timer = setTimeout(() => setTimedOut(true), CHECKOUT_POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ref, finished, timedOut]);

  // Active: read the account again (user_status, plan_id, expired_at) before
  // offering to watch, or the player guard would still see no plan.
  useEffect(() => {
    if (outcome !== 'active') return;
    let live = true;
    forgetCheckoutReturn();
    void refreshAccount().then(() => {
      if (live) setAccountReady(true);
    });
    return () => {
      live = false;
    };
  }, [outcome]);

  const view: View = !ref
    ? 'nothing'
    : isFinalError(status.error)
      ? 'refused'
      : outcome === 'failed'
        ? 'failed'
        : outcome === 'active' && accountReady
          ? 'confirmed'
          : outcome !== 'active' && timedOut
            ? 'slow'
            : 'confirming';

  // Each change of view is announced by moving focus to its heading (also
  // where a TV remote's focus should be).
  useEffect(() => {
    headingRef.current?.focus();
  }, [view]);

  const checkAgain = () => {
    setTimedOut(false);
  };

  return (
    <main id="main" className="page page--narrow plans">
      <section className="plans-done" aria-live="polite">
        {view === 'confirming' && (
          <>
            <span className="plans-done__spinner" aria-hidden="true" />
            <h1 ref={headingRef} tabIndex={-1} className="plans-done__title">
              {COMPLETE_TEXTS.confirming}
            </h1>
            <p className="plans-done__text">
              Your payment provider is letting us know. This usually takes a few seconds — please keep this page open.
            </p>
          </>
        )}
        {view === 'confirmed' && (
          <>
            <span className="plans-done__icon plans-done__icon--ok" aria-hidden="true">
              <CheckIcon />
            </span>
            <h1 ref={headingRef} tabIndex={-1} className="plans-done__title">
              {COMPLETE_TEXTS.confirmed}
            </h1>
            <p className="plans-done__text">{status.data?.message}</p>
            <p className="plans-done__actions">
              <Link className="btn btn--primary" to={watchTo}>
                {COMPLETE_TEXTS.startWatching}
              </Link>
              <Link className="btn btn--ghost" to="/profile/subscription">
                {COMPLETE_TEXTS.viewSubscription}
              </Link>
            </p>
          </>
        )}
        {view === 'slow' && (
          <>
            <span className="plans-done__icon" aria-hidden="true">
              <InfoIcon />
            </span>
            <h1 ref={headingRef} tabIndex={-1} className="plans-done__title">
              {COMPLETE_TEXTS.slow}
            </h1>
            <p className="plans-done__text">
              The payment provider has not confirmed your payment yet. If you paid, your plan starts as soon as it does,
              and you will not be charged twice.
            </p>
            <p className="plans-done__actions">
              <button type="button" className="btn btn--primary" onClick={checkAgain}>
                {COMPLETE_TEXTS.checkAgain}
              </button>
              <Link className="btn btn--ghost" to="/profile/subscription">
                {COMPLETE_TEXTS.viewSubscription}
              </Link>
            </p>
          </>
        )}
        {(view === 'failed' || view === 'refused' || view === 'nothing') && (
          <>
            <span className="plans-done__icon plans-done__icon--bad" aria-hidden="true">
              <CloseIcon />
            </span>
            <h1 ref={headingRef} tabIndex={-1} className="plans-done__title">
              {view === 'nothing' ? COMPLETE_TEXTS.nothing : COMPLETE_TEXTS.failed}
            </h1>
            <p className="plans-done__text">
              {view === 'failed'
                ? status.data?.message
                : view === 'refused'
                  ? (status.error as Error).message
                  : 'This page opens when you come back from a checkout. Choose a plan to start one.'}
            </p>
            <p className="plans-done__actions">
              <Link className="btn btn--primary" to="/choosepayment">
                {PLAYER_MESSAGES.chooseAPlan}
              </Link>
            </p>
          </>
        )}
      </section>
    </main>
  );
}
