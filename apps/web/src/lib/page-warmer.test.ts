// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import { NEXT_PAGES_MARK, resetPageWarmer, setDetailPagesWarmer, warmDetailPagesWhenIdle } from './page-warmer';

afterEach(() => {
  resetPageWarmer();
  performance.clearMarks();
  vi.unstubAllGlobals();
});

it('fetches the next pages once, when the loaded page is idle, marking where its own loading ended', () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  const warm = vi.fn().mockResolvedValue(undefined);
  setDetailPagesWarmer(warm);
  warmDetailPagesWhenIdle(window);
  warmDetailPagesWhenIdle(window);
  expect(document.readyState).toBe('complete');
  expect(idle).toHaveLength(1);
  expect(warm).not.toHaveBeenCalled();
  expect(performance.getEntriesByName(NEXT_PAGES_MARK)).toHaveLength(0);
  idle[0]!();
  expect(warm).toHaveBeenCalledOnce();
  expect(performance.getEntriesByName(NEXT_PAGES_MARK)).toHaveLength(1);
});
