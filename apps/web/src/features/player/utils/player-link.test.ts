// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { buildPlayerSrc, originOf, resumeSecondsFor, serverLink, withoutToken } from './player-link';

const MAIN = 'https://media.example.com/player';
const BACKUP = 'https://media.example.net/player';
const TOKEN = 'v1.k1.cGF5bG9hZA.c2ln';

describe('buildPlayerSrc (spec §7 Player loading)', () => {
  it('builds the movie frame as {link}?token&user_id&video_id&video_type=movie, in that order', () => {
    const src = buildPlayerSrc({ videoType: 'movie', link: MAIN, token: TOKEN, userId: 7, videoId: 11 });
    expect(src).toBe(`${MAIN}?token=${TOKEN}&user_id=7&video_id=11&video_type=movie`);
    expect([...new URL(src).searchParams.keys()]).toEqual(['token', 'user_id', 'video_id', 'video_type']);
  });

  it('builds the episode frame with the cache-buster cb right after the token', () => {
    const src = buildPlayerSrc({ videoType: 'episode', link: MAIN, token: TOKEN, userId: '7', videoId: 102, cb: 1234 });
    expect(src).toBe(`${MAIN}?token=${TOKEN}&cb=1234&user_id=7&video_id=102&video_type=episode`);
  });

  it('gives each episode frame a fresh cb when none is given', () => {
    const src = buildPlayerSrc({ videoType: 'episode', link: MAIN, token: TOKEN, userId: 7, videoId: 102 });
    const cb = Number(new URL(src).searchParams.get('cb'));
    expect(cb).toBeGreaterThan(1_700_000_000_000);
  });

  it('uses the backup link for the backup server (spec §4)', () => {
    const answer = { mainLink: MAIN, backupLink: BACKUP };
    expect(serverLink(answer, 'main')).toBe(MAIN);
    expect(serverLink(answer, 'backup')).toBe(BACKUP);
    const src = buildPlayerSrc({
      videoType: 'movie',
      link: serverLink(answer, 'backup'),
      token: TOKEN,
      userId: 7,
      videoId: 11,
    });
    expect(src.startsWith(`${BACKUP}?token=`)).toBe(true);
    expect(originOf(src)).toBe('https://media.example.net');
  });

  it('never repeats a parameter the link already carries and keeps the spec order', () => {
    const src = buildPlayerSrc({
      videoType: 'movie',
      link: `${MAIN}?video_type=episode&token=old&lang=en`,
      token: TOKEN,
      userId: 7,
      videoId: 11,
    });
    const url = new URL(src);
    expect(url.searchParams.getAll('token')).toEqual([TOKEN]);
    expect([...url.searchParams.keys()]).toEqual(['lang', 'token', 'user_id', 'video_id', 'video_type']);
    expect(url.searchParams.get('video_type')).toBe('movie');
  });

  it('resolves a link given as a path against the page', () => {
    const src = buildPlayerSrc({ videoType: 'movie', link: '/player', token: TOKEN, userId: 7, videoId: 11 });
    expect(src).toBe(`${window.location.origin}/player?token=${TOKEN}&user_id=7&video_id=11&video_type=movie`);
  });
});

describe('withoutToken', () => {
  it('removes the playback token and keeps everything else', () => {
    const src = `${MAIN}?token=${TOKEN}&cb=1&user_id=7&video_id=102&video_type=episode`;
    const safe = withoutToken(src);
    expect(safe).toBe(`${MAIN}?cb=1&user_id=7&video_id=102&video_type=episode`);
    expect(safe).not.toContain(TOKEN);
  });
  it('gives an empty text for no frame', () => {
    expect(withoutToken(null)).toBe('');
  });
});

describe('resumeSecondsFor', () => {
  const p = (position_seconds: number, duration_seconds: number) => ({
    position_seconds,
    duration_seconds,
    updated_at: '2026-01-01T00:00:00Z',
  });
  it('offers a saved position in the middle of the title', () => {
    expect(resumeSecondsFor(p(1421, 5400))).toBe(1421);
  });
  it('starts at the beginning without a position, under 5 s, or within the last 30 s', () => {
    expect(resumeSecondsFor(null)).toBe(0);
    expect(resumeSecondsFor(p(4, 5400))).toBe(0);
    expect(resumeSecondsFor(p(5380, 5400))).toBe(0);
    expect(resumeSecondsFor(p(5369, 5400))).toBe(5369);
  });
  it('keeps the end margin to a tenth of a short title', () => {
    expect(resumeSecondsFor(p(7, 12))).toBe(7);
    expect(resumeSecondsFor(p(11, 12))).toBe(0);
    expect(resumeSecondsFor(p(12, 12))).toBe(0);
  });
});
