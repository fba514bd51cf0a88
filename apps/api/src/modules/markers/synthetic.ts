import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Test material for marker detection (decision 0125), made in the test: no
// copyrighted clips. A "piece" is a seeded melody — notes of pseudo-random
// pitch and length, two voices and a little noise — because Chromaprint reads
// pitch classes over time: stationary audio (a constant sine, noise) gives
// alike fingerprints whatever the seed (docs/reference/notes/markers.md, "a
// trap we hit"). An episode is a list of cuts of pieces, encoded by ffmpeg to
// AAC in an MP4 like the ingest's progressive file.

export const SAMPLE_RATE = 22_050;

/** mulberry32: a small seeded generator, the same numbers on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `seconds` of a melody made from `seed` (mono, SAMPLE_RATE, -1..1). */
export function melody(seed: number, seconds: number): Float32Array {
  const rnd = random(seed);
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
