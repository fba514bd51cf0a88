// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useViewportWidth } from './use-media-query';

afterEach(cleanup);

describe('useViewportWidth', () => {
  it('reads the width once for every render and again only after a resize', () => {
    let width = 390;
    const read = vi.fn(() => width);
    vi.spyOn(window, 'innerWidth', 'get').mockImplementation(read);
    const first = renderHook(() => useViewportWidth());
    const second = renderHook(() => useViewportWidth());
    expect(first.result.current).toBe(390);
    expect(second.result.current).toBe(390);
    first.rerender();
    second.rerender();
    // Kept, not read again by each render (a read during a render can force a layout).
    expect(read).toHaveBeenCalledTimes(1);

    width = 1440;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(first.result.current).toBe(1440);
    expect(second.result.current).toBe(1440);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
