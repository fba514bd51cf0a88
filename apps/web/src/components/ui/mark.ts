/**
 * The Bosphorus mark's two shapes on a 64 × 64 box (a crescent over the
 * strait's water, as in public/favicon.svg): the header's logo and the
 * picture of a title that has none yet draw the same mark.
 */
export const MARK = {
  water: 'M14 45c6-4 12-4 18 0s12 4 18 0',
  crescent: 'M24 35a10 10 0 1 1 12-15 8 8 0 1 0-12 15z',
} as const;
