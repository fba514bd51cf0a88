import { describe, expect, it } from 'vitest';
import { isFinished, isInProgress, startedAtSeconds, timeLeftText, watchedShare, watchHref } from './history.js';

describe('history rules (decision 0024)', () => {
  it('starts after 30 s, or a tenth of a short clip', () => {
    expect(startedAtSeconds(3600)).toBe(30);
    expect(startedAtSeconds(12)).toBeCloseTo(1.2);
    expect(startedAtSeconds(0)).toBe(30);
    expect(isInProgress(29, 3600)).toBe(false);
    expect(isInProgress(30, 3600)).toBe(true);
    expect(isInProgress(2, 12)).toBe(true);
    expect(isInProgress(1, 12)).toBe(false);
    expect(isInProgress(45, 0)).toBe(true);
  });

  it('finishes at 95 %; an unknown length never finishes', () => {
    expect(isFinished(3419, 3600)).toBe(false);
    expect(isFinished(3420, 3600)).toBe(true);
    expect(isInProgress(3420, 3600)).toBe(false);
    expect(isFinished(10_000, 0)).toBe(false);
  });

  it('says what is left and where to watch', () => {
    expect(timeLeftText(600, 3600)).toBe('50 min left');
    expect(timeLeftText(0, 4500)).toBe('1 h 15 min left');
    expect(timeLeftText(3, 12)).toBe('9 s left');
    expect(timeLeftText(3500, 3600)).toBe('Watched');
    expect(timeLeftText(10, 0)).toBe('');
    expect(watchedShare(30, 120)).toBe(0.25);
    expect(watchedShare(130, 120)).toBe(1);
    expect(watchedShare(5, 0)).toBe(0);
    expect(watchHref({ movie_id: 4 })).toBe('/watch/4');
    expect(watchHref({ episode_id: 9 })).toBe('/watchEpisodes/9');
  });
});
