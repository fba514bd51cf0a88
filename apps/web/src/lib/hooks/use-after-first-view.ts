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

/** Steps from..max released so far: 0 until step `from` is, then up to `max`. */
function stepsAt(from: number, max: number): number {
  return released >= from ? Math.min(released, max) : 0;
}

/**
 * Re-renders its component only when `stepsAt(from, max)` changes: a part
 * waiting for step 5 is not drawn again at steps 1 to 4.
 */
function useSteps(from: number, max: number): number {
  const [steps, setSteps] = useState(() => stepsAt(from, max));
  useEffect(() => {
    if (steps >= max) return;
    const wake = () => setSteps(stepsAt(from, max));
    waiting.add(wake);
    // A page drawn without main.tsx (a test) starts the steps itself.
    firstViewDrawn();
    wake();
    return () => {
      waiting.delete(wake);
    };
  }, [steps, from, max]);
  return steps;
}

/**
 * How many of the first view's steps 1…`max` have been released: 0 at first
 * on the visit's first view, one more each frame; `max` at once on every
 * later view. For a part drawn in several steps (a list's grid).
 */
export function useFirstViewSteps(max: number): number {
  return useSteps(1, max);
}

/**
 * False on the visit's first view until its `step` (1: the first after the
 * first screen) is released, a frame per step; true at once on every later
 * view.
 */
export function useAfterFirstView(step = 1): boolean {
  return useSteps(step, step) === step;
}
