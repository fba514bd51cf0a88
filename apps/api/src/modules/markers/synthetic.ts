import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../db/seed/demo-catalogue-helpers.js';

// Test material for marker detection (decision 0125), made in the test: no
// copyrighted clips. A "piece" is a seeded melody — notes of pseudo-random
// pitch and length, two voices and a little noise — because Chromaprint reads
// pitch classes over time: stationary audio (a constant sine, noise) gives
// alike fingerprints whatever the seed (docs/reference/notes/markers.md, "a
// trap we hit"). An episode is a list of cuts of pieces, encoded by ffmpeg to
// AAC in an MP4 like the ingest's progressive file. Test helpers only.

export const SAMPLE_RATE = 22_050;

/** `seconds` of a melody made from `seed` (mono, SAMPLE_RATE, -1..1). */
export function melody(seed: number, seconds: number): Float32Array {
  const rnd = seededRandom(seed);
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  let at = 0;
  while (at < out.length) {
    const length = Math.round((0.15 + rnd() * 0.35) * SAMPLE_RATE);
    // Two voices: a note between C3 and C6, and another a random interval off.
    const n1 = 48 + Math.floor(rnd() * 36);
    const n2 = n1 + 3 + Math.floor(rnd() * 9);
    const f1 = 440 * 2 ** ((n1 - 69) / 12);
    const f2 = 440 * 2 ** ((n2 - 69) / 12);
    const fade = Math.min(400, length / 4);
    for (let i = 0; i < length && at + i < out.length; i += 1) {
      const t = i / SAMPLE_RATE;
      const env = Math.min(1, i / fade, (length - i) / fade);
      out[at + i] =
        env * (0.45 * Math.sin(2 * Math.PI * f1 * t) + 0.3 * Math.sin(2 * Math.PI * f2 * t)) + (rnd() - 0.5) * 0.02;
    }
    at += length;
  }
  return out;
}

export interface Cut {
  piece: Float32Array;
  /** Seconds into the piece. */
  from: number;
  to: number;
}

export const cut = (piece: Float32Array, from = 0, to = piece.length / SAMPLE_RATE): Cut => ({ piece, from, to });

/** Writes the cuts one after another as an MP4 (AAC) at `file`; returns its length in seconds. */
export function writeEpisode(file: string, cuts: Cut[]): number {
  const parts = cuts.map((c) => c.piece.subarray(Math.round(c.from * SAMPLE_RATE), Math.round(c.to * SAMPLE_RATE)));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const samples = new Int16Array(total);
  let o = 0;
  for (const p of parts) {
    for (let i = 0; i < p.length; i += 1) samples[o + i] = Math.max(-32768, Math.min(32767, Math.round(p[i]! * 32767)));
    o += p.length;
  }
  const pcm = Buffer.from(samples.buffer); // little-endian on every machine we run
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const res = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      's16le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      file,
    ],
    { input: pcm },
  );
  if (res.status !== 0) throw new Error(`ffmpeg failed: ${res.stderr.toString()}`);
  return total / SAMPLE_RATE;
}

export type Truth = Partial<Record<'recap' | 'intro' | 'credits' | 'preview', [number, number]>>;

/**
 * A synthetic series in `dir`: a seeded 20 s "title song" S and 15 s
 * "credits song" C shared by its episodes, each episode its own 60 s body,
 * episode N's recap a cut of episode N−1's body and its preview a cut of
 * episode N+1's; ep4 has no intro; `solo` is a series of its own. With each
 * file, where its markers truly are (seconds). Detect with 50 s heads and
 * 40 s tails (a real episode's are minutes).
 */
export function writeSyntheticSeries(dir: string) {
  const S = melody(101, 20);
  const C = melody(202, 15);
  const [B1, B2, B3, B4] = [11, 12, 13, 14].map((seed) => melody(seed, 60)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const make = (name: string, cuts: Cut[], truth: Truth) => {
    const file = path.join(dir, `${name}.mp4`);
    return { file, durationSeconds: writeEpisode(file, cuts), truth };
  };
  return {
    // S 0–20 · B1 20–80 · C 80–95 · preview (B2 20–35) 95–110
    ep1: make('ep1', [cut(S), cut(B1), cut(C), cut(B2, 20, 35)], {
      intro: [0, 20],
      credits: [80, 95],
      preview: [95, 110],
    }),
    // recap (B1 30–45) 0–15 · S 15–35 · B2 35–95 · C 95–110 · preview (B3 20–35) 110–125
    ep2: make('ep2', [cut(B1, 30, 45), cut(S), cut(B2), cut(C), cut(B3, 20, 35)], {
      recap: [0, 15],
      intro: [15, 35],
      credits: [95, 110],
      preview: [110, 125],
    }),
    // recap (B2 40–55) 0–15 · S 15–35 · B3 35–95 · C 95–110
    ep3: make('ep3', [cut(B2, 40, 55), cut(S), cut(B3), cut(C)], {
      recap: [0, 15],
      intro: [15, 35],
      credits: [95, 110],
    }),
    // no intro: recap (B3 45–60) 0–15 · B4 15–75 · C 75–90
    ep4: make('ep4', [cut(B3, 45, 60), cut(B4), cut(C)], { recap: [0, 15], credits: [75, 90] }),
    // a series of one episode: its own song, body and credits
    solo: make('solo', [cut(melody(303, 20)), cut(melody(15, 60)), cut(melody(404, 15))], {}),
  };
}

/** Detection's windows for the synthetic series' short episodes. */
export const SYNTHETIC_WINDOWS = { headSeconds: 50, tailSeconds: 40 } as const;

/** Differences over this many seconds between a found boundary and the truth fail the tests (issue 28). */
export const TOLERANCE_SECONDS = 1.5;
