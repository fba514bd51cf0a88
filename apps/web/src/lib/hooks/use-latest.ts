import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest value (set in the commit of each
 * render, before the component's own layout effects and before any event
 * can arrive): effects and listeners read `.current` to call the newest
 * callback without subscribing again whenever a parent passes a new function.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
