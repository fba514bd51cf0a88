import { z } from 'zod';

// Spec §3 History entry, §7 `GET /user/{userId}/history` (body.history) and
// `POST /user/{userId}/history/all` (form `_method=DELETE`, top-level
// message); and our `GET /user/{userId}/continue` for the home page's
// Continue Watching and Next Up rows (decision 0024). Entries come from the
// player's saved positions (watch_history); a series appears once, with the
// episode watched most recently.

/** At most this many entries, most recent first (the history screen shows them all). */
export const HISTORY_MAX_ENTRIES = 100;
/** At most this many cards in each home row. */
export const CONTINUE_ROW_SIZE = 20;
/** Watched at least this share of a title counts as finished (the credits are not worth resuming). */
export const FINISHED_SHARE = 0.95;
/** A title counts as started after this many seconds… */
export const STARTED_AFTER_SECONDS = 30;
/** …or after this share of it, when that is sooner (short clips). */
export const STARTED_AFTER_SHARE = 0.1;

/** Where the viewer is in a title: seconds, for a progress bar. */
const progressFields = {
  position_seconds: z.number().int(),
  /** 0 while the player did not yet know the length. */
  duration_seconds: z.number().int(),
  /** When the position was last saved (ISO 8601, UTC). */
  watched_at: z.string(),
};

const serieFields = {
  serie_id: z.number().int(),
  serie_title: z.string(),
  serie_year: z.number().int(),
  serie_image: z.string(),
  serie_cover: z.string(),
};

const episodeFields = {
  episode_id: z.number().int(),
  episode_title: z.string(),
  episode_number: z.number().int(),
  episode_image: z.string(),
  season_id: z.number().int(),
  season_title: z.string(),
  season_number: z.number().int(),
};

export const movieHistoryEntry = z.object({
  type: z.literal('movie'),
  movie_id: z.number().int(),
  movie_title: z.string(),
  movie_year: z.number().int(),
  movie_image: z.string(),
  movie_cover: z.string(),
  movie_duration: z.number().int(),
  ...progressFields,
});
export type MovieHistoryEntry = z.infer<typeof movieHistoryEntry>;

/** A series: once, with the episode watched most recently. */
export const seriesHistoryEntry = z.object({
  type: z.literal('series'),
  ...serieFields,
  ...episodeFields,
  ...progressFields,
});
export type SeriesHistoryEntry = z.infer<typeof seriesHistoryEntry>;

export const historyEntry = z.discriminatedUnion('type', [movieHistoryEntry, seriesHistoryEntry]);
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyBody = z.object({ history: z.array(historyEntry) });
export type HistoryBody = z.infer<typeof historyBody>;

/** The form of `POST /user/{userId}/history/all` (spec §7). */
export const deleteHistoryForm = z.object({
  _method: z.string().refine((value) => value.toUpperCase() === 'DELETE', { message: "must be 'DELETE'" }),
  user_id: z.union([z.string(), z.number()]).optional(),
});
export type DeleteHistoryForm = z.infer<typeof deleteHistoryForm>;

/** The episode after a finished one (across season borders), not yet started. */
export const nextUpEntry = z.object({
  ...serieFields,
  ...episodeFields,
  /** When the episode before it was finished. */
  watched_at: z.string(),
});
export type NextUpEntry = z.infer<typeof nextUpEntry>;

export const continueBody = z.object({
  /** Started and not finished, most recent first. */
  continueWatching: z.array(historyEntry),
  /** Series whose latest watched episode is finished: the next one, most recent first. */
  nextUp: z.array(nextUpEntry),
});
export type ContinueBody = z.infer<typeof continueBody>;

/** Seconds into a title from which it counts as started (Continue Watching). */
export function startedAtSeconds(durationSeconds: number): number {
  return durationSeconds > 0
    ? Math.min(STARTED_AFTER_SECONDS, durationSeconds * STARTED_AFTER_SHARE)
    : STARTED_AFTER_SECONDS;
}

/** Whether a saved position counts as watched to the end (an unknown length never does). */
export function isFinished(positionSeconds: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && positionSeconds >= durationSeconds * FINISHED_SHARE;
}

/** Whether a saved position belongs in Continue Watching: started and not finished. */
export function isInProgress(positionSeconds: number, durationSeconds: number): boolean {
  return positionSeconds >= startedAtSeconds(durationSeconds) && !isFinished(positionSeconds, durationSeconds);
}

/** The share watched, 0–1, for a progress bar (0 when the length is unknown). */
export function watchedShare(positionSeconds: number, durationSeconds: number): number {
  return durationSeconds > 0 ? Math.min(1, Math.max(0, positionSeconds / durationSeconds)) : 0;
}

/** What a card says about the rest of a title: '23 min left', '1 h 5 min left', '10 s left' ('' when unknown). */
export function timeLeftText(positionSeconds: number, durationSeconds: number): string {
  if (durationSeconds <= 0) return '';
  if (isFinished(positionSeconds, durationSeconds)) return 'Watched';
  const left = Math.max(0, durationSeconds - positionSeconds);
  if (left < 60) return `${Math.ceil(left)} s left`;
  const minutes = Math.round(left / 60);
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** The player of an entry: it resumes from the saved position by itself. */
export function watchHref(entry: { movie_id: number } | { episode_id: number }): string {
  return 'movie_id' in entry ? `/watch/${entry.movie_id}` : `/watchEpisodes/${entry.episode_id}`;
}
