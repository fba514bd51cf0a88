import { API_ERRORS, REVIEW_TEXTS, type Review, type ReviewReply } from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/errors.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type {
  OwnedRow,
  ReviewKind,
  ReviewsRepository,
  WrittenReplyRow,
  WrittenReviewRow,
} from './reviews.repository.js';

// Spec §7 Reviews: writing and deleting reviews and replies. The author is
// always the token's user (DESIGN §4): the form's `user`, `user_name` and
// `fk_user_id` never choose who wrote something (the routes refuse a
// `fk_user_id` naming someone else). Text is stored exactly as written;
// clients render it as text.

export interface ReviewsServiceDeps {
  repo: ReviewsRepository;
  /**
   * The change feed (decision 0028): told after every change of a title's
   * reviews, so this instance drops the title's public answers at once
   * (other instances hear the database's trigger).
   */
  changes: Pick<ChangeFeed, 'changed'>;
}

export interface NewReview {
  rating: number;
  content: string;
  spoiler: boolean;
  episodeId: number | null;
}

const toReview = (row: WrittenReviewRow): Review => ({
  id: row.id,
  user: row.userName,
  content: row.content,
  rating: row.rating,
  published: row.createdAt,
  fk_user_id: row.userId,
  reviewedBy: { image_url: row.userAvatar },
  reviews_replies: [],
  spoiler: row.spoiler,
  episode_id: row.episodeId,
});

const toReply = (row: WrittenReplyRow): ReviewReply => ({
  id: row.id,
  user_name: row.userName,
  reply: row.reply,
  created_at: row.createdAt,
  fk_user_id: row.userId,
  repliedBy: { image_url: row.userAvatar },
});

const belongsTo = (row: OwnedRow, kind: ReviewKind, titleId: number) =>
  (kind === 'movie' ? row.movieId : row.seriesId) === titleId;

export function createReviewsService({ repo, changes }: ReviewsServiceDeps) {
  async function requireTitle(kind: ReviewKind, titleId: number) {
    if (!(await repo.titleExists(kind, titleId))) throw new HttpFailure(404, { error: API_ERRORS.notFound });
  }

  /** The review, if it is one of this title's; 404 otherwise (another title's review is not found here). */
  async function requireReview(kind: ReviewKind, titleId: number, reviewId: number) {
    const review = await repo.reviewById(reviewId);
    if (!review || !belongsTo(review, kind, titleId)) {
      throw new HttpFailure(404, { error: REVIEW_TEXTS.reviewNotFound });
    }
    return review;
  }

  const notAuthor = () => new HttpFailure(403, { error: REVIEW_TEXTS.onlyAuthor });

  return {
    async addReview(userId: number, kind: ReviewKind, titleId: number, review: NewReview): Promise<Review> {
      await requireTitle(kind, titleId);
      if (review.episodeId !== null) {
        if (kind === 'movie') {
          throw new HttpFailure(400, { error: `episode_id: ${REVIEW_TEXTS.episodeOnMovie}`, field: 'episode_id' });
        }
        if ((await repo.seriesOfEpisode(review.episodeId)) !== titleId) {
          throw new HttpFailure(400, {
            error: `episode_id: ${REVIEW_TEXTS.episodeNotOfSeries}`,
            field: 'episode_id',
          });
        }
      }
      const row = await repo.insertReview({ userId, kind, titleId, ...review });
      changes.changed(kind, titleId);
      return toReview(row);
    },

    async deleteReview(userId: number, kind: ReviewKind, titleId: number, reviewId: number): Promise<void> {
      const review = await requireReview(kind, titleId, reviewId);
      if (review.userId !== userId) throw notAuthor();
      // The author condition is part of the DELETE too: nothing else decides.
      if (!(await repo.deleteReview(reviewId, userId))) {
        throw new HttpFailure(404, { error: REVIEW_TEXTS.reviewNotFound });
      }
      changes.changed(kind, titleId);
    },

    async addReply(
      userId: number,
      kind: ReviewKind,
      titleId: number,
      reviewId: number,
      reply: string,
    ): Promise<ReviewReply> {
      await requireReview(kind, titleId, reviewId);
      const row = await repo.insertReply({ reviewId, userId, reply });
      changes.changed(kind, titleId);
      return toReply(row);
    },

    async deleteReply(userId: number, kind: ReviewKind, titleId: number, replyId: number): Promise<void> {
      const reply = await repo.replyById(replyId);
      if (!reply || !belongsTo(reply, kind, titleId)) {
        throw new HttpFailure(404, { error: REVIEW_TEXTS.replyNotFound });
      }
      if (reply.userId !== userId) throw notAuthor();
      if (!(await repo.deleteReply(replyId, userId))) {
        throw new HttpFailure(404, { error: REVIEW_TEXTS.replyNotFound });
      }
      changes.changed(kind, titleId);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
