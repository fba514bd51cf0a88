import { expect } from 'vitest';
import { TOLERANCE_SECONDS, type Truth } from './synthetic.js';

// Test helper: found markers against the synthetic series' truth (issue 28: ±1.5 s).

/** The markers found are exactly the true ones, each boundary within TOLERANCE_SECONDS. */
export function expectMarkers(found: { kind: keyof Truth; start: number; end: number }[], truth: Truth) {
  expect(found.map((m) => m.kind).sort()).toEqual(Object.keys(truth).sort());
  for (const m of found) {
    const [start, end] = truth[m.kind]!;
    expect(Math.abs(m.start - start), `${m.kind} start ${m.start} (truth ${start})`).toBeLessThanOrEqual(
      TOLERANCE_SECONDS,
    );
    expect(Math.abs(m.end - end), `${m.kind} end ${m.end} (truth ${end})`).toBeLessThanOrEqual(TOLERANCE_SECONDS);
  }
}
