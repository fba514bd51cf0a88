import { describe, expect, it } from 'vitest';
import type { SearchBody } from '@bosphorus/contract';
import { fullResultsPath, rankSearchResults, titleTier } from './relevance';

const movie = (movie_id: number, movie_title: string) =>
  ({ movie_id, movie_title, movie_year: 2020 }) as unknown as SearchBody['movies'][number];
const serie = (serie_id: number, serie_title: string) =>
  ({ serie_id, serie_title, serie_year: 2014 }) as unknown as SearchBody['series'][number];

describe('rankSearchResults (issue 15)', () => {
  it('lists "Diriliş: Ertuğrul" above a movie that matched "ertugrul" elsewhere', () => {
    const body = { movies: [movie(1, 'Dağ II')], series: [serie(7, 'Diriliş: Ertuğrul')] };
    expect(rankSearchResults(body, 'ertugrul').map((r) => r.title)).toEqual(['Diriliş: Ertuğrul', 'Dağ II']);
    expect(rankSearchResults(body, 'ERTUĞRUL').map((r) => r.title)).toEqual(['Diriliş: Ertuğrul', 'Dağ II']);
  });

  it("merges both kinds by tier, keeping each kind's own order inside a tier", () => {
    const body = {
      movies: [movie(1, 'Aşk Tesadüfleri Sever'), movie(2, 'Aşk'), movie(3, 'Kar ve Aşk')],
      series: [serie(4, 'Aşk-ı Memnu'), serie(5, 'Kiralık Aşk')],
    };
    expect(rankSearchResults(body, 'ask').map((r) => r.key)).toEqual(['m2', 'm1', 's4', 's5', 'm3']);
  });

  it('tiers: the text itself, its start, whole words, inside a word, every word, none', () => {
    expect(titleTier('Ezel', 'ezel')).toBe(0);
    expect(titleTier('Ezel Bayraktar', 'ezel')).toBe(1);
    expect(titleTier('Kuzey Güney', 'guney')).toBe(2);
    expect(titleTier('Sıla', 'il')).toBe(3);
    expect(titleTier('Kara Sevda', 'sevda kara')).toBe(4);
    expect(titleTier('Dağ II', 'ertugrul')).toBe(5);
  });
});

describe('fullResultsPath', () => {
  it("opens the best match's list with the text, series when nothing is known", () => {
    const best = rankSearchResults({ movies: [movie(1, 'Dağ II')], series: [] }, 'dag')[0];
    expect(fullResultsPath('dağ', best)).toBe('/allmovies?search=da%C4%9F');
    expect(fullResultsPath('ertugrul', undefined)).toBe('/allseries?search=ertugrul');
  });
});
