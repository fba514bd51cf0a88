import type { FocusDirection } from '@bosphorus/contract';

// Where an arrow goes among a few boxes on the watch page (the player frame
// and the buttons under it): the nearest box that lies wholly that way; of
// a row of boxes equally near, the one closest across the move, then the
// first in page order.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Boxes within this many pixels of the nearest count as one row (or column). */
const SAME_LINE_PX = 8;

/** How far `to` lies beyond `from` in `direction`, or null when it does not lie that way. */
function ahead(from: Box, to: Box, direction: FocusDirection): number | null {
  const gap =
    direction === 'down'
      ? to.top - from.bottom
      : direction === 'up'
        ? from.top - to.bottom
        : direction === 'right'
          ? to.left - from.right
          : from.left - to.right;
  // A sliver of overlap (borders, rounding) still counts as beyond.
  return gap >= -2 ? Math.max(0, gap) : null;
}

/** How far apart the two boxes are across the move (0 when they overlap on that axis). */
function across(from: Box, to: Box, direction: FocusDirection): number {
  return direction === 'up' || direction === 'down'
    ? Math.max(0, to.left - from.right, from.left - to.right)
    : Math.max(0, to.top - from.bottom, from.top - to.bottom);
}

export function nearestInDirection<T>(
  from: Box,
  candidates: readonly { item: T; box: Box }[],
  direction: FocusDirection,
): T | null {
  const reachable = candidates.flatMap((c) => {
    const distance = ahead(from, c.box, direction);
    return distance === null ? [] : [{ ...c, distance, offset: across(from, c.box, direction) }];
  });
  if (!reachable.length) return null;
  const nearest = Math.min(...reachable.map((c) => c.distance));
  const line = reachable.filter((c) => c.distance <= nearest + SAME_LINE_PX);
  const closest = Math.min(...line.map((c) => c.offset));
  return line.find((c) => c.offset === closest)!.item;
}
