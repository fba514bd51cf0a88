import { type TitleReviewsBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, episodes, insertUser, movie, series, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';

// GET /movies/{id}/reviews and /series/{id}/reviews (decision 0043): the
// reviews of a detail answer alone, for the watch pages. Public, cached like
// the detail answers, and fresh at once after a write on this instance.

describeEachDatabase('a title’s reviews alone', (t) => {
  let app: TestApp;
  const key = uniq();
  let movieId: number;
  let seriesId: number;
  let episodeId: number;
  let author: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp(t.db, { catalogueCacheSeconds: 600 });
    await seedCatalogue(
      t.db,
      catalogue({
        movies: [movie({ title: `Reviews Movie ${key}` })],
        series: [
          series({
            title: `Reviews Series ${key}`,
            seasons: [{ number: 1, title: 'Season 1', episodes: episodes(2, 2021) }],
          }),
        ],
      }),
    );
    movieId = await idOf(t.db, 'movies', `Reviews Movie ${key}`);
    seriesId = await idOf(t.db, 'series', `Reviews Series ${key}`);
    const [ep] = await t.db.query<{ id: number }>('SELECT id FROM episodes WHERE series_id = $1 ORDER BY id', [
      seriesId,
    ]);
    episodeId = ep!.id;
    const user = await insertUser(t.db, { name: `Reviewer ${key}` });
    author = await signIn(app, user.email, user.password);
  });
  afterAll(async () => app?.close());

  const getReviews = (path: string) => app.inject({ method: 'GET', url: `/api${path}` });

  it('answers an empty list without an average for a title nobody reviewed, to visitors too', async () => {
    const res = await getReviews(`/movies/${movieId}/reviews`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ body: TitleReviewsBody }>().body).toEqual({ reviews: [] });
  });

  it('shows a new review at once (the cached answer is dropped) with the rounded average', async () => {
    await getReviews(`/movies/${movieId}/reviews`); // cached empty
    for (const rating of [7, 8]) {
      const res = await postForm(
        app,
        `/api/movies/${movieId}/review`,
        { content: `Rated ${rating}`, rating: String(rating) },
        bearer(author.token),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await getReviews(`/movies/${movieId}/reviews`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ body: TitleReviewsBody }>().body;
    expect(body.reviews.map((r) => r.content)).toEqual(['Rated 8', 'Rated 7']);
    expect(body.reviews[0]!.user).toBe(`Reviewer ${key}`);
    // Spec §9: round(7.5) = 8, as on the detail answer.
    expect(body.avg_rating).toBe(8);
    const detail = await app.inject({ method: 'GET', url: `/api/movies/${movieId}` });
    expect(detail.json<{ body: { movie: { movies_reviews: unknown[] } } }>().body.movie.movies_reviews).toEqual(
      body.reviews,
    );
  });

  it('carries the episode of a series review', async () => {
    const res = await postForm(
      app,
      `/api/series/${seriesId}/review`,
      { content: 'That first episode', rating: '9', episode_id: String(episodeId) },
      bearer(author.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = await getReviews(`/series/${seriesId}/reviews`);
    expect(list.statusCode).toBe(200);
    const body = list.json<{ body: TitleReviewsBody }>().body;
    expect(body.reviews).toHaveLength(1);
    expect(body.reviews[0]).toMatchObject({ content: 'That first episode', rating: 9, episode_id: episodeId });
    // Nothing of the detail answer comes along.
    expect(Object.keys(body).sort()).toEqual(['avg_rating', 'reviews']);
  });

  it('answers 404 for an unknown title and 400 for a malformed id, in our error shape', async () => {
    expectError(await getReviews('/movies/999999999/reviews'), 404);
    expectError(await getReviews(`/series/${movieId + 999_999}/reviews`), 404);
    expectError(await getReviews('/movies/abc/reviews'), 400);
  });
});
