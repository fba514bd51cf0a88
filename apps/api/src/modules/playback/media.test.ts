import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  API_ERRORS,
  PLAYBACK_TEXTS,
  PLAYER_INFO_ELEMENT_ID,
  type PlayerInfo,
  type WatchMovieBody,
} from '@bosphorus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, insertActivePlan, insertUser, movie, setVideoClip, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  eventually,
  expectError,
  idOf,
  postForm,
  seedCatalogue,
  signIn,
  type SignedIn,
  type TestApp,
} from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { deriveKey, type Secrets } from '../../lib/secrets.js';
import { FILE_RATE_LIMIT_PER_MINUTE } from '../../plugins/security.js';
import { createPlaybackTokens } from './playback-token.js';
import { redactUrl } from './media.routes.js';

// GET|HEAD /media/{playback token}/{file} (decision 0018): every playlist,
// segment, subtitle file and MP4 answers only to a valid token for its own
// video; nothing else gets a byte.

const MEDIA_DIR = loadConfig({}).media.dir;
const clipDir = (clip: string) => path.join(MEDIA_DIR, 'demo', clip);

/** Every file of a clip folder, relative ('subs/en.vtt'), with its bytes. */
function clipFiles(clip: string): Array<{ rel: string; bytes: Buffer }> {
  const root = clipDir(clip);
  const walk = (prefix: string): string[] =>
    fs.readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? walk(rel) : [rel];
    });
  return walk('').map((rel) => ({ rel, bytes: fs.readFileSync(path.join(root, rel)) }));
}

/** A GET whose path goes on the wire exactly as written (no client normalises '..'). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SECRETS: Secrets = { jwtSecret: 'media-test-'.padEnd(48, 'x'), altchaHmacKey: 'altcha-'.padEnd(48, 'y') };
const PLAYBACK_KEY = deriveKey(SECRETS.jwtSecret, 'playback-token-v1');
const APP_ORIGIN = 'http://localhost:3000';
const BACKUP_ORIGIN = 'http://backup-media.test:3000';

const CONTENT_TYPES: Record<string, RegExp> = {
  '.m3u8': /^application\/vnd\.apple\.mpegurl/,
  '.m4s': /^video\/iso\.segment/,
  '.mp4': /^video\/mp4/,
  '.vtt': /^text\/vtt/,
  '.webm': /^video\/webm/,
};

/** True when the answer carries any recognisable part of the file. */
function leaks(payload: Buffer, file: Buffer): boolean {
  const probe = file.subarray(0, Math.min(64, file.length));
  return payload.includes(probe) || (file.length > 200 && payload.includes(file.subarray(100, 164)));
}

function expectRefused(
  res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  file: Buffer,
) {
  expect(res.statusCode).toBe(403);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(res.rawPayload.toString())).toEqual({ error: PLAYBACK_TEXTS.mediaRefused });
  expect(leaks(res.rawPayload, file)).toBe(false);
}

/** The site at PUBLIC_URL (APP_ORIGIN, decision 0034), its backup media server elsewhere. */
function testConfig(overrides: Partial<Config> = {}): Partial<Config> {
  return {
    publicUrl: APP_ORIGIN,
    media: { ...loadConfig({ PUBLIC_URL: APP_ORIGIN }).media, backupOrigin: BACKUP_ORIGIN },
    ...overrides,
  };
}

describeEachDatabase('protected media', (t) => {
  let app: TestApp;
  let session: SignedIn;
  let other: SignedIn;
  const key = uniq();
  let ferryId: number;
  let bazaarId: number;
  let hiddenId: number;
  let bareId: number;
  let ferryToken: string;
  let ferryExpiresAt: string;
  let bazaarToken: string;
  const ferry = clipFiles('ferry');
  const bazaar = clipFiles('bazaar');
  const bytesOf = (files: typeof ferry, rel: string) => files.find((f) => f.rel === rel)!.bytes;

  const watch = async (id: number, s: SignedIn, on: TestApp = app) => {
    const res = await on.inject({ url: `/api/movies/${id}/watch`, headers: bearer(s.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: WatchMovieBody }>().body.movie;
  };

  beforeAll(async () => {
    app = await buildTestApp(t.db, testConfig(), { secrets: SECRETS });
    const titles = ['Ferry', 'Bazaar', 'Hidden', 'Bare'].map((name) => `${name} Movie ${key}`);
    await seedCatalogue(t.db, catalogue({ movies: titles.map((title) => movie({ title })) }));
    [ferryId, bazaarId, hiddenId, bareId] = (await Promise.all(titles.map((title) => idOf(t.db, 'movies', title)))) as [
      number,
      number,
      number,
      number,
    ];
    await setVideoClip(t.db, 'movie', ferryId, 'ferry');
    await setVideoClip(t.db, 'movie', bazaarId, 'bazaar');
    await setVideoClip(t.db, 'movie', hiddenId, 'ferry');
    await setVideoClip(t.db, 'movie', bareId, null);
    await t.db.query('UPDATE movies SET published = false WHERE id = $1', [hiddenId]);
    const [a, b] = await Promise.all([insertUser(t.db), insertUser(t.db)]);
    await insertActivePlan(t.db, a!.id);
    await insertActivePlan(t.db, b!.id);
    session = await signIn(app, a!.email, a!.password);
    other = await signIn(app, b!.email, b!.password);
    const m = await watch(ferryId, session);
    ferryToken = m.playback_token;
    ferryExpiresAt = m.playback_expires_at;
    bazaarToken = (await watch(bazaarId, session)).playback_token;
  });
  afterAll(() => app?.close());

  it('serves every file of the video with its token: its bytes, its type, private caching until the token ends', async () => {
    expect(ferry.length).toBeGreaterThanOrEqual(12);
    const secondsLeft = (Date.parse(ferryExpiresAt) - Date.now()) / 1000;
    for (const { rel, bytes } of ferry) {
      const res = await app.inject(`/media/${ferryToken}/${rel}`);
      expect(res.statusCode, rel).toBe(200);
      expect(res.rawPayload.equals(bytes), rel).toBe(true);
      expect(res.headers['content-type'], rel).toMatch(CONTENT_TYPES[path.extname(rel)]!);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge, rel).toBeGreaterThan(0);
      expect(maxAge, rel).toBeLessThanOrEqual(secondsLeft + 1);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['accept-ranges']).toBe('bytes');
    }
  });

  it('answers info.json with everything the player page needs, paths relative to the token folder', async () => {
    const res = await app.inject(`/media/${ferryToken}/info.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const info = res.json<PlayerInfo>();
    expect(info).toEqual({
      title: `Ferry Movie ${key}`,
      hls: 'master.m3u8',
      mp4: 'progressive.mp4',
      webm: 'progressive.webm',
      subtitles: [
        { language: 'en', label: 'English', src: 'subs/en.vtt', default: true },
        { language: 'tr', label: 'Turkish', src: 'subs/tr.vtt', default: false },
      ],
      backup_origin: BACKUP_ORIGIN,
      expires_at: ferryExpiresAt,
      app_origin: APP_ORIGIN,
    });
    // The English track shows a line within the first second.
    const vtt = await app.inject(`/media/${ferryToken}/${info.subtitles[0]!.src}`);
    const first = /(\d\d):(\d\d):(\d\d)\.(\d{3}) -->/.exec(vtt.body)!;
    expect(Number(first[3]) + Number(first[4]) / 1000).toBeLessThanOrEqual(0.5);
    expect(res.body).not.toContain(session.token);
  });

  it("drops a title's cached file list when its media rows change (the change feed), without waiting 30 s", async () => {
    const languages = async () =>
      (await app.inject(`/media/${bazaarToken}/info.json`)).json<PlayerInfo>().subtitles.map((x) => x.language);
    expect(await languages()).not.toContain('de'); // now held for MEDIA_CACHE_MS
    // A track added behind the server's back (an operator's upload on another instance, the CLI, SQL).
    await t.db.query(
      `INSERT INTO subtitle_tracks (movie_id, language, label, path)
       SELECT movie_id, 'de', 'Deutsch', path FROM subtitle_tracks WHERE movie_id = $1 AND language = 'en'`,
      [bazaarId],
    );
    await eventually(async () => expect(await languages()).toContain('de'), 5_000);
    await t.db.query(`DELETE FROM subtitle_tracks WHERE movie_id = $1 AND language = 'de'`, [bazaarId]);
    await eventually(async () => expect(await languages()).not.toContain('de'), 5_000);
  });

  it('walks every file of the folder without a valid token: 403, no-store, not a byte of media', async () => {
    const [v, kid, payload, mac] = ferryToken.split('.') as [string, string, string, string];
    const claims = Buffer.from(payload, 'base64url').toString().split('|');
    const forged = (fields: string[]) => `${v}.${kid}.${Buffer.from(fields.join('|')).toString('base64url')}.${mac}`;
    const past = createPlaybackTokens({ keys: [PLAYBACK_KEY], ttlSeconds: 60, now: () => Date.now() - 3_600_000 });
    const otherKey = createPlaybackTokens({
      keys: [deriveKey('another-secret'.padEnd(48, 'z'), 'playback-token-v1')],
      ttlSeconds: 3600,
    });
    const badTokens = [
      'x',
      'v1.a.b.c',
      ferryToken.slice(0, -1),
      ferryToken + 'A',
      forged([claims[0]!, claims[1]!, String(bazaarId), claims[3]!, claims[4]!]),
      forged([String(other.userId), ...claims.slice(1)]),
      forged([...claims.slice(0, 3), String(Number(claims[3]) + 86_400), claims[4]!]),
      past.issue(session.userId, 'movie', ferryId).token,
      otherKey.issue(session.userId, 'movie', ferryId).token,
      // Signed by us, but for a withdrawn title and for one without media.
      createPlaybackTokens({ keys: [PLAYBACK_KEY], ttlSeconds: 60 }).issue(session.userId, 'movie', hiddenId).token,
      createPlaybackTokens({ keys: [PLAYBACK_KEY], ttlSeconds: 60 }).issue(session.userId, 'movie', bareId).token,
    ];
    for (const { rel, bytes } of [...ferry, { rel: 'info.json', bytes: Buffer.from('"title"') }]) {
      for (const token of badTokens) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url: `/media/${token}/${rel}` });
          expect(res.statusCode, `${method} ${token} ${rel}`).toBe(403);
          if (method === 'GET') expectRefused(res, bytes);
          else expect(res.rawPayload.length).toBe(0);
        }
      }
      // No token at all, and the folder's own path in every place a server might look.
      for (const url of [
        `/media/${rel}`,
        `/media//${rel}`,
        `/media/demo/ferry/${rel}`,
        `/media/ferry/${rel}`,
        `/demo/ferry/${rel}`,
        `/uploads/../media/demo/ferry/${rel}`,
        `/uploads/..%2f..%2fmedia%2fdemo%2fferry%2f${rel}`,
        `/assets/..%2f..%2fapps%2fapi%2fmedia%2fdemo%2fferry%2f${rel}`,
        `/api/../media/demo/ferry/${rel}`,
        `/media/${rel}?token=${ferryToken}`,
      ]) {
        const res = await app.inject(url);
        expect(res.statusCode, url).not.toBe(200);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(leaks(res.rawPayload, bytes), url).toBe(false);
      }
    }
  });

  it("keeps a token to its own video's folder: no way out by any path", async () => {
    const master = bytesOf(ferry, 'master.m3u8');
    for (const rel of [
      '../ferry/master.m3u8',
      '..%2fferry%2fmaster.m3u8',
      '%2e%2e/ferry/master.m3u8',
      '%2E%2E%2Fferry%2Fmaster.m3u8',
      '..\\ferry\\master.m3u8',
      '..%5cferry%5cmaster.m3u8',
      'subs/../../ferry/master.m3u8',
      '/demo/ferry/master.m3u8',
      'demo/ferry/master.m3u8',
      `${MEDIA_DIR}/demo/ferry/master.m3u8`,
      'master.m3u8%00.vtt',
      '.hidden.vtt',
      '',
    ]) {
      const res = await app.inject(`/media/${bazaarToken}/${rel}`);
      expect([403, 404], rel).toContain(res.statusCode);
      expect(res.headers['cache-control'], rel).toBe('no-store');
      expect(leaks(res.rawPayload, master), rel).toBe(false);
    }
    // The same over real HTTP, where nothing normalises the path on the way in.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const rel of [
      '../ferry/master.m3u8',
      './../ferry/master.m3u8',
      'subs/../../ferry/master.m3u8',
      './master.m3u8',
    ]) {
      const res = await rawGet(port, `/media/${bazaarToken}/${rel}`);
      expect(res.status, rel).toBe(403);
      expect(leaks(res.body, master), rel).toBe(false);
    }
    for (const rel of ['../ferry/master.m3u8', 'master.m3u8']) {
      const res = await rawGet(port, `/media/../media/${ferryToken}/${rel}`);
      expect(res.status, rel).toBe(403);
      expect(leaks(res.body, master), rel).toBe(false);
    }
    // Its own files are the bazaar clip's, never the ferry's.
    const own = await app.inject(`/media/${bazaarToken}/360p_0.m4s`);
    expect(own.rawPayload.equals(bytesOf(bazaar, '360p_0.m4s'))).toBe(true);
    expect(own.rawPayload.equals(bytesOf(ferry, '360p_0.m4s'))).toBe(false);
    // A name that is not in the folder: 404 to the token holder.
    const missing = await app.inject(`/media/${bazaarToken}/720p.m3u8`);
    expect(expectError(missing, 404).error).toBe(PLAYBACK_TEXTS.mediaNotFound);
  });

  it("plays a title that is not out to an operator's token (the console's preview), and to nobody else's", async () => {
    const op = await insertUser(t.db, { role: 'admin' });
    const tokens = createPlaybackTokens({ keys: [PLAYBACK_KEY], ttlSeconds: 60 });
    const operatorToken = tokens.issue(op.id, 'movie', hiddenId).token;
    const viewerToken = tokens.issue(session.userId, 'movie', hiddenId).token;
    const file = await app.inject({ url: `/media/${operatorToken}/progressive.mp4` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytesOf(ferry, 'progressive.mp4'))).toBe(true);
    const info = await app.inject({ url: `/media/${operatorToken}/info.json` });
    expect(info.statusCode).toBe(200);
    expect(info.json<PlayerInfo>().title).toBe(`Hidden Movie ${key}`);
    expect((await app.inject({ url: `/media/${viewerToken}/progressive.mp4` })).statusCode).toBe(403);
    // The role taken away: the preview ends with it.
    await t.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [op.id]);
    expectRefused(
      await app.inject({ url: `/media/${operatorToken}/progressive.mp4` }),
      bytesOf(ferry, 'progressive.mp4'),
    );
  });

  it('lets a token play its video for whoever holds it, and another user gets their own token', async () => {
    const theirs = await watch(ferryId, other);
    expect(theirs.playback_token).not.toBe(ferryToken);
    for (const token of [ferryToken, theirs.playback_token]) {
      expect((await app.inject(`/media/${token}/master.m3u8`)).statusCode).toBe(200);
    }
  });

  it('answers byte ranges of the MP4 (206, 416, HEAD, If-Range)', async () => {
    const mp4 = bytesOf(ferry, 'progressive.mp4');
    const url = `/media/${ferryToken}/progressive.mp4`;
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(mp4.length));
    expect(head.headers['content-type']).toMatch(/^video\/mp4/);
    expect(head.rawPayload.length).toBe(0);

    const part = await app.inject({ url, headers: { range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(0, 1024))).toBe(true);
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const tail = await app.inject({ url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 100))).toBe(true);

    const past = await app.inject({ url, headers: { range: `bytes=${mp4.length + 10}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);

    const stale = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': 'W/"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(mp4.length);
    const fresh = await app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': String(head.headers.etag) } });
    expect(fresh.statusCode).toBe(206);

    // A range without the token is still a 403 with no bytes.
    const refused = await app.inject({ url: '/media/x/progressive.mp4', headers: { range: 'bytes=0-1023' } });
    expectRefused(refused, mp4);
  });

  it('lets only the media origins and the web app read media across origins', async () => {
    const url = `/media/${ferryToken}/master.m3u8`;
    for (const origin of [APP_ORIGIN, BACKUP_ORIGIN]) {
      const res = await app.inject({ url, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(String(res.headers.vary)).toMatch(/origin/i);
      // The player on the other origin must see a refusal as a 403, not a network error.
      const refused = await app.inject({ url: '/media/x/master.m3u8', headers: { origin } });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBe(origin);
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-headers']).toMatch(/range/i);
    }
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001']) {
      const res = await app.inject({ url, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await app.inject({ method: 'OPTIONS', url, headers: { origin } });
      expect(preflight.statusCode).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('refuses a token once its short life is over', async () => {
    const config = testConfig();
    const shortLived = await buildTestApp(
      t.db,
      { ...config, media: { ...config.media!, tokenTtlSeconds: 1 } },
      { secrets: SECRETS },
    );
    try {
      const s = await signIn(shortLived, (await insertPlanUser()).email, lastPassword);
      const m = await watch(ferryId, s, shortLived);
      expect(Date.parse(m.playback_expires_at) - Date.now()).toBeLessThanOrEqual(1_000);
      const url = `/media/${m.playback_token}/master.m3u8`;
      const before = await shortLived.inject(url);
      // Minted on a second boundary, the token may already be at its end.
      if (before.statusCode === 200) expect(before.headers['cache-control']).toMatch(/^private, max-age=[01]$/);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expectRefused(await shortLived.inject(url), bytesOf(ferry, 'master.m3u8'));
      // The same key on the main app: refused there too (expiry is in the token).
      expectRefused(await app.inject(url), bytesOf(ferry, 'master.m3u8'));
    } finally {
      await shortLived.close();
    }
  });

  describe('the player page (decision 0105)', () => {
    let withPage: TestApp;
    let dist: string;
    let nastyToken: string;
    const nastyTitle = `Ferry </script><script>alert(1)</script> ${key}`;
    const PLAYER_HTML =
      '<!doctype html><html><head><!--player-config--></head><body><main id="player"></main></body></html>';
    /** The JSON the page carries for its token, or null without one. */
    const infoIn = (html: string): unknown => {
      const m = new RegExp(`<script type="application/json" id="${PLAYER_INFO_ELEMENT_ID}">([^<]*)</script>`).exec(
        html,
      );
      return m ? JSON.parse(m[1]!) : null;
    };

    beforeAll(async () => {
      dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-player-page-'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
      );
      fs.writeFileSync(path.join(dist, 'player.html'), PLAYER_HTML);
      withPage = await buildTestApp(t.db, { ...testConfig(), webDistDir: dist }, { secrets: SECRETS });
      await seedCatalogue(t.db, catalogue({ movies: [movie({ title: nastyTitle })] }));
      await setVideoClip(t.db, 'movie', await idOf(t.db, 'movies', nastyTitle), 'ferry');
      nastyToken = (await watch(await idOf(t.db, 'movies', nastyTitle), session, withPage)).playback_token;
    });
    afterAll(async () => {
      await withPage?.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it("carries a valid token's info.json, the same as the media route answers, kept by no shared cache", async () => {
      const res = await withPage.inject(`/player?token=${ferryToken}&user_id=${session.userId}&video_type=movie`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const served = (await withPage.inject(`/media/${ferryToken}/info.json`)).json<PlayerInfo>();
      expect(served.title).toBe(`Ferry Movie ${key}`);
      expect(infoIn(res.body)).toEqual(served);
      expect(res.body).not.toContain(session.token);
    });

    it('keeps a title with markup in it inside the data: no element ends early, nothing runs', async () => {
      const html = (await withPage.inject(`/player?token=${nastyToken}`)).body;
      expect((infoIn(html) as PlayerInfo).title).toBe(nastyTitle);
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).not.toContain('alert(1)</script>');
    });

    it('carries nothing where the media route refuses: no token, a bad one, another key, a withdrawn title', async () => {
      const otherKey = createPlaybackTokens({
        keys: [deriveKey('another-secret'.padEnd(48, 'z'), 'playback-token-v1')],
        ttlSeconds: 3600,
      }).issue(session.userId, 'movie', ferryId).token;
      const past = createPlaybackTokens({
        keys: [PLAYBACK_KEY],
        ttlSeconds: 60,
        now: () => Date.now() - 3_600_000,
      }).issue(session.userId, 'movie', ferryId).token;
      const withdrawn = createPlaybackTokens({ keys: [PLAYBACK_KEY], ttlSeconds: 60 }).issue(
        session.userId,
        'movie',
        hiddenId,
      ).token;
      for (const url of [
        '/player',
        '/player?token=abc',
        `/player?token=${ferryToken}x`,
        `/player?token=${ferryToken}&token=${bazaarToken}`,
        `/player?token=${otherKey}`,
        `/player?token=${past}`,
        `/player?token=${withdrawn}`,
      ]) {
        const res = await withPage.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(infoIn(res.body), url).toBeNull();
        expect(res.body, url).toContain('<main id="player">');
      }
    });
  });

  let lastPassword = '';
  async function insertPlanUser() {
    const user = await insertUser(t.db);
    await insertActivePlan(t.db, user.id);
    lastPassword = user.password;
    return user;
  }

  describe('with logs and rate limits on', () => {
    let logged: TestApp;
    const lines: string[] = [];
    let dataDir: string;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-media-log-'));
      const config: Config = {
        ...loadConfig({}),
        ...testConfig(),
        catalogueCacheSeconds: 0,
        rateLimit: true,
        captcha: { provider: 'off', recaptchaSiteKey: null, recaptchaSecret: null },
        dataDir,
        webDistDir: path.join(dataDir, 'no-web-build'),
      };
      logged = await buildApp({
        config,
        db: t.db,
        secrets: SECRETS,
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      });
    });
    afterAll(async () => {
      await logged?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('never writes a playback token or an access token into a log line', async () => {
      const user = await insertPlanUser();
      const s = await signIn(logged, user.email, lastPassword);
      const m = await watch(ferryId, s, logged);
      for (const rel of ['info.json', 'master.m3u8', '360p.m3u8', 'subs/en.vtt']) {
        expect((await logged.inject(`/media/${m.playback_token}/${rel}`)).statusCode).toBe(200);
      }
      expect((await logged.inject(`/media/${m.playback_token}/../x`)).statusCode).toBe(403);
      await logged.inject(`/player?token=${m.playback_token}&user_id=${s.userId}&video_id=${ferryId}&video_type=movie`);
      const text = lines.join('');
      expect(text).toContain('/media/<redacted>/master.m3u8');
      expect(text).toContain('/media/<redacted>/subs/en.vtt');
      expect(text).toContain('/player?token=<redacted>&user_id=');
      expect(text).not.toContain(m.playback_token);
      expect(text).not.toContain(m.playback_token.split('.')[2]!);
      expect(text).not.toContain(s.token);
      expect(text).not.toContain(s.token.split('.')[2]!);
    });

    it('counts media requests in the files bucket: a clip played again and again never meets a 429', async () => {
      const user = await insertPlanUser();
      const s = await signIn(logged, user.email, lastPassword);
      const token = (await watch(ferryId, s, logged)).playback_token;
      const api = async () => {
        const res = await logged.inject('/api/get-promotion-text');
        expect(res.statusCode).toBe(200);
        return Number(res.headers['x-ratelimit-remaining']);
      };
      const before = await api();
      // What a player asks for while playing the 12 s clip, five times over.
      const play = [
        'info.json',
        'master.m3u8',
        '234p.m3u8',
        'init_234p.mp4',
        '234p_0.m4s',
        '234p_1.m4s',
        '360p.m3u8',
        'init_360p.mp4',
        '360p_0.m4s',
        '360p_1.m4s',
        'subs/en.vtt',
        'subs/tr.vtt',
      ];
      for (let round = 0; round < 5; round++) {
        for (const rel of play) {
          const res = await logged.inject(`/media/${token}/${rel}`);
          expect(res.statusCode, rel).toBe(200);
          expect(res.headers['x-ratelimit-limit']).toBe(String(FILE_RATE_LIMIT_PER_MINUTE));
        }
      }
      // Sixty media requests later, the API bucket has paid for one call only.
      expect(await api()).toBe(before - 1);
    });

    it('limits reports per person: the eleventh in ten minutes is a 429 with Retry-After', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await postForm(logged, '/api/report', { note: `Report ${i}` });
        expect(res.statusCode, res.body).toBe(200);
      }
      const limited = await postForm(logged, '/api/report', { note: 'One too many' });
      expect(expectError(limited, 429).error).toBe(API_ERRORS.tooManyRequests);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // A signed-in reporter is counted apart from the visitors of the address.
      const user = await insertPlanUser();
      const s = await signIn(logged, user.email, lastPassword);
      const own = await postForm(logged, '/api/report', { note: 'Mine' }, bearer(s.token));
      expect(own.statusCode, own.body).toBe(200);
    });
  });
});

describe('redactUrl', () => {
  it('hides the playback token of media paths and token query parameters, and nothing else', () => {
    expect(redactUrl('/media/v1.abc.def.ghi/360p_0.m4s')).toBe('/media/<redacted>/360p_0.m4s');
    expect(redactUrl('/media/v1.abc.def.ghi')).toBe('/media/<redacted>');
    expect(redactUrl('/player?token=v1.a.b.c&user_id=5&cb=1')).toBe('/player?token=<redacted>&user_id=5&cb=1');
    expect(redactUrl('/api/auth/reset?token=secret')).toBe('/api/auth/reset?token=<redacted>');
    expect(redactUrl('/x?a=1&playback_token=abc')).toBe('/x?a=1&playback_token=<redacted>');
    expect(redactUrl('/api/movies/5/watch?movieId=5&userId=7&cb=9')).toBe(
      '/api/movies/5/watch?movieId=5&userId=7&cb=9',
    );
    expect(redactUrl('/uploads/poster.webp')).toBe('/uploads/poster.webp');
  });
});
