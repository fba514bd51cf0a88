import { Link } from 'react-router';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { PlayerStageSkeleton } from './player-stage';

// Loading and error states of the watch pages (UI.md): a skeleton in the
// shape of the stage and the controls, so nothing jumps when the answer
// arrives; an unknown episode says so and offers a way on.

export function WatchSkeleton({ kind }: { kind: 'movie' | 'episode' }) {
  return (
    <main id="main" className="watch-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        {kind === 'movie' ? 'Loading the movie' : 'Loading the episode'}
      </p>
      <PlayerStageSkeleton />
      <div className="watch-body" aria-hidden="true">
        <div className="watch-info">
          <div className="watch-head">
            {kind === 'episode' ? <div className="skeleton skeleton--line" style={{ width: 180 }} /> : null}
            <div className="skeleton skeleton--line watch-skeleton__title" />
            <div className="skeleton skeleton--line" style={{ width: 220 }} />
          </div>
          <div className="watch-controls">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="skeleton watch-skeleton__btn" />
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}

export function EpisodeNotFound() {
  useDocumentTitle(pageTitle('Episode not found'));
  return (
    <main id="main" className="page page--narrow detail-message">
      <h1 className="page-title">Episode not found</h1>
      <p>We could not find this episode. It may have been removed, or the link may be mistyped.</p>
      <p className="detail-message__actions">
        <Link className="btn btn--primary" to="/allseries">
          Browse all series
        </Link>
        <Link className="btn btn--ghost" to="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
