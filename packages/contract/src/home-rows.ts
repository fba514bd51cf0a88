import type { HomeBody, LatestEpisode, MovieCard, SeriesCard } from './catalogue.js';
import { LATEST_EPISODES_LIMIT, RECENT_ROW_LIMIT } from './constants.js';
import { ENGLISH_SUBTITLES_TEXTS } from './english-subtitles.js';
import { MESSAGES } from './messages.js';

// Home's rows, once (issue 25): spec §2's order, with issue 28's "New with
// English subtitles" after Latest episodes. The page draws them in this
// order (home-rows.tsx), its skeletons stand in for them by their place
// here (home-skeleton.tsx), and the tests read the rows from here. A row is
// added here, in the home answer's schema (catalogue.ts homeBody) and in the
// service that fills it; home-rows.test.ts fails while the two lists differ.

/** What a row's cards show: a series poster, a movie poster, or an episode's still. */
export interface HomeRowCards {
  series: SeriesCard;
  movies: MovieCard;
  episodes: LatestEpisode;
}
export type HomeRowKind = keyof HomeRowCards;

/** A row: its key in the home answer (whose array is of `kind`'s cards), its heading, and its §9 cap. */
export type HomeRowOf<Kind extends HomeRowKind> = {
  [Key in keyof HomeBody]: HomeBody[Key] extends HomeRowCards[Kind][]
    ? {
        readonly key: Key;
        readonly kind: Kind;
        readonly label: string;
        /** At most this many cards side by side (spec §9); undefined: the width's table alone. */
        readonly limit: typeof RECENT_ROW_LIMIT | typeof LATEST_EPISODES_LIMIT | undefined;
      }
    : never;
}[keyof HomeBody];
export type HomeRow = HomeRowOf<'series'> | HomeRowOf<'movies'> | HomeRowOf<'episodes'>;

export const HOME_ROWS = [
  { key: 'topSeries', kind: 'series', label: MESSAGES.topSeries, limit: undefined },
  { key: 'recentSeries', kind: 'series', label: MESSAGES.recentSeries, limit: RECENT_ROW_LIMIT },
  { key: 'latestEpisodes', kind: 'episodes', label: MESSAGES.latestEpisodes, limit: LATEST_EPISODES_LIMIT },
  {
    key: 'newWithEnglishSubtitles',
    kind: 'episodes',
    label: ENGLISH_SUBTITLES_TEXTS.homeRow,
    limit: LATEST_EPISODES_LIMIT,
  },
  { key: 'topMovies', kind: 'movies', label: MESSAGES.topMovies, limit: undefined },
  { key: 'recentMovies', kind: 'movies', label: MESSAGES.recentMovies, limit: RECENT_ROW_LIMIT },
] as const satisfies readonly HomeRow[];

/** A row's heading: one of HOME_ROWS' labels. */
export type HomeRowLabel = (typeof HOME_ROWS)[number]['label'];
