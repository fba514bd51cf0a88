import type { Tools } from '../ingest/transcode.js';
import { fingerprint, ITEM_SECONDS } from './fingerprint.js';
import { matchRuns, type MatchOptions, type Run } from './match.js';

// Finding an episode's recap, intro, credits and next-episode preview from
// its audio and its series neighbours' (issue 28, decision 0125). Only the
// target's first `headSeconds` and last `tailSeconds` are decoded; the
// previous and next episodes are read whole (the recap comes from anywhere in
// the previous one, the preview from anywhere in the next), the others by
// their head and tail only.
//
// - intro: the run this head shares with the most neighbours' heads (at
//   least two when two or more neighbours are there); on a tie, the one that
//   sits earliest in the neighbour (a title song comes before the story a
//   recap repeats);
// - credits: the same over the tails;
// - recap: runs of this head (outside the intro) that match the previous
//   episode before its credits, merged across short gaps, near the start;
// - preview: runs of this tail after the credits that match the next episode
//   after its intro; without a next episode, what follows the credits.

export type MarkerKind = 'recap' | 'intro' | 'credits' | 'preview';

export interface DetectedMarker {
  kind: MarkerKind;
  /** Seconds from the start of the episode's media. */
  start: number;
  end: number;
  /** 0–1. */
  confidence: number;
}

export interface EpisodeAudio {
  /** A media file with an audio stream. */
  file: string;
  durationSeconds: number;
}

export interface DetectInput {
  target: EpisodeAudio;
  previous?: EpisodeAudio | null;
  next?: EpisodeAudio | null;
  /** Further episodes of the series (their heads and tails only). */
  others?: EpisodeAudio[];
}

export interface DetectOptions {
  /** How much of every head is compared (a recap plus the title song fit in it). */
  headSeconds: number;
  /** How much of every tail is compared (credits and a preview fit in it). */
  tailSeconds: number;
  /** Shortest shared stretch that counts. */
  minSeconds: number;
  /** Bits of 32 an item may differ by and still match. */
  maxBitErrors: number;
  /** Longest stretch of non-matching audio bridged inside a run. */
  maxGapSeconds: number;
  /** Recap cuts this close together are one recap. */
  recapJoinSeconds: number;
  /** A recap starts within this many seconds of the episode's start (or before the intro). */
  recapStartWithin: number;
  /**
   * Chromaprint's item at t reads the audio up to ~2.5 s after t, so a run
   * begins and ends early: these are added to its first and last item.
   */
  startBiasSeconds: number;
  endBiasSeconds: number;
  signal?: AbortSignal;
}

export const DEFAULT_DETECT_OPTIONS: DetectOptions = {
  headSeconds: 12 * 60,
  tailSeconds: 8 * 60,
  minSeconds: 8,
  maxBitErrors: 8,
  maxGapSeconds: 1,
  recapJoinSeconds: 5,
  recapStartWithin: 60,
  startBiasSeconds: 0.7,
  endBiasSeconds: 0.7,
};

/** The last seconds of decoded audio that give no item (Chromaprint needs 16 frames ahead). */
const UNREAD_END_SECONDS = 2.6;

interface Prints {
  head: Uint32Array;
  /** Seconds at which `tail` starts. */
  tailAt: number;
  tail: Uint32Array;
  whole?: Uint32Array;
}

const itemsOf = (seconds: number) => Math.max(1, Math.round(seconds / ITEM_SECONDS));
const secondsOf = (items: number) => items * ITEM_SECONDS;
const round = (x: number) => Math.round(x * 10) / 10;

interface Span {
  start: number;
  end: number;
}
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** The stretches of the episode's media that are recap, intro, credits and preview (none found: none). */
export async function detectMarkers(
  tools: Pick<Tools, 'ffmpeg'>,
  input: DetectInput,
  options: Partial<DetectOptions> = {},
): Promise<DetectedMarker[]> {
  const o = { ...DEFAULT_DETECT_OPTIONS, ...options };
  const match: MatchOptions = {
    maxBitErrors: o.maxBitErrors,
    minItems: itemsOf(o.minSeconds),
    maxGap: itemsOf(o.maxGapSeconds),
  };
  const fp = (file: string, start?: number, seconds?: number) =>
    fingerprint(tools, file, { start, seconds, signal: o.signal });

  async function prints(ep: EpisodeAudio, whole: boolean): Promise<Prints> {
    const tailAt = Math.max(0, ep.durationSeconds - o.tailSeconds);
    if (whole || ep.durationSeconds <= o.headSeconds + o.tailSeconds) {
      const all = await fp(ep.file);
      return {
        whole: all,
        head: all.subarray(0, itemsOf(o.headSeconds)),
        tailAt,
        tail: all.subarray(Math.min(all.length, itemsOf(tailAt))),
      };
    }
    const [head, tail] = await Promise.all([fp(ep.file, 0, o.headSeconds), fp(ep.file, tailAt)]);
    return { head, tailAt, tail };
  }

  const others = input.others ?? [];
  const [target, previous, next, ...rest] = await Promise.all([
    prints(input.target, false),
    input.previous ? prints(input.previous, true) : null,
    input.next ? prints(input.next, true) : null,
    ...others.map((e) => prints(e, false)),
  ]);
  const neighbours = [previous, next, ...rest].filter((n): n is Prints => n !== null);
  if (neighbours.length === 0) return [];
  const found: DetectedMarker[] = [];
  const startOf = (run: Run, offset: number) =>
    Math.max(0, offset + secondsOf(run.aStart) + (run.aStart > 0 ? o.startBiasSeconds : 0));
  /** A run's end; one that reaches the last items of its window (that ends at `limit`) runs to `limit`. */
  const endOf = (run: Run, offset: number, limit: number) => {
    const end = offset + secondsOf(run.aEnd) + o.endBiasSeconds;
    return end >= limit - UNREAD_END_SECONDS ? limit : end;
  };

  /**
   * The stretch of `mine` shared with the most neighbours' `theirs`: its span
   * in this episode, and per neighbour where it sits there.
   */
  function shared(mine: Uint32Array, theirs: (n: Prints) => Uint32Array, offset: number, limit: number) {
    const clusters: { span: Span; runs: Map<Prints, Run>; errors: number }[] = [];
    for (const n of neighbours) {
      for (const run of matchRuns(mine, theirs(n), match)) {
        const span = { start: startOf(run, offset), end: endOf(run, offset, limit) };
        const c = clusters.find(
          (k) => overlap(k.span, span) > 0.5 * Math.min(k.span.end - k.span.start, span.end - span.start),
        );
        if (!c) clusters.push({ span, runs: new Map([[n, run]]), errors: run.meanErrors });
        else if (!c.runs.has(n)) {
          c.runs.set(n, run);
          c.errors += run.meanErrors;
        }
      }
    }
    const needed = neighbours.length >= 2 ? 2 : 1;
    const best = clusters
      .filter((c) => c.runs.size >= needed)
      .sort(
        (x, y) =>
          y.runs.size - x.runs.size ||
          Math.min(...[...x.runs.values()].map((r) => r.bStart)) -
            Math.min(...[...y.runs.values()].map((r) => r.bStart)),
      )[0];
    if (!best) return null;
    // A run that reaches the end of the neighbour's window was cut there (its
    // last seconds give no items): its end only bounds the real one. The
    // median of the others, or the latest of the cut ones.
    const entries = [...best.runs.entries()];
    const median = (xs: number[]) => xs.sort((p, q) => p - q)[Math.floor((xs.length - 1) / 2)]!;
    const whole = entries.filter(([n, r]) => r.bEnd < theirs(n).length - 2).map(([, r]) => endOf(r, offset, limit));
    const span = {
      start: median(entries.map(([, r]) => startOf(r, offset))),
      end: whole.length ? median(whole) : Math.max(...entries.map(([, r]) => endOf(r, offset, limit))),
    };
    const quality = 1 - best.errors / best.runs.size / (o.maxBitErrors + 1);
    const confidence = (0.5 + 0.5 * (best.runs.size / neighbours.length)) * (0.5 + 0.5 * quality);
    return { span, at: best.runs, confidence };
  }

  const headLimit = Math.min(o.headSeconds, input.target.durationSeconds);
  const intro = shared(target.head, (n) => n.head, 0, headLimit);
  const credits = shared(target.tail, (n) => n.tail, target.tailAt, input.target.durationSeconds);
  if (intro) found.push({ kind: 'intro', ...intro.span, confidence: intro.confidence });
  if (credits) found.push({ kind: 'credits', ...credits.span, confidence: credits.confidence });

  /** Runs of `mine` against `theirs`, merged when close; each with its stretch in `theirs` in seconds. */
  function joined(
    mine: Uint32Array,
    theirs: Uint32Array,
    offset: number,
    limit: number,
    keep: (s: Span, at: Span) => boolean,
  ) {
    const spans = matchRuns(mine, theirs, match)
      .map((r) => ({
        span: { start: startOf(r, offset), end: endOf(r, offset, limit) },
        at: { start: secondsOf(r.bStart), end: secondsOf(r.bEnd) },
        errors: r.meanErrors,
      }))
      .filter((x) => keep(x.span, x.at))
      .sort((x, y) => x.span.start - y.span.start);
    const groups: { span: Span; errors: number; n: number }[] = [];
    for (const x of spans) {
      const g = groups[groups.length - 1];
      if (g && x.span.start <= g.span.end + o.recapJoinSeconds) {
        g.span.end = Math.max(g.span.end, x.span.end);
        g.errors += x.errors;
        g.n += 1;
      } else groups.push({ span: { ...x.span }, errors: x.errors, n: 1 });
    }
    return groups.map((g) => ({ span: g.span, confidence: 0.5 + 0.4 * (1 - g.errors / g.n / (o.maxBitErrors + 1)) }));
  }

  const introSpan = intro?.span ?? null;
  if (previous?.whole && input.previous) {
    // The previous episode's story: before its credits (where this tail's
    // credits sit in it), or before its tail.
    const prevCredits = credits?.at.get(previous);
    const storyEnd = prevCredits ? previous.tailAt + secondsOf(prevCredits.bStart) : previous.tailAt;
    const prevIntro = intro?.at.get(previous);
    const prevIntroSpan = prevIntro && { start: secondsOf(prevIntro.bStart), end: secondsOf(prevIntro.bEnd) };
    const recap = joined(target.head, previous.whole, 0, headLimit, (span, at) => {
      if (introSpan && overlap(span, introSpan) > 0.5 * (span.end - span.start)) return false;
      if (prevIntroSpan && overlap(at, prevIntroSpan) > 0.5 * (at.end - at.start)) return false;
      return (at.start + at.end) / 2 < storyEnd;
    }).find((g) => g.span.start <= o.recapStartWithin || (introSpan !== null && g.span.start < introSpan.start));
    if (recap) {
      // A recap runs into the intro when it ends just before it.
      const end =
        introSpan && introSpan.start > recap.span.end && introSpan.start - recap.span.end <= 2
          ? introSpan.start
          : recap.span.end;
      found.push({ kind: 'recap', start: recap.span.start, end, confidence: recap.confidence });
    }
  }

  const creditsSpan = credits?.span ?? null;
  let preview: DetectedMarker | null = null;
  if (next?.whole) {
    const nextIntro = intro?.at.get(next);
    const storyFrom = nextIntro ? secondsOf(nextIntro.bEnd) : 0;
    const group = joined(target.tail, next.whole, target.tailAt, input.target.durationSeconds, (span, at) => {
      if (creditsSpan && (span.start + span.end) / 2 < creditsSpan.end) return false;
      return (at.start + at.end) / 2 >= storyFrom;
    }).pop();
    if (group) preview = { kind: 'preview', ...group.span, confidence: group.confidence };
  }
  if (!preview && creditsSpan && input.target.durationSeconds - creditsSpan.end >= o.minSeconds) {
    // No next episode to compare with: what follows the credits.
    preview = { kind: 'preview', start: creditsSpan.end, end: input.target.durationSeconds, confidence: 0.4 };
  }
  if (preview) {
    // A preview that ends near the end of the media runs to it.
    if (input.target.durationSeconds - preview.end <= 2) preview.end = input.target.durationSeconds;
    found.push(preview);
  }
  // Neighbouring stretches do not overlap: where a recap's end and the
  // intro's start (credits' end and the preview's start) overlap, both are
  // estimates of one boundary, which is put halfway between them.
  const byKind = (k: MarkerKind) => found.find((m) => m.kind === k);
  for (const [first, then] of [
    ['recap', 'intro'],
    ['credits', 'preview'],
  ] as const) {
    const a = byKind(first);
    const b = byKind(then);
    if (a && b && a.start < b.start && a.end > b.start) {
      const boundary = (a.end + b.start) / 2;
      a.end = boundary;
      b.start = boundary;
    }
  }
  const order: MarkerKind[] = ['recap', 'intro', 'credits', 'preview'];
  return found
    .map((m) => ({ ...m, start: round(m.start), end: round(m.end), confidence: Math.round(m.confidence * 100) / 100 }))
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}
