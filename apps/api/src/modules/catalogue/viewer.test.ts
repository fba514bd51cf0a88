import { AUTH_ERRORS, type HomeBody, type MovieDetailBody, type SeriesDetailBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, insertUser, movie, series, type TestUser } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  idOf,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';
import type { Queryable } from '../../db/client.js';

// Issue 8 "Per-viewer answers": canPlay is right for the signed-in viewer in
// home and detail answers, while the shared part stays cached, and no viewer
// ever receives another viewer's fields — checked with the answer cache ON.

async function activePlan(db: Queryable, userId: number, endsInDays: number) {
  const [pkg] = await db.query<{ id: number }>(
    `INSERT INTO packages (title, amount_minor, duration, duration_unit, active) VALUES ('Test plan', 900, 1, 'monthly', false)
     RETURNING id`,
  );
  await db.query(
    `INSERT INTO subscriptions (user_id, package_id, provider, status, current_period_end)
     VALUES ($1, $2, 'complimentary', 'active', now() + make_interval(days => $3))`,
    [userId, pkg!.id, endsInDays],
  );
}

describeEachDatabase('per-viewer fields of catalogue answers', (t) => {
  let app: TestApp;
  let subscriber: SignedIn;
  let lapsed: SignedIn;
  let plain: SignedIn;
  let plainUser: TestUser;
  let movieId: number;
  let seriesId: number;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        series: [series({ title: 'Viewer Series', featured: 1 })],
        movies: [movie({ title: 'Viewer Movie' })],
      }),
    );
    movieId = await idOf(t.db, 'movies', 'Viewer Movie');
    seriesId = await idOf(t.db, 'series', 'Viewer Series');
    app = await buildTestApp(t.db, { catalogueCacheSeconds: 30 });
    const [a, b] = await Promise.all([insertUser(t.db), insertUser(t.db)]);
    plainUser = await insertUser(t.db);
    await activePlan(t.db, a.id, 30);
    // A plan that ended yesterday gives nothing.
    await activePlan(t.db, b.id, -1);
    [subscriber, lapsed, plain] = await Promise.all([
      signIn(app, a.email, a.password),
      signIn(app, b.email, b.password),
      signIn(app, plainUser.email, plainUser.password),
    ]);
  });
  afterAll(() => app.close());

  const paths = () => ['/api/home', `/api/movies/${movieId}`, `/api/series/${seriesId}`];
  const canPlayOf = (body: HomeBody | MovieDetailBody | SeriesDetailBody) => body.canPlay;

  it('gives each viewer their own canPlay, interleaved, with the shared answer cached', async () => {
    for (const path of paths()) {
      const visitor1 = await app.inject(path);
      const sub = await app.inject({ url: path, headers: bearer(subscriber.token) });
      const none = await app.inject({ url: path, headers: bearer(plain.token) });
      const old = await app.inject({ url: path, headers: bearer(lapsed.token) });
      const visitor2 = await app.inject(path);
      for (const res of [visitor1, sub, none, old, visitor2]) expect(res.statusCode, path).toBe(200);
      expect(canPlayOf(visitor1.json().body), path).toBe(false);
      expect(canPlayOf(sub.json().body), path).toBe(true);
      expect(canPlayOf(none.json().body), path).toBe(false);
      expect(canPlayOf(old.json().body), path).toBe(false);
      expect(canPlayOf(visitor2.json().body), path).toBe(false);
      // The shared part is the same for everyone.
      const { canPlay: _a, ...sharedVisitor } = visitor1.json().body;
      const { canPlay: _b, ...sharedSubscriber } = sub.json().body;
      expect(sharedSubscriber).toEqual(sharedVisitor);
      // A viewer's answer is private; every answer says it varies by credential.
      expect(sub.headers['cache-control']).toBe('private, no-store');
      expect(visitor1.headers['cache-control']).toBeUndefined();
      expect(visitor1.headers.vary).toContain('authorization');
    }
  });

  // Written here behind the instance's back, as the admin CLI or another
  // instance would: the change feed announces it (decision 0028).
  it('follows a plan that starts or ends between two requests, once the change is announced', async () => {
    const fresh = await insertUser(t.db);
    const session = await signIn(app, fresh.email, fresh.password);
    const home = () => app.inject({ url: '/api/home', headers: bearer(session.token) });
    expect((await home()).json().body.canPlay).toBe(false);
    await activePlan(t.db, fresh.id, 7);
    await app.changeFeed.settled();
    expect((await home()).json().body.canPlay).toBe(true);
    await t.db.query(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = $1`, [fresh.id]);
    await app.changeFeed.settled();
    expect((await home()).json().body.canPlay).toBe(false);
  });

  it('refuses a bad token with 401 (the client refreshes) and another user id with 403', async () => {
    const bad = await app.inject({ url: '/api/home', headers: { authorization: 'Bearer a.b.c' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: AUTH_ERRORS.unauthorized });
    const other = await app.inject({
      url: `/api/movies/${movieId}?user_id=${plainUser.id + 1000}`,
      headers: bearer(subscriber.token),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: AUTH_ERRORS.forbidden });
    // A user_id without a token is a visitor: identity only from the token.
    const claimed = await app.inject(`/api/home?user_id=${subscriber.userId}`);
    expect(claimed.json().body.canPlay).toBe(false);
  });

  it('answers 404 for an unknown title whoever asks', async () => {
    const res = await app.inject({ url: '/api/movies/999999', headers: bearer(subscriber.token) });
    expect(res.statusCode).toBe(404);
  });
});
