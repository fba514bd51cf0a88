import type { Review } from '@bosphorus/contract';
import type { DetailOverlay } from '../catalogue/catalogue.routes.js';

// A signed-in viewer never waits for the public cache to see a review they
// just wrote or deleted (issue 9): their detail answer takes the title's
// reviews and average from the database, one indexed query (the catalogue's
// own read, passed in by app.ts). Visitors keep the shared cached answer,
// which every write on this instance drops at once (catalogueCache.forgetTitle).

export type ReviewsNow = (
  kind: 'movie' | 'series',
  id: number,
) => Promise<{ reviews: Review[]; avgRating: number | null }>;

export function createReviewsOverlay(reviewsNow: ReviewsNow): DetailOverlay {
  return {
    async movie(_viewer, movieId) {
      const now = await reviewsNow('movie', movieId);
      // avg_rating undefined: the answer has none when no review is left (spec §9).
      return { movies_reviews: now.reviews, avg_rating: now.avgRating ?? undefined };
    },
    async series(_viewer, seriesId) {
      const now = await reviewsNow('series', seriesId);
      return { series_reviews: now.reviews, avg_rating: now.avgRating ?? undefined };
    },
  };
}
