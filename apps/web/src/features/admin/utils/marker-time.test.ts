import { describe, expect, it } from 'vitest';
import { clampTenth, markerClock, parseMarkerClock } from './marker-time';

describe('marker times', () => {
  it('shows seconds as m:ss.t, or h:mm:ss.t past an hour', () => {
    expect(markerClock(0)).toBe('0:00.0');
    expect(markerClock(83.44)).toBe('1:23.4');
    expect(markerClock(59.96)).toBe('1:00.0');
    expect(markerClock(3723)).toBe('1:02:03.0');
  });

  it('reads what it shows, and plain seconds; anything else is not a time', () => {
    expect(parseMarkerClock('1:23.4')).toBe(83.4);
    expect(parseMarkerClock(' 1:02:03 ')).toBe(3723);
    expect(parseMarkerClock('95.25')).toBe(95.3);
    expect(parseMarkerClock(markerClock(8123.7))).toBe(8123.7);
    for (const bad of ['', 'abc', '1:75', '1.5:10', '-3', '1:2:3:4', '1:']) expect(parseMarkerClock(bad)).toBeNull();
  });

  it('keeps a dragged value within its bounds, to a tenth', () => {
    expect(clampTenth(-2, 0, 10)).toBe(0);
    expect(clampTenth(12.34, 0, 10)).toBe(10);
    expect(clampTenth(4.26, 0, 10)).toBe(4.3);
  });
});
