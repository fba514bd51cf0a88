import { describe, expect, it } from 'vitest';
import { readQuery, RENEW_BEFORE_MS, renewalDelayMs } from './player';

describe('readQuery', () => {
  it('reads the spec §7 player parameters', () => {
    expect(readQuery('?token=v1.k.abc.def&cb=9&user_id=2&video_id=15&video_type=episode')).toEqual({
      token: 'v1.k.abc.def',
      videoType: 'episode',
      videoId: '15',
      engine: null,
    });
  });

  it('drops a malformed token and an unknown engine', () => {
    expect(readQuery('?token=../../x&engine=flash').token).toBeNull();
    expect(readQuery('?token=a%20b').token).toBeNull();
    expect(readQuery('?engine=flash').engine).toBeNull();
    expect(readQuery('?engine=hls').engine).toBe('hls');
    expect(readQuery('?engine=webm').engine).toBe('webm');
    expect(readQuery('').token).toBeNull();
  });
});

describe('renewalDelayMs', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  const inMinutes = (m: number) => new Date(now + m * 60_000).toISOString();

  it('asks 10 minutes before the token ends', () => {
    expect(renewalDelayMs(inMinutes(240), now, true)).toBe(230 * 60_000);
    expect(renewalDelayMs(inMinutes(240), now, false)).toBe(240 * 60_000 - RENEW_BEFORE_MS);
  });

  it('asks at once when the link it was opened with is already that close to its end', () => {
    expect(renewalDelayMs(inMinutes(5), now, false)).toBe(0);
    expect(renewalDelayMs(inMinutes(-1), now, false)).toBe(0);
  });

  it('waits half the remaining time for a fresh token shorter than 10 minutes (no request loop)', () => {
    expect(renewalDelayMs(inMinutes(4), now, true)).toBe(2 * 60_000);
    expect(renewalDelayMs(inMinutes(-1), now, true)).toBe(0);
  });

  it('has no timer for a date it cannot read', () => {
    expect(renewalDelayMs('soon', now, true)).toBeNull();
  });
});
