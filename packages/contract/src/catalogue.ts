import { z } from 'zod';
import { FOLLOW_PREFERENCES } from './english-subtitles.js';

// Spec §3 catalogue entities as they travel on the wire (snake_case,
// `serie_*`). These are allow-lists: the API serialises through them, so a
// field not named here never leaves the server.

export const genreRef = z.object({ genre_id: z.number().int(), genre_title: z.string() });
export type GenreRef = z.infer<typeof genreRef>;

export const castMember = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string() });
export type CastMember = z.infer<typeof castMember>;

export const reviewReply = z.object({
  id: z.number().int(),
  user_name: z.string(),
  reply: z.string(),
  created_at: z.string(),
  fk_user_id: z.number().int(),
  repliedBy: z.object({ image_url: z.string().nullable() }),
});
export type ReviewReply = z.infer<typeof reviewReply>;

export const review = z.object({
  id: z.number().int(),
  user: z.string(),
  content: z.string(),
  rating: z.number().int().min(1).max(10),
  published: z.string(),
  fk_user_id: z.number().int(),
  reviewedBy: z.object({ image_url: z.string().nullable() }),
  reviews_replies: z.array(reviewReply),
  /** Ours (decision 0021): the author marked it as a spoiler; clients hide the text until asked. */
  spoiler: z.boolean(),
  /** Ours (decision 0021): the episode a series review is about; null for the whole title. */
  episode_id: z.number().int().nullable(),
});
export type Review = z.infer<typeof review>;

/**
 * A series as a card (lists, home rows, search): what a card shows and links
 * to. Genres travel as the `genre_title` text (spec §3 allows either form);
 * the detail answer adds `genres[]` with ids and the original title.
 */
export const seriesCard = z.object({
  serie_id: z.number().int(),
  serie_title: z.string(),
  serie_year: z.number().int(),
  serie_image: z.string(),
  serie_cover: z.string(),
  serie_completion: z.enum(['ongoing', 'ended']),
  avg_rating: z.number().int().optional(),
  genre_title: z.string(),
  seasons_count: z.number().int(),
});
export type SeriesCard = z.infer<typeof seriesCard>;

export const movieCard = z.object({
  movie_id: z.number().int(),
  movie_title: z.string(),
  movie_year: z.number().int(),
  movie_duration: z.number().int(),
  movie_image: z.string(),
  movie_cover: z.string(),
  avg_rating: z.number().int().optional(),
  genre_title: z.string(),
});
export type MovieCard = z.infer<typeof movieCard>;

/** An episode inside a series detail. Never carries a playable link. */
export const episodeSummary = z.object({
  episode_id: z.number().int(),
  episode_title: z.string(),
  episode_number: z.number().int(),
  episode_date: z.string(),
  episode_image: z.string(),
  episode_duration: z.number().int(),
  season_finale: z.union([z.literal(0), z.literal(1)]),
  /**
   * Our addition (issue 28): minutes without recap, credits and preview
   * (`storyMinutes`); null without those markers, as in the watch answer.
   */
  story_minutes: z.number().int().nullable(),
  /** Ours (issue 28): out with its media (Turkish audio) and no English track yet. */
  english_subtitles_coming: z.boolean(),
});
export type EpisodeSummary = z.infer<typeof episodeSummary>;

export const season = z.object({
  id: z.number().int(),
  title: z.string(),
  season_number: z.number().int(),
  episodes: z.array(episodeSummary),
});
export type Season = z.infer<typeof season>;

export const seriesDetail = seriesCard.extend({
  serie_original_title: z.string(),
  genres: z.array(genreRef),
  serie_description: z.string(),
  serie_trailer: z.string().nullable(),
  seasons: z.array(season),
  casts: z.array(castMember),
  series_reviews: z.array(review),
  is_wishlist: z.enum(['0', '1']),
  is_notification_on: z.enum(['0', '1']),
  /**
   * Ours (issue 28): what the signed-in viewer's follow tells them about;
   * absent when they do not follow the series (and for visitors).
   */
  notification_preference: z.enum(FOLLOW_PREFERENCES).optional(),
});
export type SeriesDetail = z.infer<typeof seriesDetail>;

export const movieDetail = movieCard.extend({
  movie_original_title: z.string(),
  genres: z.array(genreRef),
  movie_description: z.string(),
  movie_trailer: z.string().nullable(),
  casts: z.array(castMember),
  movies_reviews: z.array(review),
  is_wishlist: z.enum(['0', '1']),
});
export type MovieDetail = z.infer<typeof movieDetail>;

/**
 * Ours: `GET /movies/{id}/reviews` and `GET /series/{id}/reviews` → body, the
 * reviews of a detail answer without the rest of it (the watch pages show
 * them; decision 0043). Series reviews carry their `episode_id`.
 */
export const titleReviewsBody = z.object({
  reviews: z.array(review),
  /** The rounded mean of the ratings (spec §9), absent when there are none. */
  avg_rating: z.number().int().optional(),
});
export type TitleReviewsBody = z.infer<typeof titleReviewsBody>;

/** The latest-episode card of the home page (spec §3). */
export const latestEpisode = z.object({
  episode_id: z.number().int(),
  episode_image: z.string(),
  episode_number: z.number().int(),
  episode_date: z.string(),
  serie_id: z.number().int(),
  serie_title: z.string(),
  season_title: z.string(),
  episode_title: z.string(),
  /** Ours (issue 28): out with its media (Turkish audio) and no English track yet. */
  english_subtitles_coming: z.boolean(),
});
export type LatestEpisode = z.infer<typeof latestEpisode>;

export const slider = z.object({
  id: z.number().int(),
  image: z.string(),
  movie: movieCard.extend({ movie_description: z.string(), movie_trailer: z.string().nullable() }).optional(),
  series: seriesCard.extend({ serie_description: z.string(), serie_trailer: z.string().nullable() }).optional(),
});
export type Slider = z.infer<typeof slider>;

export const homeBody = z.object({
  sliders: z.array(slider),
  topSeries: z.array(seriesCard),
  topMovies: z.array(movieCard),
  recentSeries: z.array(seriesCard),
  recentMovies: z.array(movieCard),
  latestEpisodes: z.array(latestEpisode),
  /**
   * Ours (issue 28): "New with English subtitles", the latest episodes whose
   * English track came out in the last NEW_ENGLISH_SUBTITLES_DAYS days.
   */
  newWithEnglishSubtitles: z.array(latestEpisode),
  canPlay: z.boolean(),
});
export type HomeBody = z.infer<typeof homeBody>;

export const seriesListBody = z.object({ series: z.array(seriesCard), total_pages: z.number().int() });
export type SeriesListBody = z.infer<typeof seriesListBody>;
export const moviesListBody = z.object({ movies: z.array(movieCard), total_pages: z.number().int() });
export type MoviesListBody = z.infer<typeof moviesListBody>;
export const searchBody = z.object({ movies: z.array(movieCard), series: z.array(seriesCard) });
export type SearchBody = z.infer<typeof searchBody>;
export const recommendationsBody = z.object({ movies: z.array(movieCard) });
export type RecommendationsBody = z.infer<typeof recommendationsBody>;
export const movieDetailBody = z.object({ movie: movieDetail, canPlay: z.boolean() });
export type MovieDetailBody = z.infer<typeof movieDetailBody>;
export const seriesDetailBody = z.object({ series: seriesDetail, canPlay: z.boolean() });
export type SeriesDetailBody = z.infer<typeof seriesDetailBody>;
export const promotionBody = z.object({
  text: z.string().nullable(),
  color: z.enum(['red', 'blue']).nullable(),
});
export type PromotionBody = z.infer<typeof promotionBody>;

/** Every answer with a body wraps it as {"body": …} (DESIGN §3). */
export function envelope<T extends z.ZodType>(body: T) {
  return z.object({ body });
}

export const errorBody = z.object({ error: z.string(), field: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;
