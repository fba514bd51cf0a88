import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_ERRORS,
  BILLING_ERRORS,
  DEFAULT_SUBTITLE_SETTINGS,
  PLAYBACK_TEXTS,
  storyMinutes,
  type EpisodeMarker,
  type EpisodeRef,
  type IssueReportForm,
  type PlaybackTokenBody,
  type PlayerInfo,
  type PlayerSeason,
  type SubtitleSettings,
  type VideoType,
  type WatchEpisodeBody,
  type WatchMovieBody,
  type WatchProgress,
} from '@bosphorus/contract';
import type { Config } from '../../config.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { HttpFailure } from '../../plugins/errors.js';
import type { CatalogueRepository, EpisodeRow } from '../catalogue/catalogue.repository.js';
import { toMovieCard } from '../catalogue/catalogue.service.js';
import type { PlaybackClaims, PlaybackTokens } from './playback-token.js';
import type { PlaybackRepository, ProgressInput, ProgressRow } from './playback.repository.js';

// The player's server side (spec §2 Watch, Episode player; §7 watch calls,
// Player loading, report; DESIGN §4 Playback). Hazards: README.md.

/** How long the video → files mapping (and the folder listing) is reused. */
export const MEDIA_CACHE_MS = 30_000;
/** Longest a media answer may be kept by the browser (never past the token's expiry). */
export const MEDIA_MAX_AGE_SECONDS = 6 * 3600;
/** What a rendition folder may serve: playlists, segments, MP4, subtitles. */
const MEDIA_EXTENSIONS = new Set(['.m3u8', '.m4s', '.mp4', '.m4a', '.m4v', '.ts', '.aac', '.vtt', '.webm']);
/** The one file of a folder that is not on disk: what the player page needs (contract playerInfo). */
export const INFO_FILE = 'info.json';

/** A playable video: the files of one rendition folder and what the player shows. */
export interface PlayableMedia {
  title: string;
  /** The rendition folder, relative to config.media.dir (e.g. 'demo/ferry'). */
  folder: string;
  /** The rest are relative to the folder. */
  hls: string;
  mp4: string;
  /** The WebM beside the MP4 (same name, `.webm`), when the folder has one (decision 0057). */
  webm?: string;
  subtitles: PlayerInfo['subtitles'];
  /** Every servable file of the folder (relative, '/'-separated), listed once per cache period. */
  files: ReadonlySet<string>;
}

export interface PlaybackServiceDeps {
  repo: PlaybackRepository;
  catalogue: CatalogueRepository;
  tokens: PlaybackTokens;
  media: Config['media'];
  /** Whether a signed-in user may watch (an active plan); from the billing side, through app.ts. */
  viewer(userId: number): Promise<{ canPlay: boolean }>;
  log?: { warn(obj: object, msg: string): void };
  /**
   * The change feed (decision 0028): a title's media change (a finished
   * transcode, a subtitle, a removal — migration 0012's triggers) drops
   * what this instance held of its files, so new media plays at once.
   */
  feed?: Pick<ChangeFeed, 'on' | 'onReset'>;
  /** A released episode's markers (modules/markers, issue 28), for the watch answer. */
  markers?(episodeId: number): Promise<EpisodeMarker[] | null>;
  /** Seconds of each episode of a series that are recap, credits or preview (the episode list's story length). */
  notStorySeconds?(seriesId: number): Promise<Map<number, number>>;
}

/**
 * Spec §4 Player: the backup server is the main link with '.com' → '.net'
 * when the main origin's host ends so; otherwise the configured
 * MEDIA_BACKUP_ORIGIN (which defaults to the main origin).
 */
export function backupOriginOf(media: { mainOrigin: string; backupOrigin: string }): string {
  const url = new URL(media.mainOrigin);
  if (!url.hostname.endsWith('.com')) return media.backupOrigin;
  url.hostname = url.hostname.slice(0, -'.com'.length) + '.net';
  return url.toString().replace(/\/+$/, '');
}

/**
 * Where the player is for one request (plugins/site-origin.ts: the site's
 * origin as the request came, decision 0034): the player page's main and
 * backup origins, and the web app's origin, its only parent.
 */
export interface PlayerOrigins {
  main: string;
  backup: string;
  app: string;
}

/**
 * The royalty-free rendition of a folder (decision 0057): the progressive
 * MP4's name with `.webm` (VP9/VP8 + Opus/Vorbis), for engines without
 * H.264/AAC. No column of its own: it is found beside the MP4 or not at all.
 */
export function webmBeside(mp4: string, files: ReadonlySet<string>): string | undefined {
  const webm = mp4.replace(/\.[^./]+$/, '') + '.webm';
  return files.has(webm) ? webm : undefined;
}

/** A '/'-separated path below a folder: no empty, '.', '..' or hidden segment, no backslash or NUL. */
export function isSafeRelativePath(rel: string): boolean {
  if (rel === '' || rel.length > 300 || /[\\\0]/.test(rel)) return false;
  return rel.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
}

const toProgress = (row: ProgressRow | null): WatchProgress | null =>
  row && { position_seconds: row.positionSeconds, duration_seconds: row.durationSeconds, updated_at: row.updatedAt };

async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    // Symbolic links are never followed: one could point outside the media root.
    if (entry.isDirectory()) files.push(...(await listFiles(root, rel)));
    else if (entry.isFile() && MEDIA_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) files.push(rel);
  }
  return files;
}

export function createPlaybackService(deps: PlaybackServiceDeps) {
  /**
   * The account's automatic skip, and whether it applies to this episode:
   * never in the first episode of a series the viewer watches (issue 28).
   */
  async function autoSkipOf(userId: number, episodeId: number) {
    const on = await deps.repo.autoSkip(userId);
    return { auto_skip: on, auto_skip_here: on && (await deps.repo.watchedOtherEpisode(userId, episodeId)) };
  }

  const { repo, catalogue, tokens, media } = deps;
  const mediaRoot = path.resolve(media.dir);
  const cache = new TtlCache<PlayableMedia | null>(MEDIA_CACHE_MS);
  // An episode's change is announced as its series' (migration 0012): every
  // episode entry goes, a cheap refill of a few folder listings.
  deps.feed?.on('movie', (id) => cache.delete(`movie:${id}`));
  deps.feed?.on('series', () => cache.deleteWhere((key) => key.startsWith('episode:')));
  deps.feed?.on('catalogue', () => cache.clear());
  deps.feed?.onReset(() => cache.clear());

  /** The files of a published video, or null (unknown, unpublished, no complete rendition on disk). */
  async function loadMedia(videoType: VideoType, videoId: number, unpublished = false): Promise<PlayableMedia | null> {
    const row = await repo.videoMedia(videoType, videoId, unpublished);
    const hls = row?.renditions.find((r) => r.kind === 'hls');
    const mp4 = row?.renditions.find((r) => r.kind === 'mp4');
    if (!row || !hls || !mp4) return null;
    const folder = path.posix.dirname(hls.path);
    const inFolder = (file: string) => {
      const rel = path.posix.relative(folder, file);
      return isSafeRelativePath(rel) ? rel : null;
    };
    const absolute = path.resolve(mediaRoot, folder);
    const mp4Rel = inFolder(mp4.path);
    if (!isSafeRelativePath(folder) || !absolute.startsWith(mediaRoot + path.sep) || mp4Rel === null) {
      deps.log?.warn({ videoType, videoId, folder }, 'media: rendition paths are not one folder under MEDIA_DIR');
      return null;
    }
    let files: Set<string>;
    try {
      files = new Set(await listFiles(absolute));
    } catch (error) {
      deps.log?.warn({ videoType, videoId, folder, err: error }, 'media: rendition folder is unreadable');
      return null;
    }
    const hlsRel = path.posix.basename(hls.path);
    if (!files.has(hlsRel) || !files.has(mp4Rel)) {
      deps.log?.warn({ videoType, videoId, folder }, 'media: rendition files are missing');
      return null;
    }
    const subtitles = row.subtitles.flatMap((s) => {
      const src = inFolder(s.path);
      return src !== null && files.has(src)
        ? [{ language: s.language, label: s.label, src, default: s.isDefault }]
        : [];
    });
    const webm = webmBeside(mp4Rel, files);
    return { title: row.title, folder, hls: hlsRel, mp4: mp4Rel, ...(webm && { webm }), subtitles, files };
  }

  const mediaOf = (videoType: VideoType, videoId: number) =>
    cache.getOrCompute(`${videoType}:${videoId}`, () => loadMedia(videoType, videoId));

  async function requireSubscriber(userId: number) {
    const viewer = await deps.viewer(userId);
    if (!viewer.canPlay) throw new HttpFailure(403, { error: BILLING_ERRORS.notSubscribed });
  }

  function issueToken(userId: number, videoType: VideoType, videoId: number): PlaybackTokenBody {
    const { token, claims } = tokens.issue(userId, videoType, videoId);
    return { playback_token: token, playback_expires_at: new Date(claims.expiresAt * 1000).toISOString() };
  }

  async function playable(userId: number, videoType: VideoType, videoId: number, origins: PlayerOrigins) {
    const [progress, settings] = await Promise.all([
      repo.progress(userId, videoType, videoId),
      repo.subtitleSettings(userId),
    ]);
    return {
      ...issueToken(userId, videoType, videoId),
      backup_link: `${origins.backup}/player`,
      progress: toProgress(progress),
      subtitle_settings: settings ?? DEFAULT_SUBTITLE_SETTINGS,
    };
  }

  const ref = (e: EpisodeRow, seasonTitle: string): EpisodeRef => ({
    id: e.id,
    episode_number: e.number,
    episode_title: e.title,
    season_id: e.seasonId,
    season_title: seasonTitle,
  });

  return {
    /** GET /movies/{id}/watch for a signed-in user. */
    async watchMovie(userId: number, movieId: number, origins: PlayerOrigins): Promise<WatchMovieBody> {
      await requireSubscriber(userId);
      const [[card], extra] = await Promise.all([
        catalogue.movieCards([movieId]),
        catalogue.detailExtra('movies', movieId),
      ]);
      if (!card || !extra) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      if (!(await mediaOf('movie', movieId))) throw new HttpFailure(404, { error: PLAYBACK_TEXTS.noMedia });
      return {
        movie: {
          ...toMovieCard(card),
          movie_description: extra.description,
          movie_link: `${origins.main}/player`,
          ...(await playable(userId, 'movie', movieId, origins)),
        },
      };
    },

    /** GET /episodes?episodeId= for a signed-in user: the episode, its neighbours across season borders, every season. */
    async watchEpisode(userId: number, episodeId: number, origins: PlayerOrigins): Promise<WatchEpisodeBody> {
      await requireSubscriber(userId);
      const seriesId = await repo.episodeSeriesId(episodeId);
      if (seriesId === null) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      const [seasons, episodes, [serie], notStory] = await Promise.all([
        catalogue.seasons(seriesId),
        catalogue.episodes(seriesId),
        catalogue.seriesCards([seriesId]),
        deps.notStorySeconds?.(seriesId) ?? new Map<number, number>(),
      ]);
      if (!serie) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      if (!(await mediaOf('episode', episodeId))) throw new HttpFailure(404, { error: PLAYBACK_TEXTS.noMedia });

      // Seasons by number, episodes by number within each: the order of play.
      const bySeason = new Map(seasons.map((s) => [s.id, [] as EpisodeRow[]]));
      for (const e of episodes) bySeason.get(e.seasonId)?.push(e);
      for (const list of bySeason.values()) list.sort((a, b) => a.number - b.number);
      const inOrder = seasons.flatMap((s) => bySeason.get(s.id)!.map((e) => ({ e, season: s })));
      const at = inOrder.findIndex((x) => x.e.id === episodeId);
      if (at < 0) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      const { e: current, season } = inOrder[at]!;
      const previous = inOrder[at - 1];
      const next = inOrder[at + 1];
      const ownSeason = bySeason.get(season.id)!;

      const playerSeasons: PlayerSeason[] = seasons.map((s) => ({
        id: s.id,
        title: s.title,
        season_number: s.number,
        episodes: bySeason.get(s.id)!.map((e) => ({
          episode_id: e.id,
          episode_number: e.number,
          episode_title: e.title,
          episode_image: e.image,
          episode_duration: e.durationMinutes,
          season_finale: e.seasonFinale ? 1 : 0,
          story_minutes: storyMinutes(e.durationMinutes, notStory.get(e.id)),
        })),
      }));
      return {
        episode: {
          episode_id: current.id,
          episode_title: current.title,
          episode_number: current.number,
          episode_date: current.airDate,
          episode_image: current.image,
          episode_duration: current.durationMinutes,
          episode_link: `${origins.main}/player`,
          season_finale: current.seasonFinale ? 1 : 0,
          previous_episode: previous ? ref(previous.e, previous.season.title) : null,
          next_episode: next ? ref(next.e, next.season.title) : null,
          is_first_episode_of_season: ownSeason[0]?.id === current.id,
          is_season_final: ownSeason.at(-1)?.id === current.id,
          season: { id: season.id, title: season.title, season_number: season.number },
          season_id: season.id,
          seasons: playerSeasons,
          serie: { serie_id: serie.id, serie_title: serie.title, serie_image: serie.image },
          markers: (await deps.markers?.(episodeId)) ?? [],
          ...(await autoSkipOf(userId, episodeId)),
          ...(await playable(userId, 'episode', episodeId, origins)),
        },
        canPlay: true,
      };
    },

    /** GET /playback-token: a fresh token for a playable video (subscribers only), nothing else. */
    async renewToken(userId: number, videoType: VideoType, videoId: number): Promise<PlaybackTokenBody> {
      await requireSubscriber(userId);
      if (!(await mediaOf(videoType, videoId))) throw new HttpFailure(404, { error: API_ERRORS.notFound });
      return issueToken(userId, videoType, videoId);
    },

    /** POST /user/{id}/progress: latest client time wins; 404 for a video that does not exist. */
    async recordWatchProgress(input: ProgressInput): Promise<void> {
      if (!(await repo.videoExists(input.videoType, input.videoId))) {
        throw new HttpFailure(404, { error: API_ERRORS.notFound });
      }
      await repo.saveProgress(input);
    },

    /** POST /user/{id}/player-settings (issue 28): "Skip recaps and intros automatically". */
    async savePlayerSettings(userId: number, settings: { autoSkip: boolean }): Promise<void> {
      await repo.saveAutoSkip(userId, settings.autoSkip);
    },

    async saveSubtitleSettings(userId: number, settings: SubtitleSettings): Promise<void> {
      await repo.saveSubtitleSettings(userId, settings);
    },

    /** POST /report: `userId` is the verified reporter or null (a visitor), never the form's. */
    async reportIssue(userId: number | null, form: IssueReportForm): Promise<void> {
      const { note, user_id: _claimed, ...fields } = form;
      const payload = Object.fromEntries(
        Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      await repo.insertIssueReport(userId, note, payload);
    },

    /** The files a valid token opens (null: the video is gone or unplayable). */
    mediaFor(claims: PlaybackClaims): Promise<PlayableMedia | null> {
      return mediaOf(claims.videoType, claims.videoId);
    },

    /**
     * A token's files whether its title is out or not, read afresh: for an
     * operator's preview of a scheduled episode or an unpublished movie (the
     * media route asks only when mediaFor found nothing and the token's
     * user is an operator now).
     */
    previewMediaFor(claims: PlaybackClaims): Promise<PlayableMedia | null> {
      return loadMedia(claims.videoType, claims.videoId, true);
    },

    /** `info.json` of a token's folder (contract playerInfo). */
    playerInfo(claims: PlaybackClaims, found: PlayableMedia, origins: PlayerOrigins): PlayerInfo {
      return {
        title: found.title,
        hls: found.hls,
        mp4: found.mp4,
        ...(found.webm && { webm: found.webm }),
        subtitles: found.subtitles,
        backup_origin: origins.backup,
        expires_at: new Date(claims.expiresAt * 1000).toISOString(),
        app_origin: origins.app,
      };
    },

    mediaRoot,
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
