import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  replyCreatedAnswer,
  replyForm,
  REVIEW_TEXTS,
  reviewCreatedAnswer,
  reviewDeletedAnswer,
  reviewDeleteForm,
  reviewForm,
} from '@bosphorus/contract';
import { assertSameUser } from '../../plugins/auth.js';
import { HOUR, MINUTE, byUser, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import { errorAnswers, FORM_TYPES, numericId, acceptPrivateForms } from '../../plugins/routes.js';
import type { ReviewKind } from './reviews.repository.js';
import type { ReviewsService } from './reviews.service.js';

// Spec §7 Reviews, paths and form fields exactly:
//   POST /movies/{movieId}/review                       form: user, content, rating, fk_user_id
//   POST /movies/{movieId}/review/{reviewId}/delete
//   POST /movies/{movieId}/review/reply/{reviewId}      form: user_name, reply, fk_user_id
//   POST /movies/{movieId}/review/reply/{replyId}/delete
//   POST /series/{id}/review                            (the same four for series)
// Every call needs sign-in, checked before the form is even read (a visitor
// learns nothing about titles or reviews); the author is the token's user,
// and a form's fk_user_id or user_id naming anyone else is a 403.

const positiveId = numericId();
const titleParams = z.object({ id: positiveId });
const reviewParams = z.object({ id: positiveId, reviewId: positiveId });
const replyParams = z.object({ id: positiveId, replyId: positiveId });

// DESIGN §4: per-user limits on writing. A person writes a few reviews in
// an evening; a script writing hundreds is refused with 429 + Retry-After.
export const REVIEW_RULE: LimitRule = { name: 'review', max: 10, timeWindowMs: HOUR, key: byUser };
export const REPLY_RULE: LimitRule = { name: 'review-reply', max: 30, timeWindowMs: HOUR, key: byUser };
export const REVIEW_DELETE_RULE: LimitRule = {
  name: 'review-delete',
  max: 60,
  timeWindowMs: 10 * MINUTE,
  key: byUser,
};

export interface ReviewsRoutesOptions {
  service: ReviewsService;
  limit: Limits;
}

export async function reviewsRoutes(app: FastifyInstance, opts: ReviewsRoutesOptions) {
  const { service } = opts;
  await acceptPrivateForms(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // An empty form may come with no body at all: validate it as {}.
  const emptyBodyIsForm = async (req: { body: unknown }) => {
    req.body ??= {};
  };

  for (const kind of ['movie', 'series'] as const satisfies readonly ReviewKind[]) {
    const base = kind === 'movie' ? '/movies/:id/review' : '/series/:id/review';

    api.post(
      base,
      {
        schema: {
          consumes: FORM_TYPES,
          params: titleParams,
          body: reviewForm,
          response: { 200: reviewCreatedAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
        },
        preValidation: emptyBodyIsForm,
        onRequest: app.authenticate,
        preHandler: opts.limit(REVIEW_RULE),
      },
      async (req) => {
        assertSameUser(req, req.body.fk_user_id, req.body.user_id);
        const review = await service.addReview(req.userId, kind, req.params.id, {
          rating: req.body.rating,
          content: req.body.content,
          spoiler: req.body.spoiler ?? false,
          episodeId: req.body.episode_id ? Number(req.body.episode_id) : null,
        });
        return { message: REVIEW_TEXTS.reviewAdded, body: { review } };
      },
    );

    api.post(
      `${base}/:reviewId/delete`,
      {
        schema: {
          consumes: FORM_TYPES,
          params: reviewParams,
          body: reviewDeleteForm,
          response: { 200: reviewDeletedAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
        },
        preValidation: emptyBodyIsForm,
        onRequest: app.authenticate,
        preHandler: opts.limit(REVIEW_DELETE_RULE),
      },
      async (req) => {
        assertSameUser(req, req.body.fk_user_id, req.body.user_id);
        await service.deleteReview(req.userId, kind, req.params.id, req.params.reviewId);
        return { message: REVIEW_TEXTS.reviewDeleted };
      },
    );

    api.post(
      `${base}/reply/:reviewId`,
      {
        schema: {
          consumes: FORM_TYPES,
          params: reviewParams,
          body: replyForm,
          response: { 200: replyCreatedAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
        },
        preValidation: emptyBodyIsForm,
        onRequest: app.authenticate,
        preHandler: opts.limit(REPLY_RULE),
      },
      async (req) => {
        assertSameUser(req, req.body.fk_user_id, req.body.user_id);
        const reply = await service.addReply(req.userId, kind, req.params.id, req.params.reviewId, req.body.reply);
        return { message: REVIEW_TEXTS.replyAdded, body: { reply } };
      },
    );

    api.post(
      `${base}/reply/:replyId/delete`,
      {
        schema: {
          consumes: FORM_TYPES,
          params: replyParams,
          body: reviewDeleteForm,
          response: { 200: reviewDeletedAnswer, ...errorAnswers(400, 401, 403, 404, 429) },
        },
        preValidation: emptyBodyIsForm,
        onRequest: app.authenticate,
        preHandler: opts.limit(REVIEW_DELETE_RULE),
      },
      async (req) => {
        assertSameUser(req, req.body.fk_user_id, req.body.user_id);
        await service.deleteReply(req.userId, kind, req.params.id, req.params.replyId);
        return { message: REVIEW_TEXTS.replyDeleted };
      },
    );
  }
}
