import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyCreatedAnswer, ReviewCreatedAnswer, ReviewDeletedAnswer } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7 Reviews: the four write calls, for movies and series alike (one
// fetcher each), and the hook the reviews section uses. Shared by the
// detail pages and the watch pages (features never import each other).
// After any write the title's detail answers are fetched anew, so the list
// and the average change at once (the API answers a signed-in viewer from
// the database, never from the cache).

export type ReviewTitleKind = 'movie' | 'series';

export interface NewReviewFields {
  rating: number;
  content: string;
  spoiler: boolean;
  /** A series review of one episode (from the episode player). */
  episodeId?: number | null;
}

const base = (kind: ReviewTitleKind, id: number) => `/${kind === 'movie' ? 'movies' : 'series'}/${id}/review`;

// The client returns an answer's `body` when it has one (the new review or
// reply) and the whole answer otherwise (`{message}` of a delete).

export function postReview(kind: ReviewTitleKind, id: number, userId: number, fields: NewReviewFields) {
  const form: Record<string, string> = {
    content: fields.content,
    rating: String(fields.rating),
    fk_user_id: String(userId),
  };
  if (fields.spoiler) form.spoiler = '1';
  if (fields.episodeId) form.episode_id = String(fields.episodeId);
  return api.post<ReviewCreatedAnswer['body']>(base(kind, id), form);
}

export function deleteReview(kind: ReviewTitleKind, id: number, reviewId: number) {
  return api.post<ReviewDeletedAnswer>(`${base(kind, id)}/${reviewId}/delete`, {});
}

export function postReply(kind: ReviewTitleKind, id: number, userId: number, reviewId: number, reply: string) {
  return api.post<ReplyCreatedAnswer['body']>(`${base(kind, id)}/reply/${reviewId}`, {
    reply,
    fk_user_id: String(userId),
  });
}

export function deleteReply(kind: ReviewTitleKind, id: number, replyId: number) {
  return api.post<ReviewDeletedAnswer>(`${base(kind, id)}/reply/${replyId}/delete`, {});
}

/** Query keys that show this title's reviews or rating: its detail answers (any viewer), lists and home. */
export function reviewedTitleKeys(kind: ReviewTitleKind, id: number) {
  return [[kind === 'movie' ? 'movies' : 'series', 'detail', id], [kind === 'movie' ? 'movies' : 'series'], ['home']];
}

export interface ReviewActions {
  addReview(fields: NewReviewFields): Promise<unknown>;
  removeReview(reviewId: number): Promise<unknown>;
  addReply(reviewId: number, reply: string): Promise<unknown>;
  removeReply(replyId: number): Promise<unknown>;
}

/** The section's writes for one title as the signed-in user; every success refetches what shows the reviews. */
export function useReviewActions(kind: ReviewTitleKind, id: number, userId: number): ReviewActions {
  const client = useQueryClient();
  const refresh = async () => {
    const [detail, ...others] = reviewedTitleKeys(kind, id);
    // The detail first and awaited: the list and average are new when the toast shows.
    await client.invalidateQueries({ queryKey: detail });
    for (const queryKey of others) void client.invalidateQueries({ queryKey, refetchType: 'none' });
  };
  const add = useMutation({
    mutationFn: (fields: NewReviewFields) => postReview(kind, id, userId, fields),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (reviewId: number) => deleteReview(kind, id, reviewId),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: number; text: string }) => postReply(kind, id, userId, reviewId, text),
    onSuccess: refresh,
  });
  const removeReply = useMutation({
    mutationFn: (replyId: number) => deleteReply(kind, id, replyId),
    onSuccess: refresh,
  });
  return {
    addReview: add.mutateAsync,
    removeReview: remove.mutateAsync,
    addReply: (reviewId, text) => reply.mutateAsync({ reviewId, text }),
    removeReply: removeReply.mutateAsync,
  };
}
