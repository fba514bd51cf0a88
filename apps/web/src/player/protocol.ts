import {
  DEFAULT_SUBTITLE_SETTINGS,
  PLAYER_MESSAGE_SOURCE,
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
} from '@bosphorus/contract/player-protocol';
import type { PlayerMarker } from '@bosphorus/contract/player-protocol';
import type { ParentToPlayer, PlayerInfo, PlayerToParent, SubtitleSettings } from '@bosphorus/contract';
import { isWellFormedToken } from './media-urls';

// The postMessage protocol with the web page that frames the player
// (packages/contract/src/playback.ts). A message counts only when it comes
// from the app's origin, from the window that framed us, and carries our
// source tag; its fields are checked as untrusted input.

type Without<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
export type OutgoingMessage = Without<PlayerToParent, 'source'>;

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Settings from the parent or from storage, each field checked; unknown values fall back to the default. */
export function sanitizeSettings(value: unknown): SubtitleSettings {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const d = DEFAULT_SUBTITLE_SETTINGS;
  return {
    size: pick(SUBTITLE_SIZES, v.size, d.size),
    color: pick(SUBTITLE_COLORS, v.color, d.color),
    background: pick(SUBTITLE_BACKGROUNDS, v.background, d.background),
    dual: typeof v.dual === 'boolean' ? v.dual : d.dual,
  };
}

const seconds = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 7 * 24 * 3600 ? v : null;

const MARKER_KINDS: readonly PlayerMarker['kind'][] = ['recap', 'intro', 'credits', 'preview'];

/** The init's markers, each checked (a malformed one is left out, not the message). */
export function parseMarkers(value: unknown): PlayerMarker[] {
  if (!Array.isArray(value)) return [];
  const out: PlayerMarker[] = [];
  for (const item of value.slice(0, MARKER_KINDS.length) as unknown[]) {
    const m = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const start = seconds(m.start);
    const end = seconds(m.end);
    const kind = MARKER_KINDS.find((k) => k === m.kind);
    if (kind && start !== null && end !== null && end > start) out.push({ kind, start, end });
  }
  return out;
}

export interface MessageEventLike {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The parent's message, or null when it is not for us: wrong origin, not
 * from the framing window, no source tag, unknown type or malformed fields.
 */
export function parseParentMessage(
  event: MessageEventLike,
  appOrigin: string | null,
  parent: unknown,
): ParentToPlayer | null {
  if (!appOrigin || event.origin !== appOrigin || event.source !== parent) return null;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || data.source !== PLAYER_MESSAGE_SOURCE) return null;
  if (data.type === 'init') {
    const startAt = data.startAt === undefined || data.startAt === null ? undefined : seconds(data.startAt);
    if (startAt === null) return null;
    const markers = parseMarkers(data.markers);
    return {
      source: PLAYER_MESSAGE_SOURCE,
      type: 'init',
      resumeSeconds: seconds(data.resumeSeconds) ?? 0,
      subtitleSettings: sanitizeSettings(data.subtitleSettings),
      ...(startAt !== undefined ? { startAt } : {}),
      ...(markers.length ? { markers } : {}),
      ...(data.autoSkip === true ? { autoSkip: true } : {}),
    };
  }
  if (data.type === 'up-next') {
    if (!isText(data.label, 100) || !isText(data.title, 500) || typeof data.ask !== 'boolean') return null;
    return { source: PLAYER_MESSAGE_SOURCE, type: 'up-next', label: data.label, title: data.title, ask: data.ask };
  }
  if (data.type === 'focus-controls') return { source: PLAYER_MESSAGE_SOURCE, type: 'focus-controls' };
  if (data.type === 'pause') return { source: PLAYER_MESSAGE_SOURCE, type: 'pause' };
  if (data.type === 'token') {
    if (!isWellFormedToken(data.token) || typeof data.expiresAt !== 'string') return null;
    if (Number.isNaN(Date.parse(data.expiresAt))) return null;
    return { source: PLAYER_MESSAGE_SOURCE, type: 'token', token: data.token, expiresAt: data.expiresAt };
  }
  return null;
}

/** Posts to the framing page only, with its origin as the target: nothing reaches another site. */
export function createParentLink(win: Window, appOrigin: () => string | null) {
  const framed = win.parent !== win;
  return {
    framed,
    post(message: OutgoingMessage) {
      const target = appOrigin();
      if (!framed || !target) return;
      win.parent.postMessage({ source: PLAYER_MESSAGE_SOURCE, ...message }, target);
    },
  };
}

const isText = (v: unknown, max = 2048): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isOrigin = (v: unknown): v is string => {
  if (!isText(v)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === v;
  } catch {
    return false;
  }
};

/**
 * `info.json` checked field by field (the page carries no schema library:
 * it must stay small). Null when it is not the contract's shape.
 */
export function parseInfo(value: unknown): PlayerInfo | null {
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v !== 'object') return null;
  if (!isText(v.title, 500) || !isText(v.hls) || !isText(v.mp4) || !Array.isArray(v.subtitles)) return null;
  if (v.webm !== undefined && !isText(v.webm)) return null;
  if (!isOrigin(v.backup_origin) || !isOrigin(v.app_origin)) return null;
  if (!isText(v.expires_at, 64) || Number.isNaN(Date.parse(v.expires_at))) return null;
  const subtitles: PlayerInfo['subtitles'] = [];
  for (const s of v.subtitles as unknown[]) {
    const sub = s as Record<string, unknown> | null;
    if (!sub || !isText(sub.language, 35) || !isText(sub.label, 100) || !isText(sub.src)) return null;
    subtitles.push({ language: sub.language, label: sub.label, src: sub.src, default: sub.default === true });
  }
  return {
    title: v.title,
    hls: v.hls,
    mp4: v.mp4,
    ...(v.webm !== undefined && { webm: v.webm as string }),
    subtitles,
    backup_origin: v.backup_origin,
    expires_at: v.expires_at,
    app_origin: v.app_origin,
  };
}
