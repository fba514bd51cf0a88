// The season tabs of the series page's Episodes section and of the episode
// player's episode list (WAI-ARIA tabs: one tab stop; arrows wrap around,
// Home and End jump to the ends). One rule for both.

/** The index of the tab a key moves to from `index` among `count` tabs, or null for another key. */
export function seasonTabIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
