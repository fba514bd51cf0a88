import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest value (set after each render): effects
 * and listeners read `.current` to call the newest callback without
 * subscribing again whenever a parent passes a new function.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
