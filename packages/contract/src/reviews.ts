import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_CONTENT_MAX_CHARS, REVIEW_REPLY_MAX_CHARS } from './constants.js';
import { review, reviewReply } from './catalogue.js';

// Spec §7 Reviews: the forms of the write calls and their answers. The
// review and reply themselves (spec §3) are in catalogue.ts, where the
// detail answers carry them. Decision 0021 says what we added and why.

/** A form's text field, also when a JSON client sends a number. */
const formText = z.union([z.string(), z.number().transform(String)]);
/** An id as form text or a JSON number; '' counts as not sent. */
const optionalId = z
  .union([z.string(), z.number().int().transform(String)])
  .pipe(z.string().regex(/^\d{0,15}$/, { message: 'must be a positive whole number' }))
  .optional();
/** A text a person must write: not only spaces, at most `max` characters; stored exactly as written. */
const writtenText = (max: number) =>
  formText.pipe(
    z
      .string({ error: 'is required' })
      .refine((text) => text.trim() !== '', { message: 'must not be empty' })
      .refine((text) => text.length <= max, { message: `must be at most ${max} characters` }),
  );
/** A checkbox as forms send it ('1', 'true', 'on') or JSON's boolean; absent is false. */
const formFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')
  .optional();

/**
 * POST /movies/{movieId}/review and /series/{id}/review (spec §7 form: user,
 * content, rating, fk_user_id). `user` is accepted and ignored: the stored
 * author and name are the signed-in account's. `spoiler` and (series only)
 * `episode_id` are ours.
 */
export const reviewForm = z.object({
  user: formText.optional(),
  content: writtenText(REVIEW_CONTENT_MAX_CHARS),
  rating: z
    .union([z.number(), z.string().regex(/^\s*\d{1,2}\s*$/, { message: `must be a whole number from 1 to 10` })])
    .transform(Number)
    .pipe(
      z
        .number()
        .int({ message: `must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
        .min(RATING_MIN, { message: `must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
        .max(RATING_MAX, { message: `must be a whole number from ${RATING_MIN} to ${RATING_MAX}` }),
    ),
  fk_user_id: optionalId,
  user_id: optionalId,
  spoiler: formFlag,
  episode_id: optionalId,
});
export type ReviewForm = z.input<typeof reviewForm>;

/** POST …/review/reply/{reviewId} (spec §7 form: user_name, reply, fk_user_id). */
export const replyForm = z.object({
  user_name: formText.optional(),
  reply: writtenText(REVIEW_REPLY_MAX_CHARS),
  fk_user_id: optionalId,
  user_id: optionalId,
});
export type ReplyForm = z.input<typeof replyForm>;

/** The deletes take an empty form (spec §7); a client may still say who it thinks it is. */
export const reviewDeleteForm = z.looseObject({ fk_user_id: optionalId, user_id: optionalId });

/** Answer of a new review: the spec's toast text and the review as the detail answer shows it. */
export const reviewCreatedAnswer = z.object({ message: z.string(), body: z.object({ review }) });
export type ReviewCreatedAnswer = z.infer<typeof reviewCreatedAnswer>;
/** Answer of a new reply. */
export const replyCreatedAnswer = z.object({ message: z.string(), body: z.object({ reply: reviewReply }) });
export type ReplyCreatedAnswer = z.infer<typeof replyCreatedAnswer>;
/** Answer of a delete. */
export const reviewDeletedAnswer = z.object({ message: z.string() });
export type ReviewDeletedAnswer = z.infer<typeof reviewDeletedAnswer>;
