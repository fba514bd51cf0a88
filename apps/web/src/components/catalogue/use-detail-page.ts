import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../lib/api';
import { pageTitle } from '../../lib/document-title';
import { prefersReducedMotion } from '../../lib/hooks/use-reduced-motion';

// Behaviour shared by the movie and series detail pages: the route hash
// (#details, #trailer, #episodes, #reviews…) scrolls to its section, and the
// tab title names the title being shown.

/**
 * Scrolls the section with this id to the top of the viewport (its CSS
 * scroll-margin-top keeps it clear of the header). With `focus`, keyboard
 * and screen-reader users land there too (the section has tabIndex -1).
 * Returns false when there is no such section.
 */
export function scrollToSection(id: string, { focus = false }: { focus?: boolean } = {}): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (focus) el.focus({ preventScroll: true });
  return true;
}

/**
 * Spec §2: "the route hash scrolls to an element". The sections only exist
 * once the title has loaded, so the router's own hash handling (which runs
 * on navigation) finds nothing; this runs again when `ready` turns true.
 */
export function useHashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    // One frame later the page's sections have been laid out.
    const frame = requestAnimationFrame(() => scrollToSection(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

export function detailDocumentTitle(title: string, year: number): string {
  return pageTitle(`${title} (${year})`);
}

/**
 * Play Trailer: scroll to the trailer, move focus there and start it. The
 * address gains '#trailer' (so it can be shared) without a router
 * navigation, whose own hash handling would jump instead of scrolling.
 */
export function usePlayTrailer(): { autoplay: boolean; playTrailer: () => void } {
  const [autoplay, setAutoplay] = useState(false);
  const playTrailer = useCallback(() => {
    setAutoplay(true);
    scrollToSection('trailer', { focus: true });
    if (window.location.hash !== '#trailer') {
      window.history.replaceState(window.history.state, '', '#trailer');
    }
  }, []);
  return { autoplay, playTrailer };
}

/** The API answers 404 for an unknown id and 400 for a malformed one: both are 'Title not found'. */
export function isTitleNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
