import { MESSAGES } from '@bosphorus/contract';
import { InfoIcon, SearchIcon } from '../../../components/ui/icons';
import { TitleCard, TitleCardSkeleton, type AnyTitleCard } from '../../../components/ui/title-card';
import { GRID_CARD_SIZES } from '../../../lib/uploads';
import type { ListPageData } from '../types';

/** Skeleton cards of the loading grid. */
const SKELETON_CARDS = 12;
/** A list's first cards, above the fold at every width: fetched at once (the rest lazily). */
export const EAGER_CARDS = 6;

export interface ListResultsProps {
  data: ListPageData | undefined;
  /** First load: nothing to show yet. */
  loading: boolean;
  /** The shown page belongs to the previous filters; the next one is loading. */
  stale: boolean;
  error: Error | null;
  /** The settled search text ('' for none). */
  search: string;
  /** True when a year, genre or status is checked. */
  hasFilters: boolean;
  /** 'series' / 'movies' and one of them ('series' / 'movie'), for the messages. */
  noun: { one: string; other: string };
  page: number;
  onRetry: () => void;
  onClearFilters: () => void;
}

function noResultsHint(noun: string, search: string, hasFilters: boolean): string {
  if (search && hasFilters)
    return `No ${noun} match “${search}” with these filters. Try fewer filters or another word.`;
  if (search) return `No ${noun} match “${search}”. Check the spelling or try a title or an actor’s name.`;
  if (hasFilters) return `No ${noun} match these filters. Try removing some of them.`;
  return `There are no ${noun} here yet. Please check back soon.`;
}

const itemKey = (item: AnyTitleCard) => (item.kind === 'series' ? `s${item.serie_id}` : `m${item.movie_id}`);

/** The grid, or what stands in its place: skeletons, 'No Results', an error. */
export function ListResults({
  data,
  loading,
  stale,
  error,
  search,
  hasFilters,
  noun,
  page,
  onRetry,
  onClearFilters,
}: ListResultsProps) {
  const filtered = hasFilters || search !== '';
  let body;
  let announcement = '';
  if (error) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    body = (
      <div className="list-message list-message--error" role="alert">
        <span className="list-message__icon">
          <InfoIcon />
        </span>
        <h2 className="list-message__title">We couldn’t load the {noun.other}</h2>
        <p className="list-message__text">
          {offline
            ? 'You seem to be offline. Check your connection, then try again.'
            : 'Something went wrong on the way. Please try again in a moment.'}
        </p>
        <div className="list-message__actions">
          <button data-nav-entry="retry" type="button" className="btn btn--primary" onClick={onRetry}>
            Try again
          </button>
          {filtered ? (
            <button type="button" className="btn btn--ghost" onClick={onClearFilters}>
              Clear filters
            </button>
          ) : null}
        </div>
      </div>
    );
  } else if (loading || !data) {
    body = (
      <div aria-hidden="true">
        <div className="skeleton catalogue-results__summary-skeleton" />
        <div className="card-grid catalogue-grid">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <TitleCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  } else if (data.items.length === 0) {
    announcement = MESSAGES.noResults;
    body = (
      <div className="list-message">
        <span className="list-message__icon">
          <SearchIcon />
        </span>
        <h2 className="list-message__title">{MESSAGES.noResults}</h2>
        <p className="list-message__text">{noResultsHint(noun.other, search, hasFilters)}</p>
        {filtered ? (
          <div className="list-message__actions">
            <button type="button" className="btn btn--primary" onClick={onClearFilters}>
              Clear filters
            </button>
          </div>
        ) : null}
      </div>
    );
  } else {
    const shownPage = Math.min(page, data.totalPages);
    const count = data.items.length;
    const counted = `${count} ${count === 1 ? noun.one : noun.other}`;
    announcement = data.totalPages > 1 ? `${counted}, page ${shownPage} of ${data.totalPages}` : counted;
    body = (
      <>
        {/* One page: the exact count; more: where we are. The line is always
            there so the grid does not jump when the filters change. */}
        <p className="catalogue-results__summary">
          {data.totalPages > 1 ? `Page ${shownPage} of ${data.totalPages}` : counted}
        </p>
        <ul className="card-grid catalogue-grid" role="list" aria-label="Results" data-stale={stale || undefined}>
          {data.items.map((item, index) => (
            <li key={itemKey(item)}>
              <TitleCard item={item} eager={index < EAGER_CARDS} sizes={GRID_CARD_SIZES} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      {body}
      {/* Says what changed after a filter or page change, once it has loaded. */}
      <p className="visually-hidden" aria-live="polite">
        {stale ? '' : announcement}
      </p>
    </>
  );
}
