import { useEffect, useState } from 'react';
import { afterNextFrame } from '../next-frame';

// The visit's first view is drawn in steps, one per frame: what is on the
// first screen first, then each part below it in a task of its own (step 1,
// 2, …), so a phone's main thread is never held by the whole page at once
// (issue 15: Lighthouse's Total Blocking Time; decisions 0098, 0100). After
// the first view every page draws whole at once: a page the viewer comes
// back to must have its full height for the scroll to be restored.

/** Steps of the first view; every step is released once this many frames have passed. */
export const FIRST_VIEW_STEPS = 8;

/** How many steps have been released: Infinity once the first view is over. */
let released = 0;
let started = false;
const waiting = new Set<() => void>();

function releaseNext(): void {
  released += 1;
  if (released >= FIRST_VIEW_STEPS) released = Infinity;
  for (const wake of [...waiting]) wake();
  if (released !== Infinity) afterNextFrame(releaseNext);
}

/** The app's first render is on screen (main.tsx): from the next frame on, the first view's steps are released one by one. */
export function firstViewDrawn(): void {
  if (started) return;
  started = true;
  afterNextFrame(releaseNext);
}

/**
 * False on the visit's first view until its `step` (1: the first after the
 * first screen) is released, a frame per step; true at once on every later
 * view.
 */
export function useAfterFirstView(step = 1): boolean {
  const [ready, setReady] = useState(() => released >= step);
  useEffect(() => {
    if (ready) return;
    const wake = () => {
      if (released >= step) setReady(true);
    };
    waiting.add(wake);
    // A page drawn without main.tsx (a test) starts the steps itself.
    firstViewDrawn();
    wake();
    return () => {
      waiting.delete(wake);
    };
  }, [ready, step]);
  return ready;
}
