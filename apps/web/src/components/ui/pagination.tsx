import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { paginationWindow } from '@bosphorus/contract';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';
import './pagination.css';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  /** The address of a page, the list's other parameters kept ('/allseries?genre=4&page=2'). */
  hrefFor: (page: number) => string;
  /** A page chosen in the app: the page navigates itself (and moves focus to the results). */
  onPageChange: (page: number) => void;
}

/** A click the app takes over; one with a modifier or another button opens the link as the browser does. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * First / previous / a window of up to 5 page numbers / next / last (spec §2
 * Lists, §9). Hidden when everything fits on one page. Every control is a
 * link to its page: the server's HTML pages through the list without
 * JavaScript, and a page opens in a new tab; in the app a plain click (or
 * Enter, or the remote's OK) goes through onPageChange instead, which keeps
 * the list's own navigation (no scroll reset, focus to the results). A
 * control with nowhere to go is a link without an address, marked disabled.
 */
export function Pagination({ page, totalPages, hrefFor, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const atStart = current === 1;
  const atEnd = current === totalPages;
  const step = (target: number, label: string, icon: ReactNode, disabled: boolean) => (
    <PageLink
      label={label}
      href={disabled ? null : hrefFor(target)}
      onChoose={() => onPageChange(target)}
      className="pagination__btn"
    >
      {icon}
    </PageLink>
  );

  return (
    <nav className="pagination" aria-label="Pagination">
      <div className="pagination__steps">
        {step(1, 'First page', <ChevronsLeftIcon />, atStart)}
        {step(current - 1, 'Previous page', <ChevronLeftIcon />, atStart)}
      </div>
      <ul className="pagination__pages" role="list">
        {paginationWindow(current, totalPages).map((n) => (
          <li key={n}>
            <PageLink
              label={`Page ${n}`}
              href={hrefFor(n)}
              current={n === current}
              onChoose={() => onPageChange(n)}
              className="pagination__btn pagination__page"
            >
              {n}
            </PageLink>
          </li>
        ))}
      </ul>
      <div className="pagination__steps pagination__steps--end">
        {step(current + 1, 'Next page', <ChevronRightIcon />, atEnd)}
        {step(totalPages, 'Last page', <ChevronsRightIcon />, atEnd)}
      </div>
    </nav>
  );
}

function PageLink({
  label,
  href,
  current = false,
  onChoose,
  className,
  children,
}: {
  label: string;
  /** Null: nowhere to go (first/previous on the first page, next/last on the last). */
  href: string | null;
  current?: boolean;
  onChoose: () => void;
  className: string;
  children: ReactNode;
}) {
  // A disabled link: no address (so not focusable, not followed), announced as disabled.
  if (href === null) {
    return (
      <a className={className} role="link" aria-label={label} aria-disabled="true">
        {children}
      </a>
    );
  }
  return (
    <Link
      to={href}
      className={className}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        if (!current) onChoose();
      }}
    >
      {children}
    </Link>
  );
}
