import type { Queryable } from '../../db/client.js';

// The only SQL of the reviews module: writes to `reviews` and
// `review_replies` and the look-ups those writes need. The reviews shown on
// detail pages are read by the catalogue (its `reviews` query).

export type ReviewKind = 'movie' | 'series';

export interface WrittenReviewRow {
  id: number;
  userId: number;
  userName: string;
  userAvatar: string | null;
  rating: number;
  content: string;
  createdAt: string;
  spoiler: boolean;
  episodeId: number | null;
}

export interface WrittenReplyRow {
  id: number;
  userId: number;
  userName: string;
  userAvatar: string | null;
  reply: string;
  createdAt: string;
}

/** Where a review or reply lives and who wrote it. */
export interface OwnedRow {
  id: number;
  userId: number;
  movieId: number | null;
  seriesId: number | null;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const TITLE_TABLE = { movie: 'movies', series: 'series' } as const;
const TITLE_FK = { movie: 'movie_id', series: 'series_id' } as const;

export function createReviewsRepository(db: Queryable) {
  return {
    /** True when the title exists and is published (a withdrawn title takes no reviews). */
    async titleExists(kind: ReviewKind, id: number): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM ${TITLE_TABLE[kind]} WHERE id = $1 AND published`, [id]);
      return rows.length > 0;
    },

    /** The series of an episode that has been published, or null. */
    async seriesOfEpisode(episodeId: number): Promise<number | null> {
      const [row] = await db.query<{ seriesId: number }>(
        'SELECT series_id AS "seriesId" FROM episodes WHERE id = $1 AND published_at <= now()',
        [episodeId],
      );
      return row?.seriesId ?? null;
    },

    async insertReview(review: {
      userId: number;
      kind: ReviewKind;
      titleId: number;
      rating: number;
      content: string;
      spoiler: boolean;
      episodeId: number | null;
    }): Promise<WrittenReviewRow> {
      const [row] = await db.query<WrittenReviewRow>(
        `WITH r AS (
           INSERT INTO reviews (user_id, ${TITLE_FK[review.kind]}, rating, content, spoiler, episode_id)
           VALUES ($1, $2, $3, $4, $5, $6)
           RETURNING id, user_id, rating, content, spoiler, episode_id, created_at)
         SELECT r.id, r.user_id AS "userId", u.name AS "userName", u.avatar AS "userAvatar", r.rating, r.content,
           r.spoiler, r.episode_id AS "episodeId", ${ISO('r.created_at')} AS "createdAt"
         FROM r JOIN users u ON u.id = r.user_id`,
        [review.userId, review.titleId, review.rating, review.content, review.spoiler, review.episodeId],
      );
      return row!;
    },

    /** A published review with its title and author, or null. */
    async reviewById(id: number): Promise<OwnedRow | null> {
      const [row] = await db.query<OwnedRow>(
        `SELECT id, user_id AS "userId", movie_id AS "movieId", series_id AS "seriesId"
         FROM reviews WHERE id = $1 AND published`,
        [id],
      );
      return row ?? null;
    },

    /** Deletes the review (its replies go with it) only if this user wrote it; true when deleted. */
    async deleteReview(id: number, userId: number): Promise<boolean> {
      const rows = await db.query('DELETE FROM reviews WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
      return rows.length > 0;
    },

    async insertReply(reply: { reviewId: number; userId: number; reply: string }): Promise<WrittenReplyRow> {
      const [row] = await db.query<WrittenReplyRow>(
        `WITH rr AS (
           INSERT INTO review_replies (review_id, user_id, reply) VALUES ($1, $2, $3)
           RETURNING id, user_id, reply, created_at)
         SELECT rr.id, rr.user_id AS "userId", u.name AS "userName", u.avatar AS "userAvatar", rr.reply,
           ${ISO('rr.created_at')} AS "createdAt"
         FROM rr JOIN users u ON u.id = rr.user_id`,
        [reply.reviewId, reply.userId, reply.reply],
      );
      return row!;
    },

    /** A reply of a published review, with that review's title and the reply's author, or null. */
    async replyById(id: number): Promise<OwnedRow | null> {
      const [row] = await db.query<OwnedRow>(
        `SELECT rr.id, rr.user_id AS "userId", r.movie_id AS "movieId", r.series_id AS "seriesId"
         FROM review_replies rr JOIN reviews r ON r.id = rr.review_id
         WHERE rr.id = $1 AND r.published`,
        [id],
      );
      return row ?? null;
    },

    /** Deletes the reply only if this user wrote it; true when deleted. */
    async deleteReply(id: number, userId: number): Promise<boolean> {
      const rows = await db.query('DELETE FROM review_replies WHERE id = $1 AND user_id = $2 RETURNING id', [
        id,
        userId,
      ]);
      return rows.length > 0;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
