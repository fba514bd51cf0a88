import { Suspense } from 'react';
import { Link } from 'react-router';
import { MESSAGES, RATING_MAX, type MovieCard } from '@bosphorus/contract';
import { formatDuration, genreNames } from '../../../components/catalogue/format';
import { useTitleActions } from '../../../components/catalogue/title-actions';
import { Carousel } from '../../../components/ui/carousel';
import { carouselLayout, carouselRowAttributes } from '../../../components/ui/carousel-layout';
import { movieItem } from '../../../components/ui/title-card';
import { StarIcon } from '../../../components/ui/icons';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { DETAIL_CARD_SIZES } from '../../../lib/uploads';
import { useRecommendations } from '../api/get-recommendations';

// Spec §2: the Recommended list of the movie page. Detail carousels show 1,
// 2 or 3 per view (§9); at those widths a 16:9 cover card reads better than
// a 2:3 poster, which would be taller than the screen.

/**
 * The row as a part of its own (decision 0146): the server sends the page
 * without waiting for its answer, the skeleton in its place, and streams the
 * row in when the answer is in; hydration takes it over on its own.
 */
/** The detail carousels' layout (spec §9: 1, 2 or 3 per view). */
const DETAIL_LAYOUT = carouselLayout('detail');

export function RecommendedRow({ movieId }: { movieId: number }) {
  return (
    <Suspense fallback={<RecommendedSkeleton />}>
      <Recommended movieId={movieId} />
    </Suspense>
  );
}

function Recommended({ movieId }: { movieId: number }) {
  const { data, isPending } = useRecommendations(movieId);
  const movies = data?.movies.filter((m) => m.movie_id !== movieId) ?? [];

  if (isPending) return <RecommendedSkeleton />;
  // A failed or empty list is left out: the rest of the page stands alone.
  if (!movies.length) return null;

  return (
    <div id="recommended" className="detail-section">
      <Carousel
        label={MESSAGES.recommended}
        table="detail"
        heading={<h2 className="detail-section__title">{MESSAGES.recommended}</h2>}
      >
        {movies.map((movie) => (
          <RecommendedCard key={movie.movie_id} movie={movie} />
        ))}
      </Carousel>
    </div>
  );
}

/** The card, with the viewer's bookmark over its cover when the title-actions slot holds one. */
function RecommendedCard({ movie }: { movie: MovieCard }) {
  const { Card: Action } = useTitleActions();
  const link = <RecommendedLink movie={movie} />;
  if (!Action) return link;
  return (
    <div className="title-card-wrap">
      {link}
      <div className="title-card__action">
        <Action item={movieItem(movie)} />
      </div>
    </div>
  );
}

function RecommendedLink({ movie }: { movie: MovieCard }) {
  const duration = formatDuration(movie.movie_duration);
  const [genre] = genreNames([], movie.genre_title);
  return (
    <Link className="wide-card" to={`/moviedetail/${movie.movie_id}`} draggable={false}>
      <div className="wide-card__image">
        <ResponsiveImage
          kind="cover"
          file={movie.movie_cover}
          sizes={DETAIL_CARD_SIZES}
          alt=""
          loading="lazy"
          draggable={false}
        />
      </div>
      <h3 className="wide-card__title">{movie.movie_title}</h3>
      <p className="wide-card__meta">
        <span>{movie.movie_year}</span>
        {duration ? <span>{duration}</span> : null}
        {genre ? <span>{genre}</span> : null}
        {movie.avg_rating !== undefined ? (
          <span>
            <span className="rating">
              <StarIcon />
              <span className="visually-hidden">Rated </span>
              {movie.avg_rating}
              <span className="visually-hidden"> out of {RATING_MAX}</span>
            </span>
          </span>
        ) : null}
      </p>
    </Link>
  );
}

/** The row of its own size while its answer comes: the carousel's own layout, heading and card boxes (nothing moves when it arrives). */
function RecommendedSkeleton() {
  return (
    <div className="detail-section recommended-skeleton" aria-hidden="true">
      <div className="carousel" {...carouselRowAttributes(DETAIL_LAYOUT, Infinity)}>
        <div className="row__head">
          <p className="detail-section__title">{MESSAGES.recommended}</p>
          <div className="carousel__controls">
            <span className="icon-btn" />
            <span className="icon-btn" />
          </div>
        </div>
        <div className="carousel__viewport">
          <div className="carousel__container">
            {Array.from({ length: DETAIL_LAYOUT.mostInView }, (_, i) => (
              <div className="carousel__slide" key={i}>
                <div className="skeleton wide-card__image" />
                {/* A line of the card's own text box, its bar drawn over it (movie-detail.css). */}
                <p className="wide-card__title recommended-skeleton__line">{'\u00a0'}</p>
                <p className="wide-card__meta recommended-skeleton__line recommended-skeleton__line--short">
                  <span>{'\u00a0'}</span>
                  <span>
                    <span className="rating">
                      <StarIcon />
                      {'\u00a0'}
                    </span>
                  </span>
                </p>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
