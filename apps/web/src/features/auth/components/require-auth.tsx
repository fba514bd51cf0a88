import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { MESSAGES, PLAYER_MESSAGES } from '@bosphorus/contract';
import { isSubscribed, useCurrentUser, useSessionRestoring } from '../../../lib/session';
import { gateWithNext } from '../../../lib/watch-now';
import './require-auth.css';

// Spec §2 route table and §6 roles:
// - 'login': a visitor goes to /signin, with the page in `?next=`;
// - 'player': also sends user_status '0' to /choosepayment, with the page
//   in `?next=` as Watch Now does, so the plan screen says why and leads
//   back after paying (decision 0074);
// - 'subscribed': user_status '0' sees the not-subscribed notice with its
//   'Choose a plan' button (spec §2 Choose plan, Favorites fallback) instead.
// While the login state is restoring every protected route shows 'Loading...'.

export type Requirement = 'login' | 'player' | 'subscribed';

export const NOT_SUBSCRIBED_TITLE = 'No active subscription';
export const NOT_SUBSCRIBED_TEXT =
  'Favorites and your watch history are part of every plan. Choose one to keep them and to watch every series and film with English subtitles.';

export function RequireAuth({ need = 'login', children }: { need?: Requirement; children: ReactNode }) {
  const restoring = useSessionRestoring();
  const user = useCurrentUser();
  const location = useLocation();
  if (restoring) {
    return (
      <main id="main" className="page">
        <p role="status">{MESSAGES.loading}</p>
      </main>
    );
  }
  // The page asked for comes back after signing in (`next`, decision 0074).
  if (!user) return <Navigate to={gateWithNext('/signin', location.pathname + location.search)} replace />;
  if (need === 'player' && !isSubscribed(user)) {
    return <Navigate to={gateWithNext('/choosepayment', location.pathname + location.search)} replace />;
  }
  if (need === 'subscribed' && !isSubscribed(user)) {
    return (
      <main id="main" className="page page--narrow">
        <section className="empty-state not-subscribed" aria-labelledby="not-subscribed-title">
          <h1 id="not-subscribed-title">{NOT_SUBSCRIBED_TITLE}</h1>
          <p>{NOT_SUBSCRIBED_TEXT}</p>
          <p>
            <Link className="btn btn--primary" to="/choosepayment">
              {PLAYER_MESSAGES.chooseAPlan}
            </Link>
          </p>
        </section>
      </main>
    );
  }
  return <>{children}</>;
}
