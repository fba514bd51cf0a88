import type { createBrowserRouter } from 'react-router';
import { isSmartTv } from '../lib/smart-tv';
import { elementUsesArrow, isTextField } from '../lib/spatial-nav/fields';
import { directionOf, isBackKey } from '../lib/spatial-nav/keys';

// TV mode and the remote (issue 14, decision 0049). Runs in main.tsx before
// React draws anything: the `tv` class on <html> selects the ten-foot layout
// (global.css "Ten feet away") before the first frame with content.
//
// The spatial navigation itself is a chunk of its own (decision 0093): on a
// TV it is fetched at once, beside the page's first data; on a computer once
// the page has loaded; on a touch screen only when a key is pressed (a phone
// seldom has a keyboard, and its first visit's bytes are counted). An arrow
// or Back pressed before it has arrived is held (its default prevented) and
// replayed once it is installed, so the first key press works on every
// device.

type Router = ReturnType<typeof createBrowserRouter>;

/** How long after the load event a desktop or phone fetches the spatial navigation. */
export const LOAD_DELAY_MS = 1000;

/** A screen worked by touch alone: no mouse or trackpad to hover with. */
export const isTouchOnly = (win: Window) => win.matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false;

/** Starts TV mode and the keys; the function returned stops them (tests). */
export function startTvMode(router: Router, win: Window = window): () => void {
  const tv = isSmartTv();
  const doc = win.document;
  if (tv) doc.documentElement.classList.add('tv');

  let installed = false;
  let pageChangedSinceStart = false;
  let pageChanged: ((back: boolean) => void) | null = null;
  const held: KeyboardEvent[] = [];
  let loading: Promise<void> | null = null;
  let stopped = false;
  let uninstall: (() => void) | null = null;

  const load = (): Promise<void> =>
    (loading ??= import('../lib/spatial-nav').then(
      (nav) => {
        if (stopped) return;
        uninstall = nav.installSpatialNavigation({ tv, navigateHome: () => void router.navigate('/') }, win);
        installed = true;
        pageChanged = nav.pageChanged;
        win.removeEventListener('keydown', holdKey);
        // In TV mode focus goes to the page's entry: the first page's too.
        if (tv || pageChangedSinceStart) nav.pageChanged();
        for (const e of held.splice(0)) {
          const target = doc.activeElement ?? doc.body;
          target.dispatchEvent(
            new KeyboardEvent('keydown', {
              key: e.key,
              code: e.code,
              keyCode: e.keyCode,
              bubbles: true,
              cancelable: true,
            } as KeyboardEventInit),
          );
        }
      },
      () => {
        // The chunk did not come (offline): the next key asks again.
        loading = null;
      },
    ));

  function holdKey(e: KeyboardEvent): void {
    if (installed || e.defaultPrevented) return;
    const el = doc.activeElement;
    const direction = directionOf(e);
    if (!direction && !isBackKey(e, isTextField(el))) return;
    // An unfocused desktop page scrolls with its arrows, and a field's own
    // arrows move its caret or value: the browser's, nothing to hold.
    const nothingFocused = !el || el === doc.body || el === doc.documentElement;
    if (direction && ((!tv && nothingFocused) || (el && !nothingFocused && elementUsesArrow(el, direction, tv)))) {
      void load();
      return;
    }
    e.preventDefault();
    held.push(e);
    void load();
  }
  win.addEventListener('keydown', holdKey);

  let timer: number | undefined;
  const later = () => {
    timer = win.setTimeout(() => void load(), LOAD_DELAY_MS);
  };
  if (tv) void load();
  else if (isTouchOnly(win)) {
    // Fetched by the first key (holdKey).
  } else if (doc.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });

  // A new page (not a new filter or page number in the address): focus goes
  // to its entry in TV mode once it is drawn.
  let path = router.state.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === path) return;
    path = state.location.pathname;
    if (pageChanged) pageChanged(state.historyAction === 'POP');
    else pageChangedSinceStart = true;
  });

  return () => {
    stopped = true;
    win.removeEventListener('keydown', holdKey);
    win.removeEventListener('load', later);
    win.clearTimeout(timer);
    unsubscribe();
    uninstall?.();
  };
}
