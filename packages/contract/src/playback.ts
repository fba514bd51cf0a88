import { z } from 'zod';
import { movieCard } from './catalogue.js';
import { episodeMarker } from './markers.js';
import {
  PLAYER_MESSAGE_SOURCE,
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type ParentRemoteMessage,
  type PlayerMarker,
  type PlayerRemoteMessage,
} from './player-protocol.js';

// Spec §7 `GET /movies/{id}/watch`, `GET /episodes`, Player loading and
// `POST /report`; §3 Episode and Issue report. The player itself is a page
// of the media origin (`{origin}/player`) that the web app frames; it talks
// to its parent through the messages at the end of this file.

/** Who may watch what: the playback token (never the access token) names one user and one video. */
export const VIDEO_TYPES = ['movie', 'episode'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** A saved position, offered as "Resume from 23:41". */
export const watchProgress = z.object({
  position_seconds: z.number().int(),
  duration_seconds: z.number().int(),
  updated_at: z.string(),
});
export type WatchProgress = z.infer<typeof watchProgress>;

/** Subtitle look, saved per account (the constants and defaults are in player-protocol.ts). */
export const subtitleSettings = z.object({
  size: z.enum(SUBTITLE_SIZES),
  color: z.enum(SUBTITLE_COLORS),
  background: z.enum(SUBTITLE_BACKGROUNDS),
  /** Show the Turkish line under the English one when the title has it. */
  dual: z.boolean(),
});
export type SubtitleSettings = z.infer<typeof subtitleSettings>;

/** Fields every playable answer adds: where the player is and the token it needs. */
const playable = {
  /** Valid until playback_expires_at; the web asks again before then. */
  playback_token: z.string(),
  playback_expires_at: z.string(),
  /** The same player page on the backup origin (spec §4: '.com' → '.net' when the origins end so, else MEDIA_BACKUP_ORIGIN). */
  backup_link: z.string(),
  /** Where the viewer left off, or null. */
  progress: watchProgress.nullable(),
  subtitle_settings: subtitleSettings,
};

/** `GET /movies/{id}/watch` → body.movie (spec §3 Movie with movie_link). */
export const watchMovie = movieCard.extend({
  movie_description: z.string(),
  /** The player page on the main media origin; the web appends token, user_id, video_id, video_type. */
  movie_link: z.string(),
  ...playable,
});
export type WatchMovie = z.infer<typeof watchMovie>;
export const watchMovieBody = z.object({ movie: watchMovie });
export type WatchMovieBody = z.infer<typeof watchMovieBody>;

export const episodeRef = z.object({
  id: z.number().int(),
  episode_number: z.number().int(),
  episode_title: z.string(),
  season_id: z.number().int(),
  season_title: z.string(),
});
export type EpisodeRef = z.infer<typeof episodeRef>;

export const playerSeasonEpisode = z.object({
  episode_id: z.number().int(),
  episode_number: z.number().int(),
  episode_title: z.string(),
  episode_image: z.string(),
  episode_duration: z.number().int(),
  season_finale: z.union([z.literal(0), z.literal(1)]),
  /** Our addition (issue 28): minutes without recap, credits and preview; null without those markers. */
  story_minutes: z.number().int().nullable(),
});
export const playerSeason = z.object({
  id: z.number().int(),
  title: z.string(),
  season_number: z.number().int(),
  episodes: z.array(playerSeasonEpisode),
});
export type PlayerSeason = z.infer<typeof playerSeason>;

/** `GET /episodes?episodeId=` → body.episode (spec §3 Episode). */
export const watchEpisode = z.object({
  episode_id: z.number().int(),
  episode_title: z.string(),
  episode_number: z.number().int(),
  episode_date: z.string(),
  episode_image: z.string(),
  episode_duration: z.number().int(),
  /** The player page on the main media origin; the web appends token, cb, user_id, video_id, video_type. */
  episode_link: z.string(),
  season_finale: z.union([z.literal(0), z.literal(1)]),
  previous_episode: episodeRef.nullable(),
  next_episode: episodeRef.nullable(),
  is_first_episode_of_season: z.boolean(),
  is_season_final: z.boolean(),
  season: z.object({ id: z.number().int(), title: z.string(), season_number: z.number().int() }),
  season_id: z.number().int(),
  seasons: z.array(playerSeason),
  serie: z.object({ serie_id: z.number().int(), serie_title: z.string(), serie_image: z.string() }),
  /** Our addition (issue 28): the episode's recap, intro, credits and preview, for the skip buttons. */
  markers: z.array(episodeMarker),
  /** Our addition (issue 28): the account's "Skip recaps and intros automatically". */
  auto_skip: z.boolean(),
  /**
   * Our addition (issue 28): whether the player skips this episode's recap
   * and intro by itself — the setting is on and this is not the first
   * episode of the series the viewer watches.
   */
  auto_skip_here: z.boolean(),
  ...playable,
});
export type WatchEpisode = z.infer<typeof watchEpisode>;
export const watchEpisodeBody = z.object({ episode: watchEpisode, canPlay: z.boolean() });
export type WatchEpisodeBody = z.infer<typeof watchEpisodeBody>;

/** Query of `GET /movies/{id}/watch` (spec §7: movieId, userId, cache-busting parameters). */
export const watchMovieQuery = z.object({
  movieId: z.string().optional(),
  userId: z.string().optional(),
  user_id: z.string().optional(),
  cb: z.string().optional(),
});
/** Query of `GET /episodes` (spec §7: episodeId, userId). */
export const watchEpisodeQuery = z.object({
  episodeId: z.string().regex(/^\d{1,15}$/, { message: 'must be a positive whole number' }),
  userId: z.string().optional(),
  user_id: z.string().optional(),
  cb: z.string().optional(),
});

/**
 * Ours: `GET /playback-token?video_type=&video_id=` → body (decision 0043).
 * A fresh token for the video already open, for renewals: the watch answer
 * would bring the whole episode list again with it.
 */
export const playbackTokenQuery = z.object({
  video_type: z.enum(VIDEO_TYPES),
  video_id: z.string().regex(/^\d{1,15}$/, { message: 'must be a positive whole number' }),
});
export const playbackTokenBody = z.object({ playback_token: z.string(), playback_expires_at: z.string() });
export type PlaybackTokenBody = z.infer<typeof playbackTokenBody>;

/** Our call: the player's position for the signed-in user (form). */
export const progressForm = z.object({
  user_id: z.string().max(20).optional(),
  video_type: z.enum(VIDEO_TYPES),
  video_id: z.string().regex(/^\d{1,15}$/, { message: 'must be a positive whole number' }),
  position_seconds: z.coerce.number().int().min(0).max(86_400),
  duration_seconds: z.coerce.number().int().min(0).max(86_400),
  /** The client's clock (ms since 1970) when the position was read: latest client time wins. */
  client_time: z.coerce.number().int().min(0),
});
export type ProgressForm = z.infer<typeof progressForm>;

/** Spec §3 Issue report: every field filled by the client; note is required (§5). */
export const ISSUE_REPORT_FIELDS = [
  'link',
  'note',
  'usermail',
  'user_id',
  'serie_title',
  'episode_title',
  'frontend_version',
  'build_timestamp',
  'build_hash',
  'user_agent',
  'screen_resolution',
  'timezone',
  'is_ipad',
  'is_safari',
  'has_jwt',
  'current_video_url',
  'network_status',
  'connection_type',
] as const;
export const ISSUE_NOTE_MAX = 2_000;
export const issueReportForm = z.object({
  link: z.string().max(2_000).optional(),
  note: z.string().trim().min(1, { message: 'is required' }).max(ISSUE_NOTE_MAX),
  usermail: z.string().max(320).optional(),
  user_id: z.string().max(20).optional(),
  serie_title: z.string().max(500).optional(),
  episode_title: z.string().max(500).optional(),
  frontend_version: z.string().max(50).optional(),
  build_timestamp: z.string().max(50).optional(),
  build_hash: z.string().max(100).optional(),
  user_agent: z.string().max(1_000).optional(),
  screen_resolution: z.string().max(50).optional(),
  timezone: z.string().max(100).optional(),
  is_ipad: z.string().max(10).optional(),
  is_safari: z.string().max(10).optional(),
  has_jwt: z.string().max(10).optional(),
  current_video_url: z.string().max(2_000).optional(),
  network_status: z.string().max(50).optional(),
  connection_type: z.string().max(50).optional(),
  /** Our addition (issue 17): the playback position in whole seconds, so the console opens the player there. */
  position_seconds: z
    .string()
    .regex(/^\d{0,6}$/, { message: 'must be a whole number of seconds' })
    .optional(),
});
export type IssueReportForm = z.infer<typeof issueReportForm>;

/** What `GET {media}/media/{token}/info.json` answers: everything the player page needs. */
export const playerInfo = z.object({
  title: z.string(),
  /** Relative to `{origin}/media/{token}/`. */
  hls: z.string(),
  mp4: z.string(),
  /** Progressive WebM (VP9 + Opus) for engines without H.264/AAC; absent when the title has none (decision 0057). */
  webm: z.string().optional(),
  subtitles: z.array(z.object({ language: z.string(), label: z.string(), src: z.string(), default: z.boolean() })),
  /** Where the player goes by itself when this origin fails (absolute origin, may equal this one). */
  backup_origin: z.string(),
  /** When the token in the URL stops working (ISO 8601). */
  expires_at: z.string(),
  /** The web app's origin (PUBLIC_URL): the only parent the player talks to. */
  app_origin: z.string(),
});
export type PlayerInfo = z.infer<typeof playerInfo>;

/** Spec §4 Player: backup swaps '.com' → '.net' in the link; main swaps back. */
export type PlayerServer = 'main' | 'backup';

// ───── Messages between the web page (parent) and the player page (frame) ─────
// Both sides check `event.origin` against the origin they expect.
// PLAYER_MESSAGE_SOURCE is in player-protocol.ts (zod-free, for the player page).

export type ParentToPlayer =
  | {
      source: typeof PLAYER_MESSAGE_SOURCE;
      type: 'init';
      /** Offer "Resume from …" when > 0. */
      resumeSeconds: number;
      subtitleSettings: SubtitleSettings;
      /** Start at this second without asking (server switch, reload, failover). */
      startAt?: number;
      /** The episode's recap, intro, credits and preview (issue 28); absent for a movie or an episode without them. */
      markers?: PlayerMarker[];
      /** Skip the recap and the intro without a press (the viewer's setting, not in their first episode of the series). */
      autoSkip?: boolean;
    }
  /** A fresh token for the same video (renewal before expiry, or after a 403). */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'token'; token: string; expiresAt: string }
  /**
   * The answer to 'ended' when a next episode follows: the card shows
   * `label` ('Next episode' / 'Next season') and `title`, and counts down, or
   * with `ask` asks "Are you still watching?" first (decision 0072).
   */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'up-next'; label: string; title: string; ask: boolean }
  /** The remote moved onto the frame (player-protocol.ts). */
  | ParentRemoteMessage
  /** A dialog of the watch page covers the video (the report dialog, issue 15): stop playing, as a press of Pause would. */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'pause' };

export type PlayerToParent =
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'ready' }
  | {
      source: typeof PLAYER_MESSAGE_SOURCE;
      type: 'progress';
      position: number;
      duration: number;
      /** The player's clock when read (ms since 1970). */
      at: number;
    }
  /** The token ends soon or was refused: the parent fetches the watch answer again and posts 'token'. */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'token-needed' }
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'settings'; settings: SubtitleSettings }
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'ended' }
  /** Playback reached the credits (issue 28): the parent answers 'up-next' as for 'ended', the position is not the end. */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'credits' }
  /** Play the next episode: `auto` when the countdown ran out, false when the viewer chose it. */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'next'; auto: boolean }
  /** The viewer pressed a key or touched the frame (once per page: the still-watching count starts again). */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'activity' }
  /** The player moved to the backup origin by itself (failover), at this position. */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'failover'; position: number }
  /**
   * Where the video is, in answer to 'pause' (a dialog covers it: the
   * report, issue 27), whether or not it ever played or posted progress (a
   * seek before play, the browser's own controls). Never saved as progress.
   */
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'position'; position: number }
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'error'; message: string; status?: number }
  /** The remote left the frame's controls, or Back with nothing open (player-protocol.ts). */
  | PlayerRemoteMessage;

/** Player page query (spec §7 Player loading). */
export const PLAYER_QUERY_KEYS = ['token', 'cb', 'user_id', 'video_id', 'video_type'] as const;
