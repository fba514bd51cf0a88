// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { HERO_AUTOPLAY_MS } from '@bosphorus/contract';
import { useAutoplay, type AutoplayOptions } from './use-autoplay';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: Partial<AutoplayOptions> = {}) {
  const onAdvance = vi.fn();
  const props: AutoplayOptions = { delayMs: HERO_AUTOPLAY_MS, enabled: true, onAdvance, restartKey: 0, ...initial };
  const view = renderHook((p: AutoplayOptions) => useAutoplay(p), { initialProps: props });
  return { onAdvance, props, ...view };
}

describe('useAutoplay (spec §9 hero autoplay)', () => {
  it(`advances once after ${HERO_AUTOPLAY_MS} ms on the same slide`, () => {
    const { onAdvance } = setup();
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    // Without a new slide nothing else happens (a single slide never loops).
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 3);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('gives every new slide its full time', () => {
    const { onAdvance, props, rerender } = setup();
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS);
    rerender({ ...props, restartKey: 1 });
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(2);
  });

  it('restarts the clock when someone picks a slide by hand', () => {
    const { onAdvance, props, rerender } = setup();
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1000);
    rerender({ ...props, restartKey: 3 });
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('does nothing while paused (hover, focus, reduced motion) and resumes with a full interval', () => {
    const { onAdvance, props, rerender } = setup({ enabled: false });
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 4);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1000);
    rerender({ ...props, enabled: true });
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 1);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('pausing mid-interval cancels the pending advance', () => {
    const { onAdvance, props, rerender } = setup();
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 10);
    rerender({ ...props, enabled: false });
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS * 2);
    expect(onAdvance).not.toHaveBeenCalled();
  });

  it('calls the latest callback without restarting the clock', () => {
    const { onAdvance, props, rerender } = setup();
    const later = vi.fn();
    vi.advanceTimersByTime(HERO_AUTOPLAY_MS - 10);
    rerender({ ...props, onAdvance: later });
    vi.advanceTimersByTime(10);
    expect(onAdvance).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });
});
