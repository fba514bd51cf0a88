import type { Direction } from './geometry';

// The arrows a focused element uses itself (the caret in a text field, a
// slider's value), which spatial navigation leaves to the browser. A module
// of its own so that the key holder of app/tv-mode.ts, in the main bundle,
// decides as the navigation will before the navigation's chunk has arrived.

const TEXT_INPUT_TYPES = ['text', 'search', 'email', 'password', 'tel', 'url', 'number'];

export function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement | HTMLElement {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLInputElement) return TEXT_INPUT_TYPES.indexOf(el.type) >= 0;
  return el instanceof HTMLElement && el.isContentEditable;
}

/** The caret's span in a field, or null where the browser does not tell (email, number). */
function caret(el: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    const { selectionStart, selectionEnd } = el;
    return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
  } catch {
    return null;
  }
}

/**
 * Whether an arrow leaves the focused text field: up and down always leave a
 * one-line field and leave a textarea at its first or last character; left
 * and right move the caret until it is at the edge (TV mode), and never
 * leave on desktop, where the keyboard has Tab.
 */
export function arrowLeavesField(el: Element, direction: Direction, tv: boolean): boolean {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) {
    return direction === 'up' || direction === 'down';
  }
  const span = caret(el);
  const end = el.value.length;
  if (direction === 'up' || direction === 'down') {
    if (!(el instanceof HTMLTextAreaElement)) return true;
    if (!span) return true;
    return direction === 'up' ? span[1] === 0 : span[0] === end;
  }
  if (!tv) return false;
  if (!span) return end === 0;
  return direction === 'left' ? span[0] === 0 && span[1] === 0 : span[0] === end && span[1] === end;
}

/** Arrows the focused element uses itself: a range input's left/right. */
function elementOwnsArrow(el: Element, direction: Direction, tv: boolean): boolean {
  if (!(el instanceof HTMLInputElement)) return false;
  const horizontal = direction === 'left' || direction === 'right';
  // A slider moves its value with Left and Right. On a keyboard a radio
  // group (the review's stars) moves its choice with them too, as the
  // browser does; on a TV the arrows move the focus and OK chooses.
  return horizontal && (el.type === 'range' || (!tv && el.type === 'radio' && el.name !== ''));
}

/** Whether the focused element uses this arrow itself (the browser's default must happen): spatial navigation leaves it alone. */
export function elementUsesArrow(el: Element, direction: Direction, tv: boolean): boolean {
  if (isTextField(el) && !arrowLeavesField(el, direction, tv)) return true;
  return elementOwnsArrow(el, direction, tv);
}
