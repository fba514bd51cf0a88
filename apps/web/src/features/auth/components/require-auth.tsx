import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { MESSAGES } from '@bosphorus/contract';
import { isSubscribed, useCurrentUser, useSessionRestoring } from '../../../lib/session';

// Spec §2 route table and §6 roles:
// - 'login': a visitor goes to /signin;
// - 'player': also sends user_status '0' to /choosepayment;
// - 'subscribed': user_status '0' sees a not-subscribed notice instead.
// While the login state is restoring every protected route shows 'Loading...'.

export type Requirement = 'login' | 'player' | 'subscribed';

export const NOT_SUBSCRIBED_TITLE = 'No active subscription';

export function RequireAuth({ need = 'login', children }: { need?: Requirement; children: ReactNode }) {
  const restoring = useSessionRestoring();
  const user = useCurrentUser();
  if (restoring) {
    return (
      <main id="main" className="page">
        <p role="status">{MESSAGES.loading}</p>
      </main>
    );
  }
  if (!user) return <Navigate to="/signin" replace />;
  if (need === 'player' && !isSubscribed(user)) return <Navigate to="/choosepayment" replace />;
  if (need === 'subscribed' && !isSubscribed(user)) {
    return (
      <main id="main" className="page page--narrow">
        <div className="empty-state">
          <h1>{NOT_SUBSCRIBED_TITLE}</h1>
          <p>This part of your profile is for subscribers. Choose a plan to keep favourites and your watch history.</p>
          <p>
            <Link className="btn btn--primary" to="/choosepayment">
              Choose a plan
            </Link>
          </p>
        </div>
      </main>
    );
  }
  return <>{children}</>;
}
