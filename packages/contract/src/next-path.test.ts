import { describe, expect, it } from 'vitest';
import { isWatchPath, safeNextPath } from './next-path.js';

describe('safeNextPath', () => {
  it.each([
    ['/watch/5', '/watch/5'],
    ['/watchEpisodes/12', '/watchEpisodes/12'],
    ['/moviedetail/5?x=1#reviews', '/moviedetail/5?x=1#reviews'],
    ['/seriesdetail/3', '/seriesdetail/3'],
    ['/allseries?genre=2&page=3', '/allseries?genre=2&page=3'],
    ['/search?q=dizi%20adı', '/search?q=dizi%20ad%C4%B1'],
  ])('keeps the same-site path %s', (raw, kept) => {
    expect(safeNextPath(raw)).toBe(kept);
  });

  it.each([
    null,
    undefined,
    42,
    '',
    'watch/5',
    'https://evil.example/',
    'http:/evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%255Cevil.example',
    '/%25252F%25252Fevil.example',
    '/%E0%A4%A',
    'javascript:alert(1)',
    '/a\nb',
    '/a%0Ab',
    '/a\tb',
    '/signin?next=/x',
    '/register',
    '/x'.repeat(300),
  ])('refuses %s', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('isWatchPath', () => {
  it('names the watch pages only', () => {
    expect(isWatchPath('/watch/5')).toBe(true);
    expect(isWatchPath('/watchEpisodes/12')).toBe(true);
    expect(isWatchPath('/moviedetail/5')).toBe(false);
    expect(isWatchPath('/watch/')).toBe(false);
    expect(isWatchPath(null)).toBe(false);
  });
});
