import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectMarkers, type DetectedMarker } from './detect.js';
import { expectMarkers } from './expect-markers.js';
import { SYNTHETIC_WINDOWS, writeSyntheticSeries } from './synthetic.js';

// Detection on a synthetic series made here (decision 0125; synthetic.ts):
// every boundary within ±1.5 s, and no marker where there is none.

const tools = { ffmpeg: 'ffmpeg' };
let dir: string;
let ep: ReturnType<typeof writeSyntheticSeries>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-markers-'));
  ep = writeSyntheticSeries(dir);
}, 30_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const confident = (found: DetectedMarker[]) =>
  found.forEach((m) => {
    expect(m.confidence).toBeGreaterThan(0.3);
    expect(m.confidence).toBeLessThanOrEqual(1);
  });

describe('detectMarkers', () => {
  it('finds the intro, credits and preview of a first episode', async () => {
    const found = await detectMarkers(tools, { target: ep.ep1, next: ep.ep2, others: [ep.ep3] }, SYNTHETIC_WINDOWS);
    expectMarkers(found, ep.ep1.truth);
    confident(found);
  });

  it('finds the recap, intro, credits and preview of a middle episode', async () => {
    const found = await detectMarkers(
      tools,
      { target: ep.ep2, previous: ep.ep1, next: ep.ep3, others: [ep.ep4] },
      SYNTHETIC_WINDOWS,
    );
    expectMarkers(found, ep.ep2.truth);
    confident(found);
  });

  it('finds no preview where there is none', async () => {
    const found = await detectMarkers(
      tools,
      { target: ep.ep3, previous: ep.ep2, next: ep.ep4, others: [ep.ep1] },
      SYNTHETIC_WINDOWS,
    );
    expectMarkers(found, ep.ep3.truth);
  });

  it('finds no intro in an episode without one', async () => {
    const found = await detectMarkers(
      tools,
      { target: ep.ep4, previous: ep.ep3, others: [ep.ep2, ep.ep1] },
      SYNTHETIC_WINDOWS,
    );
    expectMarkers(found, ep.ep4.truth);
  });

  it('finds nothing in a series of one episode, nor against another series', async () => {
    expect(await detectMarkers(tools, { target: ep.solo }, SYNTHETIC_WINDOWS)).toEqual([]);
    expect(await detectMarkers(tools, { target: ep.solo, next: ep.ep1, others: [ep.ep2] }, SYNTHETIC_WINDOWS)).toEqual(
      [],
    );
  });
});
