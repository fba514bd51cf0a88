import { useSyncExternalStore } from 'react';

// A part that only the browser can draw (a custom element whose module
// needs the DOM): false in the server's render and in the hydration of its
// page, so both draw the same stand-in; true in every render after that
// (React renders again once hydration is done). Decision 0107.

const nothingToWatch = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
