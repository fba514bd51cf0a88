import type { PromotionBody, RecommendationsBody } from '@bosphorus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, movie } from '../../../test/factories.js';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  getBody,
  idOf,
  seedCatalogue,
  setPublished,
  type TestApp,
} from '../../../test/harness.js';
import { movieTitles } from './catalogue.fixture.js';

// Spec §7 Catalogue, recommendations, the promotion text, gated calls and unknown paths, through app.inject on a real database.
// Every suite seeds its own small catalogue; nothing here relies on the demo
// seed. Split by route from the one catalogue.test.ts (issue 16).

// ──────────── Recommendations, promotion, gated and unknown paths ────────────
describeEachDatabase('recommendations, promotion text, gated calls, unknown paths', (t) => {
  let app: TestApp;
  let baseId: number;

  beforeAll(async () => {
    await seedCatalogue(
      t.db,
      catalogue({
        movies: [
          movie({ title: 'Base', genres: [4, 8], popularity: 1 }),
          movie({ title: 'Two Shared', genres: [4, 8, 9], popularity: 2 }),
          movie({ title: 'One Shared', genres: [4], popularity: 3 }),
          movie({ title: 'One Shared Popular', genres: [8, 6], popularity: 50 }),
          movie({ title: 'None Shared', genres: [1], popularity: 100 }),
          movie({ title: 'Withdrawn Twin', genres: [4, 8], popularity: 500 }),
        ],
      }),
    );
    baseId = await idOf(t.db, 'movies', 'Base');
    await setPublished(t.db, 'movies', 'Withdrawn Twin', false);
    app = await buildTestApp(t.db);
  });
  afterAll(() => app.close());

  it('recommends movies sharing genres first, without the movie itself or unpublished ones', async () => {
    const body = await getBody<RecommendationsBody>(app, `/api/recommendations?movie_id=${baseId}&userId=4`);
    expect(movieTitles(body.movies)).toEqual(['Two Shared', 'One Shared Popular', 'One Shared', 'None Shared']);
  });

  it('recommends popular movies without movie_id', async () => {
    const body = await getBody<RecommendationsBody>(app, '/api/recommendations');
    expect(movieTitles(body.movies)).toEqual(['None Shared', 'One Shared Popular', 'One Shared', 'Two Shared', 'Base']);
    expect(Object.keys(body)).toEqual(['movies']);
  });

  it('answers 400 naming movie_id for a malformed movie_id', async () => {
    expectError(await app.inject('/api/recommendations?movie_id=abc'), 400, 'movie_id');
  });

  it('answers the active promotion text, or text and color null', async () => {
    const url = '/api/get-promotion-text';
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: null, color: null });

    const promo = (text: string, color: string, extra: string) =>
      t.db.query(`INSERT INTO promotions (text, color, starts_at, ends_at, active) VALUES ($1, $2, ${extra})`, [
        text,
        color,
      ]);
    await promo('Expired', 'red', `now() - interval '10 days', now() - interval '1 day', true`);
    await promo('Switched off', 'red', `now() - interval '1 day', NULL, false`);
    await promo('Not yet', 'red', `now() + interval '1 day', NULL, true`);
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: null, color: null });

    await promo('New episodes every Friday', 'blue', `now() - interval '2 days', now() + interval '2 days', true`);
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: 'New episodes every Friday', color: 'blue' });

    // The most recently started active promotion wins.
    await promo('Weekend offer', 'red', `now() - interval '1 hour', NULL, true`);
    expect(await getBody<PromotionBody>(app, url)).toEqual({ text: 'Weekend offer', color: 'red' });
  });

  it('answers 401 JSON to the watch calls without a session', async () => {
    for (const url of [
      `/api/movies/${baseId}/watch?movieId=${baseId}&userId=1&cb=123`,
      '/api/movies/987654/watch',
      '/api/episodes?episodeId=1&userId=1',
      '/api/episodes',
    ]) {
      const body = expectError(await app.inject(url), 401);
      expect(body.error).toBe('Please sign in to watch.');
      expect(JSON.stringify(body)).not.toContain('link');
    }
  });

  it('answers 404 JSON {error} to unknown /api paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/nope'],
      ['GET', '/api/series/1/nope'],
      ['POST', '/api/home'],
      ['DELETE', '/api/series/1'],
      ['GET', '/api/search'],
      ['POST', '/api/does-not-exist'],
    ] as const) {
      const body = expectError(await app.inject({ method, url }), 404);
      expect(body.error).toBe('This API path does not exist');
    }
  });
});
