import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES, RATING_MAX, type Review } from '@bosphorus/contract';
import { uploadUrl } from '../../lib/uploads';
import { StarIcon } from '../ui/icons';
import { Avatar } from './avatar';
import { formatDate } from './format';
import './detail.css';

// Spec §2/§3/§6: the reviews of a title, newest first as the API sends
// them, each with its replies. Anyone may read them; writing needs an
// account, so a visitor sees a sign-in link where the form would be (§6).
// Review and reply text is the user's own: rendered as text, never as HTML.

export const NO_REVIEWS_TEXT = 'No reviews yet. Be the first to share your thoughts.';

export interface ReviewsSectionProps {
  reviews: readonly Review[];
  /** The title's rounded average (spec §9); computed from the reviews when absent. */
  averageRating?: number;
  signedIn: boolean;
  /** The review form for signed-in users. */
  composer?: ReactNode;
}

export function averageOf(reviews: readonly Pick<Review, 'rating'>[]): number | undefined {
  if (!reviews.length) return undefined;
  return Math.round(reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length);
}

export function ReviewsSection({ reviews, averageRating, signedIn, composer }: ReviewsSectionProps) {
  const average = averageRating ?? averageOf(reviews);
  return (
    <section id="reviews" className="detail-section reviews" aria-labelledby="reviews-title" tabIndex={-1}>
      <div className="reviews__head">
        <h2 id="reviews-title" className="detail-section__title">
          {MESSAGES.reviews}
        </h2>
        {reviews.length && average !== undefined ? (
          <p className="reviews__summary">
            <Stars value={average} prefix="Average rating" />
            <span className="reviews__count">
              {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        ) : null}
      </div>

      {signedIn ? (
        composer
      ) : (
        <p className="reviews__signin">
          <Link className="btn btn--ghost" to="/signin">
            Sign in to write a review
          </Link>
        </p>
      )}

      {reviews.length === 0 ? (
        <div className="reviews__empty">
          <ChatIcon />
          <p>{NO_REVIEWS_TEXT}</p>
        </div>
      ) : (
        <ol className="reviews__list">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="review" aria-labelledby={`review-${review.id}-user`}>
                <header className="review__head">
                  <Avatar
                    name={review.user}
                    src={uploadUrl(review.reviewedBy.image_url)}
                    size={48}
                    className="review__avatar"
                  />
                  <div>
                    <h3 id={`review-${review.id}-user`} className="review__user">
                      {review.user}
                    </h3>
                    <p className="review__meta">
                      <Stars value={review.rating} prefix="Rated" />
                      <time dateTime={review.published}>{formatDate(review.published)}</time>
                    </p>
                  </div>
                </header>
                <p className="review__text">{review.content}</p>
                {review.reviews_replies.length ? (
                  <ul className="review__replies" aria-label={`Replies to ${review.user}`}>
                    {review.reviews_replies.map((reply) => (
                      <li key={reply.id} className="reply">
                        <Avatar
                          name={reply.user_name}
                          src={uploadUrl(reply.repliedBy.image_url)}
                          size={36}
                          className="reply__avatar"
                        />
                        <div>
                          <p className="reply__head">
                            <span className="reply__user">{reply.user_name}</span>
                            <time dateTime={reply.created_at}>{formatDate(reply.created_at)}</time>
                          </p>
                          <p className="reply__text">{reply.reply}</p>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * '★ 8/10' on screen, 'Rated 8 out of 10' to a screen reader. (The page's
 * own rating keeps the 'Rating N out of 10' name; these say whose it is.)
 */
function Stars({ value, prefix }: { value: number; prefix: string }) {
  return (
    <span className="rating">
      <StarIcon />
      <span className="visually-hidden">{prefix} </span>
      <span>
        {value}
        <span className="rating__max" aria-hidden="true">
          /{RATING_MAX}
        </span>
      </span>
      <span className="visually-hidden"> out of {RATING_MAX}</span>
    </span>
  );
}

const ChatIcon = () => (
  <svg
    className="icon reviews__empty-icon"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.5}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
  </svg>
);
