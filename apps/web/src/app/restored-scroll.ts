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

// The document paints the page's shell seconds before the app draws on a
// slow link (decision 0060), and a viewer may scroll it meanwhile. The app's
// first commit then puts a new page at the top (ScrollRestoration, with no
// saved position): the viewer was thrown back up. Decision 0104.

/** Where the viewer has the shell scrolled, followed until the app has drawn its first page. */
let shellScroll: { y: number; stop: () => void } | null = null;

/** Before the app's first render (main.tsx): follows the viewer's scrolling of the shell. */
export function followShellScroll(win: Window = window): void {
  shellScroll?.stop();
  const onScroll = () => {
    if (shellScroll) shellScroll.y = win.scrollY;
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  shellScroll = { y: win.scrollY, stop: () => win.removeEventListener('scroll', onScroll) };
}

/**
 * In the commit that draws the app's first page, after ScrollRestoration's
 * own scroll (root-layout.tsx): a viewer who had scrolled the shell is put
 * back where they were. A page opened at a `#hash` keeps its target.
 */
export function keepShellScroll(win: Window = window): void {
  const shell = shellScroll;
  shellScroll = null;
  if (!shell) return;
  shell.stop();
  if (shell.y > 0 && win.scrollY !== shell.y && !win.location.hash) win.scrollTo(0, shell.y);
}
