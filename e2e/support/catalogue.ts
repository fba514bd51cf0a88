import { expect, type APIRequestContext } from '@playwright/test';
import type {
  HomeBody,
  MovieCard,
  MovieDetail,
  MoviesListBody,
  PromotionBody,
  SeriesCard,
  SeriesDetail,
  SeriesListBody,
} from '@bosphorus/contract';

// The suite finds its titles through the public API at test time instead of
// hard-coding database ids: the demo catalogue decides what exists, the
// tests decide only what to look for.

/** The demo catalogue's flagship series and one of its leads (spec-owner brief). */
export const KNOWN_SERIES_TITLE = 'Diriliş: Ertuğrul';
export const KNOWN_SERIES_QUERY = 'dirilis';
export const KNOWN_ACTOR = 'Engin Altan Düzyatan';

async function getBody<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  const json = (await response.json()) as { body: T };
  return json.body;
}

export function listParams(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export const api = {
  home: (request: APIRequestContext) => getBody<HomeBody>(request, '/api/home'),
  promotion: (request: APIRequestContext) => getBody<PromotionBody>(request, '/api/get-promotion-text'),
  series: (request: APIRequestContext, params: Record<string, string | number | undefined> = {}) =>
    getBody<SeriesListBody>(request, `/api/series?${listParams(params)}`),
  movies: (request: APIRequestContext, params: Record<string, string | number | undefined> = {}) =>
    getBody<MoviesListBody>(request, `/api/movies/filters?${listParams(params)}`),
  seriesDetail: async (request: APIRequestContext, id: number) =>
    (await getBody<{ series: SeriesDetail }>(request, `/api/series/${id}`)).series,
  movieDetail: async (request: APIRequestContext, id: number) =>
    (await getBody<{ movie: MovieDetail }>(request, `/api/movies/${id}`)).movie,
};

/** Every card of a list call, all pages (the catalogue is small). */
export async function allSeries(
  request: APIRequestContext,
  params: Record<string, string> = {},
): Promise<SeriesCard[]> {
  const first = await api.series(request, { ...params, page: 1 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.total_pages - 1) }, (_, i) =>
      api.series(request, { ...params, page: i + 2 }),
    ),
  );
  return [first, ...rest].flatMap((b) => b.series);
}

export async function allMovies(request: APIRequestContext, params: Record<string, string> = {}): Promise<MovieCard[]> {
  const first = await api.movies(request, { ...params, page: 1 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.total_pages - 1) }, (_, i) =>
      api.movies(request, { ...params, page: i + 2 }),
    ),
  );
  return [first, ...rest].flatMap((b) => b.movies);
}

/** The flagship series, looked up by search the way a visitor would. */
export async function knownSeries(request: APIRequestContext): Promise<SeriesDetail> {
  const { series } = await api.series(request, { search: KNOWN_SERIES_QUERY });
  const card = series.find((s) => s.serie_title === KNOWN_SERIES_TITLE);
  expect(card, `'${KNOWN_SERIES_TITLE}' in /api/series?search=${KNOWN_SERIES_QUERY}`).toBeTruthy();
  return api.seriesDetail(request, card!.serie_id);
}

/**
 * A movie whose page has everything the detail screen shows: rating, a
 * duration with hours and minutes, a trailer, cast, reviews and genres.
 */
export async function richMovie(request: APIRequestContext): Promise<MovieDetail> {
  const cards = (await api.movies(request, { page: 1 })).movies;
  for (const card of cards) {
    if (card.avg_rating === undefined || card.movie_duration % 60 === 0 || card.movie_duration < 60) continue;
    const movie = await api.movieDetail(request, card.movie_id);
    if (movie.movie_trailer && movie.casts.length && movie.movies_reviews.length && movie.genres.length) return movie;
  }
  throw new Error('The demo catalogue has no movie with rating, trailer, cast and reviews on the first list page');
}

/**
 * A movie with reviews other than `exceptId`: a spec that writes reviews
 * keeps off the page another spec reads reviews from (richMovie's).
 */
export async function otherReviewedMovie(request: APIRequestContext, exceptId: number): Promise<MovieDetail> {
  const cards = (await api.movies(request, { page: 1 })).movies;
  for (const card of cards) {
    if (card.movie_id === exceptId) continue;
    const movie = await api.movieDetail(request, card.movie_id);
    if (movie.movies_reviews.length) return movie;
  }
  throw new Error(`The demo catalogue has no movie with reviews on the first list page besides ${exceptId}`);
}

export function titleOf(item: SeriesCard | MovieCard): string {
  return 'serie_title' in item ? item.serie_title : item.movie_title;
}

export function hrefOf(item: SeriesCard | MovieCard): string {
  return 'serie_id' in item ? `/seriesdetail/${item.serie_id}` : `/moviedetail/${item.movie_id}`;
}

/** '2h 5m' (ui-contract Movie detail). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${m}m` : `${m}m`;
}
