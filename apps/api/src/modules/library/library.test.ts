import {
  API_ERRORS,
  AUTH_ERRORS,
  LIBRARY_TEXTS,
  type FollowToggleAnswer,
  type MovieDetailBody,
  type SeriesDetailBody,
  type WishlistBody,
  type WishlistToggleAnswer,
} from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, insertActivePlan, insertUser, movie, series, uniq } from '../../../test/factories.js';
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

// Spec §7 User data (wishlist, series notifications), §4 Toggles, §6, and
// the viewer's flags on the detail answers (modules/library, decision 0022).

describeEachDatabase('favourites and series notifications', (t) => {
  let app: TestApp;
  const key = uniq();
  const seriesTitle = `Saved Series ${key}`;
  const movieTitle = `Saved Movie ${key}`;
  const otherMovieTitle = `Other Movie ${key}`;
  const hiddenTitle = `Hidden Movie ${key}`;
  let seriesId: number;
  let movieId: number;
  let otherMovieId: number;
  let hiddenId: number;
  let alice: SignedIn;
  let bob: SignedIn;
  let noPlan: SignedIn;

  const subscriber = async () => {
    const user = await insertUser(t.db);
    await insertActivePlan(t.db, user.id);
    return signIn(app, user.email, user.password);
  };
  const toggleMovie = (who: SignedIn, id: number | string, fields: Record<string, string | number> = {}) =>
    postForm(
      app,
      `/api/user/${who.userId}/wishlist/movies/${id}`,
      { user_id: who.userId, movie_id: id, ...fields },
      bearer(who.token),
    );
  const toggleSeries = (who: SignedIn, id: number | string, fields: Record<string, string | number> = {}) =>
    postForm(
      app,
      `/api/user/${who.userId}/wishlist/series/${id}`,
      { user_id: who.userId, serie_id: id, ...fields },
      bearer(who.token),
    );
  const toggleBell = (who: SignedIn, id: number | string) =>
    app.inject({ method: 'POST', url: `/api/user/${who.userId}/user_notifications/${id}`, headers: bearer(who.token) });
  const wishlist = async (who: SignedIn) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/user/${who.userId}/wishlist`,
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<{ body: WishlistBody }>().body.wactchLater;
  };
  const rows = async (table: 'wishlist_items' | 'series_follows', userId: number) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId]))[0]!.n;
  const movieDetail = async (headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/api/movies/${movieId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: MovieDetailBody }>().body.movie;
  };
  const seriesDetail = async (headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/api/series/${seriesId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: SeriesDetailBody }>().body.series;
  };

  beforeAll(async () => {
    // The shared answer cache on, as in production: visitors must keep '0'.
    app = await buildTestApp(t.db, { catalogueCacheSeconds: 60 });
    await seedCatalogue(
      t.db,
      catalogue({
        series: [series({ title: seriesTitle, year: 2021 })],
        movies: [
          movie({ title: movieTitle, year: 2019 }),
          movie({ title: otherMovieTitle }),
          movie({ title: hiddenTitle }),
        ],
      }),
    );
    seriesId = await idOf(t.db, 'series', seriesTitle);
    movieId = await idOf(t.db, 'movies', movieTitle);
    otherMovieId = await idOf(t.db, 'movies', otherMovieTitle);
    hiddenId = await idOf(t.db, 'movies', hiddenTitle);
    await t.db.query('UPDATE movies SET published = false WHERE id = $1', [hiddenId]);
    alice = await subscriber();
    bob = await subscriber();
    const plain = await insertUser(t.db);
    noPlan = await signIn(app, plain.email, plain.password);
  });

  afterAll(async () => {
    await app?.close();
  });

  it("toggles a movie on and off with 'added' / 'removed' messages, body.message too", async () => {
    const on = await toggleMovie(alice, movieId);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    const added = on.json<WishlistToggleAnswer>();
    expect(added).toEqual({
      message: LIBRARY_TEXTS.wishlistAdded(movieTitle),
      body: { message: LIBRARY_TEXTS.wishlistAdded(movieTitle), is_wishlist: '1' },
    });
    expect(added.message).toContain('added');
    expect(await rows('wishlist_items', alice.userId)).toBe(1);

    const off = await toggleMovie(alice, movieId);
    expect(off.statusCode, off.body).toBe(200);
    const removed = off.json<WishlistToggleAnswer>();
    expect(removed.message).toBe(LIBRARY_TEXTS.wishlistRemoved(movieTitle));
    expect(removed.message).toContain('removed');
    expect(removed.body.is_wishlist).toBe('0');
    expect(await rows('wishlist_items', alice.userId)).toBe(0);
  });

  it('lists saved movies and series as catalogue cards, newest first (wactchLater)', async () => {
    const user = await subscriber();
    expect(await wishlist(user)).toEqual([]);
    expect((await toggleMovie(user, movieId)).statusCode).toBe(200);
    // Spec: the series form carries serie_id; JSON and multipart bodies are accepted alike.
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/${user.userId}/wishlist/series/${seriesId}`,
      payload: { user_id: user.userId, serie_id: seriesId },
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WishlistToggleAnswer>().message).toBe(LIBRARY_TEXTS.wishlistAdded(seriesTitle));

    const items = await wishlist(user);
    expect(items.map((i) => i.type)).toEqual(['series', 'movie']);
    expect(items[0]).toMatchObject({ type: 'series', serie_id: seriesId, serie_title: seriesTitle, serie_year: 2021 });
    expect(items[1]).toMatchObject({ type: 'movie', movie_id: movieId, movie_title: movieTitle, movie_year: 2019 });
    expect(new Date(items[0]!.added_at).getTime()).toBeGreaterThan(0);

    // A title withdrawn from the catalogue leaves the list (its row stays).
    await t.db.query('UPDATE movies SET published = false WHERE id = $1', [movieId]);
    try {
      expect((await wishlist(user)).map((i) => i.type)).toEqual(['series']);
    } finally {
      await t.db.query('UPDATE movies SET published = true WHERE id = $1', [movieId]);
    }
  });

  it("toggles the series bell with 'turned on' / 'turned off' and no payload", async () => {
    const on = await toggleBell(alice, seriesId);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<FollowToggleAnswer>()).toEqual({
      message: LIBRARY_TEXTS.notificationsOn(seriesTitle),
      // Issue 28: a new follow answers its preference, the default (hear of English subtitles).
      body: {
        message: LIBRARY_TEXTS.notificationsOn(seriesTitle),
        is_notification_on: '1',
        notification_preference: 'english_subtitles',
      },
    });
    expect(on.json<FollowToggleAnswer>().message).toContain('turned on');
    expect(await rows('series_follows', alice.userId)).toBe(1);
    const off = await toggleBell(alice, seriesId);
    expect(off.statusCode).toBe(200);
    expect(off.json<FollowToggleAnswer>().message).toBe(LIBRARY_TEXTS.notificationsOff(seriesTitle));
    expect(off.json<FollowToggleAnswer>().message).toContain('turned off');
    expect(await rows('series_follows', alice.userId)).toBe(0);
  });

  it('puts the viewer’s is_wishlist and is_notification_on on the detail answers; visitors and others get 0', async () => {
    const user = await subscriber();
    // Warm the shared cache as a visitor first.
    expect((await movieDetail()).is_wishlist).toBe('0');
    expect(await seriesDetail()).toMatchObject({ is_wishlist: '0', is_notification_on: '0' });

    expect((await toggleMovie(user, movieId)).statusCode).toBe(200);
    expect((await toggleSeries(user, seriesId)).statusCode).toBe(200);
    expect((await toggleBell(user, seriesId)).statusCode).toBe(200);

    expect((await movieDetail(bearer(user.token))).is_wishlist).toBe('1');
    expect(await seriesDetail(bearer(user.token))).toMatchObject({ is_wishlist: '1', is_notification_on: '1' });
    // Another viewer, and visitors (the shared cached answer), still see '0'.
    expect((await movieDetail(bearer(bob.token))).is_wishlist).toBe('0');
    expect(await seriesDetail(bearer(bob.token))).toMatchObject({ is_wishlist: '0', is_notification_on: '0' });
    expect((await movieDetail()).is_wishlist).toBe('0');
    expect(await seriesDetail()).toMatchObject({ is_wishlist: '0', is_notification_on: '0' });

    // Only the bell off: the two flags are independent.
    expect((await toggleBell(user, seriesId)).statusCode).toBe(200);
    expect(await seriesDetail(bearer(user.token))).toMatchObject({ is_wishlist: '1', is_notification_on: '0' });
  });

  it("refuses another user's id in the path, the form or the query (403), and changes nothing", async () => {
    const before = await rows('wishlist_items', bob.userId);
    const inPath = await postForm(app, `/api/user/${bob.userId}/wishlist/movies/${movieId}`, {}, bearer(alice.token));
    expect(expectError(inPath, 403).error).toBe(AUTH_ERRORS.forbidden);
    const inForm = await postForm(
      app,
      `/api/user/${alice.userId}/wishlist/series/${seriesId}`,
      { user_id: bob.userId, serie_id: seriesId },
      bearer(alice.token),
    );
    expectError(inForm, 403);
    const inQuery = await app.inject({
      method: 'POST',
      url: `/api/user/${alice.userId}/user_notifications/${seriesId}?user_id=${bob.userId}`,
      headers: bearer(alice.token),
    });
    expectError(inQuery, 403);
    const bell = await app.inject({
      method: 'POST',
      url: `/api/user/${bob.userId}/user_notifications/${seriesId}`,
      headers: bearer(alice.token),
    });
    expectError(bell, 403);
    const list = await app.inject({
      method: 'GET',
      url: `/api/user/${bob.userId}/wishlist`,
      headers: bearer(alice.token),
    });
    expect(expectError(list, 403).error).toBe(AUTH_ERRORS.forbidden);
    expect(await rows('wishlist_items', bob.userId)).toBe(before);
    expect(await rows('wishlist_items', alice.userId)).toBe(0);
    expect(await rows('series_follows', alice.userId)).toBe(0);
    expect(await rows('series_follows', bob.userId)).toBe(0);
  });

  it('needs sign-in (401)', async () => {
    expectError(await app.inject({ method: 'GET', url: `/api/user/${alice.userId}/wishlist` }), 401);
    expectError(await postForm(app, `/api/user/${alice.userId}/wishlist/movies/${movieId}`, {}), 401);
    expectError(
      await app.inject({ method: 'POST', url: `/api/user/${alice.userId}/user_notifications/${seriesId}` }),
      401,
    );
  });

  it('needs an active plan for the toggles and the list (403, nothing stored)', async () => {
    for (const res of [
      await toggleMovie(noPlan, movieId),
      await toggleSeries(noPlan, seriesId),
      await toggleBell(noPlan, seriesId),
      await app.inject({ method: 'GET', url: `/api/user/${noPlan.userId}/wishlist`, headers: bearer(noPlan.token) }),
    ]) {
      expect(expectError(res, 403).error).toBe(LIBRARY_TEXTS.planRequired);
    }
    expect(await rows('wishlist_items', noPlan.userId)).toBe(0);
    expect(await rows('series_follows', noPlan.userId)).toBe(0);
  });

  it('answers 404 for unknown and withdrawn titles', async () => {
    for (const res of [
      await toggleMovie(alice, 999_999_999),
      await toggleMovie(alice, hiddenId),
      await toggleSeries(alice, 999_999_999),
      await toggleBell(alice, 999_999_999),
      // A movie id is not a series id.
      await toggleSeries(alice, hiddenId),
    ]) {
      expect(expectError(res, 404).error).toBe(API_ERRORS.notFound);
    }
    expect(await rows('wishlist_items', alice.userId)).toBe(0);
  });

  it('answers 400 naming the field for bad ids and actions', async () => {
    expectError(await toggleMovie(alice, 'abc'), 400, 'movie_id');
    expectError(await toggleSeries(alice, '-1'), 400, 'serie_id');
    expectError(await toggleBell(alice, '1.5'), 400, 'serie_id');
    expectError(await postForm(app, `/api/user/x1/wishlist/movies/${movieId}`, {}, bearer(alice.token)), 400, 'userId');
    expectError(
      await app.inject({ method: 'GET', url: '/api/user/abc/wishlist', headers: bearer(alice.token) }),
      400,
      'user_id',
    );
    // The form's id must be the path's.
    expectError(await toggleMovie(alice, movieId, { movie_id: otherMovieId }), 400, 'movie_id');
    expectError(await toggleSeries(alice, seriesId, { serie_id: 'x' }), 400, 'serie_id');
    expectError(await toggleMovie(alice, movieId, { action: 'flip' }), 400, 'action');
    expect(await rows('wishlist_items', alice.userId)).toBe(0);
  });

  it('action=add and action=remove are idempotent', async () => {
    const user = await subscriber();
    for (let i = 0; i < 2; i++) {
      const res = await toggleMovie(user, otherMovieId, { action: 'add' });
      expect(res.statusCode).toBe(200);
      expect(res.json<WishlistToggleAnswer>().message).toBe(LIBRARY_TEXTS.wishlistAdded(otherMovieTitle));
    }
    expect(await rows('wishlist_items', user.userId)).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await toggleMovie(user, otherMovieId, { action: 'remove' });
      expect(res.statusCode).toBe(200);
      expect(res.json<WishlistToggleAnswer>().body.is_wishlist).toBe('0');
    }
    expect(await rows('wishlist_items', user.userId)).toBe(0);
  });

  it('a hundred parallel action=add calls for one title leave exactly one row, all 200', async () => {
    const user = await subscriber();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => toggleSeries(user, seriesId, { action: 'add' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((r) => r.json<WishlistToggleAnswer>().message))).toEqual(
      new Set([LIBRARY_TEXTS.wishlistAdded(seriesTitle)]),
    );
    expect(await rows('wishlist_items', user.userId)).toBe(1);
    const follows = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/user/${user.userId}/user_notifications/${seriesId}`,
          payload: { action: 'add' },
          headers: bearer(user.token),
        }),
      ),
    );
    expect(follows.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(await rows('series_follows', user.userId)).toBe(1);
  });

  it('a hundred parallel plain toggles never fail and leave one row or none, matching the last answers', async () => {
    const user = await subscriber();
    const answers = await Promise.all(Array.from({ length: 100 }, () => toggleMovie(user, movieId)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const count = await rows('wishlist_items', user.userId);
    expect([0, 1]).toContain(count);
    // The detail flag agrees with the table.
    expect((await movieDetail(bearer(user.token))).is_wishlist).toBe(String(count));
    const bells = await Promise.all(Array.from({ length: 100 }, () => toggleBell(user, seriesId)));
    expect(bells.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect([0, 1]).toContain(await rows('series_follows', user.userId));
  });
});
