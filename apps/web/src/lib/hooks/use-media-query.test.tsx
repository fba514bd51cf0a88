// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The hook keeps what it reads in its module: each test takes a fresh
// copy, whatever other test files (which share this worker) read before.
let useMediaQuery: typeof import('./use-media-query').useMediaQuery;

beforeEach(async () => {
  vi.resetModules();
  ({ useMediaQuery } = await import('./use-media-query'));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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
