import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/moviedetail/5?x=1#reviews')).toBe('/moviedetail/5?x=1#reviews');
  });
  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/signin?next=/x',
    '/a\nb',
  ])('ignores %s', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});
