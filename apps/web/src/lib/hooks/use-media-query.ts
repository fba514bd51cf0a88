import { useSyncExternalStore } from 'react';

// Media queries as render-time values. Reading a query's `matches` (or
// `innerWidth`) while a render is changing the document makes the browser
// lay the page out there and then (a forced layout per row of the home
// page: 20–55 ms of its first render on a phone). So each value is read
// once, when first asked for, and again only when the browser reports a
// change; a render reads the kept copy.
//
// No hook gives the viewport's width: the server renders without a screen,
// so markup that depends on the width differs from its HTML and the page
// jumps after hydration. A layout by width is the stylesheet's (decision 0108).

interface Watched<T> {
  subscribe(onChange: () => void): () => void;
  get(): T;
}

function watched<T>(read: () => T, listen: (changed: () => void) => void): Watched<T> {
  const listeners = new Set<() => void>();
  let value: T | undefined;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    value = read();
    listen(() => {
      const next = read();
      if (Object.is(next, value)) return;
      value = next;
      for (const l of [...listeners]) l();
    });
  };
  return {
    subscribe(onChange) {
      start();
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    get() {
      start();
      return value as T;
    },
  };
}

const queries = new Map<string, Watched<boolean>>();

export function useMediaQuery(query: string): boolean {
  let store = queries.get(query);
  if (!store) {
    let list: MediaQueryList | null = null;
    const mediaQueryList = () => (list ??= window.matchMedia(query));
    store = watched(
      () => mediaQueryList().matches,
      (changed) => mediaQueryList().addEventListener('change', changed),
    );
    queries.set(query, store);
  }
  return useSyncExternalStore(store.subscribe, store.get, () => false);
}
