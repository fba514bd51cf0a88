// Matching two Chromaprint fingerprints (decision 0125): for every offset
// between them, the items whose Hamming distance is at most `maxBitErrors`
// of 32 form runs (short bad stretches bridged); runs of at least `minItems`
// are kept, and of the runs at neighbouring offsets over the same stretch
// only the best. Brute force over offsets, with a sampled pre-check that
// skips offsets with too few close items: 12 minutes of head against a
// 150-minute episode is ~5.8k × 72k items.

export interface Run {
  /** Item range in `a` (end exclusive). */
  aStart: number;
  aEnd: number;
  /** The same stretch in `b`. */
  bStart: number;
  bEnd: number;
  /** Mean bit errors per item over the run (0–32). */
  meanErrors: number;
}

export interface MatchOptions {
  /** An item matches when at most this many of its 32 bits differ. */
  maxBitErrors: number;
  /** Shortest run kept, in items. */
  minItems: number;
  /** Longest stretch of non-matching items bridged inside a run. */
  maxGap: number;
}

const POP = new Uint8Array(1 << 16);
for (let i = 1; i < POP.length; i += 1) POP[i] = (POP[i >> 1] ?? 0) + (i & 1);
const bits = (x: number) => POP[x & 0xffff]! + POP[x >>> 16]!;

/** The runs `a` shares with `b`, longest first. */
export function matchRuns(a: Uint32Array, b: Uint32Array, opts: MatchOptions): Run[] {
  const { maxBitErrors, minItems, maxGap } = opts;
  const found: Run[] = [];
  if (a.length < minItems || b.length < minItems) return found;
  const STEP = 4;
  // Of a run of minItems, at least half of its sampled items match.
  const needSampled = Math.max(1, Math.floor(minItems / STEP / 2));
  // offset d: a[i] ↔ b[i + d]
  for (let d = -(a.length - minItems); d <= b.length - minItems; d += 1) {
    const from = Math.max(0, -d);
    const to = Math.min(a.length, b.length - d);
    if (to - from < minItems) continue;
    let close = 0;
    for (let i = from; i < to; i += STEP) if (bits(a[i]! ^ b[i + d]!) <= maxBitErrors) close += 1;
    if (close < needSampled) continue;
    let start = -1;
    let last = -1;
    let errors = 0;
    let good = 0;
    const flush = () => {
      if (start >= 0 && last + 1 - start >= minItems && good * 2 >= last + 1 - start) {
        found.push({
          aStart: start,
          aEnd: last + 1,
          bStart: start + d,
          bEnd: last + 1 + d,
          meanErrors: errors / (last + 1 - start),
        });
      }
      start = -1;
    };
    for (let i = from; i < to; i += 1) {
      const e = bits(a[i]! ^ b[i + d]!);
      if (e <= maxBitErrors) {
        if (start < 0) {
          start = i;
          errors = 0;
          good = 0;
        } else {
          // bridged items count with their errors
          for (let k = last + 1; k < i; k += 1) errors += bits(a[k]! ^ b[k + d]!);
        }
        errors += e;
        good += 1;
        last = i;
      } else if (start >= 0 && i - last > maxGap) {
        flush();
      }
    }
    flush();
  }
  // One run per stretch: the longest (fewest errors on a tie) of runs that
  // share most of their `a` range at nearby offsets.
  found.sort((x, y) => y.aEnd - y.aStart - (x.aEnd - x.aStart) || x.meanErrors - y.meanErrors);
  const kept: Run[] = [];
  for (const r of found) {
    const dup = kept.some((k) => {
      const overlap = Math.min(k.aEnd, r.aEnd) - Math.max(k.aStart, r.aStart);
      const near = Math.abs(k.bStart - k.aStart - (r.bStart - r.aStart)) <= maxGap * 4;
      return near && overlap > 0.5 * (r.aEnd - r.aStart);
    });
    if (!dup) kept.push(r);
  }
  return kept;
}
