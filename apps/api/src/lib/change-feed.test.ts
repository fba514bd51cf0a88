import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, insertActivePlan, insertUser, movie, uniq } from '../../test/factories.js';
import {
  bearer,
  buildTestApp,
  createPostgresDatabase,
  describeEachDatabase,
  expectError,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  TEST_DATABASE_URL,
  type SignedIn,
  type TestApp,
  eventually,
} from '../../test/harness.js';
import { openPostgres } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { CHANGES_CHANNEL, createChangeFeed, parseChange } from './change-feed.js';

// Decision 0028: what an instance holds in memory of an account, a library or
// a title is dropped on every committed write, whoever made it — another
// instance, the admin CLI, an operator's SQL.

describe('parseChange', () => {
  it('reads <kind>:<id> and refuses anything else', () => {
    expect(parseChange('account:12')).toEqual({ kind: 'account', id: 12 });
    expect(parseChange('series:3')).toEqual({ kind: 'series', id: 3 });
    for (const other of ['', 'account', 'account:', 'account:x', 'users:1', ':1', 'movie:1.5']) {
      expect(parseChange(other), other).toBeNull();
    }
  });
});

describeEachDatabase('the change feed', (t) => {
  const key = uniq();
  const title = `Feed Movie ${key}`;
  let movieId: number;
  // Two instances on one database; the second caches public answers for a
  // minute, as a production instance would.
  let first: TestApp;
  let second: TestApp;
  let viewer: SignedIn;

  beforeAll(async () => {
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title })] }));
    movieId = await idOf(t.db, 'movies', title);
    // One signing secret, as instances of one site share JWT_SECRET.
    const jwtSecret = `feed-test-secret-${key}-0123456789abcdef`;
    first = await buildTestApp(t.db, { jwtSecret });
    second = await buildTestApp(t.db, { jwtSecret, catalogueCacheSeconds: 60 });
    const user = await insertUser(t.db);
    viewer = await signIn(first, user.email, user.password);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const detailOn = async (app: TestApp, who: SignedIn | null) => {
    const res = await app.inject({ url: `/api/movies/${movieId}`, headers: who ? bearer(who.token) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: { canPlay: boolean; movie: { is_wishlist: string; movies_reviews: unknown[] } } }>().body;
  };

  it('announces each kind of change on commit', async () => {
    const heard: string[] = [];
    const feed = createChangeFeed();
    for (const kind of ['account', 'library', 'movie', 'series'] as const)
      feed.on(kind, (id) => heard.push(`${kind}:${id}`));
    await feed.start(t.db);
    try {
      const user = await insertUser(t.db);
      expect(heard).toEqual([]); // a new account holds nothing anywhere yet
      await insertActivePlan(t.db, user.id);
      await t.db.query('INSERT INTO wishlist_items (user_id, movie_id) VALUES ($1, $2)', [user.id, movieId]);
      const [review] = await t.db.query<{ id: number }>(
        `INSERT INTO reviews (user_id, movie_id, rating, content) VALUES ($1, $2, 8, 'Fine') RETURNING id`,
        [user.id, movieId],
      );
      await t.db.query(`INSERT INTO review_replies (review_id, user_id, reply) VALUES ($1, $2, 'Agreed')`, [
        review!.id,
        user.id,
      ]);
      await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [user.id]);
      await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
      await eventually(async () => {
        expect(heard).toEqual(expect.arrayContaining([`account:${user.id}`, `library:${user.id}`, `movie:${movieId}`]));
        // Plan, ban and deletion are three commits; the reply names its review's title.
        expect(heard.filter((h) => h === `account:${user.id}`).length).toBeGreaterThanOrEqual(3);
        expect(heard.filter((h) => h === `movie:${movieId}`).length).toBeGreaterThanOrEqual(3);
      });
    } finally {
      await feed.close();
    }
  });

  it("a plan granted outside the instance (the admin CLI, another instance) reaches the viewer's answers", async () => {
    expect((await detailOn(second, viewer)).canPlay).toBe(false); // now held by the second instance
    await insertActivePlan(t.db, viewer.userId);
    await eventually(async () => expect((await detailOn(second, viewer)).canPlay).toBe(true));
  });

  it('a favourite saved on one instance shows on the other', async () => {
    expect((await detailOn(second, viewer)).movie.is_wishlist).toBe('0');
    const saved = await postForm(
      first,
      `/api/user/${viewer.userId}/wishlist/movies/${movieId}`,
      { action: 'add' },
      bearer(viewer.token),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(async () => expect((await detailOn(second, viewer)).movie.is_wishlist).toBe('1'));
  });

  it("a review written on one instance replaces the other's cached public answer", async () => {
    expect((await detailOn(second, null)).movie.movies_reviews).toHaveLength(0); // cached for a minute
    const written = await postForm(
      first,
      `/api/movies/${movieId}/review`,
      { content: 'Seen it twice', rating: 9 },
      bearer(viewer.token),
    );
    expect(written.statusCode, written.body).toBe(200);
    await eventually(async () => expect((await detailOn(second, null)).movie.movies_reviews).toHaveLength(1));
    await eventually(async () => expect((await detailOn(second, viewer)).movie.movies_reviews).toHaveLength(1));
  });

  it("a ban by an operator's SQL stops the account on every instance", async () => {
    expect((await detailOn(second, viewer)).canPlay).toBe(true);
    await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [viewer.userId]);
    await eventually(async () => {
      expectError(await second.inject({ url: `/api/movies/${movieId}`, headers: bearer(viewer.token) }), 403);
    });
    // Each instance hears the feed on its own connection: the first may hear it a moment later.
    await eventually(async () => {
      expectError(await first.inject({ url: `/api/movies/${movieId}`, headers: bearer(viewer.token) }), 403);
    });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the change feed on PostgreSQL, when its connection is lost', () => {
  it('says it is not live, drops everything held, and listens again', async () => {
    const database = await createPostgresDatabase();
    const db = openPostgres(database.url, 2);
    const feed = createChangeFeed();
    try {
      await migrate(db);
      let resets = 0;
      const heard: number[] = [];
      feed.onReset(() => resets++);
      feed.on('account', (id) => heard.push(id));
      await feed.start(db);
      expect(feed.live).toBe(true);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const before = resets;
        const states: boolean[] = [];
        const watch = setInterval(() => states.push(feed.live), 10);
        try {
          const [killed] = (
            await admin.query<{ n: number }>(
              `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND query = $1`,
              [`LISTEN "${CHANGES_CHANNEL}"`],
            )
          ).rows;
          expect(killed!.n).toBe(1);
          // Lost (not live, dropped), then back (live, dropped again).
          await eventually(async () => {
            expect(resets).toBe(before + 2);
            expect(feed.live).toBe(true);
          });
        } finally {
          clearInterval(watch);
        }
        expect(states).toContain(false);
        await admin.query(`SELECT pg_notify($1, 'account:7')`, [CHANGES_CHANNEL]);
        await eventually(async () => expect(heard).toEqual([7]));
      } finally {
        await admin.end();
      }
    } finally {
      await feed.close();
      await db.close();
      await database.drop();
    }
  });
});
