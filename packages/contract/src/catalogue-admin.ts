import { z } from 'zod';
import { parseTrailerId } from './trailer.js';

// The console's Catalogue section (issue 17): `/api/admin/catalogue/*`
// forms and answers, and its texts. Movies, series, seasons, episodes,
// people (cast with photos), images and the promotion banner.

/** Kinds of catalogue image, each written at its own size (decision 0089). */
export const CATALOGUE_IMAGE_KINDS = ['poster', 'cover', 'person', 'still'] as const;
export type CatalogueImageKind = (typeof CATALOGUE_IMAGE_KINDS)[number];
/** The master size of each kind (a poster and a cover also get IMAGE_WIDTHS copies). */
export const CATALOGUE_IMAGE_BOXES: Record<CatalogueImageKind, { width: number; height: number }> = {
  poster: { width: 480, height: 720 },
  cover: { width: 1920, height: 1080 },
  person: { width: 320, height: 320 },
  still: { width: 480, height: 270 },
};
/** Images the console offers to upload (checked again by content on the server). */
export const CATALOGUE_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export const SERIES_STATUSES = ['ongoing', 'ended'] as const;
export const PROMOTION_COLORS = ['red', 'blue'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });
const required = (max: number) => text(max).min(1, { message: 'is required' });
/** A checkbox as forms send it ('1', 'true', 'on') or JSON's boolean; absent is false. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')
  .default(false);
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be from ${min} to ${max}` })
    .max(max, { message: `must be from ${min} to ${max}` });
/** Empty: none. */
const optionalNumber = (min: number, max: number) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber(min, max).optional())
    .transform((v) => v ?? null);
/** Ids as a list, or one text of ids separated by commas (a form's single field). */
const idList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .default([])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .refine((ids) => ids.length <= 100 && ids.every((id) => /^\d{1,15}$/.test(id)), {
    message: 'must be at most 100 ids separated by commas',
  })
  .transform((ids) => [...new Set(ids.map(Number))]);
/** One name a line (or a list). */
const lines = z
  .union([z.array(z.string()), z.string()])
  .default([])
  .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(300, { message: 'must be at most 300 characters a line' })).max(20));
/**
 * An image: a file name the image upload answered (or one already in use),
 * an https address, or empty for none.
 */
export const IMAGE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.(webp|jpg|jpeg|png)$/;
const image = z
  .string()
  .trim()
  .max(500)
  .default('')
  .refine((v) => v === '' || IMAGE_NAME_PATTERN.test(v) || /^https:\/\/[^\s]+$/.test(v), {
    message: 'must be an uploaded image, an https address or empty',
  });
const trailer = z
  .string()
  .trim()
  .max(500)
  .default('')
  .refine((v) => v === '' || parseTrailerId(v) !== null, { message: 'must be a video link (?v= or youtu.be/)' })
  .transform((v) => (v === '' ? null : v));
const year = wholeNumber(1900, 2100);

const titleFields = {
  title: required(300),
  original_title: required(300),
  alt_titles: lines,
  description: text(5000).default(''),
  year,
  image,
  cover: image,
  trailer,
  published: flag,
  /** Place in the home hero slider (1 first); empty: not featured. */
  featured_rank: optionalNumber(1, 1000),
  /** The "Top" order: higher first. */
  popularity: wholeNumber(0, 2_000_000_000).default(0),
  genres: idList,
  /** Person ids in billing order. */
  cast: idList,
};

export const movieForm = z.object({ ...titleFields, duration_minutes: wholeNumber(0, 1000).default(0) });
export type MovieForm = z.infer<typeof movieForm>;
export const seriesForm = z.object({ ...titleFields, status: z.enum(SERIES_STATUSES) });
export type SeriesForm = z.infer<typeof seriesForm>;

export const seasonForm = z.object({ season_number: wholeNumber(1, 999), title: required(200) });
export type SeasonForm = z.infer<typeof seasonForm>;

export const episodeForm = z.object({
  episode_number: wholeNumber(1, 9999),
  title: required(300),
  image,
  duration_minutes: wholeNumber(0, 1000).default(0),
  season_finale: flag,
  /**
   * When it comes out (ISO 8601 with a zone), in the future: the followers
   * are told then. Empty keeps an edited episode's time; a new episode
   * needs one unless `publish_now`.
   */
  publish_at: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), { message: 'must be a date and time' })
    .transform((v) => (v === '' ? null : new Date(v))),
  /** Out now (and announced to the followers), whatever publish_at says. */
  publish_now: flag,
});
export type EpisodeForm = z.infer<typeof episodeForm>;

export const personForm = z.object({ name: required(200), image });
export type PersonForm = z.infer<typeof personForm>;

export const promotionForm = z
  .object({
    text: required(300),
    color: z.enum(PROMOTION_COLORS),
    starts_at: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), { message: 'must be a date and time' })
      .transform((v) => (v === '' ? null : new Date(v))),
    ends_at: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), { message: 'must be a date and time' })
      .transform((v) => (v === '' ? null : new Date(v))),
    active: flag,
  })
  .refine((p) => !p.ends_at || !p.starts_at || p.ends_at > p.starts_at, {
    message: 'must be after starts_at',
    path: ['ends_at'],
  });
export type PromotionForm = z.infer<typeof promotionForm>;

// ───────────── Answers ─────────────
export const adminGenre = z.object({ id: z.number(), title: z.string() });
export const adminPerson = z.object({ id: z.number(), name: z.string(), image: z.string() });
export type AdminPerson = z.infer<typeof adminPerson>;

const titleAnswer = {
  id: z.number(),
  title: z.string(),
  original_title: z.string(),
  alt_titles: z.array(z.string()),
  description: z.string(),
  year: z.number(),
  image: z.string(),
  cover: z.string(),
  trailer: z.string().nullable(),
  published: z.boolean(),
  featured_rank: z.number().nullable(),
  popularity: z.number(),
  genres: z.array(adminGenre),
  cast: z.array(adminPerson),
  /** The rating the site shows: the rounded mean of the published reviews (viewers', not set here). */
  avg_rating: z.number().nullable(),
  reviews: z.number(),
  /** The video's state: it plays (HLS and progressive files attached). */
  playable: z.boolean(),
  /** A poster frame of its transcode, offered when it has no image of that kind. */
  has_frame: z.boolean(),
};

export const adminMovie = z.object({ ...titleAnswer, kind: z.literal('movie'), duration_minutes: z.number() });
export type AdminMovie = z.infer<typeof adminMovie>;

export const adminEpisode = z.object({
  id: z.number(),
  season_id: z.number(),
  series_id: z.number(),
  episode_number: z.number(),
  title: z.string(),
  image: z.string(),
  duration_minutes: z.number(),
  season_finale: z.boolean(),
  air_date: z.string(),
  publish_at: z.string(),
  /** published_at has passed. */
  out: z.boolean(),
  playable: z.boolean(),
  has_frame: z.boolean(),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const adminSeason = z.object({
  id: z.number(),
  series_id: z.number(),
  season_number: z.number(),
  title: z.string(),
  episodes: z.array(adminEpisode),
});
export type AdminSeason = z.infer<typeof adminSeason>;

export const adminSeries = z.object({
  ...titleAnswer,
  kind: z.literal('series'),
  status: z.enum(SERIES_STATUSES),
  seasons: z.array(adminSeason),
});
export type AdminSeries = z.infer<typeof adminSeries>;

export const adminTitleRow = z.object({
  kind: z.enum(['movie', 'series']),
  id: z.number(),
  title: z.string(),
  original_title: z.string(),
  year: z.number(),
  image: z.string(),
  published: z.boolean(),
  featured_rank: z.number().nullable(),
  updated_at: z.string(),
});
export type AdminTitleRow = z.infer<typeof adminTitleRow>;
export const adminTitlesBody = z.object({ titles: z.array(adminTitleRow) });
export type AdminTitlesBody = z.infer<typeof adminTitlesBody>;
export const adminGenresBody = z.object({ genres: z.array(adminGenre) });
export type AdminGenresBody = z.infer<typeof adminGenresBody>;
export const adminPeopleBody = z.object({ people: z.array(adminPerson) });
export type AdminPeopleBody = z.infer<typeof adminPeopleBody>;
export const adminImageBody = z.object({
  /** The name to put in an image field. */
  file: z.string(),
  /** Every file written (the master and its smaller copies). */
  files: z.array(z.string()),
});
export type AdminImageBody = z.infer<typeof adminImageBody>;
export const adminPromotion = z.object({
  id: z.number(),
  text: z.string(),
  color: z.enum(PROMOTION_COLORS),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;
export const adminPromotionsBody = z.object({ promotions: z.array(adminPromotion) });
export type AdminPromotionsBody = z.infer<typeof adminPromotionsBody>;
export const publishEpisodeBody = z.object({ message: z.string(), episode: adminEpisode, notified: z.number() });
export type PublishEpisodeBody = z.infer<typeof publishEpisodeBody>;

/** Titles a search lists at most. */
export const ADMIN_TITLES_PAGE = 50;

export { CATALOGUE_TEXTS, MAX_CATALOGUE_IMAGE_BYTES } from './catalogue-admin-texts.js';
