import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TEXTS,
  type NotificationsBody,
  type PushKeyBody,
  type PushMessage,
  type SeriesDetailBody,
} from '@bosphorus/contract';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  getBody,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';
import { browserKeys, decrypt, startPushService } from '../../../test/push-service.js';
import { catalogue, episodes, insertActivePlan, insertUser, series, uniq } from '../../../test/factories.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { runAdmin } from '../../cli/admin.js';
import { createPlaybackRepository } from '../playback/playback.repository.js';
import { createNotifications, createRepositories } from '../../services.js';

// Notifications (decision 0023): the bell's calls with the identity rules,
// scheduled episodes, announcing exactly once across instances, restarts
// and the operator's command, and Web Push to a real local push service.

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A notifications service of its own: what another server instance runs. */
function instance(db: Db) {
  return createNotifications(db, createRepositories(db), { push: null, allowHttpEndpoints: false, log: quiet });
}

async function newSeries(db: Db, status: 'ongoing' | 'ended' = 'ongoing') {
  const title = `Bell Series ${uniq()}`;
  await seedCatalogue(
    db,
    catalogue({
      series: [series({ title, status, seasons: [{ number: 1, title: 'Season 1', episodes: episodes(2, 2021) }] })],
    }),
  );
  return { id: await idOf(db, 'series', title), title };
}

/**
 * An episode of the series' season `season` (made if needed), out at `at`
 * (SQL, e.g. "now() + interval '1 hour'"), scheduled an hour before that (an
 * episode inserted already out counts as announced), with the series' clip.
 */
async function scheduleEpisode(db: Db, seriesId: number, at: string, season = 1, title = `Upcoming ${uniq()}`) {
  const [se] = await db.query<{ id: number }>(
    `INSERT INTO seasons (series_id, season_number, title) VALUES ($1, $2::smallint, 'Season ' || $2::text)
     ON CONFLICT (series_id, season_number) DO UPDATE SET title = EXCLUDED.title RETURNING id`,
    [seriesId, season],
  );
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, published_at, announced_at)
     SELECT $1, $2, COALESCE(max(episode_number), 0) + 1, $3, current_date, ${at}, ${at} - interval '1 hour'
     FROM episodes WHERE season_id = $1
     RETURNING id`,
    [se!.id, seriesId, title],
  );
  await createPlaybackRepository(db).copySeriesMedia(row!.id);
  return row!.id;
}

async function follower(db: Db, app: TestApp, seriesId: number): Promise<SignedIn> {
  const user = await insertUser(db);
  await insertActivePlan(db, user.id);
  await db.query("INSERT INTO series_follows (user_id, series_id, notify) VALUES ($1, $2, 'new_episodes')", [
    user.id,
    seriesId,
  ]);
  return signIn(app, user.email, user.password);
}

async function followers(db: Db, count: number, seriesId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, verified_at) VALUES ($1, 'Follower', now()) RETURNING id`,
      [`f-${uniq()}@example.test`],
    );
    await db.query("INSERT INTO series_follows (user_id, series_id, notify) VALUES ($1, $2, 'new_episodes')", [
      row!.id,
      seriesId,
    ]);
    ids.push(row!.id);
  }
  return ids;
}

const list = (app: TestApp, who: SignedIn, pathId: number = who.userId) =>
  app.inject({ method: 'GET', url: `/api/user/${pathId}/notifications`, headers: bearer(who.token) });

async function notificationCount(db: Db, episodeId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE episode_id = $1', [
    episodeId,
  ]);
  return row!.n;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachDatabase('notifications: the bell', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { publishIntervalSeconds: 0 });
  });
  afterAll(() => app.close());

  it('lists newest first with the spec fields, marks one read, and deletes all', async () => {
    const show = await newSeries(t.db);
    const viewer = await follower(t.db, app, show.id);
    const first = await scheduleEpisode(t.db, show.id, "now() - interval '2 minutes'", 1, 'The Return');
    await instance(t.db).announceDue();
    const second = (await instance(t.db).publishEpisode(show.id))!.episodeId;

    const body = (await list(app, viewer)).json<{ body: NotificationsBody }>().body;
    expect(body.unread_count).toBe(2);
    expect(body.notifications.map((n) => n.item_id)).toEqual([second, first]);
    const [, older] = body.notifications;
    expect(older).toEqual({
      id: expect.any(Number),
      item_id: first,
      title: show.title,
      content: NOTIFICATION_TEXTS.episodeAvailable(1, 3, 'The Return'),
      is_read: '0',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      kind: 'episode',
    });

    const read = await postForm(
      app,
      `/api/user/${viewer.userId}/notifications`,
      { notification_id: older!.id, user_id: viewer.userId },
      bearer(viewer.token),
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ message: NOTIFICATION_TEXTS.markedRead });
    const after = (await list(app, viewer)).json<{ body: NotificationsBody }>().body;
    expect(after.unread_count).toBe(1);
    expect(after.notifications.find((n) => n.id === older!.id)?.is_read).toBe('1');

    const gone = await postForm(
      app,
      `/api/user/${viewer.userId}/notifications/deleteall`,
      { _method: 'DELETE' },
      bearer(viewer.token),
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: NOTIFICATION_TEXTS.deletedAll });
    expect((await list(app, viewer)).json<{ body: NotificationsBody }>().body).toEqual({
      notifications: [],
      unread_count: 0,
    });
    // Deleting an empty list is fine too.
    const again = await postForm(
      app,
      `/api/user/${viewer.userId}/notifications/deleteall`,
      { _method: 'DELETE' },
      bearer(viewer.token),
    );
    expect(again.statusCode).toBe(200);
  });

  it("answers 403 for another user's id and reads or changes nothing; 404 for another's notification", async () => {
    const show = await newSeries(t.db);
    const owner = await follower(t.db, app, show.id);
    const other = await follower(t.db, app, show.id);
    await instance(t.db).publishEpisode(show.id);
    const mine = (await list(app, owner)).json<{ body: NotificationsBody }>().body.notifications[0]!;

    const peek = await list(app, other, owner.userId);
    expectError(peek, 403);
    expect(peek.body).not.toContain(mine.content);
    expectError(
      await postForm(app, `/api/user/${owner.userId}/notifications`, { notification_id: mine.id }, bearer(other.token)),
      403,
    );
    // The path is the caller's own, the form names someone else.
    expectError(
      await postForm(
        app,
        `/api/user/${other.userId}/notifications`,
        { notification_id: mine.id, user_id: owner.userId },
        bearer(other.token),
      ),
      403,
    );
    expectError(
      await postForm(
        app,
        `/api/user/${owner.userId}/notifications/deleteall`,
        { _method: 'DELETE' },
        bearer(other.token),
      ),
      403,
    );
    // Another user's notification id through one's own path: not found, and untouched.
    expectError(
      await postForm(app, `/api/user/${other.userId}/notifications`, { notification_id: mine.id }, bearer(other.token)),
      404,
    );
    expectError(
      await postForm(
        app,
        `/api/user/${owner.userId}/notifications`,
        { notification_id: 999_999_999 },
        bearer(owner.token),
      ),
      404,
    );
    const still = (await list(app, owner)).json<{ body: NotificationsBody }>().body;
    expect(still.notifications).toEqual([mine]);
    expect(still.unread_count).toBe(1);

    expectError(await app.inject({ method: 'GET', url: `/api/user/${owner.userId}/notifications` }), 401);
  });

  it('answers 400 naming the bad field', async () => {
    const show = await newSeries(t.db);
    const viewer = await follower(t.db, app, show.id);
    const url = `/api/user/${viewer.userId}/notifications`;
    expectError(await postForm(app, url, {}, bearer(viewer.token)), 400, 'notification_id');
    expectError(await postForm(app, url, { notification_id: 'abc' }, bearer(viewer.token)), 400, 'notification_id');
    expectError(await postForm(app, `${url}/deleteall`, {}, bearer(viewer.token)), 400, '_method');
    expectError(await postForm(app, `${url}/deleteall`, { _method: 'PUT' }, bearer(viewer.token)), 400, '_method');
    expectError(
      await app.inject({ method: 'GET', url: '/api/user/abc/notifications', headers: bearer(viewer.token) }),
      400,
      'user_id',
    );
  });
});

describeEachDatabase('notifications: publishing', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { publishIntervalSeconds: 0 });
  });
  afterAll(() => app.close());

  it('keeps a scheduled episode out of every public answer until it is out', async () => {
    const show = await newSeries(t.db);
    const viewer = await follower(t.db, app, show.id);
    // Alone in a new season: the season is not there yet either.
    const title = `Scheduled ${uniq()}`;
    const id = await scheduleEpisode(t.db, show.id, "now() + interval '2 seconds'", 2, title);

    const detail = await getBody<SeriesDetailBody>(app, `/api/series/${show.id}`);
    expect(detail.series.seasons.map((s) => s.season_number)).toEqual([1]);
    expect(JSON.stringify(detail)).not.toContain(title);
    expect(detail.series.seasons_count).toBe(1);
    const home = await app.inject({ method: 'GET', url: '/api/home' });
    expect(home.body).not.toContain(title);
    const watch = await app.inject({
      method: 'GET',
      url: `/api/episodes?episodeId=${id}`,
      headers: bearer(viewer.token),
    });
    expectError(watch, 404);
    expect((await instance(t.db).announceDue()).episodes).toBe(0);
    expect(await notificationCount(t.db, id)).toBe(0);

    await waitFor(
      async () => (await t.db.query('SELECT 1 FROM episodes WHERE id = $1 AND published_at <= now()', [id])).length > 0,
    );
    const now = await getBody<SeriesDetailBody>(app, `/api/series/${show.id}`);
    expect(now.series.seasons.map((s) => s.season_number)).toEqual([1, 2]);
    expect(now.series.seasons[1]!.episodes.map((e) => e.episode_title)).toEqual([title]);
    expect(now.series.seasons_count).toBe(2);
    expect((await app.inject({ method: 'GET', url: '/api/home' })).body).toContain(title);
    const playable = await app.inject({
      method: 'GET',
      url: `/api/episodes?episodeId=${id}`,
      headers: bearer(viewer.token),
    });
    expect(playable.statusCode, playable.body).toBe(200);
    await instance(t.db).announceDue();
    expect(await notificationCount(t.db, id)).toBe(1);
  });

  it('counts episodes that were out before the migration, or inserted already out, as announced', async () => {
    const show = await newSeries(t.db);
    await followers(t.db, 2, show.id);
    // The factory's episodes are out already: nothing to announce for them.
    await instance(t.db).announceDue();
    const [row] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications n JOIN episodes e ON e.id = n.episode_id WHERE e.series_id = $1',
      [show.id],
    );
    expect(row!.n).toBe(0);
  });

  it('announces each episode once to every follower: two instances, their schedulers and the operator racing', async () => {
    const show = await newSeries(t.db);
    const people = await followers(t.db, 6, show.id);
    const scheduled: number[] = [];
    for (const at of [
      "now() + interval '1500 milliseconds'",
      "now() + interval '1500 milliseconds'",
      "now() + interval '1 hour'",
    ]) {
      scheduled.push(await scheduleEpisode(t.db, show.id, at));
    }
    // Two server instances on one database, each with its scheduler every second.
    const one = await buildTestApp(t.db, { publishIntervalSeconds: 1 });
    const two = await buildTestApp(t.db, { publishIntervalSeconds: 1 });
    try {
      await new Promise((r) => setTimeout(r, 1_600));
      // Meanwhile more instances and the operator's command (twice), all at once.
      const results = await Promise.all([
        instance(t.db).announceDue(),
        instance(t.db).announceDue(),
        runAdmin(t.db, ['publish-episode', String(show.id)]),
        runAdmin(t.db, ['publish-episode', String(show.id)]),
        instance(t.db).announceDue(),
      ]);
      const published = results.slice(2, 4).map((r) => {
        const result = r as { code: number; out: string[] };
        expect(result.code, result.out.join('\n')).toBe(0);
        return Number(result.out[0]);
      });
      // The hour-away one and one made anew (nothing else was scheduled).
      expect(published).toContain(scheduled[2]);
      const all = [...new Set([...scheduled, ...published])];
      expect(all).toHaveLength(4);
      await waitFor(async () => (await Promise.all(all.map((id) => notificationCount(t.db, id)))).every((n) => n > 0));
      await new Promise((r) => setTimeout(r, 1_200)); // another tick of both schedulers
      const rows = await t.db.query<{ userId: number; episodeId: number; n: number }>(
        `SELECT user_id AS "userId", episode_id AS "episodeId", count(*)::int AS n FROM notifications
         WHERE episode_id = ANY($1::bigint[]) GROUP BY user_id, episode_id`,
        [all],
      );
      expect(rows).toHaveLength(people.length * all.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(people));
      const pending = await t.db.query(
        `SELECT id FROM episodes WHERE id = ANY($1::bigint[]) AND (announced_at IS NULL OR announced_at < published_at)`,
        [all],
      );
      expect(pending).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('leaves nothing behind when an announcement fails mid-way, and the next run completes it', async () => {
    const show = await newSeries(t.db);
    const people = await followers(t.db, 3, show.id);
    const id = await scheduleEpisode(t.db, show.id, "now() - interval '1 second'");
    const crash = instance(t.db).announceDue({
      beforeCommit: async (ids) => {
        if (ids.includes(id)) throw new Error('the process died here');
      },
    });
    await expect(crash).rejects.toThrow('the process died here');
    expect(await notificationCount(t.db, id)).toBe(0);
    const [pending] = await t.db.query('SELECT 1 FROM episodes WHERE id = $1 AND announced_at < published_at', [id]);
    expect(pending).toBeDefined();

    // A restarted instance.
    await instance(t.db).announceDue();
    expect(await notificationCount(t.db, id)).toBe(people.length);
    await instance(t.db).announceDue();
    expect(await notificationCount(t.db, id)).toBe(people.length);
  });

  it('publish-episode: the next scheduled one, else a new one with the series clip; clear errors', async () => {
    const show = await newSeries(t.db);
    const [fan] = await followers(t.db, 1, show.id);
    const later = await scheduleEpisode(t.db, show.id, "now() + interval '3 days'");
    const first = await runAdmin(t.db, ['publish-episode', String(show.id)]);
    expect(first.code, first.out.join('\n')).toBe(0);
    expect(Number(first.out[0])).toBe(later);
    expect(first.out[1]).toMatch(/Published episode \d+; 1 follower\(s\) notified\./);

    const made = await runAdmin(t.db, ['publish-episode', String(show.id)]);
    expect(made.code).toBe(0);
    const madeId = Number(made.out[0]);
    const [row] = await t.db.query<{ number: number; title: string; out: boolean; media: number }>(
      `SELECT e.episode_number AS number, e.title, e.published_at <= now() AS out,
         (SELECT count(*)::int FROM media_renditions m WHERE m.episode_id = e.id) AS media
       FROM episodes e WHERE e.id = $1`,
      [madeId],
    );
    expect(row).toEqual({ number: 4, title: 'Episode 4', out: true, media: 2 });
    const [note] = await t.db.query<{ content: string }>(
      'SELECT content FROM notifications WHERE user_id = $1 AND episode_id = $2',
      [fan, madeId],
    );
    expect(note!.content).toBe(NOTIFICATION_TEXTS.episodeAvailable(1, 4, 'Episode 4'));

    expect(await runAdmin(t.db, ['publish-episode', '999999999'])).toEqual({
      code: 1,
      out: ['No series with the id 999999999.'],
    });
    expect((await runAdmin(t.db, ['publish-episode', 'abc'])).code).toBe(2);
    expect((await runAdmin(t.db, ['publish-episode'])).code).toBe(2);
  });
});

// ───────────── Web Push against a real local push service ─────────────

/** Checks `vapid t=<JWT>, k=<key>` (RFC 8292): signed by the server's key, for this push service. */
function verifyVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(audience);
  expect(body.sub).toBe('mailto:ops@example.test');
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
  expect(body.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
}

describeEachDatabase('notifications: Web Push', (t) => {
  let app: TestApp;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const push: Config['push'] = {
    vapidPublicKey: null,
    vapidPrivateKey: null,
    vapidSubject: 'mailto:ops@example.test',
    allowHttpEndpoints: true,
  };
  beforeAll(async () => {
    pushService = await startPushService();
    // Keys made once in this app's DATA_DIR; its scheduler every second.
    app = await buildTestApp(t.db, { push, publishIntervalSeconds: 1 });
  });
  afterAll(async () => {
    await app.close();
    await pushService.close();
  });

  it('registers a device, delivers an encrypted, VAPID-signed message, and forgets a device the service says is gone', async () => {
    const show = await newSeries(t.db);
    const viewer = await follower(t.db, app, show.id);
    const { public_key: publicKey } = await getBody<PushKeyBody>(app, '/api/fcm/key');
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const phone = browserKeys();
    const laptop = browserKeys();
    const path = `/push/${uniq()}`;
    for (const [deviceId, token] of [
      [`phone-${uniq()}`, phone.json(pushService.origin + path)],
      [`laptop-${uniq()}`, laptop.json(`${pushService.origin}/gone/${uniq()}`)],
    ] as const) {
      const res = await postForm(app, '/api/fcm', { device_id: deviceId, token }, bearer(viewer.token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: NOTIFICATION_TEXTS.deviceRegistered });
    }
    const devices = () =>
      t.db.query<{ token: string }>('SELECT token FROM push_devices WHERE user_id = $1 ORDER BY id', [viewer.userId]);
    expect(await devices()).toHaveLength(2);

    const title = `Pushed ${uniq()}`;
    const id = await scheduleEpisode(t.db, show.id, "now() - interval '1 second'", 1, title);
    await waitFor(
      async () =>
        pushService.received.filter((r) => r.path.startsWith(`/gone/`)).length > 0 &&
        pushService.received.some((r) => r.path === path),
    );
    const delivered = pushService.received.find((r) => r.path === path)!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(delivered.headers.authorization, publicKey!, pushService.origin);
    const message = JSON.parse(decrypt(delivered.body, phone)) as PushMessage;
    expect(message).toEqual({
      title: show.title,
      body: NOTIFICATION_TEXTS.episodeAvailable(1, 3, title),
      url: `/watchEpisodes/${id}`,
      tag: `episode-${id}`,
    });
    // 410: that subscription is forgotten; the other stays.
    await waitFor(async () => (await devices()).length === 1);
    expect((await devices())[0]!.token).toContain(path);
    // The announcement itself stands.
    expect(await notificationCount(t.db, id)).toBe(1);
  });

  it('refuses a token that is not a subscription, naming the field; DELETE /fcm forgets the device', async () => {
    const show = await newSeries(t.db);
    const viewer = await follower(t.db, app, show.id);
    const deviceId = `tv-${uniq()}`;
    expectError(
      await postForm(app, '/api/fcm', { device_id: deviceId, token: 'abc' }, bearer(viewer.token)),
      400,
      'token',
    );
    expectError(
      await postForm(
        app,
        '/api/fcm',
        { device_id: 'x', token: browserKeys().json('https://push.example/1') },
        bearer(viewer.token),
      ),
      400,
      'device_id',
    );
    expectError(
      await postForm(app, '/api/fcm', { device_id: deviceId, token: browserKeys().json('https://push.example/1') }),
      401,
    );
    const other = await follower(t.db, app, show.id);
    expectError(
      await postForm(
        app,
        '/api/fcm',
        { device_id: deviceId, token: browserKeys().json('https://push.example/1'), user_id: other.userId },
        bearer(viewer.token),
      ),
      403,
    );
    const ok = await postForm(
      app,
      '/api/fcm',
      { device_id: deviceId, token: browserKeys().json('https://push.example/1') },
      bearer(viewer.token),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // The same browser signed in as someone else: it is theirs now, not both.
    const same = (
      await t.db.query<{ token: string }>('SELECT token FROM push_devices WHERE user_id = $1', [viewer.userId])
    )[0]!.token;
    const taken = await postForm(app, '/api/fcm', { device_id: `tv2-${uniq()}`, token: same }, bearer(other.token));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await t.db.query('SELECT 1 FROM push_devices WHERE user_id = $1', [viewer.userId])).toEqual([]);

    const out = await postForm(app, '/api/fcm', { device_id: `tv2-${uniq()}` }, bearer(other.token), 'DELETE');
    expect(out.statusCode).toBe(200);
    const left = await app.inject({
      method: 'DELETE',
      url: '/api/fcm',
      payload: new URLSearchParams({
        device_id: (
          await t.db.query<{ device_id: string }>('SELECT device_id FROM push_devices WHERE user_id = $1', [
            other.userId,
          ])
        )[0]!.device_id,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(other.token) },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await t.db.query('SELECT 1 FROM push_devices WHERE user_id = $1', [other.userId])).toEqual([]);
  });
});

describe('notifications: texts', () => {
  it('says which episode is out', () => {
    expect(NOTIFICATION_TEXTS.episodeAvailable(2, 5, 'The Oath')).toBe('S2 E5 · The Oath is now available');
  });
});
