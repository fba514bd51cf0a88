import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VIDEO_TYPES, type VideoType } from '@bosphorus/contract';

// Playback tokens (DESIGN §4 Playback; decision 0018): the credential in
// every media URL. HMAC-SHA-256 over (user, video type, video id, expiry,
// random sid), never the access token, so a URL that leaks (a log, a
// Referer, a shared link) names one video for a few hours and nothing else.
//
//   v1.<kid>.<base64url(uid|vtype|vid|exp|sid)>.<base64url(mac)>
//
// The MAC covers the version and the key id too. The key id names the key
// (a fingerprint of it), so a verifier holding several keys — during a
// rotation — picks the right one without trying them all.

export const PLAYBACK_TOKEN_VERSION = 'v1';
/** Far longer than any token we mint: a bound before any parsing or hashing. */
const MAX_TOKEN_LENGTH = 256;
const SID_BYTES = 12;

export interface PlaybackClaims {
  userId: number;
  videoType: VideoType;
  videoId: number;
  /** Unix seconds after which the token is refused. */
  expiresAt: number;
  /**
   * Unix seconds when it was minted: its expiry less the lifetime tokens are
   * issued with (a sign-out ends the tokens issued before it, decision 0031).
   */
  issuedAt: number;
  /** Random id of the watch request that minted the token (logs, revocation). */
  sid: string;
}

export interface IssuedPlaybackToken {
  token: string;
  claims: PlaybackClaims;
}

export interface PlaybackTokens {
  issue(userId: number, videoType: VideoType, videoId: number): IssuedPlaybackToken;
  /** The claims of a token that is well formed, signed by a known key and not expired; otherwise null. */
  verify(token: string): PlaybackClaims | null;
}

export interface PlaybackTokenOptions {
  /** Signing key first; further keys are accepted for verification only (rotation). */
  keys: readonly Buffer[];
  ttlSeconds: number;
  /** Milliseconds since 1970 (tests move the clock). */
  now?: () => number;
}

/** A short, stable id of a key: 8 base64url characters of its SHA-256. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

const ID = /^[1-9]\d{0,14}$/;
const EXP = /^\d{1,12}$/;
const SID = /^[A-Za-z0-9_-]{16}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

function mac(key: Buffer, signed: string): Buffer {
  return createHmac('sha256', key).update(signed).digest();
}

export function createPlaybackTokens({ keys, ttlSeconds, now = Date.now }: PlaybackTokenOptions): PlaybackTokens {
  if (keys.length === 0) throw new Error('playback tokens need a key');
  for (const key of keys) if (key.length < 32) throw new Error('a playback key must be at least 32 bytes');
  const ring = new Map(keys.map((key) => [keyId(key), key]));
  const signing = keys[0]!;
  const signingId = keyId(signing);

  return {
    issue(userId, videoType, videoId) {
      const issuedAt = Math.floor(now() / 1000);
      const claims: PlaybackClaims = {
        userId,
        videoType,
        videoId,
        expiresAt: issuedAt + ttlSeconds,
        issuedAt,
        sid: randomBytes(SID_BYTES).toString('base64url'),
      };
      const payload = Buffer.from(
        [claims.userId, claims.videoType, claims.videoId, claims.expiresAt, claims.sid].join('|'),
      ).toString('base64url');
      const signed = `${PLAYBACK_TOKEN_VERSION}.${signingId}.${payload}`;
      return { token: `${signed}.${mac(signing, signed).toString('base64url')}`, claims };
    },

    verify(token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [version, kid, payload, signature] = parts as [string, string, string, string];
      if (version !== PLAYBACK_TOKEN_VERSION || !B64URL.test(payload) || !B64URL.test(signature)) return null;
      const key = ring.get(kid);
      if (!key) return null;
      const expected = mac(key, `${version}.${kid}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      // Strict decoding (issue 16 finding 7): Node ignores the unused low bits
      // of the last character, so four spellings decode to one MAC. Only the
      // canonical one — the one we issue — is accepted.
      if (given.toString('base64url') !== signature) return null;
      // Constant time: how much of a forged MAC matched must not show in the timing.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      // Signed by us: the payload is ours, but parse it strictly all the same.
      const fields = Buffer.from(payload, 'base64url').toString('utf8').split('|');
      if (fields.length !== 5) return null;
      const [uid, vtype, vid, exp, sid] = fields as [string, string, string, string, string];
      if (!ID.test(uid) || !ID.test(vid) || !EXP.test(exp) || !SID.test(sid)) return null;
      if (!(VIDEO_TYPES as readonly string[]).includes(vtype)) return null;
      const expiresAt = Number(exp);
      if (expiresAt * 1000 <= now()) return null;
      return {
        userId: Number(uid),
        videoType: vtype as VideoType,
        videoId: Number(vid),
        expiresAt,
        issuedAt: expiresAt - ttlSeconds,
        sid,
      };
    },
  };
}
