// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The hooks keep what they read in their module: each test takes a fresh
// copy, whatever other test files (which share this worker) read before.
let useMediaQuery: typeof import('./use-media-query').useMediaQuery;
let useViewportWidth: typeof import('./use-media-query').useViewportWidth;

beforeEach(async () => {
  vi.resetModules();
  ({ useMediaQuery, useViewportWidth } = await import('./use-media-query'));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useViewportWidth', () => {
  it('reads the width once for every render and again only after a resize', () => {
    let width = 390;
    const read = vi.fn(() => width);
    // A getter of our own: another file of this worker may have set the width as a plain value.
    Object.defineProperty(window, 'innerWidth', { configurable: true, get: read });
    // This copy's resize listener, called alone: copies of the module that
    // other files of this worker loaded still listen on the shared window,
    // and a real resize event would make them read the width too.
    const added = vi.spyOn(window, 'addEventListener');
    const first = renderHook(() => useViewportWidth());
    const second = renderHook(() => useViewportWidth());
    expect(first.result.current).toBe(390);
    expect(second.result.current).toBe(390);
    first.rerender();
    second.rerender();
    // Kept, not read again by each render (a read during a render can force a layout).
    expect(read).toHaveBeenCalledTimes(1);

    const resizeListeners = added.mock.calls.filter(([type]) => type === 'resize').map(([, listener]) => listener);
    // One listener for every hook that reads the width.
    expect(resizeListeners).toHaveLength(1);
    width = 1440;
    act(() => {
      (resizeListeners[0] as () => void)();
    });
    expect(first.result.current).toBe(1440);
    expect(second.result.current).toBe(1440);
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('useMediaQuery', () => {
  it('asks the browser for the query once, keeps its answer and follows its change events', () => {
    let matches = false;
    const listeners: Array<() => void> = [];
    const list = {
      get matches() {
        return matches;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    };
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(() => list as unknown as MediaQueryList);
    const query = '(prefers-reduced-motion: reduce)';
    const view = renderHook(() => useMediaQuery(query));
    renderHook(() => useMediaQuery(query)).rerender();
    expect(view.result.current).toBe(false);
    expect(matchMedia).toHaveBeenCalledTimes(1);

    matches = true;
    act(() => listeners.forEach((l) => l()));
    expect(view.result.current).toBe(true);
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(1);
  });
});
