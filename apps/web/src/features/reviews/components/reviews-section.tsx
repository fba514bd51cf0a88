import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  MESSAGES,
  RATING_MAX,
  REVIEW_CONTENT_MAX_CHARS,
  REVIEW_REPLY_MAX_CHARS,
  REVIEW_TEXTS,
  type Review,
  type ReviewReply,
} from '@bosphorus/contract';
import { ApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { uploadUrl } from '../../../lib/uploads';
import { StarIcon } from '../../../components/ui/icons';
import { showToast } from '../../../components/ui/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Avatar } from '../../../components/catalogue/avatar';
import { formatDate } from '../../../components/catalogue/format';
import { useReviewActions, type ReviewActions, type ReviewTitleKind } from '../api/reviews-api';
import '../../../components/ui/form.css';
import '../../../components/catalogue/detail.css';
import './reviews-section.css';

// Spec §2/§3/§4/§6/§8: the reviews of a title, newest first as the API sends
// them, each with its replies. Anyone may read them; a visitor sees a
// sign-in link that comes back here (§6); a signed-in user writes a review
// (1–10 stars, text, "contains spoilers"), replies (one reply box open at a
// time, Cancel closes it, a successful reply clears it) and deletes their
// own reviews and replies. Spoilers stay hidden until asked for (decision
// 0021). Review and reply text is the user's own: rendered as text, never
// as HTML.

export const NO_REVIEWS_TEXT = 'No reviews yet. Be the first to share your thoughts.';

export interface EpisodeLabel {
  id: number;
  /** 'Season 1 · Episode 2: The Return' */
  label: string;
}

export interface ReviewsSectionProps {
  kind: ReviewTitleKind;
  titleId: number;
  reviews: readonly Review[];
  /** The title's rounded average (spec §9); computed from the shown reviews when absent. */
  averageRating?: number;
  /** Series page: episode reviews are grouped under these episodes' headings. */
  episodes?: readonly EpisodeLabel[];
  /** Episode player: only this episode's reviews, and new reviews are about it. */
  episodeId?: number;
}

export function averageOf(reviews: readonly Pick<Review, 'rating'>[]): number | undefined {
  if (!reviews.length) return undefined;
  return Math.round(reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length);
}

/** Headings of a series' episodes for its episode reviews: 'Season 1 · Episode 2: The Return'. */
export function episodeLabelsOf(
  seasons: readonly {
    title: string;
    episodes: readonly { episode_id: number; episode_number: number; episode_title: string }[];
  }[],
): EpisodeLabel[] {
  return seasons.flatMap((season) =>
    season.episodes.map((e) => ({
      id: e.episode_id,
      label: `${season.title} · Episode ${e.episode_number}: ${e.episode_title}`,
    })),
  );
}

/** The sign-in address that brings the reader back to this title's reviews. */
export function signInHref(pathname: string, search = ''): string {
  return `/signin?next=${encodeURIComponent(`${pathname}${search}#reviews`)}`;
}

export function ReviewsSection({ kind, titleId, reviews, averageRating, episodes, episodeId }: ReviewsSectionProps) {
  const user = useCurrentUser();
  const userId = user ? Number(user.user_id) : null;
  const location = useLocation();
  const actions = useReviewActions(kind, titleId, userId ?? 0);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  const shown = episodeId === undefined ? reviews : reviews.filter((r) => r.episode_id === episodeId);
  const average = episodeId === undefined ? (averageRating ?? averageOf(shown)) : averageOf(shown);
  const titleReviews = episodes ? shown.filter((r) => r.episode_id === null) : shown;
  const byEpisode = episodes
    ? episodes
        .map((e) => ({ episode: e, reviews: shown.filter((r) => r.episode_id === e.id) }))
        .filter((g) => g.reviews.length > 0)
    : [];

  const list = (items: readonly Review[], labelledBy?: string) => (
    <ol className="reviews__list" aria-labelledby={labelledBy}>
      {items.map((review) => (
        <li key={review.id}>
          <ReviewCard
            review={review}
            userId={userId}
            actions={actions}
            replying={replyingTo === review.id}
            onReply={(open) => setReplyingTo(open ? review.id : null)}
          />
        </li>
      ))}
    </ol>
  );

  return (
    <section id="reviews" className="detail-section reviews" aria-labelledby="reviews-title" tabIndex={-1}>
      <div className="reviews__head">
        <h2 id="reviews-title" className="detail-section__title">
          {MESSAGES.reviews}
        </h2>
        {shown.length && average !== undefined ? (
          <p className="reviews__summary">
            <Stars value={average} prefix="Average rating" />
            <span className="reviews__count">
              {shown.length} {shown.length === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        ) : null}
      </div>

      {user ? (
        <ReviewForm actions={actions} episodeId={episodeId} />
      ) : (
        <p className="reviews__signin">
          <Link className="btn btn--ghost" to={signInHref(location.pathname, location.search)}>
            {REVIEW_TEXTS.signInToReview}
          </Link>
        </p>
      )}

      {shown.length === 0 ? (
        <div className="reviews__empty">
          <ChatIcon />
          <p>{episodeId === undefined ? NO_REVIEWS_TEXT : REVIEW_TEXTS.noEpisodeReviews}</p>
        </div>
      ) : (
        <>
          {titleReviews.length ? list(titleReviews) : null}
          {byEpisode.length ? (
            <div className="reviews__episodes">
              <h3 className="reviews__episodes-title">{REVIEW_TEXTS.episodeReviews}</h3>
              {byEpisode.map(({ episode, reviews: items }) => (
                <div key={episode.id} className="reviews__episode">
                  <h4 id={`reviews-episode-${episode.id}`} className="reviews__episode-title">
                    {episode.label}
                  </h4>
                  {list(items, `reviews-episode-${episode.id}`)}
                </div>
              ))}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The server's own words for a failed write (spec §8: "A failure shows the server error"). */
function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function ReviewForm({ actions, episodeId }: { actions: ReviewActions; episodeId?: number }) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [content, setContent] = useState('');
  const [spoiler, setSpoiler] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setProblem(REVIEW_TEXTS.ratingRequired);
    if (!content.trim()) return setProblem(REVIEW_TEXTS.textRequired);
    setProblem(null);
    setSending(true);
    try {
      await actions.addReview({ rating, content, spoiler, episodeId: episodeId ?? null });
      showToast(REVIEW_TEXTS.reviewAdded, { tone: 'success' });
      setRating(0);
      setContent('');
      setSpoiler(false);
    } catch (error) {
      showToast(errorText(error), { tone: 'error' });
    } finally {
      setSending(false);
    }
  };

  const lit = hover || rating;
  return (
    <form className="review-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void handleSubmit(e)} noValidate>
      <h3 id={`${id}-title`} className="review-form__title">
        {REVIEW_TEXTS.writeReview}
      </h3>
      <fieldset className="star-input" onMouseLeave={() => setHover(0)}>
        <legend className="field__label">{REVIEW_TEXTS.yourRating}</legend>
        {/* A row for the remote (issue 26): Left and Right move along the stars, Up and Down leave them, OK rates; back into the row lands on the star left. */}
        <div className="star-input__stars" data-nav-row="">
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
            <label
              key={value}
              className={`star-input__star${value <= lit ? ' star-input__star--on' : ''}`}
              onMouseEnter={() => setHover(value)}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="visually-hidden"
              />
              <StarIcon />
              <span className="visually-hidden">{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
          <span className="star-input__value" aria-hidden="true">
            {rating ? `${rating}/${RATING_MAX}` : ''}
          </span>
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-content`}>
          {REVIEW_TEXTS.reviewLabel}
        </label>
        <textarea
          id={`${id}-content`}
          className="field__input review-form__text"
          rows={4}
          maxLength={REVIEW_CONTENT_MAX_CHARS}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <span id={`${id}-count`} className="review-form__count">
          {content.length}/{REVIEW_CONTENT_MAX_CHARS}
        </span>
      </div>
      <div className="review-form__row">
        <label className="review-form__check">
          <input type="checkbox" checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} />
          {REVIEW_TEXTS.containsSpoilers}
        </label>
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {REVIEW_TEXTS.postReview}
        </button>
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ReviewCard({
  review,
  userId,
  actions,
  replying,
  onReply,
}: {
  review: Review;
  userId: number | null;
  actions: ReviewActions;
  replying: boolean;
  onReply: (open: boolean) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const [busy, handleDelete, confirmDelete] = useDelete(
    () => actions.removeReview(review.id),
    REVIEW_TEXTS.reviewDeleted,
    {
      title: REVIEW_TEXTS.confirmDeleteReviewTitle,
      text: REVIEW_TEXTS.confirmDeleteReviewText,
    },
  );
  const hidden = review.spoiler && !revealed;

  return (
    <article className="review" aria-labelledby={`review-${review.id}-user`}>
      <header className="review__head">
        <Avatar name={review.user} src={uploadUrl(review.reviewedBy.image_url)} size={48} className="review__avatar" />
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
      {hidden ? (
        <p className="review__spoiler">
          <button type="button" className="btn btn--ghost review__reveal" onClick={() => setRevealed(true)}>
            {REVIEW_TEXTS.containsSpoilers} — {REVIEW_TEXTS.showSpoiler}
          </button>
        </p>
      ) : (
        <p className="review__text">{review.content}</p>
      )}
      {userId !== null ? (
        <p className="review__actions">
          <button
            type="button"
            className="review__action"
            aria-expanded={replying}
            onClick={() => onReply(!replying)}
            aria-label={REVIEW_TEXTS.replyLabel(review.user)}
          >
            {REVIEW_TEXTS.reply}
          </button>
          {review.fk_user_id === userId ? (
            <button
              type="button"
              className="review__action review__action--danger"
              disabled={busy}
              onClick={handleDelete}
              aria-label={REVIEW_TEXTS.deleteReview}
            >
              {REVIEW_TEXTS.delete}
            </button>
          ) : null}
        </p>
      ) : null}
      {confirmDelete}
      {replying ? <ReplyForm review={review} actions={actions} onDone={() => onReply(false)} /> : null}
      {review.reviews_replies.length ? (
        <ul className="review__replies" aria-label={`Replies to ${review.user}`}>
          {review.reviews_replies.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} own={reply.fk_user_id === userId} actions={actions} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function ReplyForm({ review, actions, onDone }: { review: Review; actions: ReviewActions; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setProblem(REVIEW_TEXTS.textRequired);
    setProblem(null);
    setSending(true);
    try {
      await actions.addReply(review.id, text);
      setText('');
      onDone();
    } catch (error) {
      showToast(errorText(error), { tone: 'error' });
      setSending(false);
    }
  };

  return (
    <form className="reply-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <label className="visually-hidden" htmlFor={`${id}-reply`}>
        {REVIEW_TEXTS.replyLabel(review.user)}
      </label>
      <textarea
        id={`${id}-reply`}
        className="field__input reply-form__text"
        rows={2}
        maxLength={REVIEW_REPLY_MAX_CHARS}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      <div className="reply-form__buttons">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {REVIEW_TEXTS.cancel}
        </button>
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {REVIEW_TEXTS.postReply}
        </button>
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A delete button's state and action: the button asks first (decision
 * 0077), then busy while the call runs, the success toast after it, the
 * server's error (and the button back) if it fails.
 */
function useDelete(
  remove: () => Promise<unknown>,
  done: string,
  question: { title: string; text: string },
): [boolean, () => void, ReactNode] {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await remove();
      setAsking(false);
      showToast(done, { tone: 'success' });
    } catch (error) {
      setAsking(false);
      showToast(errorText(error), { tone: 'error' });
      setBusy(false);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={question.title}
      text={question.text}
      confirmLabel={REVIEW_TEXTS.delete}
      cancelLabel={REVIEW_TEXTS.cancel}
      busy={busy}
      onConfirm={() => void run()}
      onCancel={() => setAsking(false)}
    />
  );
  return [busy, () => setAsking(true), dialog];
}

function ReplyItem({ reply, own, actions }: { reply: ReviewReply; own: boolean; actions: ReviewActions }) {
  const [busy, handleDelete, confirmDelete] = useDelete(
    () => actions.removeReply(reply.id),
    REVIEW_TEXTS.replyDeleted,
    {
      title: REVIEW_TEXTS.confirmDeleteReplyTitle,
      text: REVIEW_TEXTS.confirmDeleteReplyText,
    },
  );
  return (
    <li className="reply">
      <Avatar name={reply.user_name} src={uploadUrl(reply.repliedBy.image_url)} size={36} className="reply__avatar" />
      <div className="reply__body">
        <p className="reply__head">
          <span className="reply__user">{reply.user_name}</span>
          <time dateTime={reply.created_at}>{formatDate(reply.created_at)}</time>
          {own ? (
            <button
              type="button"
              className="review__action review__action--danger"
              disabled={busy}
              onClick={handleDelete}
              aria-label={REVIEW_TEXTS.deleteReply}
            >
              {REVIEW_TEXTS.delete}
            </button>
          ) : null}
        </p>
        <p className="reply__text">{reply.reply}</p>
      </div>
      {confirmDelete}
    </li>
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
