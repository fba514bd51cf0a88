import { describe, expect, it } from 'vitest';
import { compareTurkish, foldTurkish, turkishSortKey } from './turkish.js';

describe('foldTurkish', () => {
  it('folds a Turkish title to plain lowercase words', () => {
    expect(foldTurkish('Diriliş: Ertuğrul')).toBe('dirilis ertugrul');
  });

  it('folds dotted and dotless i of either case to the same letter', () => {
    const folded = ['İSTANBUL', 'ıstanbul', 'Istanbul', 'istanbul'].map(foldTurkish);
    expect(new Set(folded)).toEqual(new Set(['istanbul']));
  });

  it('folds ç ğ ö ş ü and their capitals', () => {
    expect(foldTurkish('çğöşü')).toBe('cgosu');
    expect(foldTurkish('ÇĞÖŞÜ')).toBe('cgosu');
    expect(foldTurkish('Gönül Dağı')).toBe('gonul dagi');
  });

  it('turns punctuation into single spaces and trims', () => {
    expect(foldTurkish('  Aşk-ı   Memnu!  ')).toBe('ask i memnu');
  });
});

describe('turkishSortKey', () => {
  const sorted = (words: string[]) => [...words].sort((a, b) => (turkishSortKey(a) < turkishSortKey(b) ? -1 : 1));

  it.each([
    ['c', 'ç', 'd'],
    ['ı', 'i', 'j'],
    ['s', 'ş', 't'],
    ['o', 'ö', 'p'],
    ['u', 'ü', 'v'],
    ['g', 'ğ', 'h'],
  ])('orders %s < %s < %s', (a, b, c) => {
    expect(sorted([c, b, a])).toEqual([a, b, c]);
    expect(turkishSortKey(a) < turkishSortKey(b)).toBe(true);
    expect(turkishSortKey(b) < turkishSortKey(c)).toBe(true);
  });

  it('is case-insensitive with Turkish capitals (I → ı, İ → i)', () => {
    expect(turkishSortKey('Çay')).toBe(turkishSortKey('çay'));
    expect(turkishSortKey('ŞEHİR')).toBe(turkishSortKey('şehir'));
    expect(turkishSortKey('IRMAK')).toBe(turkishSortKey('ırmak'));
    expect(turkishSortKey('İnci')).toBe(turkishSortKey('inci'));
  });

  it('sorts whole titles in Turkish alphabetical order', () => {
    expect(sorted(['Şahsiyet', 'Sen Çal Kapımı', 'Çukur', 'Cennet', 'Diriliş', 'Ilk', 'İlk'])).toEqual([
      'Cennet',
      'Çukur',
      'Diriliş',
      'Ilk',
      'İlk',
      'Sen Çal Kapımı',
      'Şahsiyet',
    ]);
  });

  it('compareTurkish agrees with the sort key', () => {
    expect(compareTurkish('ç', 'd')).toBe(-1);
    expect(compareTurkish('Ş', 's')).toBe(1);
    expect(compareTurkish('ÖZ', 'öz')).toBe(0);
  });
});
