import { createContext, useContext, useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';

// Every route has its own document title (issue 10): a route names its page
// in its `handle` (router.tsx); a page whose title comes from data (a
// title's detail, a list, a player) sets it with useDocumentTitle, whose
// effect runs after the route's.
//
// The server's render writes them down as it draws the page (no effect runs
// there), into the render's DocumentHead: the page's <title> is in the
// document the server sends, and so is its canonical address (issue 25).

/** What the server's render learns of the document's head while it draws the page (entry-server.tsx). */
export interface DocumentHead {
  /** The last title named in the render: the page's, drawn after the route's. */
  title: string | null;
  /** The page's own address, when a page says it (a detail page by its id, a list by its state). */
  canonical: string | null;
}

/** The server's render's DocumentHead; null in the browser, where the effects set the title. */
export const DocumentHeadContext = createContext<DocumentHead | null>(null);

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
  const head = useContext(DocumentHeadContext);
  if (head && title) head.title = title;
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
  const head = useContext(DocumentHeadContext);
  if (head) head.title = title;
  useEffect(() => {
    document.title = title;
  }, [title, pathname]);
  return null;
}

/**
 * The page's canonical address (a path with its query: `/moviedetail/5`,
 * `/allseries?genre=4&page=2`) for the server's head: what a search engine
 * and a shared link should name, whichever address opened the page
 * (`/movies/5`, `/moviedetail/005`, a query the page does not read). The
 * browser has no use for it.
 */
export function useCanonicalPath(path: string) {
  const head = useContext(DocumentHeadContext);
  if (head) head.canonical = path;
}
