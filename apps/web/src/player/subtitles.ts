// Subtitles are the product (issue 8): sidecar WebVTT tracks kept 'hidden'
// so the browser parses and times them, drawn by our own overlay so they
// look the same on every device, shifted by the viewer's timing offset.

export const OFFSET_STEP_SECONDS = 0.1;
export const MAX_OFFSET_SECONDS = 30;
const OFFSET_KEY_PREFIX = 'bosphorus.subOffset';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/**
 * A cue's text as plain text: WebVTT tags (<i>, <b>, <c.x>, <v Speaker>,
 * <00:01.000>, <ruby>) dropped and character references decoded. The
 * overlay sets it with textContent, so nothing in a cue is ever markup.
 */
export function cueTextToPlain(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[ref.toLowerCase()] ?? whole;
    })
    .replace(/\r\n?/g, '\n')
    .trim();
}

export interface CueTimes {
  startTime: number;
  endTime: number;
}

/**
 * Times shifted by the offset: a positive offset shows subtitles later
 * (the speech comes after the text), a negative one earlier. Never before 0.
 */
export function shiftCueTimes(original: CueTimes, offset: number): CueTimes {
  return {
    startTime: Math.max(0, original.startTime + offset),
    endTime: Math.max(0, original.endTime + offset),
  };
}

/** One step of the ± buttons, in tenths, without float drift (0.1 + 0.2 is 0.3 here). */
export function stepOffset(current: number, steps: number): number {
  const tenths = Math.round(current * 10) + steps;
  const limit = MAX_OFFSET_SECONDS * 10;
  return Math.max(-limit, Math.min(limit, tenths)) / 10;
}

/** '0.0 s', '+0.3 s', '-1.5 s'. */
export function formatOffset(offset: number): string {
  const tenths = Math.round(offset * 10);
  const sign = tenths > 0 ? '+' : tenths < 0 ? '-' : '';
  return `${sign}${(Math.abs(tenths) / 10).toFixed(1)} s`;
}

/** `bosphorus.subOffset.<video_type>.<video_id>`, or null when the page does not know the title. */
export function offsetStorageKey(videoType: string | null, videoId: string | null): string | null {
  if (!videoType || !videoId || !/^[a-z]{1,20}$/.test(videoType) || !/^\d{1,15}$/.test(videoId)) return null;
  return `${OFFSET_KEY_PREFIX}.${videoType}.${videoId}`;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// Storage can be missing or throw (a third-party frame with storage blocked):
// the offset then lasts for this visit only.
export function readOffset(storage: StorageLike | null, key: string | null): number {
  if (!storage || !key) return 0;
  try {
    const value = Number(storage.getItem(key));
    return Number.isFinite(value) ? stepOffset(value, 0) : 0;
  } catch {
    return 0;
  }
}

export function writeOffset(storage: StorageLike | null, key: string | null, offset: number): void {
  if (!storage || !key) return;
  try {
    if (Math.round(offset * 10) === 0) storage.removeItem(key);
    else storage.setItem(key, String(stepOffset(offset, 0)));
  } catch {
    // Kept in memory only.
  }
}

/**
 * Applies an offset to live cues, remembering each cue's own times so that
 * offsets never add up (+0.1 then +0.2 is +0.2, not +0.3).
 */
export class CueShifter {
  private readonly originals = new WeakMap<object, CueTimes>();

  applyOffset(cues: ArrayLike<CueTimes> | null | undefined, offset: number): void {
    if (!cues) return;
    for (let i = 0; i < cues.length; i++) {
      const cue = cues[i]!;
      let original = this.originals.get(cue);
      if (!original) {
        original = { startTime: cue.startTime, endTime: cue.endTime };
        this.originals.set(cue, original);
      }
      const shifted = shiftCueTimes(original, offset);
      // Writing the end first when moving later keeps start <= end at every step.
      if (shifted.startTime > cue.startTime) {
        cue.endTime = shifted.endTime;
        cue.startTime = shifted.startTime;
      } else {
        cue.startTime = shifted.startTime;
        cue.endTime = shifted.endTime;
      }
    }
  }
}
