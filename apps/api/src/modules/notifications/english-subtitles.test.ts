import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEFAULT_FOLLOW_PREFERENCE,
  ENGLISH_SUBTITLES_TEXTS,
  NEW_ENGLISH_SUBTITLES_DAYS,
  NOTIFICATION_TEXTS,
  type FollowPreference,
  type HomeBody,
  type NotificationsBody,
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
import { catalogue, episodes, insertActivePlan, insertUser, series, uniq } from '../../../test/factories.js';
import { browserKeys, decrypt, startPushService } from '../../../test/push-service.js';
import { loadConfig, type Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createNotifications, createRepositories } from '../../services.js';

// Issue 28, "English subtitles are ready" (decisions 0130–0132): the
// follow's preference (its default for new follows, the new endpoint, the
// answers), the notification when an operator's English track of an episode
// that is out is stored — once per follower and episode, on two instances
// and across re-uploads — or when an episode comes out with it, Web Push,
// "English subtitles coming" on the answers, and home's row.

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const SRT = '1\n00:00:00,500 --> 00:00:02,000\nThe ferry leaves at dawn.\n';

async function newSeries(db: Db, seasons = 2) {
  const title = `Subtitled ${uniq()}`;
  await seedCatalogue(
    db,
    catalogue({
      series: [
        series({
          title,
          seasons: Array.from({ length: seasons }, (_, i) => ({
            number: i + 1,
            title: `Season ${i + 1}`,
            episodes: episodes(3, 2021),
          })),
        }),
      ],
    }),
  );
  const id = await idOf(db, 'series', title);
  const eps = await db.query<{ id: number; season: number; number: number; title: string }>(
    `SELECT e.id, se.season_number AS season, e.episode_number AS number, e.title FROM episodes e
     JOIN seasons se ON se.id = e.season_id WHERE e.series_id = $1 ORDER BY se.season_number, e.episode_number`,
    [id],
  );
  return { id, title, episodes: eps.map((e) => ({ ...e, id: Number(e.id) })) };
}

/** The episode plays (the seeded clip: its Turkish audio) without an English track: out before its subtitles. */
async function withoutEnglish(db: Db, episodeId: number) {
  await db.query(`DELETE FROM subtitle_tracks WHERE episode_id = $1 AND language = 'en'`, [episodeId]);
}

async function member(db: Db, app: TestApp): Promise<SignedIn> {
  const user = await insertUser(db);
  await insertActivePlan(db, user.id);
  return signIn(app, user.email, user.password);
}

async function follows(db: Db, seriesId: number, preference: FollowPreference, count = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, verified_at) VALUES ($1, 'Follower', now()) RETURNING id`,
      [`s-${uniq()}@example.test`],
    );
    await db.query('INSERT INTO series_follows (user_id, series_id, notify) VALUES ($1, $2, $3)', [
      row!.id,
      seriesId,
      preference,
    ]);
    ids.push(Number(row!.id));
  }
  return ids;
}

function uploadSubtitles(app: TestApp, operator: string, episodeId: number, language = 'en', srt = SRT) {
  const boundary = 'subsboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${language}.srt"\r\n`),
    Buffer.from('Content-Type: application/x-subrip\r\n\r\n'),
    Buffer.from(srt),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/admin/media/videos/episode/${episodeId}/subtitles/${language}`,
    headers: { ...bearer(operator), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function received(db: Db, episodeId: number) {
  return db.query<{ userId: number; kind: string; title: string; content: string }>(
    `SELECT user_id AS "userId", kind, title, content FROM notifications WHERE episode_id = $1 ORDER BY user_id, kind`,
    [episodeId],
  );
}

describeEachDatabase('English subtitles are ready', (t) => {
  let app: TestApp;
  let second: TestApp;
  let mediaDir: string;
  let operator: string;
  /** The same operator signed in on the second instance (each instance its own secrets here). */
  let operatorThere: string;
  let overrides: Partial<Config>;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-subs-ready-'));
    const defaults = loadConfig({});
    overrides = {
      media: { ...defaults.media, dir: mediaDir },
      ingest: { ...defaults.ingest, concurrency: 0 },
      publishIntervalSeconds: 0,
    };
    // Two server instances on one database.
    app = await buildTestApp(t.db, overrides);
    second = await buildTestApp(t.db, overrides);
    const op = await insertUser(t.db, { role: 'admin' });
    operator = (await signIn(app, op.email, op.password)).token;
    operatorThere = (await signIn(second, op.email, op.password)).token;
  });
  afterAll(async () => {
    await Promise.all([app.close(), second.close()]);
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('a new follow hears of English subtitles; the preference is saved per follow, checked, and on the detail answer', async () => {
    const show = await newSeries(t.db);
    const viewer = await member(t.db, app);
    const detail = async () => {
      const res = await app.inject({ method: 'GET', url: `/api/series/${show.id}`, headers: bearer(viewer.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ body: SeriesDetailBody }>().body.series;
    };
    expect((await detail()).notification_preference).toBeUndefined();

    // The spec's bell: a new follow, answering its preference as a new field.
    const on = await postForm(
      app,
      `/api/user/${viewer.userId}/user_notifications/${show.id}`,
      { action: 'add' },
      bearer(viewer.token),
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      message: `Notifications turned on for ${show.title}`,
      body: {
        message: `Notifications turned on for ${show.title}`,
        is_notification_on: '1',
        notification_preference: DEFAULT_FOLLOW_PREFERENCE,
      },
    });
    expect(DEFAULT_FOLLOW_PREFERENCE).toBe('english_subtitles');
    expect(await detail()).toMatchObject({ is_notification_on: '1', notification_preference: 'english_subtitles' });

    // The new call: both, kept per follow.
    const url = `/api/user/${viewer.userId}/user_notifications/${show.id}/preference`;
    const both = await postForm(app, url, { notification_preference: 'both' }, bearer(viewer.token));
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toEqual({
      message: ENGLISH_SUBTITLES_TEXTS.preferenceSaved(show.title, 'both'),
      body: {
        message: ENGLISH_SUBTITLES_TEXTS.preferenceSaved(show.title, 'both'),
        is_notification_on: '1',
        notification_preference: 'both',
      },
    });
    expect(await detail()).toMatchObject({ notification_preference: 'both' });
    const [row] = await t.db.query<{ notify: string }>(
      'SELECT notify FROM series_follows WHERE user_id = $1 AND series_id = $2',
      [viewer.userId, show.id],
    );
    expect(row!.notify).toBe('both');

    // Off and on again with the bell: a new follow, the default again.
    for (const action of ['remove', 'add']) {
      await postForm(app, `/api/user/${viewer.userId}/user_notifications/${show.id}`, { action }, bearer(viewer.token));
    }
    expect(await detail()).toMatchObject({ notification_preference: 'english_subtitles' });

    // Choosing follows a series not yet followed.
    const other = await newSeries(t.db, 1);
    const chosen = await postForm(
      app,
      `/api/user/${viewer.userId}/user_notifications/${other.id}/preference`,
      { notification_preference: 'new_episodes' },
      bearer(viewer.token),
    );
    expect(chosen.json()).toMatchObject({ body: { is_notification_on: '1', notification_preference: 'new_episodes' } });

    // Bad input names the field; another user's id is a 403; unknown series a 404; no plan a 403; no token a 401.
    expectError(
      await postForm(app, url, { notification_preference: 'sometimes' }, bearer(viewer.token)),
      400,
      'notification_preference',
    );
    expectError(await postForm(app, url, {}, bearer(viewer.token)), 400, 'notification_preference');
    const stranger = await member(t.db, app);
    expectError(
      await postForm(
        app,
        `/api/user/${stranger.userId}/user_notifications/${show.id}/preference`,
        { notification_preference: 'both' },
        bearer(viewer.token),
      ),
      403,
    );
    expectError(
      await postForm(
        app,
        url,
        { notification_preference: 'both', user_id: String(stranger.userId) },
        bearer(viewer.token),
      ),
      403,
    );
    expectError(
      await postForm(
        app,
        `/api/user/${viewer.userId}/user_notifications/999999999/preference`,
        { notification_preference: 'both' },
        bearer(viewer.token),
      ),
      404,
    );
    expectError(
      await postForm(app, `/api/user/${viewer.userId}/user_notifications/abc/preference`, {}, bearer(viewer.token)),
      400,
      'serie_id',
    );
    const planless = await insertUser(t.db);
    const planlessIn = await signIn(app, planless.email, planless.password);
    expectError(
      await postForm(
        app,
        `/api/user/${planlessIn.userId}/user_notifications/${show.id}/preference`,
        { notification_preference: 'both' },
        bearer(planlessIn.token),
      ),
      403,
    );
    expectError(await postForm(app, url, { notification_preference: 'both' }), 401);
  });

  it('keeps follows made before migration 0030 on new episodes, and makes new ones hear of English subtitles', async () => {
    // The column's default is the new follows'; the migration filled the
    // rows it found with today's behaviour.
    const show = await newSeries(t.db, 1);
    const [user] = await follows(t.db, show.id, 'new_episodes');
    await t.db.query('DELETE FROM series_follows WHERE user_id = $1', [user]);
    await t.db.query('INSERT INTO series_follows (user_id, series_id) VALUES ($1, $2)', [user, show.id]);
    const [row] = await t.db.query<{ notify: string }>('SELECT notify FROM series_follows WHERE user_id = $1', [user]);
    expect(row!.notify).toBe(DEFAULT_FOLLOW_PREFERENCE);
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0030_follow_preferences_and_subtitle_notifications.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toMatch(/ADD COLUMN notify text NOT NULL DEFAULT 'new_episodes'/);
    expect(migration).toMatch(/ALTER COLUMN notify SET DEFAULT 'english_subtitles'/);
  });

  it('tells each follower who asked once, on two instances and across re-uploads, and says "coming" until then', async () => {
    const show = await newSeries(t.db);
    const episode = show.episodes.find((e) => e.season === 2 && e.number === 2)!;
    await withoutEnglish(t.db, episode.id);
    const english = await follows(t.db, show.id, 'english_subtitles', 3);
    const both = await follows(t.db, show.id, 'both', 2);
    const newEpisodesOnly = await follows(t.db, show.id, 'new_episodes', 2);

    // Out with Turkish audio and no English track: "English subtitles coming" on the episode list and home.
    const detail = await getBody<SeriesDetailBody>(app, `/api/series/${show.id}`);
    const summaries = detail.series.seasons.flatMap((s) => s.episodes);
    expect(summaries.find((e) => e.episode_id === episode.id)!.english_subtitles_coming).toBe(true);
    expect(summaries.filter((e) => e.english_subtitles_coming)).toHaveLength(1);

    // Both instances store the track at once, and each again (a re-upload): one notification each.
    const uploads = await Promise.all([
      uploadSubtitles(app, operator, episode.id),
      uploadSubtitles(second, operatorThere, episode.id),
      uploadSubtitles(second, operatorThere, episode.id),
      uploadSubtitles(app, operator, episode.id),
    ]);
    for (const res of uploads) expect(res.statusCode, res.body).toBe(200);
    await uploadSubtitles(second, operatorThere, episode.id, 'en', SRT.replace('dawn', 'noon'));

    const rows = await received(t.db, episode.id);
    const text = ENGLISH_SUBTITLES_TEXTS.ready(show.title, 2, 2);
    expect(text).toBe(`English subtitles are ready: ${show.title} Season 2, Episode 2`);
    expect(rows).toEqual(
      [...english, ...both]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, kind: 'english_subtitles', title: text, content: episode.title })),
    );
    expect(rows.some((r) => newEpisodesOnly.includes(Number(r.userId)))).toBe(false);

    // A Turkish track is no news; nor is a movie's.
    await uploadSubtitles(app, operator, episode.id, 'tr');
    expect(await received(t.db, episode.id)).toHaveLength(rows.length);

    // No longer coming.
    const after = await getBody<SeriesDetailBody>(second, `/api/series/${show.id}`);
    expect(after.series.seasons.flatMap((s) => s.episodes).some((e) => e.english_subtitles_coming)).toBe(false);
  });

  it('the bell lists it with its kind, and opening it plays the episode', async () => {
    const show = await newSeries(t.db, 1);
    const episode = show.episodes[2]!;
    await withoutEnglish(t.db, episode.id);
    const viewer = await member(t.db, app);
    await postForm(
      app,
      `/api/user/${viewer.userId}/user_notifications/${show.id}`,
      { action: 'add' },
      bearer(viewer.token),
    );
    expect((await uploadSubtitles(second, operatorThere, episode.id)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: `/api/user/${viewer.userId}/notifications`,
      headers: bearer(viewer.token),
    });
    const body = res.json<{ body: NotificationsBody }>().body;
    expect(body.unread_count).toBe(1);
    expect(body.notifications).toEqual([
      {
        id: expect.any(Number),
        item_id: episode.id,
        title: ENGLISH_SUBTITLES_TEXTS.ready(show.title, 1, 3),
        content: episode.title,
        is_read: '0',
        created_at: expect.any(String),
        kind: 'english_subtitles',
      },
    ]);
  });

  it('an episode out with its English track tells both kinds of follower, each what they asked for; a scheduled one waits', async () => {
    const show = await newSeries(t.db, 1);
    const [english] = await follows(t.db, show.id, 'english_subtitles');
    const [newEpisodes] = await follows(t.db, show.id, 'new_episodes');
    const [both] = await follows(t.db, show.id, 'both');
    // A scheduled episode with its English track uploaded before it is out: nobody hears yet.
    const [se] = await t.db.query<{ id: number }>('SELECT id FROM seasons WHERE series_id = $1', [show.id]);
    const [made] = await t.db.query<{ id: number }>(
      `INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, published_at, announced_at)
       VALUES ($1, $2, 4, 'Yarın', current_date, now() + interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [se!.id, show.id],
    );
    const id = Number(made!.id);
    await t.db.query(
      `INSERT INTO media_renditions (episode_id, kind, path, height) VALUES ($1, 'hls', 'demo/ferry/master.m3u8', 360)`,
      [id],
    );
    expect((await uploadSubtitles(app, operator, id)).statusCode).toBe(200);
    expect(await received(t.db, id)).toEqual([]);
    // It comes out (the scheduler's announcing steps, on another instance).
    await t.db.query(`UPDATE episodes SET published_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const notifications = createNotifications(t.db, createRepositories(t.db), {
      push: null,
      allowHttpEndpoints: false,
      log: quiet,
    });
    await Promise.all([notifications.announceDue(), notifications.announceDue()]);
    // And a re-upload after: nothing more.
    await uploadSubtitles(second, operatorThere, id);
    const rows = await received(t.db, id);
    const sorted = (xs: { userId: number; kind: string }[]) =>
      xs.sort((a, b) => a.userId - b.userId || a.kind.localeCompare(b.kind));
    expect(sorted(rows.map((r) => ({ userId: Number(r.userId), kind: r.kind })))).toEqual(
      sorted([
        { userId: english!, kind: 'english_subtitles' },
        { userId: newEpisodes!, kind: 'episode' },
        { userId: both!, kind: 'episode' },
        { userId: both!, kind: 'english_subtitles' },
      ]),
    );
    expect(rows.find((r) => r.kind === 'episode')!.content).toBe(NOTIFICATION_TEXTS.episodeAvailable(1, 4, 'Yarın'));
    expect(rows.find((r) => r.kind === 'english_subtitles')!.title).toBe(
      ENGLISH_SUBTITLES_TEXTS.ready(show.title, 1, 4),
    );
  });

  it('home: "New with English subtitles" holds the episodes whose English track came out in the last 14 days', async () => {
    const show = await newSeries(t.db, 1);
    const [fresh, old, scheduledLater] = show.episodes;
    // Tracks stored before migration 0030 have no time; an old one; a fresh one; a scheduled episode's.
    await t.db.query(`UPDATE subtitle_tracks SET created_at = NULL WHERE episode_id = ANY($1::bigint[])`, [
      show.episodes.map((e) => e.id),
    ]);
    await t.db.query(
      `UPDATE subtitle_tracks SET created_at = now() - make_interval(days => $2::int + 1) WHERE episode_id = $1`,
      [old!.id, NEW_ENGLISH_SUBTITLES_DAYS],
    );
    await t.db.query(`UPDATE episodes SET published_at = now() - interval '30 days' WHERE id = $1`, [old!.id]);
    await withoutEnglish(t.db, fresh!.id);
    expect((await uploadSubtitles(app, operator, fresh!.id)).statusCode).toBe(200);
    await t.db.query(`UPDATE episodes SET published_at = now() + interval '1 day' WHERE id = $1`, [scheduledLater!.id]);
    await t.db.query(`UPDATE subtitle_tracks SET created_at = now() WHERE episode_id = $1`, [scheduledLater!.id]);

    const home = await getBody<HomeBody>(app, '/api/home');
    const mine = home.newWithEnglishSubtitles.filter((e) => e.serie_id === show.id);
    expect(mine).toEqual([
      {
        episode_id: fresh!.id,
        episode_image: expect.any(String),
        episode_number: fresh!.number,
        episode_date: expect.any(String),
        serie_id: show.id,
        serie_title: show.title,
        season_title: 'Season 1',
        episode_title: fresh!.title,
        english_subtitles_coming: false,
      },
    ]);
    // Latest first.
    const second = await newSeries(t.db, 1);
    await withoutEnglish(t.db, second.episodes[0]!.id);
    await uploadSubtitles(app, operator, second.episodes[0]!.id);
    const again = await getBody<HomeBody>(app, '/api/home');
    expect(again.newWithEnglishSubtitles[0]!.episode_id).toBe(second.episodes[0]!.id);
    expect(again.latestEpisodes.every((e) => typeof e.english_subtitles_coming === 'boolean')).toBe(true);
  });
});

describeEachDatabase('English subtitles are ready: Web Push', (t) => {
  it('sends the sentence to the follower’s device, opening the episode, once', async () => {
    const pushService = await startPushService();
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-subs-push-'));
    const defaults = loadConfig({});
    const app = await buildTestApp(t.db, {
      media: { ...defaults.media, dir: mediaDir },
      ingest: { ...defaults.ingest, concurrency: 0 },
      publishIntervalSeconds: 0,
      push: {
        vapidPublicKey: null,
        vapidPrivateKey: null,
        vapidSubject: 'mailto:ops@example.test',
        allowHttpEndpoints: true,
      },
    });
    try {
      const show = await newSeries(t.db, 1);
      const episode = show.episodes[1]!;
      await withoutEnglish(t.db, episode.id);
      const viewer = await member(t.db, app);
      await postForm(
        app,
        `/api/user/${viewer.userId}/user_notifications/${show.id}`,
        { action: 'add' },
        bearer(viewer.token),
      );
      const phone = browserKeys();
      const where = `/push/${uniq()}`;
      const registered = await postForm(
        app,
        '/api/fcm',
        { device_id: `phone-${uniq()}`, token: phone.json(pushService.origin + where) },
        bearer(viewer.token),
      );
      expect(registered.statusCode, registered.body).toBe(200);
      const op = await insertUser(t.db, { role: 'admin' });
      const operator = (await signIn(app, op.email, op.password)).token;
      expect((await uploadSubtitles(app, operator, episode.id)).statusCode).toBe(200);
      expect((await uploadSubtitles(app, operator, episode.id)).statusCode).toBe(200);
      const mine = pushService.received.filter((r) => r.path === where);
      expect(mine).toHaveLength(1);
      expect(JSON.parse(decrypt(mine[0]!.body, phone)) as PushMessage).toEqual({
        title: ENGLISH_SUBTITLES_TEXTS.ready(show.title, 1, 2),
        body: episode.title,
        url: `/watchEpisodes/${episode.id}`,
        tag: `english_subtitles-${episode.id}`,
      });
    } finally {
      await app.close();
      await pushService.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
