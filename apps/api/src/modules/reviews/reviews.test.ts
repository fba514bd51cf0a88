import {
  API_ERRORS,
  AUTH_ERRORS,
  REVIEW_CONTENT_MAX_CHARS,
  REVIEW_REPLY_MAX_CHARS,
  REVIEW_TEXTS,
  type MovieDetailBody,
  type Review,
  type ReviewReply,
  type SearchBody,
  type SeriesDetailBody,
} from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, episodes, insertUser, movie, series, uniq, type TestUser } from '../../../test/factories.js';
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

// Spec §7 Reviews (modules/reviews, decision 0021): the eight write calls,
// identity from the token only, author-only deletes, the average and the
// lists fresh at once for signed-in viewers and for visitors on the instance.

const MARKUP = '<img src=x onerror=alert(1)> & "quotes" — çok güzel';

describeEachDatabase('reviews and replies', (t) => {
  let app: TestApp;
  const key = uniq();
  const movieTitle = `Review Movie ${key}`;
  const otherMovieTitle = `Other Movie ${key}`;
  const seriesTitle = `Review Series ${key}`;
  const otherSeriesTitle = `Other Series ${key}`;
  let movieId: number;
  let otherMovieId: number;
  let seriesId: number;
  let otherSeriesId: number;
  let episodeIds: number[];
  let otherEpisodeId: number;
  let alice: TestUser;
  let bob: TestUser;
  let aliceIn: SignedIn;
  let bobIn: SignedIn;

  beforeAll(async () => {
    // The public cache on, as in production: a visitor's answer must still
    // follow a write on this instance.
    app = await buildTestApp(t.db, { catalogueCacheSeconds: 600 });
    await seedCatalogue(
      t.db,
      catalogue({
        movies: [movie({ title: movieTitle }), movie({ title: otherMovieTitle })],
        series: [
          series({ title: seriesTitle, seasons: [{ number: 1, title: 'Season 1', episodes: episodes(2, 2020) }] }),
          series({ title: otherSeriesTitle }),
        ],
      }),
    );
    movieId = await idOf(t.db, 'movies', movieTitle);
    otherMovieId = await idOf(t.db, 'movies', otherMovieTitle);
    seriesId = await idOf(t.db, 'series', seriesTitle);
    otherSeriesId = await idOf(t.db, 'series', otherSeriesTitle);
    const eps = await t.db.query<{ id: number; seriesId: number }>(
      'SELECT id, series_id AS "seriesId" FROM episodes WHERE series_id = ANY($1::bigint[]) ORDER BY id',
      [[seriesId, otherSeriesId]],
    );
    episodeIds = eps.filter((e) => e.seriesId === seriesId).map((e) => e.id);
    otherEpisodeId = eps.find((e) => e.seriesId === otherSeriesId)!.id;
    alice = await insertUser(t.db, { name: `Alice ${key}` });
    bob = await insertUser(t.db, { name: `Bob ${key}` });
    aliceIn = await signIn(app, alice.email, alice.password);
    bobIn = await signIn(app, bob.email, bob.password);
  });

  afterAll(async () => {
    await app.close();
  });

  const movieDetail = async (who?: SignedIn) => {
    const res = await app.inject({ url: `/api/movies/${movieId}`, headers: who ? bearer(who.token) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: MovieDetailBody }>().body.movie;
  };
  const seriesDetail = async (who?: SignedIn) => {
    const res = await app.inject({ url: `/api/series/${seriesId}`, headers: who ? bearer(who.token) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: SeriesDetailBody }>().body.series;
  };
  const searchCard = async () => {
    const res = await postForm(app, '/api/search', { q: movieTitle });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: SearchBody }>().body.movies.find((m) => m.movie_id === movieId)!;
  };
  const reviewCount = async () =>
    Number((await t.db.query<{ n: number }>('SELECT count(*) AS n FROM reviews WHERE movie_id = $1', [movieId]))[0]!.n);
  const addMovieReview = async (who: SignedIn, fields: Record<string, string | number>, id = movieId) =>
    postForm(app, `/api/movies/${id}/review`, fields, bearer(who.token));

  it('adds a movie review as the signed-in account, stores the text as written, and answers the review', async () => {
    const res = await addMovieReview(aliceIn, {
      user: 'Somebody Else',
      content: MARKUP,
      rating: 7,
      fk_user_id: alice.id,
      spoiler: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<{ message: string; body: { review: Review } }>();
    expect(answer.message).toBe(REVIEW_TEXTS.reviewAdded);
    expect(answer.body.review).toEqual({
      id: expect.any(Number),
      user: alice.name,
      content: MARKUP,
      rating: 7,
      published: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      fk_user_id: alice.id,
      reviewedBy: { image_url: null },
      reviews_replies: [],
      spoiler: true,
      episode_id: null,
    });
    const [row] = await t.db.query<{ content: string; user_id: number }>(
      'SELECT content, user_id FROM reviews WHERE id = $1',
      [answer.body.review.id],
    );
    expect(row).toEqual({ content: MARKUP, user_id: alice.id });
  });

  it('shows a new review and the new average at once to the author, to others and to visitors (cache on)', async () => {
    // Prime the visitor's cached detail and search answers first.
    const before = await movieDetail();
    const beforeCard = await searchCard();
    const res = await addMovieReview(bobIn, { content: 'Good.', rating: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ body: { review: Review } }>().body.review.id;
    const ratings = (
      await t.db.query<{ rating: number }>('SELECT rating FROM reviews WHERE movie_id = $1', [movieId])
    ).map((r) => r.rating);
    const expected = Math.round(ratings.reduce((a, b) => a + b, 0) / ratings.length);
    expect(before.movies_reviews.map((r) => r.id)).not.toContain(id);
    for (const who of [bobIn, aliceIn, undefined]) {
      const detail = await movieDetail(who);
      expect(detail.movies_reviews[0]!.id).toBe(id);
      expect(detail.movies_reviews[0]!.spoiler).toBe(false);
      expect(detail.avg_rating).toBe(expected);
    }
    expect(beforeCard.avg_rating).not.toBe(undefined);
    expect((await searchCard()).avg_rating).toBe(expected);
  });

  it('keeps the average the rounded mean (1 → 1; 1 and 2 → 1.5 → 2; none → absent)', async () => {
    const own = await addMovieReview(aliceIn, { content: 'Rating check', rating: 1 }, otherMovieId);
    const ownId = own.json<{ body: { review: Review } }>().body.review.id;
    const read = async () =>
      (await app.inject({ url: `/api/movies/${otherMovieId}`, headers: bearer(bobIn.token) })).json<{
        body: MovieDetailBody;
      }>().body.movie;
    expect((await read()).avg_rating).toBe(1);
    const second = await addMovieReview(bobIn, { content: 'Rating check 2', rating: 2 }, otherMovieId);
    expect((await read()).avg_rating).toBe(2); // 1.5 → 2
    const secondId = second.json<{ body: { review: Review } }>().body.review.id;
    await postForm(app, `/api/movies/${otherMovieId}/review/${ownId}/delete`, {}, bearer(aliceIn.token));
    await postForm(app, `/api/movies/${otherMovieId}/review/${secondId}/delete`, {}, bearer(bobIn.token));
    const none = await app.inject({ url: `/api/movies/${otherMovieId}`, headers: bearer(bobIn.token) });
    expect(none.json<{ body: MovieDetailBody }>().body.movie.movies_reviews).toEqual([]);
    expect(none.body).not.toContain('avg_rating');
    const visitor = await app.inject({ url: `/api/movies/${otherMovieId}` });
    expect(visitor.body).not.toContain('avg_rating');
  });

  it("refuses another user's fk_user_id or user_id with 403 and writes nothing", async () => {
    const count = await reviewCount();
    const res = await addMovieReview(aliceIn, { content: 'As Bob', rating: 5, fk_user_id: bob.id });
    expectError(res, 403);
    expect(res.json<{ error: string }>().error).toBe(AUTH_ERRORS.forbidden);
    expectError(await addMovieReview(aliceIn, { content: 'As Bob', rating: 5, user_id: bob.id }), 403);
    const viaQuery = await postForm(
      app,
      `/api/movies/${movieId}/review?user_id=${bob.id}`,
      { content: 'As Bob', rating: 5 },
      bearer(aliceIn.token),
    );
    expectError(viaQuery, 403);
    expect(await reviewCount()).toBe(count);
  });

  it('needs sign-in for every call (401), before reading the form', async () => {
    for (const url of [
      `/api/movies/${movieId}/review`,
      `/api/movies/${movieId}/review/1/delete`,
      `/api/movies/${movieId}/review/reply/1`,
      `/api/movies/${movieId}/review/reply/1/delete`,
      `/api/series/${seriesId}/review`,
      `/api/series/${seriesId}/review/1/delete`,
      `/api/series/${seriesId}/review/reply/1`,
      `/api/series/${seriesId}/review/reply/1/delete`,
    ]) {
      expectError(await postForm(app, url, {}), 401);
    }
  });

  it('answers 400 naming the field for a bad rating, empty or long text, and a bad episode', async () => {
    const count = await reviewCount();
    for (const rating of ['0', '11', '7.5', 'ten', '']) {
      const res = await addMovieReview(aliceIn, { content: 'Fine', rating });
      expectError(res, 400, 'rating');
    }
    const noRating = await addMovieReview(aliceIn, { content: 'Fine' });
    expectError(noRating, 400, 'rating');
    expectError(await addMovieReview(aliceIn, { content: '  \n ', rating: 5 }), 400, 'content');
    expectError(await addMovieReview(aliceIn, { rating: 5 }), 400, 'content');
    const long = await addMovieReview(aliceIn, { content: 'x'.repeat(REVIEW_CONTENT_MAX_CHARS + 1), rating: 5 });
    expect(expectError(long, 400, 'content').error).toContain(String(REVIEW_CONTENT_MAX_CHARS));
    expectError(
      await addMovieReview(aliceIn, { content: 'Ep', rating: 5, episode_id: episodeIds[0]! }),
      400,
      'episode_id',
    );
    expect(await reviewCount()).toBe(count);
    // Exactly the limit is fine.
    const atLimit = await addMovieReview(aliceIn, { content: 'y'.repeat(REVIEW_CONTENT_MAX_CHARS), rating: 5 });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const id = atLimit.json<{ body: { review: Review } }>().body.review.id;
    expect(
      (await postForm(app, `/api/movies/${movieId}/review/${id}/delete`, {}, bearer(aliceIn.token))).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown title, review or reply, and for one of another title', async () => {
    const unknown = await addMovieReview(aliceIn, { content: 'x', rating: 5 }, 999_999_999);
    expect(expectError(unknown, 404).error).toBe(API_ERRORS.notFound);
    expectError(
      await postForm(app, '/api/series/999999999/review', { content: 'x', rating: 5 }, bearer(aliceIn.token)),
      404,
    );
    const res = await addMovieReview(aliceIn, { content: 'Mine', rating: 6 });
    const id = res.json<{ body: { review: Review } }>().body.review.id;
    const missing = await postForm(app, `/api/movies/${movieId}/review/999999999/delete`, {}, bearer(aliceIn.token));
    expect(expectError(missing, 404).error).toBe(REVIEW_TEXTS.reviewNotFound);
    // The review exists, but not on that title.
    expectError(await postForm(app, `/api/movies/${otherMovieId}/review/${id}/delete`, {}, bearer(aliceIn.token)), 404);
    expectError(await postForm(app, `/api/series/${seriesId}/review/${id}/delete`, {}, bearer(aliceIn.token)), 404);
    expectError(
      await postForm(app, `/api/movies/${otherMovieId}/review/reply/${id}`, { reply: 'x' }, bearer(bobIn.token)),
      404,
    );
    expectError(
      await postForm(app, `/api/movies/${movieId}/review/reply/999999999/delete`, {}, bearer(aliceIn.token)),
      404,
    );
    expectError(
      await postForm(app, `/api/movies/${movieId}/review/abc/delete`, {}, bearer(aliceIn.token)),
      400,
      'reviewId',
    );
    expect(
      (await postForm(app, `/api/movies/${movieId}/review/${id}/delete`, {}, bearer(aliceIn.token))).statusCode,
    ).toBe(200);
  });

  it('lets only the author delete a review (403 for anyone else, nothing deleted), replies going with it', async () => {
    const res = await addMovieReview(aliceIn, { content: 'To delete', rating: 3 });
    const id = res.json<{ body: { review: Review } }>().body.review.id;
    await postForm(app, `/api/movies/${movieId}/review/reply/${id}`, { reply: 'A reply' }, bearer(bobIn.token));
    const refused = await postForm(
      app,
      `/api/movies/${movieId}/review/${id}/delete`,
      { fk_user_id: bob.id },
      bearer(bobIn.token),
    );
    expect(expectError(refused, 403).error).toBe(REVIEW_TEXTS.onlyAuthor);
    expect((await movieDetail(bobIn)).movies_reviews.map((r) => r.id)).toContain(id);
    // Claiming to be the author does not help either.
    expectError(
      await postForm(app, `/api/movies/${movieId}/review/${id}/delete`, { fk_user_id: alice.id }, bearer(bobIn.token)),
      403,
    );
    const done = await app.inject({
      method: 'POST',
      url: `/api/movies/${movieId}/review/${id}/delete`,
      headers: bearer(aliceIn.token),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: REVIEW_TEXTS.reviewDeleted });
    for (const who of [aliceIn, undefined]) {
      expect((await movieDetail(who)).movies_reviews.map((r) => r.id)).not.toContain(id);
    }
    expect(await t.db.query('SELECT 1 FROM review_replies WHERE review_id = $1', [id])).toEqual([]);
    expectError(await postForm(app, `/api/movies/${movieId}/review/${id}/delete`, {}, bearer(aliceIn.token)), 404);
  });

  it('adds replies under their review as the signed-in account; only their author deletes them', async () => {
    const res = await addMovieReview(aliceIn, { content: 'Reply to me', rating: 8 });
    const reviewId = res.json<{ body: { review: Review } }>().body.review.id;
    const added = await postForm(
      app,
      `/api/movies/${movieId}/review/reply/${reviewId}`,
      { user_name: 'Not Bob', reply: MARKUP, fk_user_id: bob.id },
      bearer(bobIn.token),
    );
    expect(added.statusCode, added.body).toBe(200);
    const answer = added.json<{ message: string; body: { reply: ReviewReply } }>();
    expect(answer.message).toBe(REVIEW_TEXTS.replyAdded);
    expect(answer.body.reply).toEqual({
      id: expect.any(Number),
      user_name: bob.name,
      reply: MARKUP,
      created_at: expect.any(String),
      fk_user_id: bob.id,
      repliedBy: { image_url: null },
    });
    const replyId = answer.body.reply.id;
    for (const who of [aliceIn, undefined]) {
      const review = (await movieDetail(who)).movies_reviews.find((r) => r.id === reviewId)!;
      expect(review.reviews_replies).toEqual([answer.body.reply]);
    }
    expectError(
      await postForm(
        app,
        `/api/movies/${movieId}/review/reply/${reviewId}`,
        { reply: 'x', fk_user_id: alice.id },
        bearer(bobIn.token),
      ),
      403,
    );
    expectError(
      await postForm(app, `/api/movies/${movieId}/review/reply/${reviewId}`, { reply: ' ' }, bearer(bobIn.token)),
      400,
      'reply',
    );
    expectError(
      await postForm(
        app,
        `/api/movies/${movieId}/review/reply/${reviewId}`,
        { reply: 'r'.repeat(REVIEW_REPLY_MAX_CHARS + 1) },
        bearer(bobIn.token),
      ),
      400,
      'reply',
    );
    // The review's author may not delete someone else's reply.
    const refused = await postForm(
      app,
      `/api/movies/${movieId}/review/reply/${replyId}/delete`,
      {},
      bearer(aliceIn.token),
    );
    expect(expectError(refused, 403).error).toBe(REVIEW_TEXTS.onlyAuthor);
    expectError(
      await postForm(app, `/api/movies/${otherMovieId}/review/reply/${replyId}/delete`, {}, bearer(bobIn.token)),
      404,
    );
    const deleted = await postForm(
      app,
      `/api/movies/${movieId}/review/reply/${replyId}/delete`,
      {},
      bearer(bobIn.token),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: REVIEW_TEXTS.replyDeleted });
    expect((await movieDetail()).movies_reviews.find((r) => r.id === reviewId)!.reviews_replies).toEqual([]);
  });

  it('takes series reviews of the whole series or of one of its episodes, and their replies', async () => {
    const base = `/api/series/${seriesId}/review`;
    const whole = await postForm(app, base, { content: 'The series', rating: 9 }, bearer(aliceIn.token));
    expect(whole.statusCode, whole.body).toBe(200);
    const episode = await postForm(
      app,
      base,
      { content: 'Episode 2 spoiler', rating: 6, episode_id: episodeIds[1]!, spoiler: 'true' },
      bearer(bobIn.token),
    );
    expect(episode.statusCode, episode.body).toBe(200);
    const ep = episode.json<{ body: { review: Review } }>().body.review;
    expect(ep).toMatchObject({ episode_id: episodeIds[1], spoiler: true, user: bob.name });
    expectError(
      await postForm(app, base, { content: 'Wrong', rating: 6, episode_id: otherEpisodeId }, bearer(bobIn.token)),
      400,
      'episode_id',
    );
    expectError(
      await postForm(app, base, { content: 'Wrong', rating: 6, episode_id: 999999999 }, bearer(bobIn.token)),
      400,
      'episode_id',
    );
    for (const who of [aliceIn, undefined]) {
      const detail = await seriesDetail(who);
      expect(detail.series_reviews.map((r) => [r.content, r.episode_id])).toEqual([
        ['Episode 2 spoiler', episodeIds[1]],
        ['The series', null],
      ]);
      expect(detail.avg_rating).toBe(8); // 9, 6 → 7.5 → 8
    }
    const reply = await postForm(app, `${base}/reply/${ep.id}`, { reply: 'Agreed' }, bearer(aliceIn.token));
    expect(reply.statusCode, reply.body).toBe(200);
    const replyId = reply.json<{ body: { reply: ReviewReply } }>().body.reply.id;
    expectError(await postForm(app, `${base}/reply/${replyId}/delete`, {}, bearer(bobIn.token)), 403);
    expect((await postForm(app, `${base}/reply/${replyId}/delete`, {}, bearer(aliceIn.token))).statusCode).toBe(200);
    expectError(await postForm(app, `${base}/${ep.id}/delete`, {}, bearer(aliceIn.token)), 403);
    expect((await postForm(app, `${base}/${ep.id}/delete`, {}, bearer(bobIn.token))).statusCode).toBe(200);
    expect((await seriesDetail()).avg_rating).toBe(9);
  });

  it('takes multipart and JSON forms alike', async () => {
    const boundary = '----bosphorus' + key;
    const parts = [
      ['content', 'Multipart review'],
      ['rating', '4'],
      ['fk_user_id', String(alice.id)],
    ];
    const payload =
      parts.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
      `--${boundary}--\r\n`;
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/movies/${movieId}/review`,
      payload,
      headers: { ...bearer(aliceIn.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const json = await app.inject({
      method: 'POST',
      url: `/api/movies/${movieId}/review`,
      payload: { content: 'JSON review', rating: 5, spoiler: true, fk_user_id: alice.id },
      headers: bearer(aliceIn.token),
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<{ body: { review: Review } }>().body.review).toMatchObject({ rating: 5, spoiler: true });
  });
});

describeEachDatabase('review rate limits', (t) => {
  let app: TestApp;
  let movieId: number;
  let user: SignedIn;

  beforeAll(async () => {
    app = await buildTestApp(t.db, { rateLimit: true });
    const title = `Limited Movie ${uniq()}`;
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title })] }));
    movieId = await idOf(t.db, 'movies', title);
    const account = await insertUser(t.db);
    user = await signIn(app, account.email, account.password);
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 429 with Retry-After once a user has written too many reviews, and stores no more', async () => {
    const { REVIEW_RULE } = await import('./reviews.routes.js');
    for (let i = 0; i < REVIEW_RULE.max; i++) {
      const res = await postForm(
        app,
        `/api/movies/${movieId}/review`,
        { content: `R${i}`, rating: 5 },
        bearer(user.token),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await postForm(
      app,
      `/api/movies/${movieId}/review`,
      { content: 'One more', rating: 5 },
      bearer(user.token),
    );
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await t.db.query<{ n: number }>('SELECT count(*) AS n FROM reviews WHERE movie_id = $1', [movieId]);
    expect(Number(row!.n)).toBe(REVIEW_RULE.max);
  });
});
