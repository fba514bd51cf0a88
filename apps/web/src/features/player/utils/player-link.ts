import {
  PLAYER_QUERY_KEYS,
  type PlayerServer,
  type SubtitleSettings,
  type VideoType,
  type WatchProgress,
} from '@bosphorus/contract';

// Spec §7 Player loading: the frame's address is the player page of the
// watch answer (`movie_link` / `episode_link` on the main server,
// `backup_link` on the backup, spec §4) with these query parameters, in
// this order:
//   movie:   {link}?token=…&user_id=…&video_id=…&video_type=movie
//   episode: {link}?token=…&cb=…&user_id=…&video_id=…&video_type=episode
// The token is the short-lived playback token of the answer, never the
// access token (DESIGN §4 Playback).

export interface PlayerLinkInput {
  videoType: VideoType;
  /** The player page: movie_link / episode_link, or backup_link. */
  link: string;
  token: string;
  userId: string | number;
  videoId: number;
  /** Episode cache-buster (spec §7); Date.now() when not given. */
  cb?: number | string;
}

/** What the frame of a watch answer needs, whichever type it is. */
export interface PlayableAnswer {
  mainLink: string;
  backupLink: string;
  token: string;
  expiresAt: string;
  progress: WatchProgress | null;
  subtitleSettings: SubtitleSettings;
}

function base(): string {
  return typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
}

export function buildPlayerSrc({ videoType, link, token, userId, videoId, cb }: PlayerLinkInput): string {
  const url = new URL(link, base());
  // A link that already carries one of our parameters must not end up with
  // it twice or out of the spec's order.
  for (const key of PLAYER_QUERY_KEYS) url.searchParams.delete(key);
  url.searchParams.append('token', token);
  if (videoType === 'episode') url.searchParams.append('cb', String(cb ?? Date.now()));
  url.searchParams.append('user_id', String(userId));
  url.searchParams.append('video_id', String(videoId));
  url.searchParams.append('video_type', videoType);
  return url.toString();
}

/** The player page for the chosen server (spec §4: Main uses the link, Backup the backup link). */
export function serverLink(answer: Pick<PlayableAnswer, 'mainLink' | 'backupLink'>, server: PlayerServer): string {
  return server === 'backup' ? answer.backupLink : answer.mainLink;
}

/** The origin a frame address lives on ('' for something unreadable). */
export function originOf(link: string): string {
  try {
    return new URL(link, base()).origin;
  } catch {
    return '';
  }
}

/**
 * The frame address as it may be written down (issue reports, logs): the
 * playback token removed. Nothing that grants access leaves the page.
 */
export function withoutToken(src: string | null): string {
  if (!src) return '';
  try {
    const url = new URL(src, base());
    url.searchParams.delete('token');
    return url.toString();
  } catch {
    return '';
  }
}

/** Below this a saved position is not worth offering ("Resume from 0:03"). */
export const RESUME_MIN_SECONDS = 5;
/** Within this of the end the title counts as finished (the credits): start over. */
export const RESUME_END_MARGIN_SECONDS = 30;
/** …but never more than this share of a short title (a 12-second clip is not all credits). */
export const RESUME_END_MARGIN_SHARE = 0.1;

/** The position to offer as "Resume from …", or 0 to start at the beginning. */
export function resumeSecondsFor(progress: WatchProgress | null | undefined): number {
  if (!progress) return 0;
  const { position_seconds: position, duration_seconds: duration } = progress;
  if (!Number.isFinite(position) || position < RESUME_MIN_SECONDS) return 0;
  const margin = Math.min(RESUME_END_MARGIN_SECONDS, duration * RESUME_END_MARGIN_SHARE);
  if (duration > 0 && position >= duration - margin) return 0;
  return Math.floor(position);
}
