import { useEffect } from 'react';
import { useLatest } from '../../../lib/hooks/use-latest';

export interface AutoplayOptions {
  /** Time on each slide (HERO_AUTOPLAY_MS). */
  delayMs: number;
  /** False while paused (hover, keyboard focus, reduced motion, hidden tab…). */
  enabled: boolean;
  /** Moves to the next slide. */
  onAdvance: () => void;
  /**
   * Changes whenever the shown slide changes (by autoplay, a dot or a swipe),
   * so every slide gets its full time and a manual move restarts the clock.
   */
  restartKey: unknown;
}

/** Spec §9 hero autoplay: one advance after `delayMs` on the same slide. */
export function useAutoplay({ delayMs, enabled, onAdvance, restartKey }: AutoplayOptions): void {
  const advance = useLatest(onAdvance);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => advance.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs, enabled, restartKey, advance]);
}
