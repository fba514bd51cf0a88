import type { createBrowserRouter } from 'react-router';

// Back and Forward put the viewer where they were on the page they return
// to (React Router's ScrollRestoration, root-layout.tsx). ScrollRestoration
// scrolls in a layout effect that can run before the returning
// page has replaced the page being left: the position is clamped to the old
// page's height, and scroll anchoring then follows the footer down by as
// much as the returning page is taller (Back to home from a detail page
// landed a screen or more below the row the viewer had left). Decision 0104.

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'subscribe'>;

/**
 * Scrolls to a navigation's restored position again in the next frame, once
 * the returning page is drawn and before it is painted. Only a new location
 * counts: a later state change (a fetcher, a revalidation) of the same page
 * leaves a viewer's own scrolling alone. Returns the function that stops it.
 */
export function keepRestoredScroll(router: Router, win: Window = window): () => void {
  let location: unknown = null;
  let frame = 0;
  const unsubscribe = router.subscribe((state) => {
    if (state.location === location || state.navigation.state !== 'idle') return;
    location = state.location;
    const y = state.restoreScrollPosition;
    if (typeof y !== 'number') return;
    win.cancelAnimationFrame(frame);
    frame = win.requestAnimationFrame(() => {
      if (Math.round(win.scrollY) !== Math.round(y)) win.scrollTo(0, y);
    });
  });
  return () => {
    unsubscribe();
    win.cancelAnimationFrame(frame);
  };
}
