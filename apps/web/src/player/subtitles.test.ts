import { describe, expect, it } from 'vitest';
import {
  CueShifter,
  cueTextToPlain,
  formatOffset,
  offsetStorageKey,
  readOffset,
  shiftCueTimes,
  stepOffset,
  writeOffset,
  type StorageLike,
} from './subtitles';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('cueTextToPlain', () => {
  it('drops WebVTT tags and keeps line breaks', () => {
    expect(cueTextToPlain('<v Kuzey>Where were you?</v>')).toBe('Where were you?');
    expect(cueTextToPlain('<i>Hello</i>\n<b>there</b>')).toBe('Hello\nthere');
    expect(cueTextToPlain('<c.yellow>Yes</c> <00:00:01.500>now')).toBe('Yes now');
  });

  it('decodes character references into text, never markup', () => {
    expect(cueTextToPlain('Tom &amp; Jerry &lt;3')).toBe('Tom & Jerry <3');
    expect(cueTextToPlain('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
    expect(cueTextToPlain('Ne d&#305;yorsun? &#x15F;')).toBe('Ne dıyorsun? ş');
    expect(cueTextToPlain('a&nbsp;b')).toBe('a\u00a0b');
    expect(cueTextToPlain('&bogus; &#0;')).toBe('&bogus; &#0;');
  });
});

describe('offsets', () => {
  it('shifts cue times both ways and never before zero', () => {
    expect(shiftCueTimes({ startTime: 2, endTime: 4 }, 0.5)).toEqual({ startTime: 2.5, endTime: 4.5 });
    expect(shiftCueTimes({ startTime: 2, endTime: 4 }, -1.5)).toEqual({ startTime: 0.5, endTime: 2.5 });
    expect(shiftCueTimes({ startTime: 0.2, endTime: 1 }, -0.5)).toEqual({ startTime: 0, endTime: 0.5 });
  });

  it('steps by tenths without float drift, within ±30 s', () => {
    expect(stepOffset(0, 1)).toBe(0.1);
    expect(stepOffset(0.1, 1)).toBe(0.2);
    expect(stepOffset(0.2, 1)).toBe(0.3);
    expect(stepOffset(0.3, -4)).toBe(-0.1);
    expect(stepOffset(29.95, 5)).toBe(30);
    expect(stepOffset(-30, -1)).toBe(-30);
  });

  it('shows the value with a sign and one decimal', () => {
    expect(formatOffset(0)).toBe('0.0 s');
    expect(formatOffset(0.30000000000000004)).toBe('+0.3 s');
    expect(formatOffset(-1.5)).toBe('-1.5 s');
    expect(formatOffset(-0.04)).toBe('0.0 s');
  });

  it('applies offsets to live cues from their own times, so offsets never add up', () => {
    const cues = [
      { startTime: 1, endTime: 3 },
      { startTime: 3.5, endTime: 5 },
    ];
    const shifter = new CueShifter();
    shifter.applyOffset(cues, 0.5);
    expect(cues).toEqual([
      { startTime: 1.5, endTime: 3.5 },
      { startTime: 4, endTime: 5.5 },
    ]);
    shifter.applyOffset(cues, -0.5);
    expect(cues).toEqual([
      { startTime: 0.5, endTime: 2.5 },
      { startTime: 3, endTime: 4.5 },
    ]);
    shifter.applyOffset(cues, 0);
    expect(cues).toEqual([
      { startTime: 1, endTime: 3 },
      { startTime: 3.5, endTime: 5 },
    ]);
    shifter.applyOffset(null, 1);
  });

  it('keeps start before end at every write, as a TextTrackCue needs', () => {
    const writes: string[] = [];
    const cue = {
      s: 1,
      e: 2,
      get startTime() {
        return this.s;
      },
      set startTime(v: number) {
        if (v > this.e) writes.push('start after end');
        this.s = v;
      },
      get endTime() {
        return this.e;
      },
      set endTime(v: number) {
        if (v < this.s) writes.push('end before start');
        this.e = v;
      },
    };
    const shifter = new CueShifter();
    shifter.applyOffset([cue], 5);
    shifter.applyOffset([cue], -0.9);
    expect(writes).toEqual([]);
    expect(cue.startTime).toBeCloseTo(0.1, 9);
    expect(cue.endTime).toBeCloseTo(1.1, 9);
  });
});

describe('offset storage', () => {
  it('names the key per title', () => {
    expect(offsetStorageKey('movie', '12')).toBe('bosphorus.subOffset.movie.12');
    expect(offsetStorageKey('episode', '7')).toBe('bosphorus.subOffset.episode.7');
    expect(offsetStorageKey(null, '7')).toBeNull();
    expect(offsetStorageKey('movie', 'x<y')).toBeNull();
    expect(offsetStorageKey('mo.vie', '1')).toBeNull();
  });

  it('remembers a title offset, forgets zero, and survives bad or blocked storage', () => {
    const storage = memoryStorage();
    const key = offsetStorageKey('movie', '12');
    expect(readOffset(storage, key)).toBe(0);
    writeOffset(storage, key, 0.30000000000000004);
    expect(storage.data.get(key!)).toBe('0.3');
    expect(readOffset(storage, key)).toBe(0.3);
    writeOffset(storage, key, 0);
    expect(storage.data.has(key!)).toBe(false);
    storage.setItem(key!, 'garbage');
    expect(readOffset(storage, key)).toBe(0);
    storage.setItem(key!, '999');
    expect(readOffset(storage, key)).toBe(30);
    const blocked: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readOffset(blocked, key)).toBe(0);
    expect(() => writeOffset(blocked, key, 1)).not.toThrow();
    expect(readOffset(null, key)).toBe(0);
  });
});
