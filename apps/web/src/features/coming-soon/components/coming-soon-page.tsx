import { Link } from 'react-router';

/**
 * Routes of the spec's table that later roadmap steps build (accounts,
 * player, payments, profile). An honest notice, no fake forms.
 */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <main id="main" className="page page--narrow coming-soon">
      <h1 className="page-title">{title}</h1>
      <p>
        This part of Bosphorus is on its way. Accounts, subscriptions and the player open soon; until then you can
        browse the whole catalogue.
      </p>
      <p className="coming-soon__actions">
        <Link className="btn btn--primary" to="/allseries">
          Browse series
        </Link>{' '}
        <Link className="btn btn--ghost" to="/allmovies">
          Browse movies
        </Link>
      </p>
    </main>
  );
}
