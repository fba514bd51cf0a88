import { useEffect, useState } from 'react';

// The first view of a visit draws what is on the first screen in one task
// and the rest in the next, so a phone's main thread is never held by the
// whole page at once (issue 15: Lighthouse's Total Blocking Time; decision
// 0098). After the first view every page draws whole at once: a page the
// viewer comes back to must have its full height for the scroll to be
// restored.

let firstViewDone = false;

/** The app's first render is on screen (main.tsx): pages drawn from the next task on draw whole. */
export function firstViewDrawn(): void {
  setTimeout(() => {
    firstViewDone = true;
  }, 0);
}

/** False on the first render of the visit's first page, true a task after it was drawn (and always after that). */
export function useAfterFirstView(): boolean {
  const [ready, setReady] = useState(firstViewDone);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      firstViewDone = true;
      setReady(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}
