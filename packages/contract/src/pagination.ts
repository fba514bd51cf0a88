import { PAGINATION_WINDOW } from './constants.js';

/**
 * Spec §2 Lists: a window of up to 5 page numbers around the current page,
 * kept inside 1..totalPages. Page 1 of 10 → 1..5; page 6 → 4..8; page 10 → 6..10.
 */
export function paginationWindow(current: number, totalPages: number, size: number = PAGINATION_WINDOW): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const width = Math.min(size, totalPages);
  let start = page - Math.floor(width / 2);
  start = Math.max(1, Math.min(start, totalPages - width + 1));
  return Array.from({ length: width }, (_, i) => start + i);
}
