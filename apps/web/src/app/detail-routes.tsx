import { useMemo } from 'react';
import type { MovieDetail, SeriesDetail } from '@bosphorus/contract';
import { MovieDetailPage } from '../features/movie-detail/components/movie-detail-page';
import { SeriesDetailPage } from '../features/series-detail/components/series-detail-page';
import { episodeLabelsOf, ReviewsSection } from '../features/reviews/components/reviews-section';

// The detail routes (spec §2 Movie detail, Series detail): each detail page
// with the reviews feature's section fed from the page's own answer (it
// carries the reviews). Features never import each other, so they meet here.

function MovieReviews({ movie }: { movie: MovieDetail }) {
  return (
    <ReviewsSection
      kind="movie"
      titleId={movie.movie_id}
      reviews={movie.movies_reviews}
      averageRating={movie.avg_rating}
    />
  );
}

function SeriesReviews({ series }: { series: SeriesDetail }) {
  // Episode reviews are grouped under their episode (decision 0021).
  const episodes = useMemo(() => episodeLabelsOf(series.seasons), [series.seasons]);
  return (
    <ReviewsSection
      kind="series"
      titleId={series.serie_id}
      reviews={series.series_reviews}
      averageRating={series.avg_rating}
      episodes={episodes}
    />
  );
}

export function MovieDetailRoute() {
  return <MovieDetailPage renderReviews={(movie) => <MovieReviews movie={movie} />} />;
}

export function SeriesDetailRoute() {
  return <SeriesDetailPage renderReviews={(series) => <SeriesReviews series={series} />} />;
}
