import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  CATALOGUE_TEXTS,
  MAX_CATALOGUE_IMAGE_BYTES,
  type AdminImageBody,
  type AdminMovie,
  type AdminPerson,
  type AdminPromotion,
  type AdminSeries,
  type AdminTitlesBody,
  type AuditLogBody,
  type PromotionBody,
  type PublishEpisodeBody,
  type SeriesDetailBody,
  type SeriesListBody,
  type SearchBody,
} from '@bosphorus/contract';
import { runAdmin } from '../../cli/admin.js';
import { loadConfig } from '../../config.js';
import { insertUser, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  eventually,
  expectError,
  postForm,
  signIn,
  type TestApp,
} from '../../../test/harness.js';

// Issue 17, decision 0088: the console's Catalogue section. Every write is
// audited with its values before and after, names the field it refuses,
// and reaches the public answers of every instance at once (the change
// feed); an episode published here notifies its followers exactly once.

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4e89' } })
    .png()
    .toBuffer();

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string } | null) {
  const boundary = `----bos${uniq()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('operator console: catalogue', (t) => {
  let app: TestApp;
  /** A second instance holding public answers for a minute, as production would. */
  let other: TestApp;
  let operator: { id: number; email: string; token: string };
  let viewer: { token: string };
  let dataDir: string;
  let mediaDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'bos-catalogue-admin-'));
    mediaDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'bos-catalogue-media-'));
    app = await buildTestApp(t.db, { dataDir, media: { ...loadConfig({}).media, dir: mediaDir } });
    other = await buildTestApp(t.db, { catalogueCacheSeconds: 60 });
    const op = await insertUser(t.db, { role: 'admin' });
    operator = { id: op.id, email: op.email, token: (await signIn(app, op.email, op.password)).token };
    const v = await insertUser(t.db);
    viewer = { token: (await signIn(app, v.email, v.password)).token };
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const get = async <T>(url: string, on: TestApp = app) => {
    const res = await on.inject({ url, headers: bearer(operator.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: T }>().body;
  };
  const publicBody = async <T>(on: TestApp, url: string) => {
    const res = await on.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: T }>().body;
  };
  const search = async (on: TestApp, q: string) => {
    const res = await postForm(on, '/api/search', { q });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: SearchBody }>().body;
  };
  const post = (url: string, form: Record<string, string | number> = {}, token = operator.token) =>
    postForm(app, url, form, bearer(token));
  const ok = async <T>(res: { statusCode: number; body: string; json: <B>() => B }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: T }>().body;
  };
  const del = (url: string) => app.inject({ method: 'DELETE', url, headers: bearer(operator.token) });
  const audits = async (type: string, id: string | number) =>
    (await get<AuditLogBody>(`/api/admin/audit-log?target_type=${type}&target_id=${id}`)).entries;
  const upload = (kind: string, file: { name: string; bytes: Buffer; type: string } | null, token = operator.token) => {
    const body = multipart({ kind }, file);
    return app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/images',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  const seriesForm = (title: string, extra: Record<string, string | number> = {}) => ({
    title,
    original_title: `${title} (original)`,
    description: 'İstanbul’da bir aile.',
    year: 2024,
    status: 'ongoing',
    published: 'true',
    genres: '4,8',
    popularity: 10,
    ...extra,
  });

  describe('images', () => {
    it('writes a poster at every IMAGE_WIDTHS width as WebP, served under /uploads', async () => {
      const res = await upload('poster', { name: 'p.png', bytes: await png(900, 1200), type: 'image/png' });
      const body = await ok<AdminImageBody>(res);
      expect(body.file).toMatch(/^poster-[0-9a-f]{32}\.webp$/);
      expect(body.files).toEqual([
        body.file.replace('.webp', '-240.webp'),
        body.file.replace('.webp', '-360.webp'),
        body.file,
      ]);
      for (const [file, width] of [
        [body.files[0]!, 240],
        [body.file, 480],
      ] as const) {
        const served = await app.inject({ url: `/uploads/${file}` });
        expect(served.statusCode).toBe(200);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: width * 1.5 });
      }
      const person = await ok<AdminImageBody>(
        await upload('person', { name: 'a.png', bytes: await png(500, 400), type: 'image/png' }),
      );
      expect(person.files).toEqual([person.file]);
    });

    it('refuses a file that is not a picture by its bytes (whatever its name), and an empty one, naming file', async () => {
      const fake = await upload('cover', {
        name: 'x.png',
        bytes: Buffer.from('<html>not an image</html>'),
        type: 'image/png',
      });
      expectError(fake, 400, 'file');
      expect(fake.json<{ error: string }>().error).toBe(`file: ${CATALOGUE_TEXTS.imageType}`);
      expectError(await upload('cover', null), 400, 'file');
      // Over the size limit: 413, whatever it holds.
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_CATALOGUE_IMAGE_BYTES + 1)]);
      expectError(await upload('cover', { name: 'big.png', bytes: big, type: 'image/png' }), 413);
      expectError(await upload('banner', { name: 'x.png', bytes: await png(10, 10), type: 'image/png' }), 400, 'kind');
      // Not an operator: refused before the body.
      expectError(
        await upload('cover', { name: 'x.png', bytes: await png(10, 10), type: 'image/png' }, viewer.token),
        403,
      );
    });

    it('a smaller copy an older upload never had is served as its master, never a 404', async () => {
      const name = `legacy-${uniq()}-poster.webp`;
      fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      fs.writeFileSync(
        path.join(dataDir, 'uploads', name),
        await sharp(await png(48, 72))
          .webp()
          .toBuffer(),
      );
      const copy = await app.inject({ url: `/uploads/${name.replace('.webp', '-240.webp')}` });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect((await sharp(copy.rawPayload).metadata()).width).toBe(48);
      expectError(await app.inject({ url: `/uploads/nothing-${uniq()}-poster-240.webp` }), 404);
      expectError(await app.inject({ url: `/uploads/${name.replace('.webp', '-241.webp')}` }), 404);
    });
  });

  describe('series, seasons and episodes', () => {
    it('creates a series with every field, shows it on every instance at once, and audits it', async () => {
      const key = uniq();
      const poster = await ok<AdminImageBody>(
        await upload('poster', { name: 'p.png', bytes: await png(480, 720), type: 'image/png' }),
      );
      const photo = await ok<AdminImageBody>(
        await upload('person', { name: 'a.png', bytes: await png(320, 320), type: 'image/png' }),
      );
      const person = await ok<AdminPerson>(
        await post('/api/admin/catalogue/people', { name: `Şükrü Özyıldız ${key}`, image: photo.file }),
      );
      // The other instance holds the series list before the write.
      const listBefore = await publicBody<SeriesListBody>(other, '/api/series?sort=A-Z');

      const created = await ok<AdminSeries>(
        await post(
          '/api/admin/catalogue/series',
          seriesForm(`Yalı ${key}`, {
            alt_titles: `The Mansion ${key}\nYali`,
            image: poster.file,
            trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            featured_rank: 3,
            cast: String(person.id),
          }),
        ),
      );
      expect(created).toMatchObject({
        kind: 'series',
        title: `Yalı ${key}`,
        alt_titles: [`The Mansion ${key}`, 'Yali'],
        status: 'ongoing',
        image: poster.file,
        featured_rank: 3,
        published: true,
        avg_rating: null,
        reviews: 0,
        seasons: [],
      });
      expect(created.genres.map((g) => g.id)).toEqual([4, 8]);
      expect(created.cast).toEqual([{ id: person.id, name: person.name, image: photo.file }]);

      const detail = await publicBody<SeriesDetailBody>(other, `/api/series/${created.id}`);
      expect(detail.series).toMatchObject({ serie_title: `Yalı ${key}`, serie_trailer: created.trailer });
      // Lists and search see it at once (ranks and search text refreshed).
      await eventually(async () => {
        const list = await publicBody<SeriesListBody>(other, '/api/series?sort=A-Z&page=1');
        expect(list.total_pages).toBeGreaterThanOrEqual(listBefore.total_pages);
      });
      const found = await search(other, `mansion ${key}`);
      expect(found.series.map((s) => s.serie_id)).toContain(created.id);
      const bySearch = await get<AdminTitlesBody>(`/api/admin/catalogue/titles?q=${encodeURIComponent(`YALI ${key}`)}`);
      expect(bySearch.titles.map((x) => [x.kind, x.id])).toEqual([['series', created.id]]);

      const [entry] = await audits('series', created.id);
      expect(entry).toMatchObject({
        action: 'series.create',
        actor: operator.email,
        actor_id: operator.id,
        before: null,
      });
      expect(entry!.after).toMatchObject({ title: `Yalı ${key}`, genres: [4, 8], cast: [person.id], featured_rank: 3 });

      // An edit: every instance drops its copy; the audit has before and after.
      const edited = await ok<AdminSeries>(
        await post(
          `/api/admin/catalogue/series/${created.id}`,
          seriesForm(`Yalı ${key}`, { status: 'ended', genres: '4', image: poster.file, description: 'Yeni.' }),
        ),
      );
      expect(edited).toMatchObject({ status: 'ended', description: 'Yeni.', cast: [], featured_rank: null });
      await eventually(async () => {
        const again = await publicBody<SeriesDetailBody>(other, `/api/series/${created.id}`);
        expect(again.series.serie_completion).toBe('ended');
      });
      const [edit] = await audits('series', created.id);
      expect(edit).toMatchObject({ action: 'series.edit', actor: operator.email });
      expect(edit!.before).toMatchObject({
        status: 'ongoing',
        description: 'İstanbul’da bir aile.',
        cast: [person.id],
      });
      expect(edit!.after).toMatchObject({ status: 'ended', description: 'Yeni.', cast: [] });
    });

    it('refuses bad input with a 400 naming the field, and unknown ids with 404', async () => {
      const url = '/api/admin/catalogue/series';
      const refusals: [Record<string, string | number>, string][] = [
        [seriesForm(''), 'title'],
        [seriesForm('X', { year: 1800 }), 'year'],
        [seriesForm('X', { year: 'soon' }), 'year'],
        [seriesForm('X', { status: 'paused' }), 'status'],
        [seriesForm('X', { genres: '4,999' }), 'genres'],
        [seriesForm('X', { genres: 'drama' }), 'genres'],
        [seriesForm('X', { cast: '999999999' }), 'cast'],
        [seriesForm('X', { trailer: 'https://example.com/video' }), 'trailer'],
        [seriesForm('X', { image: '../../etc/passwd' }), 'image'],
        [seriesForm('X', { image: `poster-${'0'.repeat(32)}.webp` }), 'image'],
        [seriesForm('X', { cover: 'http://insecure.example/x.jpg' }), 'cover'],
        [seriesForm('X', { featured_rank: 0 }), 'featured_rank'],
      ];
      for (const [form, field] of refusals) expectError(await post(url, form), 400, field);
      const genres = await post(url, seriesForm('X', { genres: '4,999' }));
      expect(genres.json<{ error: string }>().error).toBe(`genres: ${CATALOGUE_TEXTS.unknownGenres([999])}`);
      expectError(await post('/api/admin/catalogue/series/999999999', seriesForm('X')), 404);
      expectError(
        await app.inject({ url: '/api/admin/catalogue/series/999999999', headers: bearer(operator.token) }),
        404,
      );
      expectError(
        await app.inject({ url: '/api/admin/catalogue/movies/abc', headers: bearer(operator.token) }),
        400,
        'id',
      );
      expectError(await post('/api/admin/catalogue/series/999999999/seasons', { season_number: 1, title: 'S' }), 404);
      expectError(
        await post('/api/admin/catalogue/seasons/999999999/episodes', {
          episode_number: 1,
          title: 'E',
          publish_now: 'true',
        }),
        404,
      );
      expectError(await post('/api/admin/catalogue/episodes/999999999/publish'), 404);
      expectError(await del('/api/admin/catalogue/episodes/999999999'), 404);
      expectError(await del('/api/admin/catalogue/people/999999999'), 404);
      expectError(await del('/api/admin/catalogue/promotions/999999999'), 404);
    });

    it('seasons and episodes: scheduled or published now, followers notified exactly once, removals that would break things refused', async () => {
      const key = uniq();
      const show = await ok<AdminSeries>(await post('/api/admin/catalogue/series', seriesForm(`Kuzey ${key}`)));
      const season = await ok<{ id: number }>(
        await post(`/api/admin/catalogue/series/${show.id}/seasons`, { season_number: 1, title: 'Sezon 1' }),
      );
      const twice = await post(`/api/admin/catalogue/series/${show.id}/seasons`, { season_number: 1, title: 'Again' });
      expectError(twice, 409, 'season_number');
      expect(twice.json<{ error: string }>().error).toBe(CATALOGUE_TEXTS.seasonNumberTaken(1));

      // A follower of the series.
      const fan = await insertUser(t.db);
      const fanToken = (await signIn(app, fan.email, fan.password)).token;
      await t.db.query("INSERT INTO series_follows (user_id, series_id, notify) VALUES ($1, $2, 'new_episodes')", [
        fan.id,
        show.id,
      ]);
      const notifications = async () =>
        (
          await t.db.query<{ episode_id: number }>('SELECT episode_id FROM notifications WHERE user_id = $1', [fan.id])
        ).map((n) => Number(n.episode_id));

      const episodes = `/api/admin/catalogue/seasons/${season.id}/episodes`;
      expectError(await post(episodes, { episode_number: 1, title: 'Bölüm 1' }), 400, 'publish_at');
      const past = await post(episodes, { episode_number: 1, title: 'Bölüm 1', publish_at: '2020-01-01T10:00:00Z' });
      expectError(past, 400, 'publish_at');
      expect(past.json<{ error: string }>().error).toBe(`publish_at: ${CATALOGUE_TEXTS.publishTimeFuture}`);
      expectError(
        await post(episodes, { episode_number: 1, title: 'B', publish_at: 'tomorrow-ish' }),
        400,
        'publish_at',
      );

      // Scheduled: not out, nobody told.
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await ok<PublishEpisodeBody>(
        await post(episodes, { episode_number: 1, title: 'Bölüm 1', duration_minutes: 120, publish_at: later }),
      );
      expect(scheduled.episode).toMatchObject({
        episode_number: 1,
        out: false,
        playable: false,
        duration_minutes: 120,
      });
      expect(scheduled.notified).toBe(0);
      expect(await notifications()).toEqual([]);
      const hidden = await publicBody<SeriesDetailBody>(other, `/api/series/${show.id}`);
      expect(hidden.series.seasons).toEqual([]);
      expectError(await post(episodes, { episode_number: 1, title: 'Dup', publish_at: later }), 409, 'episode_number');

      // Published now: out on every instance, the follower told once.
      const published = await ok<PublishEpisodeBody>(
        await post(`/api/admin/catalogue/episodes/${scheduled.episode.id}/publish`),
      );
      expect(published).toMatchObject({
        notified: 1,
        message: CATALOGUE_TEXTS.published1('Bölüm 1', 1),
        episode: { id: scheduled.episode.id, out: true },
      });
      expect(await notifications()).toEqual([scheduled.episode.id]);
      await eventually(async () => {
        const out = await publicBody<SeriesDetailBody>(other, `/api/series/${show.id}`);
        expect(out.series.seasons.flatMap((s) => s.episodes.map((e) => e.episode_id))).toEqual([scheduled.episode.id]);
      });
      const bell = await app.inject({ url: `/api/user/${fan.id}/notifications`, headers: bearer(fanToken) });
      expect(
        bell.json<{ body: { notifications: { item_id: number }[] } }>().body.notifications.map((n) => n.item_id),
      ).toContain(scheduled.episode.id);
      // Again: already out, nobody told twice.
      const again = await ok<PublishEpisodeBody>(
        await post(`/api/admin/catalogue/episodes/${scheduled.episode.id}/publish`),
      );
      expect(again).toMatchObject({ notified: 0, message: CATALOGUE_TEXTS.alreadyOut('Bölüm 1') });
      expect(await notifications()).toEqual([scheduled.episode.id]);
      const [publishEntry] = await audits('episode', scheduled.episode.id);
      expect(publishEntry).toMatchObject({ action: 'episode.publish', actor: operator.email });

      // A new episode published now, made and announced on one transaction.
      const now = await ok<PublishEpisodeBody>(
        await post(episodes, { episode_number: 2, title: 'Bölüm 2', publish_now: 'on', season_finale: '1' }),
      );
      expect(now).toMatchObject({ notified: 1, episode: { out: true, season_finale: true, episode_number: 2 } });
      expect((await notifications()).sort()).toEqual([scheduled.episode.id, now.episode.id].sort());
      expect((await audits('episode', now.episode.id)).map((e) => e.action)).toEqual([
        'episode.publish',
        'episode.create',
      ]);

      // Edit: a new time schedules it again.
      const edited = await ok<PublishEpisodeBody>(
        await post(`/api/admin/catalogue/episodes/${now.episode.id}`, {
          episode_number: 2,
          title: 'Bölüm 2: Dönüş',
          publish_at: later,
        }),
      );
      expect(edited.episode).toMatchObject({ title: 'Bölüm 2: Dönüş', out: false });
      const [edit] = await audits('episode', now.episode.id);
      expect(edit).toMatchObject({
        action: 'episode.edit',
        before: { title: 'Bölüm 2' },
        after: { title: 'Bölüm 2: Dönüş' },
      });

      // The whole series as the console reads it.
      const whole = await get<AdminSeries>(`/api/admin/catalogue/series/${show.id}`);
      expect(whole.seasons.map((s) => [s.season_number, s.episodes.map((e) => e.episode_number)])).toEqual([
        [1, [1, 2]],
      ]);

      // Removals that would break things are 409s saying what.
      const seasonGone = await del(`/api/admin/catalogue/seasons/${season.id}`);
      expectError(seasonGone, 409);
      expect(seasonGone.json<{ error: string }>().error).toBe(CATALOGUE_TEXTS.seasonHasEpisodes('Sezon 1', 2));
      const seriesGone = await del(`/api/admin/catalogue/series/${show.id}`);
      expectError(seriesGone, 409);
      expect(seriesGone.json<{ error: string }>().error).toBe(CATALOGUE_TEXTS.seriesHasSeasons(`Kuzey ${key}`, 1));
      // A transcode waiting for an episode holds it.
      await t.db.query(`INSERT INTO media_uploads (id, file_name, size) VALUES ($1, 'x.mp4', 1)`, [
        'a'.repeat(30) + '01',
      ]);
      const [job] = await t.db.query<{ id: number }>(
        `INSERT INTO media_jobs (episode_id, upload_id) VALUES ($1, $2) RETURNING id`,
        [now.episode.id, 'a'.repeat(30) + '01'],
      );
      const held = await del(`/api/admin/catalogue/episodes/${now.episode.id}`);
      expectError(held, 409);
      expect(held.json<{ error: string }>().error).toBe(CATALOGUE_TEXTS.transcodeRunning(Number(job!.id)));
      await t.db.query(`UPDATE media_jobs SET state = 'failed' WHERE id = $1`, [job!.id]);

      for (const id of [scheduled.episode.id, now.episode.id])
        expect((await del(`/api/admin/catalogue/episodes/${id}`)).statusCode).toBe(200);
      expect((await del(`/api/admin/catalogue/seasons/${season.id}`)).statusCode).toBe(200);
      expect((await del(`/api/admin/catalogue/series/${show.id}`)).statusCode).toBe(200);
      expectError(await app.inject({ url: `/api/series/${show.id}` }), 404);
      const [gone] = await audits('series', show.id);
      expect(gone).toMatchObject({ action: 'series.delete', after: null, before: { title: `Kuzey ${key}` } });
    });

    it('the CLI publish-episode goes through the same service and is audited as cli', async () => {
      const show = await ok<AdminSeries>(await post('/api/admin/catalogue/series', seriesForm(`Cli ${uniq()}`)));
      const result = await runAdmin(t.db, ['publish-episode', String(show.id)]);
      expect(result.code, result.out.join('\n')).toBe(0);
      const episodeId = Number(result.out[0]);
      const [entry] = await audits('episode', episodeId);
      expect(entry).toMatchObject({
        action: 'episode.publish',
        actor: 'cli',
        actor_id: null,
        after: { series_id: show.id, created: true, notified: 0 },
      });
    });
  });

  describe('movies, people and the promotion banner', () => {
    it('a movie: created, edited, its frame refused without a video, removed', async () => {
      const key = uniq();
      const form = {
        title: `Ahlat ${key}`,
        original_title: `Ahlat Ağacı ${key}`,
        year: 2018,
        duration_minutes: 188,
        genres: '4',
        published: '',
      };
      const movie = await ok<AdminMovie>(await post('/api/admin/catalogue/movies', form));
      expect(movie).toMatchObject({
        kind: 'movie',
        duration_minutes: 188,
        published: false,
        playable: false,
        has_frame: false,
      });
      // Not published: not on the site.
      expectError(await app.inject({ url: `/api/movies/${movie.id}` }), 404);
      const shown = await ok<AdminMovie>(
        await post(`/api/admin/catalogue/movies/${movie.id}`, { ...form, published: 'true' }),
      );
      expect(shown.published).toBe(true);
      expect((await app.inject({ url: `/api/movies/${movie.id}` })).statusCode).toBe(200);
      const frame = await post(`/api/admin/catalogue/movies/${movie.id}/frame`);
      expectError(frame, 409);
      expect(frame.json<{ error: string }>().error).toBe(CATALOGUE_TEXTS.noFrame);
      expect((await del(`/api/admin/catalogue/movies/${movie.id}`)).statusCode).toBe(200);
      expect((await audits('movie', movie.id)).map((e) => e.action)).toEqual([
        'movie.delete',
        'movie.edit',
        'movie.create',
      ]);
      expectError(await del(`/api/admin/catalogue/movies/${movie.id}`), 404);
    });

    it("the transcode's poster frame becomes a movie's cover at every size, audited", async () => {
      const key = uniq();
      const movie = await ok<AdminMovie>(
        await post('/api/admin/catalogue/movies', { title: `Kare ${key}`, original_title: `Kare ${key}`, year: 2024 }),
      );
      // What a finished transcode leaves (decision 0086): its folder, attached to the movie.
      const folder = `ingest/movie-${movie.id}/job-1-1`;
      fs.mkdirSync(path.join(mediaDir, folder), { recursive: true });
      fs.writeFileSync(path.join(mediaDir, folder, 'master.m3u8'), '#EXTM3U\n');
      fs.writeFileSync(path.join(mediaDir, folder, 'progressive.mp4'), Buffer.alloc(16));
      const frame = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#7a3b12' } })
        .jpeg()
        .toBuffer();
      fs.writeFileSync(path.join(mediaDir, folder, 'poster.jpg'), frame);
      await t.db.query(`INSERT INTO media_renditions (movie_id, kind, path) VALUES ($1, 'hls', $2), ($1, 'mp4', $3)`, [
        movie.id,
        `${folder}/master.m3u8`,
        `${folder}/progressive.mp4`,
      ]);
      expect(await get<AdminMovie>(`/api/admin/catalogue/movies/${movie.id}`)).toMatchObject({
        playable: true,
        has_frame: true,
        cover: '',
      });
      const used = await ok<AdminImageBody>(await post(`/api/admin/catalogue/movies/${movie.id}/frame`));
      expect(used.file).toMatch(/^cover-[0-9a-f]{32}\.webp$/);
      expect(used.files).toHaveLength(3);
      const served = await app.inject({ url: `/uploads/${used.file.replace('.webp', '-640.webp')}` });
      expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
      expect((await get<AdminMovie>(`/api/admin/catalogue/movies/${movie.id}`)).cover).toBe(used.file);
      const [entry] = await audits('movie', movie.id);
      expect(entry).toMatchObject({ action: 'movie.frame', before: { cover: '' }, after: { cover: used.file } });
    });

    it('people: a rename reaches search; one in a cast is not removed (409)', async () => {
      const key = uniq();
      const person = await ok<AdminPerson>(await post('/api/admin/catalogue/people', { name: `Hazal ${key}` }));
      const movie = await ok<AdminMovie>(
        await post('/api/admin/catalogue/movies', {
          title: `Kış ${key}`,
          original_title: `Kış ${key}`,
          year: 2020,
          published: 'true',
          cast: String(person.id),
        }),
      );
      await ok(await post(`/api/admin/catalogue/people/${person.id}`, { name: `Hazal Kaya ${key}` }));
      const found = await search(app, `kaya ${key}`);
      expect(found.movies.map((m) => m.movie_id)).toContain(movie.id);
      const refused = await del(`/api/admin/catalogue/people/${person.id}`);
      expectError(refused, 409);
      expect(refused.json<{ error: string }>().error).toBe(CATALOGUE_TEXTS.personInCast(`Hazal Kaya ${key}`, 1));
      const people = await get<{ people: AdminPerson[] }>(
        `/api/admin/catalogue/people?q=${encodeURIComponent(`kaya ${key}`)}`,
      );
      expect(people.people.map((p) => p.id)).toEqual([person.id]);
      const [entry] = await audits('person', person.id);
      expect(entry).toMatchObject({
        action: 'person.edit',
        before: { name: `Hazal ${key}` },
        after: { name: `Hazal Kaya ${key}` },
      });
    });

    it('the promotion banner: the site shows the active one at once; ends_at before starts_at is refused', async () => {
      await publicBody<PromotionBody>(other, '/api/get-promotion-text');
      const text = `Yeni sezon ${uniq()}`;
      const created = await ok<AdminPromotion>(
        await post('/api/admin/catalogue/promotions', { text, color: 'blue', active: 'true' }),
      );
      expect(created).toMatchObject({ text, color: 'blue', active: true, ends_at: null });
      await eventually(async () =>
        expect(await publicBody<PromotionBody>(other, '/api/get-promotion-text')).toEqual({ text, color: 'blue' }),
      );
      const bad = await post('/api/admin/catalogue/promotions', {
        text,
        color: 'red',
        starts_at: '2026-12-01T00:00:00Z',
        ends_at: '2026-11-01T00:00:00Z',
      });
      expectError(bad, 400, 'ends_at');
      expectError(await post('/api/admin/catalogue/promotions', { text, color: 'green' }), 400, 'color');
      expect((await del(`/api/admin/catalogue/promotions/${created.id}`)).statusCode).toBe(200);
      await eventually(async () =>
        expect((await publicBody<PromotionBody>(other, '/api/get-promotion-text')).text).not.toBe(text),
      );
      const [entry] = await audits('promotion', created.id);
      expect(entry).toMatchObject({ action: 'promotion.delete', before: { text } });
    });

    it("another operator's write is audited under their own name", async () => {
      const second = await insertUser(t.db, { role: 'admin' });
      const token = (await signIn(app, second.email, second.password)).token;
      const person = await ok<AdminPerson>(
        await post('/api/admin/catalogue/people', { name: `Kerem ${uniq()}` }, token),
      );
      const [entry] = await audits('person', person.id);
      expect(entry).toMatchObject({ action: 'person.create', actor: second.email, actor_id: second.id });
    });
  });
});
