// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@bosphorus/contract';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the given value', () => {
    const { result } = renderHook(() => useDebouncedValue('Kuruluş', SEARCH_DEBOUNCE_MS));
    expect(result.current).toBe('Kuruluş');
  });

  it('changes only after the delay without further changes', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, SEARCH_DEBOUNCE_MS), {
      initialProps: { value: '' },
    });
    rerender({ value: 'a' });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('a');
  });

  it('restarts the wait on every change, so only the last value comes out', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, SEARCH_DEBOUNCE_MS), {
      initialProps: { value: '' },
    });
    const seen = new Set<string>();
    for (const value of ['a', 'aş', 'aşk']) {
      rerender({ value });
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100);
      });
      seen.add(result.current);
    }
    expect([...seen]).toEqual(['']);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe('aşk');
  });

  it('the search debounce is the spec value, 400 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(400);
  });
});
