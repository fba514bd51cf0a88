import { Link } from 'react-router';
import { BILLING_ERRORS, PLAYER_MESSAGES, daysLeft } from '@bosphorus/contract';
import { CheckIcon } from '../../../components/ui/feature-icons';
import { formatDate } from '../../../components/catalogue/format';

// Shown on /choosepayment instead of the plan list when the account already
// has an active plan: nobody is sold the same thing twice.

export function daysLeftLabel(endIso: string, now?: Date): string {
  const days = daysLeft(endIso, now);
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

export function ActivePlanNotice({ expiredAt, watchTo }: { expiredAt: string | null; watchTo: string }) {
  const until = expiredAt ? formatDate(expiredAt) : '';
  return (
    <section className="plans-done" aria-labelledby="plans-active-title">
      <span className="plans-done__icon plans-done__icon--ok" aria-hidden="true">
        <CheckIcon />
      </span>
      <h1 id="plans-active-title" className="plans-done__title">
        {BILLING_ERRORS.alreadySubscribed}
      </h1>
      {until && expiredAt && (
        <p className="plans-done__text">
          {PLAYER_MESSAGES.activeUntil} <strong>{until}</strong> · {daysLeftLabel(expiredAt)}
        </p>
      )}
      <p className="plans-done__text">Everything in the catalogue is yours to watch, with English subtitles.</p>
      <p className="plans-done__actions">
        <Link className="btn btn--primary" to={watchTo}>
          Start watching
        </Link>
        <Link className="btn btn--ghost" to="/profile/subscription">
          View subscription
        </Link>
      </p>
    </section>
  );
}
