import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { homeBody, latestEpisode, movieCard, seriesCard } from './catalogue.js';
import { LATEST_EPISODES_LIMIT, RECENT_ROW_LIMIT } from './constants.js';
import { HOME_ROWS, type HomeRowKind } from './home-rows.js';

// The home answer's rows (its arrays of cards) and the page's table of rows
// are one list: a row added to the answer and not to HOME_ROWS (or the other
// way round) is a row the page would never draw.

const CARDS: Array<[z.ZodType, HomeRowKind]> = [
  [seriesCard, 'series'],
  [movieCard, 'movies'],
  [latestEpisode, 'episodes'],
];

function answerRows(): Array<{ key: string; kind: HomeRowKind }> {
  return Object.entries(homeBody.shape).flatMap(([key, schema]) => {
    if (!(schema instanceof z.ZodArray)) return [];
    const kind = CARDS.find(([card]) => card === schema.element)?.[1];
    return kind ? [{ key, kind }] : [];
  });
}

describe('HOME_ROWS (spec §2 Home, issue 28)', () => {
  it("names every row of the home answer once, with its cards' kind", () => {
    const rows = HOME_ROWS.map(({ key, kind }) => ({ key, kind }));
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect([...rows].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      answerRows().sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it("is in the spec's order, with the English subtitles row after Latest episodes", () => {
    expect(HOME_ROWS.map((row) => row.label)).toEqual([
      'Top Series',
      'Recent Series',
      'Latest episodes',
      'New with English subtitles',
      'Top Movies',
      'Recent Movies',
    ]);
  });

  it("caps the recent rows and the episode rows as §9's slide table says", () => {
    expect(Object.fromEntries(HOME_ROWS.map((row) => [row.key, row.limit]))).toEqual({
      topSeries: undefined,
      recentSeries: RECENT_ROW_LIMIT,
      latestEpisodes: LATEST_EPISODES_LIMIT,
      newWithEnglishSubtitles: LATEST_EPISODES_LIMIT,
      topMovies: undefined,
      recentMovies: RECENT_ROW_LIMIT,
    });
  });
});
