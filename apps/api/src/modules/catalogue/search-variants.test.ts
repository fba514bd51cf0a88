import { describe, expect, it } from 'vitest';
import { adjacentSwaps, SWAP_MAX_WORDS, swapAlternatives } from './search-variants.js';

describe('adjacentSwaps', () => {
  it('swaps each pair of neighbouring letters once', () => {
    expect(adjacentSwaps('abcd')).toEqual(['bacd', 'acbd', 'abdc']);
    expect(adjacentSwaps('ertugurl')).toContain('ertugrul');
    expect(adjacentSwaps('itsanbul')).toContain('istanbul');
  });

  it('skips equal neighbours and never gives the word back', () => {
    expect(adjacentSwaps('aabb')).toEqual(['abab']);
    expect(adjacentSwaps('aaaa')).toEqual([]);
  });

  it('leaves short and very long words alone', () => {
    expect(adjacentSwaps('ask')).toEqual([]);
    expect(adjacentSwaps('a'.repeat(10) + 'b'.repeat(11))).toEqual([]);
  });

  it('counts letters by code point', () => {
    expect(adjacentSwaps('a😀bc')).toEqual(['😀abc', 'ab😀c', 'a😀cb']);
  });
});

describe('swapAlternatives', () => {
  it('gives each word with its swaps', () => {
    expect(swapAlternatives(['ask', 'lfatan'])).toEqual([['ask'], ['lfatan', ...adjacentSwaps('lfatan')]]);
  });

  it('is null when no word has a swap, or the query is long', () => {
    expect(swapAlternatives(['ask', 'gul'])).toBeNull();
    expect(swapAlternatives(Array.from({ length: SWAP_MAX_WORDS + 1 }, () => 'word'))).toBeNull();
  });
});
