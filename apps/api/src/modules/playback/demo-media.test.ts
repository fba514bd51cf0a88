import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEMO_CLIPS } from '../../db/seed/seed-demo.js';

// The committed demo clips (scripts/gen-demo-media.sh; notes R2): what the
// player and native HLS players rely on, checked on the files themselves.

const DEMO_DIR = path.join(loadConfig({}).media.dir, 'demo');
const CLIP_SECONDS = 12;

const read = (clip: string, rel: string) => fs.readFileSync(path.join(DEMO_DIR, clip, rel), 'utf8');
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

/** The URIs of a playlist: plain lines and URI="…" attributes. */
function uris(playlist: string): string[] {
  return lines(playlist).flatMap((line) =>
    line.startsWith('#') ? [...line.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!) : [line],
  );
}

function seconds(stamp: string): number {
  const [h, m, s] = stamp.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

function cues(vtt: string): Array<{ start: number; end: number; text: string }> {
  expect(vtt.startsWith('WEBVTT\n')).toBe(true);
  return [...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)/g)].map((m) => ({
    start: seconds(m[1]!),
    end: seconds(m[2]!),
    text: m[3]!,
  }));
}

describe('demo media', () => {
  it('ships the clips the seed names', () => {
    expect(fs.readdirSync(DEMO_DIR).sort()).toEqual([...DEMO_CLIPS].sort());
  });

  for (const clip of DEMO_CLIPS) {
    describe(clip, () => {
      it('weighs 0.3–0.5 MB (the WebM apart) and holds nothing the playlists do not name', () => {
        const master = read(clip, 'master.m3u8');
        const named = new Set(['master.m3u8', 'progressive.mp4', 'progressive.webm', 'subs/tr.vtt']);
        for (const variant of uris(master)) {
          named.add(variant);
          const dir = path.posix.dirname(variant);
          for (const child of uris(read(clip, variant))) named.add(path.posix.join(dir, child));
        }
        const files = fs.readdirSync(path.join(DEMO_DIR, clip), { recursive: true, encoding: 'utf8' });
        const onDisk = files.filter((f) => fs.statSync(path.join(DEMO_DIR, clip, f)).isFile());
        expect(new Set(onDisk.map((f) => f.split(path.sep).join('/')))).toEqual(named);
        const bytes = onDisk
          .filter((f) => f !== 'progressive.webm')
          .reduce((sum, f) => sum + fs.statSync(path.join(DEMO_DIR, clip, f)).size, 0);
        expect(bytes).toBeGreaterThan(300_000);
        expect(bytes).toBeLessThan(500_000);
      });

      it('has a master with two H.264 renditions within their bit rates and the English subtitles', () => {
        const master = read(clip, 'master.m3u8');
        expect(master).toMatch(/^#EXTM3U\n/);
        expect(master).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
        expect(master).toMatch(
          /#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs\/en\.m3u8"/,
        );
        const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.+)\n(.+)/g)].map((m) => ({
          bandwidth: Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(m[1]!)![1]),
          resolution: /RESOLUTION=(\d+x\d+)/.exec(m[1]!)![1],
          codecs: /CODECS="([^"]+)"/.exec(m[1]!)![1],
          subtitles: /SUBTITLES="([^"]+)"/.exec(m[1]!)?.[1],
          uri: m[2],
        }));
        expect(variants.map((v) => [v.resolution, v.uri])).toEqual([
          ['416x234', '234p.m3u8'],
          ['640x360', '360p.m3u8'],
        ]);
        for (const v of variants) {
          expect(v.codecs).toMatch(/^avc1\.4d40[0-9a-f]{2},mp4a\.40\.2$/);
          expect(v.subtitles).toBe('subs');
        }
        // Video ≤160/400 kb/s plus 48 kb/s of audio and the container.
        expect(variants[0]!.bandwidth).toBeLessThanOrEqual(230_000);
        expect(variants[1]!.bandwidth).toBeLessThanOrEqual(480_000);
      });

      for (const label of ['234p', '360p']) {
        it(`has a ${label} VOD playlist of fMP4 segments of 6 s`, () => {
          const playlist = read(clip, `${label}.m3u8`);
          const tags = lines(playlist);
          expect(tags).toContain('#EXT-X-TARGETDURATION:6');
          expect(tags).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
          expect(tags).toContain(`#EXT-X-MAP:URI="init_${label}.mp4"`);
          expect(tags.at(-1)).toBe('#EXT-X-ENDLIST');
          const durations = tags.filter((l) => l.startsWith('#EXTINF:')).map((l) => parseFloat(l.slice(8)));
          expect(durations.length).toBe(2);
          for (const d of durations) expect(d).toBeLessThanOrEqual(6.5);
          expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(CLIP_SECONDS, 1);
        });
      }

      it('has a progressive MP4 with its index first (+faststart)', () => {
        const mp4 = fs.readFileSync(path.join(DEMO_DIR, clip, 'progressive.mp4'));
        const boxes: string[] = [];
        for (let at = 0; at < mp4.length && boxes.length < 4; at += mp4.readUInt32BE(at)) {
          boxes.push(mp4.toString('latin1', at + 4, at + 8));
        }
        expect(boxes[0]).toBe('ftyp');
        expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      });

      it('has a WebM (VP9 + Opus) of at most 250 kB with its index first, for engines without H.264', () => {
        const webm = fs.readFileSync(path.join(DEMO_DIR, clip, 'progressive.webm'));
        expect(webm.length).toBeGreaterThan(50_000);
        expect(webm.length).toBeLessThanOrEqual(250_000);
        // EBML magic, DocType "webm", the codec IDs of its two tracks.
        expect(webm.readUInt32BE(0)).toBe(0x1a45dfa3);
        const head = webm.subarray(0, 4096).toString('latin1');
        expect(head).toContain('webm');
        expect(head).toContain('V_VP9');
        expect(head).toContain('A_OPUS');
        // Cues (0x1C53BB6B) before the first Cluster (0x1F43B675): seeking needs no scan.
        const cues = webm.indexOf(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]));
        const cluster = webm.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
        expect(cues).toBeGreaterThan(0);
        expect(cues).toBeLessThan(cluster);
      });

      it('has English and Turkish lines of dialogue over the whole clip, the first within half a second', () => {
        const en = cues(read(clip, 'subs/en.vtt'));
        const tr = cues(read(clip, 'subs/tr.vtt'));
        expect(en.length).toBeGreaterThanOrEqual(4);
        expect(tr.map((c) => [c.start, c.end])).toEqual(en.map((c) => [c.start, c.end]));
        expect(en[0]!.start).toBeLessThanOrEqual(0.5);
        expect(en.at(-1)!.end).toBeGreaterThanOrEqual(CLIP_SECONDS - 0.5);
        for (const [i, cue] of en.entries()) {
          expect(cue.end - cue.start).toBeGreaterThanOrEqual(2);
          expect(cue.end - cue.start).toBeLessThanOrEqual(3);
          if (i > 0) expect(cue.start - en[i - 1]!.end).toBeLessThanOrEqual(0.5);
          expect(cue.text).toMatch(/[a-z]{3,}.*[.?!"]$/i);
          expect(tr[i]!.text).not.toBe(cue.text);
        }
        // Turkish letters, not an English copy.
        expect(tr.map((c) => c.text).join(' ')).toMatch(/[çğıöşü]/);
        const playlist = read(clip, 'subs/en.m3u8');
        expect(lines(playlist)).toEqual(
          expect.arrayContaining(['#EXT-X-PLAYLIST-TYPE:VOD', 'en.vtt', '#EXT-X-ENDLIST']),
        );
      });
    });
  }
});
