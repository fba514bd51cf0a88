import { APP_MODULES_ELEMENT_ID, NEXT_PAGES_MARK, type AppModules } from '@bosphorus/contract';

// The code of the pages a viewer most likely opens next, fetched while the
// page they are on sits idle (decision 0107): from home or a list, a title's
// detail page. On a slow link a tap then waits for the title's answer only,
// not also for the detail page's code and stylesheets (Slow 3G: tap → title
// 7.6 s with the code fetched on the tap). The route table (app/routes.tsx)
// names what to fetch, since features never import app/.
//
// Fetched, not run (decision 0155): the server's page lists the files of
// that code (`AppModules.next`, from the route table's word through
// entry-server's `nextPages`), and they go into the browser's cache as
// plain requests. Importing the code instead added its preloads and four
// stylesheets to the page (home styled again for each) and ran its modules,
// all in the tasks the page's first seconds are measured by. The import is
// what a page without that list does (the dev server's, and the legacy
// bundle, whose files the list does not name).

let warmer: (() => Promise<unknown>) | null = null;
let warmed = false;

/** The route table's word on the detail pages' code. */
export function setDetailPagesWarmer(warm: () => Promise<unknown>): void {
  warmer = warm;
}

/** The import the route table named: the server build runs it to learn the code's source paths. */
export function detailPagesWarmer(): (() => Promise<unknown>) | null {
  return warmer;
}

/** The next pages' files the server's page lists, or null where it lists none. */
function listedFiles(doc: Document): string[] | null {
  if (import.meta.env.LEGACY) return null;
  const element = doc.getElementById(APP_MODULES_ELEMENT_ID);
  if (!element) return null;
  try {
    const next = (JSON.parse(element.textContent ?? '') as Partial<AppModules>).next;
    return Array.isArray(next) ? next.filter((file): file is string => typeof file === 'string') : null;
  } catch {
    return null;
  }
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
    const files = listedFiles(win.document);
    if (!files) {
      void next().catch(() => undefined);
      return;
    }
    // Read to the end, so the whole answer is kept; a lost one is asked for again on the tap.
    for (const file of files)
      void win
        .fetch(file, { priority: 'low' })
        .then((answer) => answer.arrayBuffer())
        .catch(() => undefined);
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
