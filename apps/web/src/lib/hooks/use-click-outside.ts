import { useEffect, type RefObject } from 'react';
import { useLatest } from './use-latest';

export interface ClickOutsideOptions {
  /** Listen only while true (while the panel is open). */
  active: boolean;
  /**
   * 'pointerdown' (the default) closes on touch-down. A panel that sits in
   * the page's flow on phones uses 'click' instead: closing it on touch-down
   * would move what was tapped away before the tap lands.
   */
  event?: 'pointerdown' | 'click';
}

/**
 * Calls `onOutside` when a press lands outside the element of `ref`: the
 * "press elsewhere closes it" of every dropdown and panel (the header's
 * menu, search, bell and profile menu, the list filters).
 */
export function useClickOutside(
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  { active, event = 'pointerdown' }: ClickOutsideOptions,
): void {
  // The latest callback, so a new function each render does not re-subscribe.
  const callback = useLatest(onOutside);

  useEffect(() => {
    if (!active) return;
    const handle = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) callback.current();
    };
    document.addEventListener(event, handle);
    return () => document.removeEventListener(event, handle);
  }, [active, event, ref, callback]);
}
