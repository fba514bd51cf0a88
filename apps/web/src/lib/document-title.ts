import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';

// Every route has its own document title (issue 10): a route names its page
// in its `handle` (router.tsx); a page whose title comes from data (a
// title's detail, a list, a player) sets it with useDocumentTitle, whose
// effect runs after the route's.

export const SITE_NAME = 'Bosphorus';
/** The home page's title, and any route's while its own is unknown (the server's too). */
export const DEFAULT_DOCUMENT_TITLE = `${SITE_NAME} — Turkish series and movies with English subtitles`;

/** 'Sign in' → 'Sign in — Bosphorus'. */
export function pageTitle(name: string): string {
  return `${name} — ${SITE_NAME}`;
}

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  /** The page's name in the tab ('Sign in'); absent: the site's default title. */
  title?: string;
  /**
   * The route's loader reads only catalogue answers, whose changes the
   * server's change feed announces: a visitor's render of the page may be
   * kept until then (decision 0107).
   */
  catalogue?: true;
}

/**
 * Sets the tab title while the page is shown ('Diriliş: Ertuğrul (2014) —
 * Bosphorus') and puts the previous one back when it goes.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** In the root layout, before the page: the deepest route's `handle.title`, else the default. */
export function RouteTitle() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const named = [...matches].reverse().find((m) => typeof (m.handle as RouteHandle | undefined)?.title === 'string');
  const title = named ? pageTitle((named.handle as Required<RouteHandle>).title) : DEFAULT_DOCUMENT_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title, pathname]);
  return null;
}
