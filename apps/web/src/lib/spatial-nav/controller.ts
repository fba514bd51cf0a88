import type { Direction } from './geometry';
import { elementUsesArrow, isTextField } from './fields';
import { directionOf, isBackKey, isEnterKey, registerTizenKeys } from './keys';
import {
  CLOSABLE_ATTRIBUTE,
  entryElement,
  focusElement,
  isNavigable,
  moveFocus,
  navigationScope,
  nearestElement,
  rememberFocus,
} from './navigator';

// The keys of spatial navigation, installed once for the whole site
// (decision 0049): arrows move focus, Enter activates, Back closes what is
// open or goes back a page. In TV mode the arrows always navigate and focus
// starts on each page's entry; on desktop they navigate once something has
// focus, so an unfocused page still scrolls with the arrows.

export interface SpatialNavigationOptions {
  /** TV mode (isSmartTv()). */
  tv: boolean;
  /** Goes to an address inside the site without reloading (the router's navigate). */
  navigateHome: () => void;
}

/**
 * Open things Back closes first: a modal dialog, an expanded menu or
 * dropdown (its button carries CLOSABLE_ATTRIBUTE: an open FAQ answer is no
 * such thing), a search box's list of suggestions.
 */
const OPEN_THINGS = `[aria-modal="true"], dialog[open], [${CLOSABLE_ATTRIBUTE}][aria-expanded="true"], [role="combobox"][aria-expanded="true"]`;
/** Roles activated by Enter that a browser activates only with Space (or not at all). */
const ENTER_CLICKS =
  '[role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="option"], [role="menuitem"]';

/** Is a dialog, menu or dropdown open (Back closes it before going back a page)? */
export function somethingOpen(doc: Document = document): boolean {
  const open = doc.querySelectorAll(OPEN_THINGS);
  for (let i = 0; i < open.length; i++) {
    if (open[i]!.getClientRects().length > 0) return true;
  }
  return false;
}

/** The router's position in the site's own history (react-router keeps `idx` in history.state). */
function historyIndex(win: Window): number {
  const state = win.history.state as { idx?: unknown } | null;
  return state && typeof state.idx === 'number' ? state.idx : 0;
}

let goBackHandler: (() => void) | null = null;
let exitHandler: ((from: Element, direction: Direction) => HTMLElement | null) | null = null;

/**
 * Back without an open thing: the previous page of the site; from the first
 * page of a visit, home; on home, nothing (Back never leaves the site). The
 * player frame's `back` message calls this too.
 */
export function goBack(): void {
  goBackHandler?.();
}

/**
 * Moves focus out of `from` (the player frame on its `focus-exit`) in the
 * direction, as the arrows do. Returns the element focused, or null.
 */
export function moveFocusFrom(from: Element, direction: Direction): HTMLElement | null {
  return exitHandler ? exitHandler(from, direction) : null;
}

/** Finds an element again on a page drawn anew: a link by its address (the n-th with it), else by its id. */
interface FocusMark {
  selector: string;
  nth: number;
}

/**
 * The element focused last on each page of the visit, by its place in the
 * history: Back to a page puts focus back on it (issue 26: the
 * card you opened, in its row). Kept for the visit, a few dozen strings.
 */
const focusByEntry = new Map<string, FocusMark>();
const FOCUS_MEMORY_MAX = 50;

/** The page's place in the visit: its history position and address (the first page's entry has no router key). */
function historyKey(win: Window): string {
  return `${historyIndex(win)} ${win.location.pathname}${win.location.search}`;
}

function markOf(el: HTMLElement, doc: Document): FocusMark | null {
  const href = el.tagName === 'A' ? el.getAttribute('href') : null;
  const selector = href !== null ? `a[href="${CSS.escape(href)}"]` : el.id ? `#${CSS.escape(el.id)}` : null;
  if (!selector) return null;
  const all = doc.querySelectorAll(selector);
  for (let i = 0; i < all.length; i++) if (all[i] === el) return { selector, nth: i };
  return null;
}

function markedElement(mark: FocusMark, doc: Document): HTMLElement | null {
  const el = doc.querySelectorAll(mark.selector)[mark.nth];
  return el && isNavigable(el) ? el : null;
}

const entryTimers: number[] = [];
/** How long a page returned to by Back is given to draw the element focused on it before its entry is taken instead. */
const RETURN_WAIT_MS = 3000;
/** How long a new page's entry is waited for (its code and data on a slow TV and network). */
const ENTRY_WAIT_MS = 20_000;

/**
 * TV mode: puts focus on the page's entry once the page has drawn it (a
 * lazily loaded page, data arriving), unless the viewer has focused
 * something meanwhile. Tries for up to ENTRY_WAIT_MS; an arrow pressed
 * before that starts from the entry anyway.
 */
function focusEntrySoon(tv: boolean, doc: Document, returnTo: FocusMark | null = null): void {
  while (entryTimers.length) window.clearTimeout(entryTimers.pop());
  if (!tv) return;
  const started = Date.now();
  // The element pressed to get here (a card) may hold focus, and the page it
  // was on may still be drawn, until the router has drawn the new page.
  const leaving = doc.activeElement;
  const oldMain = doc.getElementById('main');
  const attempt = () => {
    const active = doc.activeElement;
    const focusedSinceLeaving = active && active !== leaving && doc.contains(active);
    if (focusedSinceLeaving && active !== doc.body && active !== doc.documentElement) return;
    const main = doc.getElementById('main');
    const newPageDrawn = main !== oldMain || !(leaving && doc.contains(leaving)) || Date.now() - started > 1000;
    if (!newPageDrawn) {
      entryTimers.push(window.setTimeout(attempt, 50));
      return;
    }
    const left = returnTo && main ? markedElement(returnTo, doc) : null;
    if (left) {
      focusElement(left, { tv });
      return;
    }
    if (returnTo && Date.now() - started < RETURN_WAIT_MS) {
      entryTimers.push(window.setTimeout(attempt, 100));
      return;
    }
    const entry = main && main.querySelector('[aria-busy="true"]') === null ? entryElement(doc) : null;
    if (entry && main && main.contains(entry)) {
      focusElement(entry, { tv, entry: true });
      return;
    }
    // A slow page (its code, its data) on a slow TV: keep looking while it may still come.
    if (Date.now() - started < ENTRY_WAIT_MS) entryTimers.push(window.setTimeout(attempt, 100));
  };
  entryTimers.push(window.setTimeout(attempt, 0));
}

let currentOptions: SpatialNavigationOptions | null = null;

/**
 * A page was opened (TV mode: focus goes to its entry when it is drawn);
 * `back`: returned to by Back, focus goes where it was when the viewer left.
 */
export function pageChanged(back = false): void {
  if (!currentOptions) return;
  const key = back ? historyKey(window) : null;
  focusEntrySoon(currentOptions.tv, document, key === null ? null : (focusByEntry.get(key) ?? null));
}

/** Installs the keys on the window; returns the uninstaller. */
export function installSpatialNavigation(options: SpatialNavigationOptions, win: Window = window): () => void {
  const doc = win.document;
  const { tv } = options;
  currentOptions = options;
  let lastFocused: HTMLElement | null = null;
  // Back keys that an open thing (dialog, menu) handles: they must not also go back a page.
  const handledByOpenThing = new WeakSet<Event>();

  // TV mode: the focused element went away (a Try again replaced by the
  // page it loaded, a state that redrew): focus goes to the page's entry,
  // never to nothing (issue 26).
  let lostTimer: number | undefined;
  const onFocusOut = (e: FocusEvent) => {
    if (!tv || e.relatedTarget) return;
    win.clearTimeout(lostTimer);
    lostTimer = win.setTimeout(() => {
      if (!nothingFocused() || !doc.hasFocus()) return;
      focusEntrySoon(tv, doc);
    }, 150);
  };

  // TV mode: the focused button was disabled while it waits (Resend Code
  // during its cooldown, a form being sent). The browser drops its focus
  // without a focusout, and the remote's ring would vanish: the focus goes
  // to the nearest target still there, in the same scope (issue 26).
  const onDisabled = (records: MutationRecord[]) => {
    const held = lastFocused;
    if (!held || !(held as HTMLButtonElement).disabled) return;
    if (doc.activeElement !== held && !nothingFocused()) return;
    for (let i = 0; i < records.length; i++) {
      if (records[i]!.target !== held) continue;
      const next = nearestElement(held);
      if (next) focusElement(next, { tv });
      return;
    }
  };
  const disabledObserver = tv && typeof MutationObserver === 'function' ? new MutationObserver(onDisabled) : null;
  if (disabledObserver) {
    disabledObserver.observe(doc.documentElement, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  }

  const onFocusIn = (e: FocusEvent) => {
    const target = e.target;
    if (target instanceof HTMLElement) {
      lastFocused = target;
      rememberFocus(target);
      const key = historyKey(win);
      const mark = doc.getElementById('main')?.contains(target) ? markOf(target, doc) : null;
      if (mark) {
        focusByEntry.delete(key);
        focusByEntry.set(key, mark);
        if (focusByEntry.size > FOCUS_MEMORY_MAX) focusByEntry.delete(focusByEntry.keys().next().value!);
      }
    }
  };

  const back = () => {
    if (historyIndex(win) > 0) win.history.back();
    else if (win.location.pathname !== '/') options.navigateHome();
  };

  const nothingFocused = () => {
    const active = doc.activeElement;
    return !active || active === doc.body || active === doc.documentElement;
  };

  // Capture phase: a Back key while a dialog or menu is open becomes the
  // Escape every dialog and menu of the site already closes on.
  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (!isBackKey(e, isTextField(doc.activeElement))) return;
    if (!somethingOpen(doc)) return;
    handledByOpenThing.add(e);
    if (e.key === 'Escape') return;
    e.preventDefault();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handledByOpenThing.add(escape);
    (doc.activeElement ?? doc.body).dispatchEvent(escape);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented || handledByOpenThing.has(e)) return;
    const active = doc.activeElement;
    const direction = directionOf(e);
    if (direction) {
      if (nothingFocused()) {
        if (!tv) return;
        e.preventDefault();
        const start =
          lastFocused && lastFocused.isConnected && isNavigable(lastFocused) ? lastFocused : entryElement(doc);
        if (start) focusElement(start, { tv });
        return;
      }
      if (!active) return;
      if (elementUsesArrow(active, direction, tv)) return;
      // Focus outside the open dialog (a click behind it, a lost element): back inside.
      const scope = navigationScope(doc);
      if (scope !== doc && !(scope as Element).contains(active)) {
        e.preventDefault();
        const start = entryElement(doc);
        if (start) focusElement(start, { tv });
        return;
      }
      e.preventDefault();
      moveFocus(active, direction, { tv }, scope);
      return;
    }
    if (isEnterKey(e)) {
      if (active instanceof HTMLInputElement && (active.type === 'checkbox' || active.type === 'radio')) {
        e.preventDefault();
        active.click();
      } else if (active instanceof HTMLElement && active.matches(ENTER_CLICKS) && !active.matches('button, a[href]')) {
        e.preventDefault();
        active.click();
      }
      return;
    }
    if (isBackKey(e, isTextField(active))) {
      e.preventDefault();
      back();
    }
  };

  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  win.addEventListener('keydown', onKeyDownCapture, true);
  win.addEventListener('keydown', onKeyDown);
  goBackHandler = back;
  exitHandler = (from, direction) => moveFocus(from, direction, { tv });
  if (tv) registerTizenKeys(win);
  focusEntrySoon(tv, doc);

  return () => {
    disabledObserver?.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    win.clearTimeout(lostTimer);
    win.removeEventListener('keydown', onKeyDownCapture, true);
    win.removeEventListener('keydown', onKeyDown);
    goBackHandler = null;
    exitHandler = null;
    currentOptions = null;
    while (entryTimers.length) win.clearTimeout(entryTimers.pop());
  };
}
