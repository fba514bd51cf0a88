import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MARKERS_TEXTS,
  PLAYBACK_TEXTS,
  type AdminEpisodeMarkersBody,
  type EpisodeMarkersBody,
  type MediaJob,
} from '@bosphorus/contract';
import { loadConfig } from '../../config.js';
import { catalogue, insertActivePlan, insertUser, series } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  eventually,
  expectError,
  idOf,
  seedCatalogue,
  signIn,
  type TestApp,
} from '../../../test/harness.js';
import { createIngestRepository } from '../ingest/ingest.repository.js';
import { expectMarkers } from './expect-markers.js';
import { SYNTHETIC_WINDOWS, writeSyntheticSeries } from './synthetic.js';

// Issue 28, episode markers through the API: the queue's markers job (run
// by the site's own runner) finds a synthetic episode's recap, intro,
// credits and preview and stores them; an operator edits, removes and adds
// markers, each audited; detection again keeps the operator's work; the
// player reads what is left. Detection itself: detect.test.ts.

describeEachDatabase('episode markers', (t) => {
  let app: TestApp;
  let mediaDir: string;
  let operator: string;
  let viewer: string;
  let viewerId: number;
  let ids: number[];
  let lone: number;
  let seriesId: number;
  const title = `Markers ${Date.now()}`;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-markers-media-'));
    const defaults = loadConfig({});
    app = await buildTestApp(t.db, {
      media: { ...defaults.media, dir: mediaDir },
      ingest: { ...defaults.ingest, concurrency: 1, markers: SYNTHETIC_WINDOWS },
    });
    await seedCatalogue(t.db, catalogue({ series: [series({ title }), series({ title: `${title} lone` })] }));
    seriesId = await idOf(t.db, 'series', title);
    ids = (
      await t.db.query<{ id: string }>(`SELECT e.id FROM episodes e WHERE e.series_id = $1 ORDER BY e.episode_number`, [
        seriesId,
      ])
    ).map((r) => Number(r.id));
    const [lonely] = await t.db.query<{ id: string }>(
      'SELECT id FROM episodes WHERE series_id = $1 ORDER BY episode_number LIMIT 1',
      [await idOf(t.db, 'series', `${title} lone`)],
    );
    lone = Number(lonely!.id);
    // The three episodes play synthetic media (decision 0125); the other
    // series' episode has none.
    const made = writeSyntheticSeries(path.join(mediaDir, 'synthetic'));
    const files = [made.ep1, made.ep2, made.ep3];
    await t.db.query('DELETE FROM media_renditions WHERE episode_id = ANY($1::bigint[])', [[...ids, lone]]);
    for (const [i, id] of ids.entries()) {
      // The progressive file detection reads, and a playlist beside it (a title plays with both).
      const mp4 = path.relative(mediaDir, files[i]!.file);
      const hls = mp4.replace(/\.mp4$/, '.m3u8');
      fs.writeFileSync(path.join(mediaDir, hls), '#EXTM3U\n');
      await t.db.query(
        `INSERT INTO media_renditions (episode_id, kind, path, height) VALUES ($1, 'hls', $2, 240), ($1, 'mp4', $3, 240)`,
        [id, hls, mp4],
      );
    }
    const op = await insertUser(t.db, { role: 'admin' });
    const someone = await insertUser(t.db);
    await insertActivePlan(t.db, someone.id);
    viewerId = someone.id;
    operator = (await signIn(app, op.email, op.password)).token;
    viewer = (await signIn(app, someone.email, someone.password)).token;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const url = (id: number, rest = '') => `/api/admin/media/episodes/${id}/markers${rest}`;
  const list = async (id: number) => {
    const res = await app.inject({ url: url(id), headers: bearer(operator) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: AdminEpisodeMarkersBody }>().body;
  };
  const detect = async (id: number) => {
    const res = await app.inject({ method: 'POST', url: url(id, '/detect'), headers: bearer(operator) });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<{ body: MediaJob }>().body;
    expect(job).toMatchObject({ kind: 'markers', video_type: 'episode', video_id: id, upload_id: null });
    await eventually(async () => {
      const state = (await list(id)).jobs.find((j) => j.id === job.id)?.state;
      expect(state).toBe('done');
    }, 30_000);
    return job;
  };
  const audit = (action: string, id: number) =>
    t.db.query<{ actor: string; before: unknown; after: unknown }>(
      `SELECT actor, before, after FROM operator_audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`,
      [action, String(id)],
    );
  /** The series page's episodes (its public answer, cached and dropped by the change feed). */
  const seriesPage = async () => {
    const res = await app.inject({ url: `/api/series/${seriesId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ body: { series: { seasons: { episodes: { episode_id: number; story_minutes: number | null }[] }[] } } }>()
      .body.series.seasons.flatMap((x) => x.episodes);
  };
  const asDetected = (m: AdminEpisodeMarkersBody['markers'][number]) => ({
    kind: m.kind,
    start: m.start_seconds,
    end: m.end_seconds,
  });

  it('a markers job on the queue finds the recap, intro, credits and preview; the player reads them', async () => {
    await detect(ids[1]!);
    const body = await list(ids[1]!);
    expectMarkers(body.markers.map(asDetected), {
      recap: [0, 15],
      intro: [15, 35],
      credits: [95, 110],
      preview: [110, 125],
    });
    for (const m of body.markers) {
      expect(m.source).toBe('detected');
      expect(m.confidence).toBeGreaterThan(0.3);
      expect(m.confidence).toBeLessThanOrEqual(1);
    }
    expect(body.removed).toEqual([]);
    expect(await audit('markers.detect', ids[1]!)).toHaveLength(1);

    const res = await app.inject({ url: `/api/episodes/${ids[1]}/markers` });
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json<{ body: EpisodeMarkersBody }>().body;
    expect(seen.episode_id).toBe(ids[1]);
    expect(seen.markers).toEqual(
      body.markers.map((m) => ({ kind: m.kind, start_seconds: m.start_seconds, end_seconds: m.end_seconds })),
    );
    // The watch answer carries them too (the player's skip buttons).
    const watch = await app.inject({ url: `/api/episodes?episodeId=${ids[1]}`, headers: bearer(viewer) });
    expect(watch.statusCode, watch.body).toBe(200);
    const episode = watch.json<{
      body: {
        episode: {
          markers: unknown;
          seasons: { episodes: { episode_id: number; episode_duration: number; story_minutes: number | null }[] }[];
        };
      };
    }>().body.episode;
    expect(episode.markers).toEqual(seen.markers);
    // The episode list: its length without recap, credits and preview; null where no markers are stored.
    const listed = episode.seasons.flatMap((x) => x.episodes);
    const cut = body.markers
      .filter((m) => m.kind !== 'intro')
      .reduce((sum, m) => sum + m.end_seconds - m.start_seconds, 0);
    const second = listed.find((e) => e.episode_id === ids[1])!;
    expect(cut).toBeGreaterThan(40);
    expect(second.story_minutes).toBe(Math.round(second.episode_duration - cut / 60));
    expect(listed.find((e) => e.episode_id === ids[2])!.story_minutes).toBeNull();
    // The series page's list says the same (one computation, storyMinutes).
    const onPage = await seriesPage();
    expect(onPage.find((e) => e.episode_id === ids[1])!.story_minutes).toBe(second.story_minutes);
    expect(onPage.find((e) => e.episode_id === ids[2])!.story_minutes).toBeNull();
  }, 60_000);

  it("an operator's edit, removal and addition are audited and survive detection again", async () => {
    const id = ids[1]!;
    const edited = await app.inject({
      method: 'PATCH',
      url: url(id, '/intro'),
      headers: bearer(operator),
      payload: { start_seconds: 14, end_seconds: 36.5 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const intro = edited.json<{ body: AdminEpisodeMarkersBody }>().body.markers.find((m) => m.kind === 'intro');
    expect(intro).toMatchObject({ start_seconds: 14, end_seconds: 36.5, source: 'operator', confidence: 1 });
    const [editAudit] = await audit('markers.edit', id);
    expect(editAudit).toMatchObject({
      before: { kind: 'intro', source: 'detected' },
      after: { kind: 'intro', start_seconds: 14, end_seconds: 36.5 },
    });

    const removed = await app.inject({ method: 'DELETE', url: url(id, '/preview'), headers: bearer(operator) });
    expect(removed.statusCode, removed.body).toBe(200);
    const afterRemoval = removed.json<{ body: AdminEpisodeMarkersBody }>().body;
    expect(afterRemoval.markers.map((m) => m.kind)).toEqual(['recap', 'intro', 'credits']);
    expect(afterRemoval.removed).toEqual(['preview']);
    expect((await audit('markers.remove', id))[0]).toMatchObject({ after: { kind: 'preview', removed: true } });

    // One marker of a kind: adding a second is a conflict.
    const twice = await app.inject({
      method: 'POST',
      url: url(id),
      headers: bearer(operator),
      payload: { kind: 'recap', start_seconds: 0, end_seconds: 10 },
    });
    expect(expectError(twice, 409, 'kind').error).toBe(MARKERS_TEXTS.markerExists);

    // Detection again: the operator's intro and removal stay; the rest is found anew.
    await detect(id);
    const again = await list(id);
    expect(again.markers.find((m) => m.kind === 'intro')).toMatchObject({
      start_seconds: 14,
      end_seconds: 36.5,
      source: 'operator',
    });
    expect(again.markers.map((m) => m.kind)).toEqual(['recap', 'intro', 'credits']);
    expect(again.removed).toEqual(['preview']);
    expect(again.markers.find((m) => m.kind === 'recap')?.source).toBe('detected');

    // Added back by hand: the operator's, and the player sees it.
    const added = await app.inject({
      method: 'POST',
      url: url(id),
      headers: bearer(operator),
      payload: { kind: 'preview', start_seconds: 110, end_seconds: 125 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ body: AdminEpisodeMarkersBody }>().body.removed).toEqual([]);
    expect((await audit('markers.add', id))[0]).toMatchObject({
      before: null,
      after: { kind: 'preview', start_seconds: 110, end_seconds: 125 },
    });
    const seen = (await app.inject({ url: `/api/episodes/${id}/markers` })).json<{ body: EpisodeMarkersBody }>().body;
    expect(seen.markers.find((m) => m.kind === 'preview')).toEqual({
      kind: 'preview',
      start_seconds: 110,
      end_seconds: 125,
    });
    expect(seen.markers.find((m) => m.kind === 'intro')).toEqual({
      kind: 'intro',
      start_seconds: 14,
      end_seconds: 36.5,
    });
  }, 90_000);

  it('refuses bad input, unknown episodes and markers, and everyone but operators', async () => {
    const id = ids[0]!;
    const post = (payload: object, token = operator) =>
      app.inject({ method: 'POST', url: url(id), headers: bearer(token), payload });
    expect(
      expectError(await post({ kind: 'intro', start_seconds: 20, end_seconds: 20 }), 400, 'start_seconds').error,
    ).toBe(MARKERS_TEXTS.startNotBeforeEnd);
    expectError(await post({ kind: 'intro', start_seconds: -1, end_seconds: 20 }), 400, 'start_seconds');
    expectError(await post({ kind: 'intro', start_seconds: 0, end_seconds: 99_999 }), 400, 'end_seconds');
    expectError(await post({ kind: 'opening', start_seconds: 0, end_seconds: 20 }), 400, 'kind');
    // The console's forms: numbers as text are read; anything else is the field's 400.
    const form = (payload: string) =>
      app.inject({
        method: 'PATCH',
        url: url(ids[1]!, '/intro'),
        headers: { ...bearer(operator), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect(expectError(await form('start_seconds=abc'), 400, 'start_seconds').error).toContain(MARKERS_TEXTS.notFinite);
    expectError(await form('end_seconds='), 400, 'end_seconds');
    expectError(await form('start_seconds=Infinity'), 400, 'start_seconds');
    const patchMissing = await app.inject({
      method: 'PATCH',
      url: url(id, '/recap'),
      headers: bearer(operator),
      payload: { end_seconds: 10 },
    });
    expect(expectError(patchMissing, 404).error).toBe(MARKERS_TEXTS.markerNotFound);
    expect(
      expectError(await app.inject({ method: 'DELETE', url: url(id, '/recap'), headers: bearer(operator) }), 404).error,
    ).toBe(MARKERS_TEXTS.markerNotFound);
    expectError(await app.inject({ url: url(id, '/x'), method: 'DELETE', headers: bearer(operator) }), 400, 'kind');
    expect(expectError(await app.inject({ url: url(99_999_999), headers: bearer(operator) }), 404).error).toBe(
      MARKERS_TEXTS.episodeNotFound,
    );
    expectError(
      await app.inject({ url: '/api/admin/media/episodes/abc/markers', headers: bearer(operator) }),
      400,
      'id',
    );
    // An episode without media of its own is not detected.
    const noMedia = await app.inject({ method: 'POST', url: url(lone, '/detect'), headers: bearer(operator) });
    expect(expectError(noMedia, 409).error).toBe(MARKERS_TEXTS.noMedia);
    // Viewers and visitors.
    expectError(await post({ kind: 'intro', start_seconds: 0, end_seconds: 20 }, viewer), 403);
    expectError(await app.inject({ url: url(id) }), 401);
    expectError(await app.inject({ method: 'POST', url: url(id, '/detect'), headers: bearer(viewer) }), 403);
    // The player's read: an unknown episode, a bad id.
    expectError(await app.inject({ url: '/api/episodes/99999999/markers' }), 404);
    expectError(await app.inject({ url: '/api/episodes/abc/markers' }), 400, 'id');
  });

  it('"Skip recaps and intros automatically" is kept for the account and never applies in the first episode of a series watched', async () => {
    const watch = async (id: number) => {
      const res = await app.inject({ url: `/api/episodes?episodeId=${id}`, headers: bearer(viewer) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ body: { episode: { auto_skip: boolean; auto_skip_here: boolean } } }>().body.episode;
    };
    const save = (value: unknown, id = viewerId) =>
      app.inject({
        method: 'POST',
        url: `/api/user/${id}/player-settings`,
        headers: bearer(viewer),
        payload: { auto_skip: value },
      });
    expect(await watch(ids[1]!)).toMatchObject({ auto_skip: false, auto_skip_here: false });
    const saved = await save('true');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ message: string }>().message).toBe(PLAYBACK_TEXTS.playerSettingsSaved);
    // On, but no other episode of the series watched yet: this is the first.
    expect(await watch(ids[1]!)).toMatchObject({ auto_skip: true, auto_skip_here: false });
    await t.db.query(
      `INSERT INTO watch_history (user_id, episode_id, position_seconds, duration_seconds) VALUES ($1, $2, 60, 110)`,
      [viewerId, ids[0]],
    );
    expect(await watch(ids[1]!)).toMatchObject({ auto_skip: true, auto_skip_here: true });
    // The episode watched is still the first one of the series for itself.
    expect(await watch(ids[0]!)).toMatchObject({ auto_skip: true, auto_skip_here: false });
    expect((await save('0')).statusCode).toBe(200);
    expect(await watch(ids[1]!)).toMatchObject({ auto_skip: false, auto_skip_here: false });
    expectError(await save('maybe'), 400, 'auto_skip');
    expectError(await save('true', viewerId + 1000), 403);
  });

  it("the series page's minutes of story follow an operator's edits (its cached answer is dropped)", async () => {
    const id = ids[0]!;
    const minutes = async () => (await seriesPage()).find((e) => e.episode_id === id)!;
    const first = await minutes();
    expect(first.story_minutes).toBeNull();
    const duration = Number(
      (await t.db.query<{ d: number }>('SELECT duration_minutes AS d FROM episodes WHERE id = $1', [id]))[0]!.d,
    );
    expect(duration).toBeGreaterThan(10);
    const added = await app.inject({
      method: 'POST',
      url: url(id),
      headers: bearer(operator),
      payload: { kind: 'recap', start_seconds: 0, end_seconds: 300 },
    });
    expect(added.statusCode, added.body).toBe(201);
    await eventually(async () => expect((await minutes()).story_minutes).toBe(duration - 5), 10_000);
    const edited = await app.inject({
      method: 'PATCH',
      url: url(id, '/recap'),
      headers: bearer(operator),
      payload: { end_seconds: 120 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually(async () => expect((await minutes()).story_minutes).toBe(duration - 2), 10_000);
    const removed = await app.inject({ method: 'DELETE', url: url(id, '/recap'), headers: bearer(operator) });
    expect(removed.statusCode, removed.body).toBe(200);
    await eventually(async () => expect((await minutes()).story_minutes).toBeNull(), 10_000);
  });

  it('new media queues markers for the episode and its neighbours, once while one waits', async () => {
    const repo = createIngestRepository(t.db);
    // The runner would take them: the queue is read in this transaction's view.
    const queued = await t.db.transaction(async (tx) => {
      const r = createIngestRepository(tx);
      const first = await r.enqueueMarkersAround(ids[2]!, null, 3);
      const second = await r.enqueueMarkersAround(ids[2]!, null, 3);
      const kinds = await tx.query<{ episode_id: string; kind: string }>(
        `SELECT episode_id, kind FROM media_jobs WHERE id = ANY($1::bigint[]) ORDER BY episode_id`,
        [first],
      );
      return { first, second, kinds };
    });
    // Episode 3 is the last: itself and episode 2; nothing twice.
    expect(queued.kinds.map((k) => [Number(k.episode_id), k.kind])).toEqual([
      [ids[1], 'markers'],
      [ids[2], 'markers'],
    ]);
    expect(queued.second).toEqual([]);
    // An episode without media gets no job.
    expect(await repo.enqueueMarkers([lone], null, 3)).toEqual([]);
  });
});
