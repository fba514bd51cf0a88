import { iconBase } from '../../../components/ui/icons';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_MESSAGES,
  PLAN_FEATURES,
  PLAYER_MESSAGES,
  TOAST_LONG_MS,
  WATCH_GATE_TEXTS,
  isWatchPath,
  formatWholeDollars,
  planDurationLabel,
  type CheckoutProvider,
} from '@bosphorus/contract';
import { CardIcon, CheckIcon } from '../../../components/ui/feature-icons';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api';
import { isSubscribed, refreshAccount, useCurrentUser } from '../../../lib/session';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePackages } from '../api/get-packages';
import { rememberCheckoutReturn, safeReturnPath } from '../utils/checkout-return';
import { bestValuePlanId } from '../utils/plan-value';
import { ActivePlanNotice } from './active-plan-notice';
import { PlanCard } from './plan-card';
import './plans.css';

// Spec §2 Choose plan, §4 Plan payment, §5 Plan, §8: the plan list, '?plan_id='
// preselects, card (the default) or the online wallet, 'Please choose a plan'
// when none is chosen, 'Pay & Enter' disabled while the request runs, then
// off to the provider's checkout (session_url). A failure says 'Payment
// initialization failed. Please try again.' The cancel link of a checkout
// comes back with '?canceled=1'. The players send people here with router
// state {message} (spec §8 episode load failure: the server's text, 15 s) and
// optionally {from}, the page to return to after paying.

export const PAYMENT_METHODS: ReadonlyArray<{ provider: CheckoutProvider; label: string; hint: string }> = [
  { provider: 'stripe', label: 'Card', hint: 'Credit or debit card' },
  { provider: 'paypal', label: 'Online wallet', hint: 'PayPal' },
];

export const CANCELED_NOTE = 'Payment canceled — you were not charged.';

interface ArrivalState {
  message?: unknown;
}

function WalletIcon() {
  return (
    <svg {...iconBase({})}>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
      <rect x="3.5" y="7.5" width="17.5" height="12" rx="2" />
      <path d="M16.5 13.5h2" />
    </svg>
  );
}

function parsePlanId(raw: string | null): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export function ChoosePlanPage({
  redirect = (url: string) => window.location.assign(url),
}: {
  redirect?: (url: string) => void;
}) {
  useDocumentTitle(pageTitle(PLAYER_MESSAGES.chooseAPlan));
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packages = usePackages();
  const checkout = useCreateCheckoutSession();
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const arrival = (location.state ?? null) as ArrivalState | null;
  // `?next=`: the watch page of a Watch Now button or of a player's guard (decision 0074).
  const [from] = useState(() => safeReturnPath(params.get('next')));
  const preselected = parsePlanId(params.get('plan_id'));
  const canceled = params.get('canceled') === '1';

  const [chosen, setChosen] = useState<number | null>(null);
  const [method, setMethod] = useState<CheckoutProvider>('stripe');
  const [planMissing, setPlanMissing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // True from a successful answer until the browser has left for the checkout.
  const [leaving, setLeaving] = useState(false);

  // Spec §8: a player that could not load sends its server message along.
  // Shown once, then dropped from the history entry so a reload is quiet.
  const shownMessage = useRef(false);
  useEffect(() => {
    if (shownMessage.current) return;
    shownMessage.current = true;
    if (typeof arrival?.message === 'string' && arrival.message) {
      showToast(arrival.message, { tone: 'error', durationMs: TOAST_LONG_MS });
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [arrival, location.pathname, location.search, navigate]);

  // The stored user_status may be older than the server's answer that sent
  // the person here (a plan that just ended): read the account once.
  useEffect(() => {
    void refreshAccount();
  }, []);

  // Back from the provider's page through the browser's back/forward cache:
  // the page comes back as it was left, with the button still waiting.
  useEffect(() => {
    const handlePageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  const plans = packages.data ?? [];
  const selectedId = chosen ?? (plans.some((p) => p.id === preselected) ? preselected : null);
  const selected = plans.find((p) => p.id === selectedId) ?? null;
  const bestValue = bestValuePlanId(plans);
  const busy = checkout.isPending || leaving;

  if (!user) return null;
  if (isSubscribed(user)) {
    return (
      <main id="main" className="page page--narrow plans">
        <ActivePlanNotice expiredAt={user.expired_at ?? null} watchTo={from ?? '/'} />
      </main>
    );
  }

  const handleChoose = (id: number) => {
    setChosen(id);
    setPlanMissing(false);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setServerError(null);
    if (!selected) {
      // Spec §5 Plan: a plan must be chosen.
      setPlanMissing(true);
      formRef.current?.querySelector<HTMLInputElement>('input[name="plan"]')?.focus();
      return;
    }
    try {
      const sessionUrl = await checkout.mutateAsync({ userId: user.user_id, packageId: selected.id, provider: method });
      setLeaving(true);
      rememberCheckoutReturn(from);
      redirect(sessionUrl);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        showToast(AUTH_MESSAGES.notAuthenticated, { tone: 'error' });
        return;
      }
      showToast(PLAYER_MESSAGES.paymentInitFailed, { tone: 'error' });
      // The server's reason when it gave one (plan gone, a checkout already
      // open, this method unavailable): "try again" alone would not help.
      if (err instanceof ApiError && err.serverMessage && [404, 409, 503].includes(err.status)) {
        setServerError(err.serverMessage);
      }
      // 409 may mean a plan became active meanwhile (another tab): re-read.
      if (err instanceof ApiError && err.status === 409) void refreshAccount();
    }
  };

  return (
    <main id="main" className="page plans">
      <header className="plans__head">
        <h1 className="page-title plans__title">{PLAYER_MESSAGES.chooseAPlan}</h1>
        <p className="plans__lead">
          One plan opens every Turkish series and film in the catalogue, with English subtitles, on all your devices.
        </p>
      </header>

      {isWatchPath(from) && (
        <p className="plans__note plans__reason" role="status">
          {WATCH_GATE_TEXTS.choosePlanToWatch}
        </p>
      )}

      {canceled && (
        <p className="plans__note" role="status">
          <strong>{CANCELED_NOTE}</strong> Choose a plan again whenever you are ready.
        </p>
      )}

      {packages.isPending ? (
        <Spinner label="Loading plans" />
      ) : packages.isError ? (
        <div className="plans__problem" role="alert">
          <p>The plans could not be loaded. Please check your connection and try again.</p>
          <button
            data-nav-entry="retry"
            type="button"
            className="btn btn--ghost"
            onClick={() => void packages.refetch()}
          >
            Try again
          </button>
        </div>
      ) : plans.length === 0 ? (
        <div className="plans__problem">
          <p>No plans are on offer right now. Please come back a little later.</p>
          <Link className="btn btn--ghost" to="/">
            Back to home
          </Link>
        </div>
      ) : (
        <form ref={formRef} className="plans__form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <fieldset className="plans__group">
            <legend className="plans__legend">
              <span className="plans__step" aria-hidden="true">
                1
              </span>
              Plan
            </legend>
            {/* Phones show the features once, above compact cards; wider screens in every card. */}
            <ul className="plans__features-once" aria-label="Every plan includes">
              {PLAN_FEATURES.map((feature) => (
                <li key={feature}>
                  <CheckIcon className="icon" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="plans__grid">
              {plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  checked={plan.id === selectedId}
                  bestValue={plan.id === bestValue}
                  invalid={planMissing}
                  errorId={errorId}
                  onChoose={handleChoose}
                />
              ))}
            </div>
            {planMissing && (
              <p className="plans__error" id={errorId} role="alert">
                {PLAYER_MESSAGES.pleaseChoosePlan}
              </p>
            )}
          </fieldset>

          <div className="plans__bottom">
            <fieldset className="plans__group plans__methods">
              <legend className="plans__legend">
                <span className="plans__step" aria-hidden="true">
                  2
                </span>
                Payment method
              </legend>
              <div className="plans__method-list">
                {PAYMENT_METHODS.map(({ provider, label, hint }) => (
                  <label
                    key={provider}
                    className={`method-option${method === provider ? ' method-option--selected' : ''}`}
                  >
                    <input
                      type="radio"
                      name="method"
                      value={provider}
                      className="method-option__input"
                      checked={method === provider}
                      onChange={() => setMethod(provider)}
                    />
                    <span className="method-option__icon" aria-hidden="true">
                      {provider === 'stripe' ? <CardIcon /> : <WalletIcon />}
                    </span>
                    <span className="method-option__text">
                      <span className="method-option__label">{label}</span>
                      <span className="method-option__hint">{hint}</span>
                    </span>
                    <span className="method-option__dot" aria-hidden="true" />
                  </label>
                ))}
              </div>
            </fieldset>

            <section className="plans__summary" aria-label="Order summary">
              {selected ? (
                <p className="plans__summary-line">
                  <span className="plans__summary-plan">{selected.title}</span>
                  <span className="plans__summary-price">
                    {formatWholeDollars(selected.amount)}
                    <span className="plans__summary-unit">
                      {' '}
                      for {planDurationLabel(selected.duration, selected.type)}
                    </span>
                  </span>
                </p>
              ) : (
                <p className="plans__summary-line plans__summary-line--empty">No plan chosen yet</p>
              )}
              <button
                type="submit"
                className="btn btn--primary plans__pay"
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {busy && <span className="plans__pay-spinner" aria-hidden="true" />}
                {PLAYER_MESSAGES.payAndEnter}
              </button>
              {serverError && (
                <p className="plans__error" role="alert">
                  {serverError}
                </p>
              )}
              <p className="plans__fine">
                You finish paying on the {method === 'paypal' ? 'PayPal' : 'secure card'} page and come straight back
                here. We never see your card details.
              </p>
            </section>
          </div>
        </form>
      )}
    </main>
  );
}
