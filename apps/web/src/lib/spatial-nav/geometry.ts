// The geometry of spatial navigation, apart from the DOM so it can be tested
// on plain rectangles: which candidate is "next" from a focused box in a
// direction. Rows, grids and forms all fall out of one rule: among the boxes
// beyond the focused box's far edge, take the nearest band (the next row,
// the next field), and in it the box with the least cost, where sideways
// distance costs more than distance along the direction and a box that
// overlaps the focused one's span (the same row, the same column) costs
// nothing sideways. Left and Right stay in the focused row while it goes on.

export type Direction = 'up' | 'down' | 'left' | 'right';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Sideways distance weighs this much more than distance along the direction. */
const SIDEWAYS_WEIGHT = 3;
/** Boxes that overlap by a few pixels (a lifted card, a ring) still count as beyond. */
const EDGE_TOLERANCE = 2;

/**
 * How the best box of the nearest band is chosen: 'centre' (the site) by
 * the cost, ties to the box whose centre lines up best; 'first' (the
 * player's line of buttons under its frame) by the sideways distance alone,
 * ties to the first in the list, so Down from the frame lands on Main
 * Server even where a taller button beside it begins a few pixels higher.
 */
export type Ties = 'centre' | 'first';

export function isVertical(direction: Direction): boolean {
  return direction === 'up' || direction === 'down';
}

/** How far `to` lies beyond `from` in the direction (negative: not beyond). */
function along(from: Box, to: Box, direction: Direction): number {
  switch (direction) {
    case 'down':
      return to.top - from.bottom;
    case 'up':
      return from.top - to.bottom;
    case 'right':
      return to.left - from.right;
    case 'left':
      return from.left - to.right;
  }
}

/** The gap between the two boxes across the direction (0 when their bands overlap). */
function sideways(from: Box, to: Box, direction: Direction): number {
  const [a0, a1, b0, b1] = isVertical(direction)
    ? [from.left, from.right, to.left, to.right]
    : [from.top, from.bottom, to.top, to.bottom];
  if (b1 < a0) return a0 - b1;
  if (b0 > a1) return b0 - a1;
  return 0;
}

function centreOffset(from: Box, to: Box, direction: Direction): number {
  return isVertical(direction)
    ? Math.abs((from.left + from.right) / 2 - (to.left + to.right) / 2)
    : Math.abs((from.top + from.bottom) / 2 - (to.top + to.bottom) / 2);
}

/**
 * The cost of moving from `from` to `to`, or null when `to` is not in that
 * direction. Lower is nearer; ties go to the box whose centre lines up best.
 */
export function moveCost(from: Box, to: Box, direction: Direction): number | null {
  const distance = along(from, to, direction);
  if (distance < -EDGE_TOLERANCE) return null;
  // A box nested in or straddling the focused one is not "beyond" it.
  if (to.left >= from.left && to.right <= from.right && to.top >= from.top && to.bottom <= from.bottom) {
    return null;
  }
  return (
    Math.max(0, distance) + SIDEWAYS_WEIGHT * sideways(from, to, direction) + centreOffset(from, to, direction) / 1000
  );
}

/** The box's extent along the direction (its height for up and down). */
function extent(box: Box, direction: Direction): number {
  return isVertical(direction) ? box.bottom - box.top : box.right - box.left;
}

/**
 * The index of the best candidate in the direction, or -1 when there is none.
 * Only the nearest band counts: the boxes that begin before the nearest
 * box's far edge (the next row, the pagination under a grid, the next field
 * of a form), so a box two rows away never wins because it lines up better;
 * within the band, the cost decides (ties: the first in the list).
 *
 * `accept` says whether a candidate may take the focus (rendered, enabled,
 * not skipped). It is asked lazily, nearest and cheapest first, and only
 * until the answer is known: on a page of a hundred targets a press checks
 * two or three of them, not all (the checks read computed styles). The
 * result is the same as filtering the candidates with it first.
 */
export function pickNext(
  from: Box,
  candidates: readonly Box[],
  direction: Direction,
  accept: (index: number) => boolean = () => true,
  ties: Ties = 'centre',
): number {
  const known = new Map<number, boolean>();
  const ok = (i: number) => {
    let answer = known.get(i);
    if (answer === undefined) {
      answer = accept(i);
      known.set(i, answer);
    }
    return answer;
  };
  let scored: { i: number; distance: number; cost: number }[] = [];
  candidates.forEach((box, i) => {
    const cost =
      ties === 'first'
        ? moveCost(from, box, direction) === null
          ? null
          : sideways(from, box, direction)
        : moveCost(from, box, direction);
    if (cost !== null) scored.push({ i, distance: Math.max(0, along(from, box, direction)), cost });
  });
  // Left and Right keep to the focused box's row while the row goes on that
  // way: a box of another row (a 1-px radio of the star rating under an
  // episode grid) never wins by beginning a few pixels nearer (decision 0058).
  if (!isVertical(direction)) {
    const inRow = scored.filter((s) => sideways(from, candidates[s.i]!, direction) === 0);
    if (inRow.some((s) => ok(s.i))) scored = inRow;
  }
  const nearest = scored
    .slice()
    .sort((a, b) => a.distance - b.distance || a.i - b.i)
    .find((s) => ok(s.i));
  if (!nearest) return -1;
  const bandEnd = nearest.distance + extent(candidates[nearest.i]!, direction);
  const best = scored
    .filter((s) => s === nearest || s.distance < bandEnd)
    .sort((a, b) => a.cost - b.cost || a.i - b.i)
    .find((s) => ok(s.i));
  return best ? best.i : -1;
}
