import { pageTitle, useCanonicalPath, useDocumentTitle } from '../../../lib/document-title';
import { useEffect, useId, useRef, useState } from 'react';
import { isSmartTv } from '../../../lib/smart-tv';
import { LIST_PAGE_TEXTS } from '@bosphorus/contract';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { prefersReducedMotion } from '../../../lib/hooks/use-reduced-motion';
import { useMoviesList } from '../api/get-movies-list';
import { warmDetailPagesWhenIdle } from '../../../lib/page-warmer';
import { useSeriesList } from '../api/get-series-list';
import { useListUrlState } from '../hooks/use-list-url-state';
import type { ListKind } from '../types';
import { hasFilterSelection } from '../utils/filter-rules';
import { FilterBar } from './filter-bar';
import { ListResults } from './list-results';
import '../catalogue-list.css';

const COPY = {
  series: {
    ...LIST_PAGE_TEXTS.series,
    resultsHeading: 'Series results',
    noun: { one: 'series', other: 'series' },
  },
  movies: {
    ...LIST_PAGE_TEXTS.movies,
    resultsHeading: 'Movie results',
    noun: { one: 'movie', other: 'movies' },
  },
} as const;

/** /allseries and /allmovies (spec §2 Lists). */
export function CatalogueListPage({ kind }: { kind: ListKind }) {
  // A fresh instance per list: the search box and an open dropdown must not
  // carry over from All Series to All Movies.
  return <CatalogueList key={kind} kind={kind} />;
}

function CatalogueList({ kind }: { kind: ListKind }) {
  const copy = COPY[kind];
  const { state, setFilters, setSearch, setPage, pageHref, canonical, clearAll } = useListUrlState(kind);
  const seriesQuery = useSeriesList(state, { enabled: kind === 'series' });
  const moviesQuery = useMoviesList(state, { enabled: kind === 'movies' });
  const { data, error, isFetching, isPlaceholderData, refetch } = kind === 'series' ? seriesQuery : moviesQuery;
  const resultsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useDocumentTitle(pageTitle(copy.title));
  useCanonicalPath(canonical);
  // A card's detail page is the likely next page: its code comes while the list is idle.
  useEffect(() => warmDetailPagesWhenIdle(), []);

  // Spec §8: a failed list fetch is logged and the spinner stops; the page
  // also says so in words and offers a retry (UI.md: errors say what to do).
  useEffect(() => {
    if (error) console.error(`Loading the ${copy.noun.other} list failed`, error);
  }, [error, copy.noun]);

  // A stale or hand-edited link past the last page lands on the last page.
  const totalPages = data?.totalPages ?? 0;
  const pastTheEnd = !isPlaceholderData && totalPages > 0 && state.page > totalPages;
  useEffect(() => {
    if (pastTheEnd) setPage(totalPages, { replace: true });
  }, [pastTheEnd, totalPages, setPage]);

  // After a page change (or clearing the filters) focus and view move to
  // the top of the results, so keyboard and screen-reader users start on the
  // new page instead of at the pagination below it.
  // On a TV the remote's focus goes to the first card of the new page once
  // it has come (issue 26): a hidden heading is no place for a cursor.
  const [focusFirstCard, setFocusFirstCard] = useState(false);
  const newPageDrawn = focusFirstCard && !!data && !isPlaceholderData && !isFetching;
  useEffect(() => {
    if (!newPageDrawn) return;
    setFocusFirstCard(false);
    const first = resultsRef.current?.querySelector<HTMLElement>('.catalogue-grid a[href]');
    if (!first) return;
    void import('../../../lib/spatial-nav').then((nav) => nav.focusElement(first, { tv: true }));
  }, [newPageDrawn]);

  const moveToResults = ({ onlyUp }: { onlyUp: boolean }) => {
    if (isSmartTv()) {
      setFocusFirstCard(true);
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    const results = resultsRef.current;
    if (!results || (onlyUp && results.getBoundingClientRect().top >= 0)) return;
    results.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const handlePageChange = (page: number) => {
    setPage(page);
    moveToResults({ onlyUp: false });
  };

  const handleClearFilters = () => {
    clearAll();
    moveToResults({ onlyUp: true });
  };

  const showError = Boolean(error) && !isFetching;

  return (
    <main id="main" className="page catalogue-list">
      <header className="catalogue-list__header">
        <h1 className="catalogue-list__title">{copy.title}</h1>
        <p className="catalogue-list__intro">{copy.intro}</p>
      </header>

      <FilterBar kind={kind} filters={state.filters} onChange={setFilters} search={state.search} onSearch={setSearch} />

      <section className="catalogue-results" ref={resultsRef} aria-labelledby={headingId}>
        <h2 id={headingId} className="catalogue-results__heading visually-hidden" tabIndex={-1} ref={headingRef}>
          {copy.resultsHeading}
        </h2>
        {isFetching ? (
          <div className="catalogue-results__loading">
            <Spinner />
          </div>
        ) : null}
        <ListResults
          data={showError ? undefined : data}
          loading={!data && !showError}
          stale={isPlaceholderData && isFetching}
          error={showError ? error : null}
          search={state.search}
          hasFilters={hasFilterSelection(state.filters)}
          noun={copy.noun}
          page={state.page}
          onRetry={() => void refetch()}
          onClearFilters={handleClearFilters}
        />
        {data && !showError ? (
          <Pagination
            page={state.page}
            totalPages={data.totalPages}
            hrefFor={pageHref}
            onPageChange={handlePageChange}
          />
        ) : null}
      </section>
    </main>
  );
}
