import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@bosphorus/contract';
import { insertUser } from '../../test/factories.js';
import { bearer, buildTestApp, describeEachDatabase, expectError, signIn, type TestApp } from '../../test/harness.js';

// Issue 16 finding 8: `/api/recommendations?user_id=<another user>` answered
// 200 where every other route answered 403. One rule for every read: a
// request that presents an access token and names a user is checked against
// the token, on public routes as on private ones.

const PUBLIC_READS = ['/api/recommendations', '/api/home', '/api/series', '/api/packages', '/api/faq'];

describeEachDatabase('a user named beside an access token', (t) => {
  let app: TestApp;
  let token: string;
  let me: number;
  let someoneElse: number;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
    const user = await insertUser(t.db);
    me = user.id;
    someoneElse = (await insertUser(t.db)).id;
    token = (await signIn(app, user.email, user.password)).token;
  });
  afterAll(() => app.close());

  it.each(PUBLIC_READS)('%s answers 403 for another user, like every private route', async (path) => {
    for (const key of ['user_id', 'userId', 'uid']) {
      const res = await app.inject({ url: `${path}?${key}=${someoneElse}`, headers: bearer(token) });
      expect(expectError(res, 403).error, `${path}?${key}=`).toBe(AUTH_ERRORS.forbidden);
    }
    const history = await app.inject({
      url: `/api/user/${someoneElse}/history?user_id=${someoneElse}`,
      headers: bearer(token),
    });
    expectError(history, 403);
  });

  it.each(PUBLIC_READS)('%s answers the viewer who names themself, and visitors, as before', async (path) => {
    const own = await app.inject({ url: `${path}?user_id=${me}`, headers: bearer(token) });
    expect(own.statusCode, own.body).toBe(200);
    const visitor = await app.inject({ url: `${path}?user_id=${someoneElse}` });
    expect(visitor.statusCode, visitor.body).toBe(200);
    const noClaim = await app.inject({ url: path, headers: bearer(token) });
    expect(noClaim.statusCode, noClaim.body).toBe(200);
  });

  it('answers 401 for a token that does not verify beside a named user, so the client refreshes', async () => {
    const res = await app.inject({ url: `/api/recommendations?user_id=${me}`, headers: bearer('a.b.c') });
    expect(expectError(res, 401).error).toBe(AUTH_ERRORS.unauthorized);
  });
});
