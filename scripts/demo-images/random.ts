// The seeded random generator every drawing uses. Each image seeds its own
// stream from its name, so re-rendering one file never shifts another.

import { hashString, seededRandom } from '../../apps/api/src/db/seed/demo-catalogue-helpers.js';

export type Rng = () => number;
export const rngFor = (...parts: (string | number)[]): Rng => seededRandom(hashString(parts.join('|')));
export const between = (r: Rng, a: number, b: number): number => a + (b - a) * r();
export const int = (r: Rng, a: number, b: number): number => Math.floor(between(r, a, b + 1));
export function pick<T>(r: Rng, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}
