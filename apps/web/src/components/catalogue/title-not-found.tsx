import { Link } from 'react-router';
import { pageTitle, useDocumentTitle } from '../../lib/document-title';
import './detail.css';

/** An unknown or malformed detail id (the API answers 404 or 400). */
export function TitleNotFound({ kind }: { kind: 'movie' | 'series' }) {
  useDocumentTitle(pageTitle('Title not found'));
  return (
    <main id="main" className="page page--narrow detail-message">
      <h1 className="page-title">Title not found</h1>
      <p>
        We could not find this {kind === 'movie' ? 'movie' : 'series'}. It may have been removed, or the link may be
        mistyped.
      </p>
      <p className="detail-message__actions">
        <Link className="btn btn--primary" to="/">
          Go to the home page
        </Link>
        <Link className="btn btn--ghost" to={kind === 'movie' ? '/allmovies' : '/allseries'}>
          {kind === 'movie' ? 'Browse all movies' : 'Browse all series'}
        </Link>
      </p>
    </main>
  );
}

/** Any other failure to load: say what happened and offer to try again. */
export function DetailLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle(pageTitle('Something went wrong'));
  return (
    <main id="main" className="page page--narrow detail-message">
      <h1 className="page-title">We could not load this title</h1>
      <p role="alert">Check your connection and try again. If it keeps happening, come back in a few minutes.</p>
      <p className="detail-message__actions">
        <button data-nav-entry="retry" type="button" className="btn btn--primary" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
        <Link className="btn btn--ghost" to="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
