import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogue, movie } from '../../test/factories.js';
import { buildTestApp, describeEachDatabase, expectError, seedCatalogue, type TestApp } from '../../test/harness.js';
import {
  contentSecurityPolicy,
  FILE_RATE_LIMIT_PER_MINUTE,
  GLOBAL_RATE_LIMIT_PER_MINUTE,
  isFileRequest,
  SEARCH_RATE_LIMIT_PER_MINUTE,
} from './security.js';

// DESIGN §4: rate limits per client address with Retry-After on 429; search,
// the most expensive public call, has a tighter limit than the rest.

const search = (app: TestApp, remoteAddress = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: '/api/search',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'q=ayla',
  });

describeEachDatabase('rate limits', (t) => {
  let app: TestApp;

  beforeAll(async () => {
    await seedCatalogue(t.db, catalogue({ movies: [movie({ title: 'Ayla' })] }));
    // The answer cache stays on: this is about counting requests, not queries.
    app = await buildTestApp(t.db, { rateLimit: true, catalogueCacheSeconds: 30 });
  });
  afterAll(() => app.close());

  it(`answers 429 with Retry-After after ${SEARCH_RATE_LIMIT_PER_MINUTE} searches a minute`, async () => {
    expect(SEARCH_RATE_LIMIT_PER_MINUTE).toBe(120);
    for (let i = 0; i < SEARCH_RATE_LIMIT_PER_MINUTE; i++) {
      const res = await search(app);
      expect(res.statusCode, `search ${i + 1}: ${res.body}`).toBe(200);
      if (i === 0) expect(res.headers['x-ratelimit-limit']).toBe(String(SEARCH_RATE_LIMIT_PER_MINUTE));
    }
    const limited = await search(app);
    const body = expectError(limited, 429);
    expect(body.error).toBe('Too many requests. Please slow down and try again shortly.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each client address on its own', async () => {
    expect((await search(app, '198.51.100.20')).statusCode).toBe(200);
  });

  it('keeps the other calls on the wider global limit', async () => {
    const res = await app.inject({ url: '/api/home', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe(String(GLOBAL_RATE_LIMIT_PER_MINUTE));
  });

  it('counts images and assets apart, so a page full of posters leaves the API its budget', async () => {
    const address = '192.0.2.44';
    const poster = '/uploads/7-kogustaki-mucize-cover-960.webp';
    for (let i = 0; i < GLOBAL_RATE_LIMIT_PER_MINUTE; i++) {
      const res = await app.inject({ url: '/api/home', remoteAddress: address });
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
    }
    expectError(await app.inject({ url: '/api/home', remoteAddress: address }), 429);
    const image = await app.inject({ url: poster, remoteAddress: address });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-ratelimit-limit']).toBe(String(FILE_RATE_LIMIT_PER_MINUTE));
    expect(image.headers['x-ratelimit-remaining']).toBe(String(FILE_RATE_LIMIT_PER_MINUTE - 1));
  });

  it('does not limit when RATE_LIMIT is off', async () => {
    const open = await buildTestApp(t.db, { rateLimit: false, catalogueCacheSeconds: 30 });
    try {
      for (let i = 0; i <= SEARCH_RATE_LIMIT_PER_MINUTE; i++) {
        const res = await search(open);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await open.close();
    }
  });
});

it('tells files from the API and pages', () => {
  for (const url of [
    '/uploads/a.webp',
    '/assets/index-AbC.js',
    '/favicon.svg',
    '/robots.txt?x=1',
    '/media/v1.k.p.m/360p_0.m4s',
  ]) {
    expect(isFileRequest(url), url).toBe(true);
  }
  for (const url of ['/api/home', '/api/uploads/a.webp', '/', '/allseries?search=a.b', '/moviedetail/12', '/readyz']) {
    expect(isFileRequest(url), url).toBe(false);
  }
});

it('lets the pages frame the player page on the media origins, and nothing else new (spec §4 Player)', () => {
  const main = 'https://media.example.com';
  const backup = 'https://media.example.net';
  expect(contentSecurityPolicy(false, [main, backup, main])).toContain(
    `frame-src https://www.youtube-nocookie.com ${main} ${backup};`,
  );
  expect(contentSecurityPolicy(false)).toContain('frame-src https://www.youtube-nocookie.com;');
  // The technical support page times the CDN test files there (issue 14).
  expect(contentSecurityPolicy(false, [main, backup, main])).toContain(`connect-src 'self' ${main} ${backup};`);
  expect(contentSecurityPolicy(false)).toContain("connect-src 'self';");
  // The player on the site's own origin (no media origin configured): each source once.
  const own = contentSecurityPolicy(false, ["'self'"]);
  expect(own).toContain("connect-src 'self';");
  expect(own).toContain("frame-src https://www.youtube-nocookie.com 'self';");
});
