import { isVertical, pickNext, type Box, type Direction } from './geometry';

// Spatial navigation over the live DOM (decision 0049): which elements are
// targets, the scope focus is trapped in (the topmost open modal dialog),
// the remembered card of each row, and scrolling the focused element into
// view. No dependencies and no API newer than Chromium 63 without a
// fallback (no `inert`, `:focus-visible` or `preventScroll` reliance).

/** Marks a container whose focusable children form one row (a carousel, an episode strip). */
export const ROW_ATTRIBUTE = 'data-nav-row';
/** Marks an element (and everything in it) that arrows never land on, e.g. the hero slider's dots. */
export const SKIP_ATTRIBUTE = 'data-nav-skip';
/** Marks the button of a menu or dropdown that closes on Escape: while it is expanded, Back closes it. */
export const CLOSABLE_ATTRIBUTE = 'data-nav-closable';
/**
 * Marks an element that holds the focus in TV mode while the focus is in it
 * (the watch page: the full-screen player and its tray, issue 26).
 */
export const TV_SCOPE_ATTRIBUTE = 'data-nav-tv-scope';
/**
 * Marks a scrolling container of its own (the TV player's tray): an element
 * focused in it is scrolled into view by the browser inside the container,
 * not by the window.
 */
export const SCROLLER_ATTRIBUTE = 'data-nav-scroll';
/** Marks where focus starts on a page in TV mode (the hero's Watch Now, a form's first field). */
export const ENTRY_ATTRIBUTE = 'data-nav-entry';
/**
 * Marks a group searched first from inside it (every `<form>` is one): the
 * next field of a form wins over a nearer link of a column beside it (the
 * profile pages' side menu); past the group's edge the whole page counts.
 */
export const GROUP_ATTRIBUTE = 'data-nav-group';
const GROUPS = `form, [${GROUP_ATTRIBUTE}]`;

const CANDIDATES =
  'a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"], [contenteditable=""]';
const MODAL_SCOPES = '[aria-modal="true"], dialog[open]';

function closestMatch(el: Element, selector: string): Element | null {
  // Element.closest is Chromium 41+; kept in one place for the tests' sake.
  return el.closest(selector);
}

/** The button of an open menu or dropdown: Back closes it, and it names its panel. */
const OPEN_POPUP_BUTTONS = `[${CLOSABLE_ATTRIBUTE}][aria-expanded="true"][aria-controls]`;

/**
 * The open menu or dropdown focus is in (issue 26): the smallest element
 * holding both its button and its shown panel (a filter's trigger, its clear
 * icon and its options; the account button and its menu), when the focused
 * element is inside it. Null when no open one holds the focus.
 */
export function openPopupAround(active: Element | null, doc: Document = document): Element | null {
  if (!active) return null;
  const buttons = doc.querySelectorAll(OPEN_POPUP_BUTTONS);
  for (let i = buttons.length - 1; i >= 0; i--) {
    const button = buttons[i]!;
    const panel = doc.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!panel || panel.getClientRects().length === 0) continue;
    let root: Element | null = button.parentElement;
    while (root && !root.contains(panel)) root = root.parentElement;
    if (root && root !== doc.body && root !== doc.documentElement && root.contains(active)) return root;
  }
  return null;
}

/**
 * Where the arrows move focus: the topmost open modal dialog while it is
 * open; else the open menu or dropdown the focus is in (its options, never a
 * card behind it, until it closes); in TV mode the TV scope the focus is in
 * (the full-screen player); the document otherwise.
 */
export function navigationScope(doc: Document = document): ParentNode {
  const modals = doc.querySelectorAll(MODAL_SCOPES);
  if (modals.length) return modals[modals.length - 1]!;
  const popup = openPopupAround(doc.activeElement, doc);
  if (popup) return popup;
  if (doc.documentElement.classList.contains('tv')) {
    const held = doc.querySelector(`[${TV_SCOPE_ATTRIBUTE}]`);
    if (held && doc.activeElement && held.contains(doc.activeElement)) return held;
  }
  return doc;
}

/** An element the arrows may land on: enabled, in the tab order, rendered, not skipped or inert. */
export function isNavigable(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  const tabIndex = el.getAttribute('tabindex');
  if (tabIndex !== null && Number(tabIndex) < 0) return false;
  if (el.tagName === 'A' && !el.hasAttribute('href') && tabIndex === null) return false;
  if (closestMatch(el, `[${SKIP_ATTRIBUTE}], [inert], [aria-hidden="true"], fieldset[disabled]`)) return false;
  if (el.getClientRects().length === 0) return false;
  const style = window.getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/** Every navigable element in the scope, in document order. */
export function navigableElements(scope: ParentNode = navigationScope()): HTMLElement[] {
  const found: HTMLElement[] = [];
  const all = scope.querySelectorAll(CANDIDATES);
  for (let i = 0; i < all.length; i++) {
    const el = all[i]!;
    if (isNavigable(el)) found.push(el);
  }
  return found;
}

/**
 * Where an element is for the arrows. A visually hidden radio or checkbox
 * (the review's stars) is drawn by its label: its own 1×1 box, wherever the
 * browser puts it, would make the arrows jump between stars instead of
 * leaving them (issue 26), so its label's box stands in for it.
 */
function boxOf(el: Element): Box {
  let r = el.getBoundingClientRect();
  if (el.tagName === 'INPUT' && r.right - r.left <= 2 && r.bottom - r.top <= 2) {
    const label = closestMatch(el, 'label');
    if (label) r = label.getBoundingClientRect();
  }
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

export function rowOf(el: Element): Element | null {
  return closestMatch(el, `[${ROW_ATTRIBUTE}]`);
}

// The last focused element of each row: moving up or down into a row lands
// where the viewer left it (UI.md "Rows remember where focus was").
const rowMemory = new WeakMap<Element, HTMLElement>();

export function rememberFocus(el: Element): void {
  const row = rowOf(el);
  if (row && el instanceof HTMLElement) rowMemory.set(row, el);
}

/** Forget every row's remembered element (tests). */
export function rememberedIn(row: Element): HTMLElement | undefined {
  return rowMemory.get(row);
}

/**
 * The best target among `elements` from `from` in the direction, or null.
 * Every element's box is read (one layout, then cheap reads), but whether an
 * element may take the focus (isNavigable: its style, its ancestors) is
 * asked only of the few the geometry puts first (pickNext's `accept`).
 */
function bestAmong(
  from: Element,
  fromBox: Box,
  elements: ArrayLike<Element>,
  direction: Direction,
): HTMLElement | null {
  const targets: Element[] = [];
  const boxes: Box[] = [];
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    if (el === from || el.contains(from)) continue;
    targets.push(el);
    boxes.push(boxOf(el));
  }
  const index = pickNext(fromBox, boxes, direction, (i) => isNavigable(targets[i]!));
  return index < 0 ? null : (targets[index] as HTMLElement);
}

/** The groups around `el` inside the scope, innermost first. */
function groupsAround(el: Element, scope: ParentNode): Element[] {
  const groups: Element[] = [];
  for (let group = closestMatch(el, GROUPS); group && (scope as Node).contains(group);) {
    if (group !== scope) groups.push(group);
    group = group.parentElement ? closestMatch(group.parentElement, GROUPS) : null;
  }
  return groups;
}

/**
 * The element focus would move to from `from` in the direction, or null at
 * an edge. Along a row (left and right in a carousel or an episode strip)
 * only the row's own targets are weighed (decision 0054); inside a form, its
 * next field first, then the enclosing groups (decision 0058); past those,
 * and up and down, every target of the scope.
 */
export function findNext(
  from: Element,
  direction: Direction,
  scope: ParentNode = navigationScope(from.ownerDocument),
): HTMLElement | null {
  const fromBox = boxOf(from);
  const ownRow = rowOf(from);
  if (ownRow && !isVertical(direction) && (scope === from.ownerDocument || (scope as Element).contains(ownRow))) {
    const inRow = bestAmong(from, fromBox, ownRow.querySelectorAll(CANDIDATES), direction);
    if (inRow) return inRow;
  }
  for (const group of groupsAround(from, scope)) {
    const inGroup = bestAmong(from, fromBox, group.querySelectorAll(CANDIDATES), direction);
    if (inGroup) return withRowMemory(from, ownRow, inGroup, direction, scope);
  }
  const target = bestAmong(from, fromBox, scope.querySelectorAll(CANDIDATES), direction);
  return target && withRowMemory(from, ownRow, target, direction, scope);
}

/** Moving up or down into another row lands on the element the row remembers, when it may still take the focus. */
function withRowMemory(
  from: Element,
  ownRow: Element | null,
  target: HTMLElement,
  direction: Direction,
  scope: ParentNode,
): HTMLElement {
  if (!isVertical(direction)) return target;
  const row = rowOf(target);
  if (!row || row === ownRow) return target;
  const remembered = rowMemory.get(row);
  const usable =
    remembered &&
    remembered !== from &&
    !remembered.contains(from) &&
    remembered.isConnected &&
    row.contains(remembered) &&
    (scope === from.ownerDocument || (scope as Element).contains(remembered)) &&
    isNavigable(remembered);
  return usable ? remembered : target;
}

/**
 * The target nearest to where `from` is drawn (the gap between the two
 * boxes, then the distance of their centres), in the scope: where the focus
 * goes when the element holding it can no longer take it (issue 26: a
 * button disabled while it waits, as Resend Code during its cooldown).
 */
export function nearestElement(
  from: Element,
  scope: ParentNode = navigationScope(from.ownerDocument),
): HTMLElement | null {
  const a = boxOf(from);
  let best: HTMLElement | null = null;
  let bestGap = Infinity;
  let bestCentres = Infinity;
  const targets = navigableElements(scope);
  for (let i = 0; i < targets.length; i++) {
    const el = targets[i]!;
    if (el === from) continue;
    const b = boxOf(el);
    const dx = Math.max(0, b.left - a.right, a.left - b.right);
    const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
    const gap = Math.sqrt(dx * dx + dy * dy);
    const cx = (b.left + b.right - a.left - a.right) / 2;
    const cy = (b.top + b.bottom - a.top - a.bottom) / 2;
    const centres = Math.sqrt(cx * cx + cy * cy);
    if (gap < bestGap || (gap === bestGap && centres < bestCentres)) {
      best = el;
      bestGap = gap;
      bestCentres = centres;
    }
  }
  return best;
}

/** Where focus starts on a page: a failed load's Try again, else the marked entry, else the first target in view, else the first target. */
export function entryElement(doc: Document = document): HTMLElement | null {
  const scope = navigationScope(doc);
  const targets = navigableElements(scope);
  const marked = targets.filter((el) => el.hasAttribute(ENTRY_ATTRIBUTE));
  // A failed load's "Try again" (`data-nav-entry="retry"`) is the page's main action while it shows.
  const retry = marked.filter((el) => el.getAttribute(ENTRY_ATTRIBUTE) === 'retry');
  if (retry.length) return retry[0]!;
  if (marked.length) return marked[0]!;
  const main = doc.getElementById('main');
  const inMain = main ? targets.filter((el) => main.contains(el)) : [];
  const height = window.innerHeight;
  const inView = (el: HTMLElement) => {
    const box = boxOf(el);
    return box.bottom > 0 && box.top < height;
  };
  return inMain.find(inView) ?? targets.find(inView) ?? targets[0] ?? null;
}

export interface ScrollOptions {
  /** TV mode: the focused row sits in the upper third of the screen. */
  tv: boolean;
  /**
   * A page's entry focused as the page opens (TV): the page moves only as far
   * as the entry needs, so its top (a first section with nothing to focus,
   * technical support's facts) stays in view where it can (issue 26).
   */
  entry?: boolean;
}

/** Space kept above a focused element on desktop (the sticky header). */
const DESKTOP_TOP_MARGIN = 96;
const DESKTOP_BOTTOM_MARGIN = 24;
/** TV mode: where the top of the focused row settles, as a share of the screen height. */
const TV_ROW_TOP = 0.2;
/** TV mode: an element outside a row that is out of view settles with its top at a third of the screen. */
const TV_ELEMENT_TOP = 1 / 3;
/** TV mode: the lowest part of the screen counted as seen (below it, the overscan and the eye's edge). */
const TV_SEEN_BOTTOM = 0.9;

/**
 * Scrolls the page so the focused element is seen. In TV mode a focused
 * row's top settles at a fifth of the screen height (the upper third) every
 * time, so the eye finds it in the same place; what is seen with the page at
 * its top (header, hero) brings the page back to the top; any other element
 * out of view settles at a third. On desktop the page moves only as far as
 * needed.
 */
export function scrollIntoViewFor(el: Element, { tv, entry = false }: ScrollOptions): void {
  const win = el.ownerDocument.defaultView ?? window;
  const anchor = rowOf(el) ?? el;
  const box = boxOf(anchor);
  const own = boxOf(el);
  const height = win.innerHeight;
  let delta = 0;
  if (tv) {
    const scrollY = win.pageYOffset;
    if (own.bottom + scrollY <= height * TV_SEEN_BOTTOM) {
      // Seen with the page at its top (the header, the hero): back to the top.
      delta = -scrollY;
    } else if (entry && anchor === el) {
      // Just far enough for the entry to be seen at the foot of the screen;
      // one as tall as the screen (the full-screen player) from its top.
      delta = own.bottom - own.top >= height * TV_SEEN_BOTTOM ? own.top : own.bottom - height * TV_SEEN_BOTTOM;
    } else if (anchor !== el) {
      const wanted = height * TV_ROW_TOP;
      const fits = own.bottom - box.top <= height * (1 - TV_ROW_TOP) - 16;
      delta = fits ? box.top - wanted : own.top - wanted;
    } else if (own.top < height * TV_ROW_TOP || own.bottom > height * TV_SEEN_BOTTOM) {
      delta = own.top - height * TV_ELEMENT_TOP;
    }
  } else if (own.top < DESKTOP_TOP_MARGIN) {
    delta = own.top - DESKTOP_TOP_MARGIN;
  } else if (own.bottom > height - DESKTOP_BOTTOM_MARGIN) {
    delta = Math.min(own.bottom - height + DESKTOP_BOTTOM_MARGIN, own.top - DESKTOP_TOP_MARGIN);
  }
  if (Math.abs(delta) >= 1) win.scrollTo(0, Math.max(0, win.pageYOffset + delta));
}

/** Focuses an element without the browser's own scrolling where the browser allows it (Chromium 64+). */
export function focusElement(el: HTMLElement, options: ScrollOptions): void {
  const scroller = closestMatch(el, `[${SCROLLER_ATTRIBUTE}]`);
  if (scroller && /auto|scroll/.test(window.getComputedStyle(scroller).overflowY)) {
    // Inside a scrolling container of its own: the browser scrolls it.
    el.focus();
    return;
  }
  try {
    el.focus({ preventScroll: true });
  } catch {
    el.focus();
  }
  if (el.tagName === 'IFRAME') {
    // Focusing the element hands keys to the framed page; its window takes them too.
    try {
      (el as HTMLIFrameElement).contentWindow?.focus();
    } catch {
      // Another origin that refuses: the element's focus is enough.
    }
  }
  scrollIntoViewFor(el, options);
}

/**
 * Moves focus from `from` in the direction (the player frame's `focus-exit`,
 * or an arrow key). Returns the element focused, or null at an edge (focus
 * stays where it was).
 */
export function moveFocus(
  from: Element,
  direction: Direction,
  options: ScrollOptions,
  scope?: ParentNode,
): HTMLElement | null {
  const next = findNext(from, direction, scope);
  if (next) focusElement(next, options);
  return next;
}
