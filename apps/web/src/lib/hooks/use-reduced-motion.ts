import { useMediaQuery } from './use-media-query';

// The visitor's "reduce motion" setting: scrolls jump instead of gliding,
// the hero's slideshow does not advance on its own.

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The setting now, for a one-off animation (a scroll about to start). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY).matches
    : false;
}

/** The setting, re-rendering when it changes (for what runs over time). */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
