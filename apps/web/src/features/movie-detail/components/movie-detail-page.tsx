import type { ReactNode } from 'react';
import { useCanonicalPath, useDocumentTitle } from '../../../lib/document-title';
import { parseTrailerId, type MovieDetail } from '@bosphorus/contract';
import { CastRow, CastRowSkeleton } from '../../../components/catalogue/cast-row';
import { DetailHero, DetailHeroSkeleton } from '../../../components/catalogue/detail-hero';
import { DetailRoute } from '../../../components/catalogue/detail-route';
import { describeDuration, formatDuration, genreNames } from '../../../components/catalogue/format';
import { ShareButtons } from '../../../components/catalogue/share-buttons';
import { movieStructuredData } from '../../../components/catalogue/structured-data';
import { StructuredDataScript } from '../../../components/catalogue/structured-data-script';
import { useTitleActions } from '../../../components/catalogue/title-actions';
import { TrailerSection, TrailerSkeleton } from '../../../components/catalogue/trailer-section';
import { detailDocumentTitle, useHashScroll, usePlayTrailer } from '../../../components/catalogue/use-detail-page';
import { useSiteOrigin } from '../../../lib/site-origin';
import { useCurrentUser } from '../../../lib/session';
import { watchNowTarget } from '../../../lib/watch-now';
import { useMovie } from '../api/get-movie';
import { RecommendedRow } from './recommended-row';
import '../movie-detail.css';

// Spec §2 Movie detail (/moviedetail/{id}, also /movies/{id}): cover,
// poster, title, rating, genres, year, duration, description, 'Subtitles:
// Eng', Watch Now, Play Trailer, Top Cast, trailer, share, reviews and the
// Recommended row. docs/ui-contract.md names what the browser tests find.
// The reviews are the reviews feature's: the route hands them in
// (app/detail-routes.tsx), since features never import each other.

export interface MovieDetailPageProps {
  /** The reviews section for the loaded movie, between Share and Recommended. */
  renderReviews?: (movie: MovieDetail) => ReactNode;
}

export function MovieDetailPage({ renderReviews }: MovieDetailPageProps) {
  return (
    <DetailRoute kind="movie" useDetail={useMovie} Skeleton={MovieDetailSkeleton}>
      {(data, own) => (
        <MovieDetailView movie={data.movie} canPlay={own ? data.canPlay : null} renderReviews={renderReviews} />
      )}
    </DetailRoute>
  );
}

function MovieDetailView({
  movie,
  canPlay,
  renderReviews,
}: MovieDetailPageProps & { movie: MovieDetail; canPlay: boolean | null }) {
  const user = useCurrentUser();
  const { autoplay, playTrailer } = usePlayTrailer();
  // The watchlist bookmark, for users with a plan (app/ fills the slot).
  const { Detail: TitleActions } = useTitleActions();
  useDocumentTitle(detailDocumentTitle(movie.movie_title, movie.movie_year));
  useCanonicalPath(`/moviedetail/${movie.movie_id}`);
  useHashScroll();

  const origin = useSiteOrigin();
  const shareUrl = `${origin}/moviedetail/${movie.movie_id}`;

  return (
    <main id="main" className="detail-page">
      <StructuredDataScript data={movieStructuredData(movie, origin)} />
      <DetailHero
        title={movie.movie_title}
        originalTitle={movie.movie_original_title}
        year={movie.movie_year}
        poster={movie.movie_image}
        cover={movie.movie_cover}
        rating={movie.avg_rating}
        genres={genreNames(movie.genres, movie.genre_title)}
        length={{ text: formatDuration(movie.movie_duration), label: describeDuration(movie.movie_duration) }}
        description={movie.movie_description}
        watchNowTo={watchNowTarget({ loggedIn: !!user, canPlay, kind: 'movie', id: movie.movie_id })}
        onPlayTrailer={parseTrailerId(movie.movie_trailer) ? playTrailer : undefined}
        extraActions={
          TitleActions ? (
            <TitleActions
              target={{
                kind: 'movie',
                id: movie.movie_id,
                title: movie.movie_title,
                year: movie.movie_year,
                isWishlist: movie.is_wishlist === '1',
              }}
            />
          ) : null
        }
      />
      <div className="detail-body">
        <CastRow cast={movie.casts} />
        <TrailerSection
          title={movie.movie_title}
          trailer={movie.movie_trailer}
          cover={movie.movie_cover}
          autoplay={autoplay}
        />
        <ShareButtons url={shareUrl} title={`${movie.movie_title} (${movie.movie_year})`} />
        {renderReviews?.(movie)}
        <RecommendedRow movieId={movie.movie_id} />
      </div>
    </main>
  );
}

function MovieDetailSkeleton() {
  return (
    <main id="main" className="detail-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading
      </p>
      <DetailHeroSkeleton />
      <div className="detail-body" aria-hidden="true">
        <CastRowSkeleton />
        <TrailerSkeleton />
      </div>
    </main>
  );
}
