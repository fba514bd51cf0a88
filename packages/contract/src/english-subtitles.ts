// Issue 28, "English subtitles are ready": the one place of its constants and
// texts for both sides (decisions 0130–0132). No zod here: the home route
// reads the row's title and the card's note (decision 0093).

/** The home row "New with English subtitles": episodes whose English track came out this many days ago at most. */
export const NEW_ENGLISH_SUBTITLES_DAYS = 14;
/** How many episodes the home answer's row carries (the web shows at most LATEST_EPISODES_LIMIT at once). */
export const NEW_ENGLISH_SUBTITLES_SIZE = 9;
/** The subtitle language whose arrival is news. */
export const ENGLISH_SUBTITLE_LANGUAGE = 'en';

/**
 * What a follower of a series hears about (per follow, `series_follows.notify`):
 * new episodes as they air, only when English subtitles are ready, or both.
 */
export const FOLLOW_PREFERENCES = ['new_episodes', 'english_subtitles', 'both'] as const;
export type FollowPreference = (typeof FOLLOW_PREFERENCES)[number];
/**
 * A new follow's choice. Follows made before issue 28 keep today's
 * behaviour, 'new_episodes' (migration 0030, which also sets this default
 * in SQL: keep both the same).
 */
export const DEFAULT_FOLLOW_PREFERENCE: FollowPreference = 'english_subtitles';

/** Whether a follow with this preference hears of new episodes / of English subtitles. */
export const hearsOfNewEpisodes = (p: FollowPreference) => p === 'new_episodes' || p === 'both';
export const hearsOfEnglishSubtitles = (p: FollowPreference) => p === 'english_subtitles' || p === 'both';

const ENGLISH_SUBTITLES_PREFERENCE_TOAST: Record<FollowPreference, string> = {
  new_episodes: 'you will hear about new episodes as they air',
  english_subtitles: 'you will hear when English subtitles are ready',
  both: 'you will hear about new episodes and when English subtitles are ready',
};

export const ENGLISH_SUBTITLES_TEXTS = {
  /** An episode out with Turkish audio and no English track yet: its card, the episode list and the player. */
  coming: 'English subtitles coming',
  /** Home's row. */
  homeRow: 'New with English subtitles',
  /** The notification (bell and Web Push), word for word from issue 28. */
  ready: (series: string, season: number, episode: number) =>
    `English subtitles are ready: ${series} Season ${season}, Episode ${episode}`,
  /** The follow's choice on the series page. */
  preferenceLegend: 'Notify me about',
  preferences: {
    new_episodes: 'New episodes as they air',
    english_subtitles: 'Only when English subtitles are ready',
    both: 'Both',
  } satisfies Record<FollowPreference, string>,
  preferenceSaved: (title: string, choice: FollowPreference) =>
    `${title}: ${ENGLISH_SUBTITLES_PREFERENCE_TOAST[choice]}`,
  preferenceFailed: 'Your choice could not be saved. Please try again.',
  /** 400 naming the field. */
  badPreference: `must be one of ${FOLLOW_PREFERENCES.join(', ')}`,
  /** The player's note when an episode plays with its Turkish track only. */
  turkishMeanwhile: 'Turkish subtitles meanwhile',
} as const;
