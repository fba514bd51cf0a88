import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectMarkers, type DetectedMarker, type DetectOptions, type EpisodeAudio } from './detect.js';
import { cut, melody, writeEpisode } from './synthetic.js';

// Detection on synthetic episodes made here (decision 0125): a seeded "title
// song" S and "credits song" C shared by a series, each episode its own body,
// episode N's recap a cut of episode N−1's body and its preview a cut of
// episode N+1's. Windows are short to match the short media (the real ones
// are minutes: DEFAULT_DETECT_OPTIONS).

const tools = { ffmpeg: 'ffmpeg' };
const OPTIONS: Partial<DetectOptions> = { headSeconds: 50, tailSeconds: 40 };
const TOLERANCE = 1.5;

let dir: string;
const ep: Record<string, EpisodeAudio> = {};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-markers-'));
  const S = melody(101, 20);
  const C = melody(202, 15);
  const [B1, B2, B3, B4] = [11, 12, 13, 14].map((seed) => melody(seed, 60)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const make = (name: string, cuts: Parameters<typeof writeEpisode>[1]) => {
    const file = path.join(dir, `${name}.mp4`);
    ep[name] = { file, durationSeconds: writeEpisode(file, cuts) };
  };
  // ep1: S 0–20 · B1 20–80 · C 80–95 · preview (B2 20–35) 95–110
  make('ep1', [cut(S), cut(B1), cut(C), cut(B2, 20, 35)]);
  // ep2: recap (B1 30–45) 0–15 · S 15–35 · B2 35–95 · C 95–110 · preview (B3 20–35) 110–125
  make('ep2', [cut(B1, 30, 45), cut(S), cut(B2), cut(C), cut(B3, 20, 35)]);
  // ep3: recap (B2 40–55) 0–15 · S 15–35 · B3 35–95 · C 95–110
  make('ep3', [cut(B2, 40, 55), cut(S), cut(B3), cut(C)]);
  // ep4, no intro: recap (B3 45–60) 0–15 · B4 15–75 · C 75–90
  make('ep4', [cut(B3, 45, 60), cut(B4), cut(C)]);
  // a series of one episode: its own song, body and credits
  make('solo', [cut(melody(303, 20)), cut(melody(15, 60)), cut(melody(404, 15))]);
}, 30_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function expectMarkers(found: DetectedMarker[], truth: Partial<Record<DetectedMarker['kind'], [number, number]>>) {
  expect(found.map((m) => m.kind).sort()).toEqual(Object.keys(truth).sort());
  for (const m of found) {
    const [start, end] = truth[m.kind]!;
    expect(Math.abs(m.start - start), `${m.kind} start ${m.start} (truth ${start})`).toBeLessThanOrEqual(TOLERANCE);
    expect(Math.abs(m.end - end), `${m.kind} end ${m.end} (truth ${end})`).toBeLessThanOrEqual(TOLERANCE);
    expect(m.confidence).toBeGreaterThan(0);
    expect(m.confidence).toBeLessThanOrEqual(1);
  }
}

describe('detectMarkers', () => {
  it('finds the intro, credits and preview of a first episode', async () => {
    const found = await detectMarkers(tools, { target: ep.ep1!, next: ep.ep2, others: [ep.ep3!] }, OPTIONS);
    expectMarkers(found, { intro: [0, 20], credits: [80, 95], preview: [95, 110] });
  });

  it('finds the recap, intro, credits and preview of a middle episode', async () => {
    const found = await detectMarkers(
      tools,
      { target: ep.ep2!, previous: ep.ep1, next: ep.ep3, others: [ep.ep4!] },
      OPTIONS,
    );
    expectMarkers(found, { recap: [0, 15], intro: [15, 35], credits: [95, 110], preview: [110, 125] });
  });

  it('finds no preview where there is none', async () => {
    const found = await detectMarkers(
      tools,
      { target: ep.ep3!, previous: ep.ep2, next: ep.ep4, others: [ep.ep1!] },
      OPTIONS,
    );
    expectMarkers(found, { recap: [0, 15], intro: [15, 35], credits: [95, 110] });
  });

  it('finds no intro in an episode without one', async () => {
    const found = await detectMarkers(
      tools,
      { target: ep.ep4!, previous: ep.ep3, others: [ep.ep2!, ep.ep1!] },
      OPTIONS,
    );
    expectMarkers(found, { recap: [0, 15], credits: [75, 90] });
  });

  it('finds nothing in a series of one episode', async () => {
    expect(await detectMarkers(tools, { target: ep.solo! }, OPTIONS)).toEqual([]);
  });

  it('finds nothing shared with another series', async () => {
    expect(await detectMarkers(tools, { target: ep.solo!, next: ep.ep1, others: [ep.ep2!] }, OPTIONS)).toEqual([]);
  });
});
