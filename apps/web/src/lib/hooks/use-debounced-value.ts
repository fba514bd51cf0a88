import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (spec §4/§9: search
 * text is sent only after 400 ms without typing). Each change restarts the
 * wait; the first render returns the value as is.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
