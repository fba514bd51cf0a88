// The code of the pages a viewer most likely opens next, fetched while the
// page they are on sits idle (decision 0107): from home or a list, a title's
// detail page. On a slow link a tap then waits for the title's answer only,
// not also for the detail page's code and stylesheets (Slow 3G: tap → title
// 7.6 s with the code fetched on the tap). The route table (app/routes.tsx)
// names what to fetch, since features never import app/.

/**
 * A User Timing mark made as the warm-up starts: what the page loaded for
 * itself came before it (the bench's "home's JavaScript", decision 0142).
 */
export const NEXT_PAGES_MARK = 'bosphorus:next-pages';

let warmer: (() => Promise<unknown>) | null = null;
let warmed = false;

/** The route table's word on the detail pages' code. */
export function setDetailPagesWarmer(warm: () => Promise<unknown>): void {
  warmer = warm;
}

/**
 * Once the page has loaded and the browser is idle (its own pictures first),
 * fetches the detail pages' code, once per visit. Without requestIdleCallback
 * (old engines), a second after the load event.
 */
export function warmDetailPagesWhenIdle(win: Window = window): void {
  if (warmed || !warmer) return;
  warmed = true;
  const next = warmer;
  const warm = () => {
    win.performance?.mark?.(NEXT_PAGES_MARK);
    void next().catch(() => undefined);
  };
  const idle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(warm, { timeout: 5_000 })
      : win.setTimeout(warm, 1_000);
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/** For tests: as after a fresh page load. */
export function resetPageWarmer(): void {
  warmer = null;
  warmed = false;
}
