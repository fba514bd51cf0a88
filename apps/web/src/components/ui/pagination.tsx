import { paginationWindow } from '@bosphorus/contract';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';
import './pagination.css';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/**
 * First / previous / a window of up to 5 page numbers / next / last (spec §2
 * Lists, §9). Hidden when everything fits on one page.
 */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const atStart = current === 1;
  const atEnd = current === totalPages;
  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };

  return (
    <nav className="pagination" aria-label="Pagination">
      <div className="pagination__steps">
        <button
          type="button"
          className="pagination__btn"
          aria-label="First page"
          disabled={atStart}
          onClick={() => go(1)}
        >
          <ChevronsLeftIcon />
        </button>
        <button
          type="button"
          className="pagination__btn"
          aria-label="Previous page"
          disabled={atStart}
          onClick={() => go(current - 1)}
        >
          <ChevronLeftIcon />
        </button>
      </div>
      <ul className="pagination__pages" role="list">
        {paginationWindow(current, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pagination__btn pagination__page"
              aria-label={`Page ${n}`}
              aria-current={n === current ? 'page' : undefined}
              onClick={() => go(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <div className="pagination__steps pagination__steps--end">
        <button
          type="button"
          className="pagination__btn"
          aria-label="Next page"
          disabled={atEnd}
          onClick={() => go(current + 1)}
        >
          <ChevronRightIcon />
        </button>
        <button
          type="button"
          className="pagination__btn"
          aria-label="Last page"
          disabled={atEnd}
          onClick={() => go(totalPages)}
        >
          <ChevronsRightIcon />
        </button>
      </div>
    </nav>
  );
}
