import { z } from 'zod';
import { movieCard, seriesCard } from './catalogue.js';
import { ENGLISH_SUBTITLES_TEXTS, FOLLOW_PREFERENCES } from './english-subtitles.js';

// Spec §7 "User data": the favourites list (`wactchLater`, spelled so), the
// wishlist toggles and the per-series notification toggle (§4 Toggles).
// Decision 0022.

/** A saved movie: the catalogue's movie card, so the web renders the same card. */
export const wishlistMovie = movieCard.extend({
  type: z.literal('movie'),
  /** When it was saved (ISO 8601); the list is newest first. */
  added_at: z.string(),
});
/** A saved series: the catalogue's series card. */
export const wishlistSeries = seriesCard.extend({
  type: z.literal('series'),
  added_at: z.string(),
});
/** Spec §3 Favorites list item: either a movie (movie_id) or a series (serie_id). */
export const wishlistItem = z.union([wishlistMovie, wishlistSeries]);
export type WishlistItem = z.infer<typeof wishlistItem>;

/** `GET /user/{user_id}/wishlist` → body.wactchLater (spelled so, spec §3). */
export const wishlistBody = z.object({ wactchLater: z.array(wishlistItem) });
export type WishlistBody = z.infer<typeof wishlistBody>;

/**
 * The optional `action` of the toggles: absent toggles (spec §4), `add` and
 * `remove` are idempotent (a retried or doubled press cannot undo itself).
 */
export const TOGGLE_ACTIONS = ['add', 'remove'] as const;
export type ToggleAction = (typeof TOGGLE_ACTIONS)[number];

const formId = z.union([z.string(), z.number().int().transform(String)]);
const toggleAction = z
  .enum(TOGGLE_ACTIONS)
  .optional()
  .describe('Optional. Absent: toggle (add when absent, remove when present). add / remove: idempotent.');

/** Form of `POST /user/{user_id}/wishlist/series/{serie_id}`. */
export const wishlistSeriesForm = z
  .object({ user_id: formId.optional(), serie_id: formId.optional(), action: toggleAction })
  .nullish();
/** Form of `POST /user/{userId}/wishlist/movies/{movie_id}`. */
export const wishlistMovieForm = z
  .object({ user_id: formId.optional(), movie_id: formId.optional(), action: toggleAction })
  .nullish();
/** Form of `POST /user/{user_id}/user_notifications/{serie_id}` (spec: no payload; action optional). */
export const followForm = z.object({ user_id: formId.optional(), action: toggleAction }).nullish();

/**
 * Answer of the wishlist toggles. Spec §7 reads `body.message`; DESIGN §3
 * makes a bare `message` top level: both are sent (decision 0022). The
 * message contains 'added' or 'removed' (spec §4 Toggles).
 */
export const wishlistToggleAnswer = z.object({
  message: z.string(),
  body: z.object({ message: z.string(), is_wishlist: z.enum(['0', '1']) }),
});
export type WishlistToggleAnswer = z.infer<typeof wishlistToggleAnswer>;

const followPreference = z
  .enum(FOLLOW_PREFERENCES, { message: ENGLISH_SUBTITLES_TEXTS.badPreference })
  .describe(
    'Ours (issue 28): what the follow tells about: new_episodes (as they air), english_subtitles ' +
      '(only when English subtitles are ready; the default of a new follow) or both.',
  );

/**
 * Answer of the notification toggle: the message contains 'turned on' or
 * 'turned off'; ours (issue 28): the follow's preference while it is on.
 */
export const followToggleAnswer = z.object({
  message: z.string(),
  body: z.object({
    message: z.string(),
    is_notification_on: z.enum(['0', '1']),
    notification_preference: followPreference.optional(),
  }),
});

/**
 * Ours (issue 28): form of `POST /user/{user_id}/user_notifications/{serie_id}/preference`,
 * the follow's choice. It follows the series when the viewer does not yet.
 */
export const followPreferenceForm = z.object({
  notification_preference: followPreference,
  user_id: formId.optional(),
});
export type FollowPreferenceForm = z.infer<typeof followPreferenceForm>;
export type FollowToggleAnswer = z.infer<typeof followToggleAnswer>;
