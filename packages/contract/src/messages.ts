// Spec §2/§8 texts used by both sides, copied exactly. Keep every user-facing
// spec string here so tests can import the same constant the UI shows.

export const MESSAGES = {
  noResults: 'No Results',
  noEpisodesFound: 'No episodes found matching your search.',
  subtitlesEng: 'Subtitles: Eng',
  searchPlaceholder: 'Series,actors',
  loading: 'Loading...',
  seasonFinale: 'Season Finale',
  ended: 'Ended',
  ongoing: 'Ongoing',
  watchNow: 'Watch Now',
  watchTrailer: 'Watch Trailer',
  playTrailer: 'Play Trailer',
  moreDetail: 'More Detail',
  loginNow: 'Login Now',
  register: 'Register',
  topCast: 'Top Cast',
  trailer: 'Trailer',
  reviews: 'Reviews',
  episodes: 'Episodes',
  recommended: 'Recommended',
  topSeries: 'Top Series',
  recentSeries: 'Recent Series',
  latestEpisodes: 'Latest episodes',
  topMovies: 'Top Movies',
  recentMovies: 'Recent Movies',
  allSeries: 'All Series',
  allMovies: 'All Movies',
  year: 'Year',
  status: 'Status',
  genre: 'Genre',
} as const;

/** 'Season' for one or fewer, otherwise 'Seasons' (spec §2 Series detail). */
export function seasonCountLabel(count: number): string {
  return `${count} ${count <= 1 ? 'Season' : 'Seasons'}`;
}

export const API_ERRORS = {
  notFound: 'Not found',
  routeNotFound: 'This API path does not exist',
  loginRequired: 'Please sign in to watch.',
  badId: 'must be a positive whole number',
  internal: 'Something went wrong on our side. Please try again later.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
} as const;
