import type { MovieCard, MoviesListBody, SeriesCard, SeriesListBody } from '@bosphorus/contract';
import type { DemoReview } from '../../db/seed/demo-types.js';
import { uniq } from '../../../test/factories.js';
import { getBody, type TestApp } from '../../../test/harness.js';

// What the catalogue's route tests share: list calls and the titles of
// their answers, and reviewers for seeded reviews.

export const seriesTitles = (cards: SeriesCard[]) => cards.map((c) => c.serie_title);
export const movieTitles = (cards: MovieCard[]) => cards.map((c) => c.movie_title);
export const sorted = (titles: string[]) => [...titles].sort();

export function query(params: Record<string, string | number>) {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

export async function listSeries(app: TestApp, params: Record<string, string | number> = {}) {
  return getBody<SeriesListBody>(app, `/api/series?${query(params)}`);
}

export async function listMovies(app: TestApp, params: Record<string, string | number> = {}) {
  return getBody<MoviesListBody>(app, `/api/movies/filters?${query(params)}`);
}

export function user(name: string, avatar: string | null = null) {
  return { key: name, name, email: `${uniq(name.toLowerCase() + '-')}@example.test`, avatar };
}

export function review(target: { series: string } | { movie: string }, by: string, rating: number, createdAt: string) {
  return { ...target, user: by, rating, content: `${by} rates it ${rating}.`, created_at: createdAt } as DemoReview;
}
