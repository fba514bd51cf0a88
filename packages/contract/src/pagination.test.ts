import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination.js';
import { PAGINATION_WINDOW } from './constants.js';

describe('paginationWindow (spec §2 Lists, §9: up to 5 numbers)', () => {
  it('shows nothing when there are no pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('shows the single page of a one-page list', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(3, 3)).toEqual([1, 2, 3]);
  });

  it('shows exactly five pages when there are five', () => {
    for (let page = 1; page <= 5; page++) expect(paginationWindow(page, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the window at the start for the first pages', () => {
    expect(paginationWindow(1, 100)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 100)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(3, 100)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in the middle of a long list', () => {
    expect(paginationWindow(4, 100)).toEqual([2, 3, 4, 5, 6]);
    expect(paginationWindow(50, 100)).toEqual([48, 49, 50, 51, 52]);
    expect(paginationWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
  });

  it('keeps the window at the end for the last pages', () => {
    expect(paginationWindow(98, 100)).toEqual([96, 97, 98, 99, 100]);
    expect(paginationWindow(99, 100)).toEqual([96, 97, 98, 99, 100]);
    expect(paginationWindow(100, 100)).toEqual([96, 97, 98, 99, 100]);
  });

  it('clamps a current page outside 1..total', () => {
    expect(paginationWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(-3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(500, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('always contains the current page and never more than the window size', () => {
    for (let total = 1; total <= 12; total++) {
      for (let page = 1; page <= total; page++) {
        const pages = paginationWindow(page, total);
        expect(pages).toContain(page);
        expect(pages.length).toBe(Math.min(PAGINATION_WINDOW, total));
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(total);
        expect(pages).toEqual(Array.from({ length: pages.length }, (_, i) => pages[0]! + i));
      }
    }
  });

  it('takes another window size', () => {
    expect(paginationWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(paginationWindow(1, 10, 3)).toEqual([1, 2, 3]);
  });
});
