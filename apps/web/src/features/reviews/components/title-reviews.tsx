import { useTitleReviews } from '../api/get-title-reviews';
import type { ReviewTitleKind } from '../api/reviews-api';
import { ReviewsSection } from './reviews-section';

// The reviews section of a page whose own answer does not carry the reviews
// (the watch pages, spec §2 Watch and Episode player): it fetches them alone,
// with a placeholder of the section's shape while they come and a short note
// if they cannot.

export interface TitleReviewsProps {
  kind: ReviewTitleKind;
  titleId: number;
  /** Episode player: only this episode's reviews, and new reviews are about it (decision 0021). */
  episodeId?: number;
}

export function TitleReviews({ kind, titleId, episodeId }: TitleReviewsProps) {
  const query = useTitleReviews(kind, titleId);
  if (query.data) {
    return (
      <ReviewsSection
        kind={kind}
        titleId={titleId}
        episodeId={episodeId}
        reviews={query.data.reviews}
        averageRating={query.data.avg_rating}
      />
    );
  }
  if (query.isError) {
    return (
      <p className="reviews-note">
        The reviews could not be loaded. They are on the {kind === 'movie' ? "movie's" : "series'"} page.
      </p>
    );
  }
  return (
    <div className="reviews-skeleton" aria-hidden="true">
      <div className="skeleton skeleton--line reviews-skeleton__heading" />
      <div className="skeleton reviews-skeleton__block" />
    </div>
  );
}
