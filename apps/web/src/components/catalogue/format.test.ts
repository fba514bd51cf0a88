import { describe, expect, it } from 'vitest';
import {
  describeDuration,
  formatAirDate,
  formatDate,
  formatDuration,
  genreNames,
  initialsOf,
  parseDetailId,
} from './format';

describe('formatDuration', () => {
  it.each([
    [125, '2h 5m'],
    [120, '2h'],
    [60, '1h'],
    [59, '59m'],
    [45, '45m'],
    [1, '1m'],
    [61, '1h 1m'],
    [44.6, '45m'],
  ])('%s minutes → %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it.each([0, -5, null, undefined, Number.NaN])('is empty for %s', (minutes) => {
    expect(formatDuration(minutes)).toBe('');
  });

  it('has a spoken form', () => {
    expect(describeDuration(125)).toBe('2 hours 5 minutes');
    expect(describeDuration(61)).toBe('1 hour 1 minute');
    expect(describeDuration(45)).toBe('45 minutes');
    expect(describeDuration(0)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats air dates and review times in English, in UTC', () => {
    expect(formatDate('2024-03-04')).toBe('Mar 4, 2024');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('Dec 31, 2024');
    expect(formatDate('2025-01-01T00:10:00Z')).toBe('Jan 1, 2025');
  });

  it('is empty for missing or unreadable dates', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('soon')).toBe('');
  });

  it('matches what Intl wrote for every month (no locale data is loaded)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 9 + month));
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
  });
});

describe('formatAirDate', () => {
  it("writes an episode's air day as day, month, year", () => {
    expect(formatAirDate('2025-03-14')).toBe('14 Mar 2025');
    expect(formatAirDate('2025-12-01T22:00:00Z')).toBe('1 Dec 2025');
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    months.forEach((month, i) => {
      expect(formatAirDate(`2024-${String(i + 1).padStart(2, '0')}-28`)).toBe(`28 ${month} 2024`);
    });
  });

  it('shows an unreadable date as given', () => {
    expect(formatAirDate('soon')).toBe('soon');
    expect(formatAirDate('2025-13-45')).toBe('2025-13-45');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initialsOf('Ayşe Yılmaz')).toBe('AY');
    expect(initialsOf('Mehmet Ali Öztürk')).toBe('MÖ');
    expect(initialsOf('ismail')).toBe('İ');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('parseDetailId', () => {
  it('accepts positive whole numbers', () => {
    expect(parseDetailId('1')).toBe(1);
    expect(parseDetailId('042')).toBe(42);
  });

  it.each(['', '0', '-1', '1.5', 'abc', '12abc', '1e3', '1234567890123456', undefined])('rejects %s', (raw) => {
    expect(parseDetailId(raw)).toBeNull();
  });
});

describe('genreNames', () => {
  it('prefers the genres list and falls back to the comma text', () => {
    expect(genreNames([{ genre_title: 'Drama' }, { genre_title: 'History' }], 'ignored')).toEqual(['Drama', 'History']);
    expect(genreNames([], 'Action, Drama ,')).toEqual(['Action', 'Drama']);
    expect(genreNames([], '')).toEqual([]);
  });
});
