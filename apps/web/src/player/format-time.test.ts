import { describe, expect, it } from 'vitest';
import { formatTime, spokenTime } from './format-time';

describe('formatTime', () => {
  it('writes m:ss under an hour', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5.9)).toBe('0:05');
    expect(formatTime(59)).toBe('0:59');
    expect(formatTime(60)).toBe('1:00');
    expect(formatTime(23 * 60 + 41)).toBe('23:41');
    expect(formatTime(3599)).toBe('59:59');
  });

  it('writes h:mm:ss from one hour', () => {
    expect(formatTime(3600)).toBe('1:00:00');
    expect(formatTime(3600 + 5 * 60 + 7)).toBe('1:05:07');
    expect(formatTime(10 * 3600 + 59)).toBe('10:00:59');
  });

  it('shows 0:00 for what is not a time yet', () => {
    expect(formatTime(NaN)).toBe('0:00');
    expect(formatTime(Infinity)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

describe('spokenTime', () => {
  it('names the units a screen reader says', () => {
    expect(spokenTime(0)).toBe('0 seconds');
    expect(spokenTime(1)).toBe('1 second');
    expect(spokenTime(65)).toBe('1 minute 5 seconds');
    expect(spokenTime(7200 + 60)).toBe('2 hours 1 minute');
  });
});
