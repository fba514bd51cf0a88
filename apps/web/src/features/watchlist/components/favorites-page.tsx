import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIBRARY_TEXTS, type WishlistItem } from '@bosphorus/contract';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { TitleCard, TitleCardSkeleton, type AnyTitleCard } from '../../../components/ui/title-card';
import { GRID_CARD_SIZES } from '../../../lib/uploads';
import { itemKey, useWishlist } from '../api/get-wishlist';
import { BookmarkIcon } from './toggle-icons';
import '../watchlist.css';

// Spec §2 Profile area → Favorites (/profile/favorites, formerly /profile/watch-later): back arrow,
// title 'Favorites', filter buttons All / Movies / Series, the grid of saved
// cards (newest first). The not-subscribed fallback is RequireAuth's
// (router.tsx, need="subscribed").

export type FavoritesFilter = 'all' | 'movie' | 'series';

const FILTERS: { value: FavoritesFilter; label: string }[] = [
  { value: 'all', label: LIBRARY_TEXTS.filterAll },
  { value: 'movie', label: LIBRARY_TEXTS.filterMovies },
  { value: 'series', label: LIBRARY_TEXTS.filterSeries },
];

/** A saved item as the shared card takes it. */
export function toCardItem(item: WishlistItem): AnyTitleCard {
  if (item.type === 'movie') {
    const { type: _t, added_at: _a, ...card } = item;
    return { kind: 'movie', ...card };
  }
  const { type: _t, added_at: _a, ...card } = item;
  return { kind: 'series', ...card };
}

export function FavoritesPage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<FavoritesFilter>('all');
  const { data, isPending, isError, refetch } = useWishlist();
  useDocumentTitle(pageTitle(LIBRARY_TEXTS.favoritesTitle));

  const shown = (data ?? []).filter((item) => filter === 'all' || item.type === filter);

  let body;
  if (isPending) {
    body = (
      <ul className="card-grid favorites-grid" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <li key={i}>
            <TitleCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    body = (
      <div className="empty-state" role="alert">
        <h2>{LIBRARY_TEXTS.loadFailed}</h2>
        <button data-nav-entry="retry" type="button" className="btn btn--primary" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="empty-state favorites-empty">
        <span className="favorites-empty__icon">
          <BookmarkIcon filled={false} />
        </span>
        <h2>
          {filter === 'movie'
            ? LIBRARY_TEXTS.emptyFilteredMovies
            : filter === 'series'
              ? LIBRARY_TEXTS.emptyFilteredSeries
              : LIBRARY_TEXTS.emptyTitle}
        </h2>
        <p>{LIBRARY_TEXTS.emptyHint}</p>
        <div className="favorites-empty__links">
          <Link className="btn btn--primary" to="/allseries">
            {LIBRARY_TEXTS.browseSeries}
          </Link>
          <Link className="btn btn--secondary" to="/allmovies">
            {LIBRARY_TEXTS.browseMovies}
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="card-grid favorites-grid" aria-label={LIBRARY_TEXTS.favoritesTitle}>
        {shown.map((item, index) => (
          <li key={itemKey(item)}>
            <TitleCard item={toCardItem(item)} eager={index < 6} sizes={GRID_CARD_SIZES} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main id="main" className="page favorites">
      <div className="favorites__head">
        <button
          type="button"
          className="icon-btn"
          aria-label="Back"
          onClick={() => {
            // Back where the viewer came from; home when this is the first page of the visit.
            if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
            else void navigate('/');
          }}
        >
          <ChevronLeftIcon />
        </button>
        <h1 className="page-title favorites__title">{LIBRARY_TEXTS.favoritesTitle}</h1>
      </div>
      <div className="favorites__filters" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="favorites__filter"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {body}
      <p className="visually-hidden" aria-live="polite">
        {isPending || isError ? '' : `${shown.length} ${shown.length === 1 ? 'title' : 'titles'}`}
      </p>
    </main>
  );
}
