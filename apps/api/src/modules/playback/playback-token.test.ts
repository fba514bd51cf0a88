import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../lib/secrets.js';
import { createPlaybackTokens, keyId } from './playback-token.js';

// Unit tests of the playback token (decision 0018): what it carries, and
// every way a client could try to stretch it.

const KEY = deriveKey('a'.repeat(48), 'playback-token-v1');
const TTL_SECONDS = 3_600;

function clock(startMs = Date.UTC(2026, 10, 23, 12)) {
  let t = startMs;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

describe('playback tokens', () => {
  it('carries the user, the video, the expiry and a random sid, and verifies', () => {
    const c = clock();
    const tokens = createPlaybackTokens({ keys: [KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const { token, claims } = tokens.issue(42, 'movie', 7);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.split('.')[1]).toBe(keyId(KEY));
    expect(claims).toMatchObject({ userId: 42, videoType: 'movie', videoId: 7, expiresAt: c.now() / 1000 + 3_600 });
    expect(claims.sid).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(unb64(token.split('.')[2]!)).toBe(`42|movie|7|${claims.expiresAt}|${claims.sid}`);
    expect(tokens.verify(token)).toEqual(claims);
    // Two watch requests for the same video get different tokens.
    const again = tokens.issue(42, 'movie', 7);
    expect(again.token).not.toBe(token);
    expect(again.claims.sid).not.toBe(claims.sid);
  });

  it('refuses a token once it has expired, and not a second before', () => {
    const c = clock();
    const tokens = createPlaybackTokens({ keys: [KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const { token } = tokens.issue(1, 'episode', 9);
    c.advance(TTL_SECONDS * 1000 - 1_000);
    expect(tokens.verify(token)?.videoId).toBe(9);
    c.advance(1_000);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token whose payload was changed to another video, type, user or expiry', () => {
    const c = clock();
    const tokens = createPlaybackTokens({ keys: [KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const { token, claims } = tokens.issue(42, 'movie', 7);
    const [v, kid, , mac] = token.split('.');
    const forge = (payload: string) => `${v}.${kid}.${b64(payload)}.${mac}`;
    const { expiresAt: exp, sid } = claims;
    for (const payload of [
      `42|movie|8|${exp}|${sid}`, // another video
      `42|episode|7|${exp}|${sid}`, // another type
      `43|movie|7|${exp}|${sid}`, // another user
      `42|movie|7|${exp + 86_400}|${sid}`, // a longer life
    ]) {
      expect(tokens.verify(forge(payload)), payload).toBeNull();
    }
    // The unchanged payload still passes: the refusals above are the changes.
    expect(tokens.verify(forge(`42|movie|7|${exp}|${sid}`))).toEqual(claims);
  });

  it('refuses a changed MAC, key id or version, a token of another key, and junk', () => {
    const c = clock();
    const tokens = createPlaybackTokens({ keys: [KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const { token } = tokens.issue(42, 'movie', 7);
    const [v, kid, payload, mac] = token.split('.') as [string, string, string, string];
    const flipped = mac.slice(0, -2) + (mac.at(-2) === 'A' ? 'B' : 'A') + mac.at(-1);
    const other = createPlaybackTokens({ keys: [randomBytes(32)], ttlSeconds: TTL_SECONDS, now: c.now });
    const foreign = other.issue(42, 'movie', 7).token;
    for (const bad of [
      `${v}.${kid}.${payload}.${flipped}`,
      `${v}.${kid}.${payload}.${mac.slice(0, 22)}`,
      `${v}.${kid}.${payload}.`,
      `${v}.AAAAAAAA.${payload}.${mac}`,
      `v2.${kid}.${payload}.${mac}`,
      foreign,
      `${foreign.split('.').slice(0, 3).join('.')}.${mac}`,
      `${token}.extra`,
      '',
      'v1...',
      'not a token',
      token + 'x'.repeat(300),
    ]) {
      expect(tokens.verify(bad), bad).toBeNull();
    }
  });

  it('refuses a well-signed payload that is not what we mint', () => {
    // Only reachable with the key; the parser is strict all the same.
    const c = clock();
    const tokens = createPlaybackTokens({ keys: [KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const kid = keyId(KEY);
    const sign = (payload: string) => {
      const signed = `v1.${kid}.${b64(payload)}`;
      return `${signed}.${createHmac('sha256', KEY).update(signed).digest('base64url')}`;
    };
    const exp = c.now() / 1000 + 60;
    expect(tokens.verify(sign(`1|movie|2|${exp}|abcdefghijklmnop`))?.videoId).toBe(2);
    for (const payload of [
      `1|show|2|${exp}|abcdefghijklmnop`,
      `0|movie|2|${exp}|abcdefghijklmnop`,
      `1|movie|-2|${exp}|abcdefghijklmnop`,
      `1|movie|2|${exp}`,
      `1|movie|2|${exp}|short`,
      `1|movie|2|${exp}|abcdefghijklmnop|more`,
    ]) {
      expect(tokens.verify(sign(payload)), payload).toBeNull();
    }
  });

  it('verifies with an older key during a rotation and signs with the first', () => {
    const c = clock();
    const old = createPlaybackTokens({ keys: [KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const next = deriveKey('b'.repeat(48), 'playback-token-v1');
    const rotated = createPlaybackTokens({ keys: [next, KEY], ttlSeconds: TTL_SECONDS, now: c.now });
    const oldToken = old.issue(5, 'episode', 6).token;
    expect(rotated.verify(oldToken)?.userId).toBe(5);
    const fresh = rotated.issue(5, 'episode', 6).token;
    expect(fresh.split('.')[1]).toBe(keyId(next));
    expect(old.verify(fresh)).toBeNull();
  });

  it('will not run without a key of 256 bits', () => {
    expect(() => createPlaybackTokens({ keys: [], ttlSeconds: 60 })).toThrow();
    expect(() => createPlaybackTokens({ keys: [Buffer.alloc(16, 1)], ttlSeconds: 60 })).toThrow();
  });
});

describe('strict signature decoding (issue 16 finding 7)', () => {
  it('refuses a signature whose last character differs only in its unused bits', () => {
    const tokens = createPlaybackTokens({ keys: [KEY], ttlSeconds: 3_600 });
    const { token } = tokens.issue(42, 'movie', 7);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = token.at(-1)!;
    const index = alphabet.indexOf(last);
    // 32 bytes are 43 characters: the last one carries 4 bits and 2 unused ones.
    const twins = [1, 2, 3].map((low) => alphabet[(index & ~3) | ((index + low) & 3)]!);
    let refused = 0;
    for (const twin of twins) {
      const forged = token.slice(0, -1) + twin;
      expect(Buffer.from(forged.split('.')[3]!, 'base64url')).toEqual(Buffer.from(token.split('.')[3]!, 'base64url'));
      expect(tokens.verify(forged)).toBeNull();
      refused++;
    }
    expect(refused).toBe(3);
    expect(tokens.verify(token)).not.toBeNull();
  });
});
