import {
  CONTINUE_ROW_SIZE,
  HISTORY_MAX_ENTRIES,
  HISTORY_TEXTS,
  isFinished,
  isInProgress,
  type ContinueBody,
  type HistoryBody,
  type HistoryEntry,
  type NextUpEntry,
} from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/errors.js';
import type { PlaybackRepository } from '../playback/playback.repository.js';
import type {
  EpisodeFields,
  HistoryRepository,
  MovieHistoryRow,
  NextEpisodeRow,
  SeriesHistoryRow,
} from './history.repository.js';

// Spec §7 history calls and our Continue Watching / Next Up (decision 0024).
// Every method takes the verified user id (the routes check the path's id
// against the token first).

export interface HistoryServiceDeps {
  repo: HistoryRepository;
  /** The saved positions are modules/playback's (watch_history): deleting them is its statement. */
  progress: Pick<PlaybackRepository, 'forgetProgress'>;
  /** Whether the user has an active plan (app.ts viewerOf). */
  viewer(userId: number): Promise<{ canPlay: boolean }>;
}

const episodeOf = (r: EpisodeFields) => ({
  episode_id: r.episodeId,
  episode_title: r.episodeTitle,
  episode_number: r.episodeNumber,
  episode_image: r.episodeImage,
  season_id: r.seasonId,
  season_title: r.seasonTitle,
  season_number: r.seasonNumber,
});

const movieEntry = (r: MovieHistoryRow): HistoryEntry => ({
  type: 'movie',
  movie_id: r.movieId,
  movie_title: r.title,
  movie_year: r.year,
  movie_image: r.image,
  movie_cover: r.cover,
  movie_duration: r.durationMinutes,
  position_seconds: r.positionSeconds,
  duration_seconds: r.durationSeconds,
  watched_at: r.watchedAt,
});

const seriesEntry = (r: SeriesHistoryRow): HistoryEntry => ({
  type: 'series',
  serie_id: r.serieId,
  serie_title: r.title,
  serie_year: r.year,
  serie_image: r.image,
  serie_cover: r.cover,
  ...episodeOf(r),
  position_seconds: r.positionSeconds,
  duration_seconds: r.durationSeconds,
  watched_at: r.watchedAt,
});

const nextUpEntry = (r: NextEpisodeRow, watchedAt: string): NextUpEntry => ({
  serie_id: r.serieId,
  serie_title: r.title,
  serie_year: r.year,
  serie_image: r.image,
  serie_cover: r.cover,
  ...episodeOf(r),
  watched_at: watchedAt,
});

type Row = { kind: 'movie'; row: MovieHistoryRow } | { kind: 'series'; row: SeriesHistoryRow };

/** Newest save first; the later row wins a tie of the same millisecond. */
const newestFirst = (a: Row, b: Row) =>
  a.row.watchedAt === b.row.watchedAt ? b.row.rowId - a.row.rowId : a.row.watchedAt < b.row.watchedAt ? 1 : -1;

export function createHistoryService(deps: HistoryServiceDeps) {
  const { repo } = deps;

  /** Spec §6: history is for users with an active plan (decision 0024). */
  async function requirePlan(userId: number) {
    if (!(await deps.viewer(userId)).canPlay) throw new HttpFailure(403, { error: HISTORY_TEXTS.planRequired });
  }

  /** Movies and series (each series once), newest first, at most `limit`. */
  async function rows(userId: number, limit: number): Promise<Row[]> {
    const [movies, series] = await Promise.all([repo.movies(userId, limit), repo.series(userId, limit)]);
    return [
      ...movies.map((row) => ({ kind: 'movie' as const, row })),
      ...series.map((row) => ({ kind: 'series' as const, row })),
    ]
      .sort(newestFirst)
      .slice(0, limit);
  }

  const toEntry = (r: Row) => (r.kind === 'movie' ? movieEntry(r.row) : seriesEntry(r.row));

  return {
    /** GET /user/{id}/history. */
    async history(userId: number): Promise<HistoryBody> {
      await requirePlan(userId);
      return { history: (await rows(userId, HISTORY_MAX_ENTRIES)).map(toEntry) };
    },

    /**
     * GET /user/{id}/continue: each title is in at most one row. Started and
     * not finished → Continue Watching (a series by its latest episode);
     * a series whose latest episode is finished → Next Up with the episode
     * after it, when one is released.
     */
    async continueRows(userId: number): Promise<ContinueBody> {
      await requirePlan(userId);
      const recent = await rows(userId, HISTORY_MAX_ENTRIES);
      const continueWatching = recent
        .filter((r) => isInProgress(r.row.positionSeconds, r.row.durationSeconds))
        .slice(0, CONTINUE_ROW_SIZE)
        .map(toEntry);
      const finished = recent
        .filter(
          (r): r is Extract<Row, { kind: 'series' }> =>
            r.kind === 'series' && isFinished(r.row.positionSeconds, r.row.durationSeconds),
        )
        .map((r) => r.row);
      const next = new Map(
        (await repo.nextEpisodes(finished.map((r) => r.episodeId))).map((n) => [n.afterEpisodeId, n]),
      );
      const nextUp = finished.flatMap((r) => {
        const n = next.get(r.episodeId);
        return n ? [nextUpEntry(n, r.watchedAt)] : [];
      });
      return { continueWatching, nextUp: nextUp.slice(0, CONTINUE_ROW_SIZE) };
    },

    /** POST /user/{id}/history/all: removing one's own data needs no plan (decision 0024). */
    async deleteAll(userId: number): Promise<void> {
      await deps.progress.forgetProgress(userId);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
