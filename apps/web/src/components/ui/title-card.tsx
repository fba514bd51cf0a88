import { memo } from 'react';
import { Link } from 'react-router';
import type { MovieCard, SeriesCard } from '@bosphorus/contract';
import { ROW_CARD_SIZES } from '../../lib/uploads';
import { useTitleActions } from '../catalogue/title-actions';
import { Rating } from './rating';
import { ResponsiveImage } from './responsive-image';
import { useSlideImagesWanted } from './slide-images';

export type AnyTitleCard = ({ kind: 'series' } & SeriesCard) | ({ kind: 'movie' } & MovieCard);

export function seriesItem(card: SeriesCard): AnyTitleCard {
  return { kind: 'series', ...card };
}
export function movieItem(card: MovieCard): AnyTitleCard {
  return { kind: 'movie', ...card };
}

export function titleHref(item: AnyTitleCard) {
  return item.kind === 'series' ? `/seriesdetail/${item.serie_id}` : `/moviedetail/${item.movie_id}`;
}

/**
 * A poster card: poster 2:3, title, year, rating with a star (UI.md Cards).
 * A viewer's action (the watchlist bookmark) comes from the title-actions
 * slot and sits over the poster beside the link: a button inside a link is
 * not allowed, and each must be reachable on its own. Memoised: a grid or
 * row that draws more cards (a first view's steps) leaves the drawn ones be.
 */
export const TitleCard = memo(function TitleCard({
  item,
  eager = false,
  sizes = ROW_CARD_SIZES,
}: {
  item: AnyTitleCard;
  eager?: boolean;
  /** How wide the card is at each viewport width (a row's by default; grids pass GRID_CARD_SIZES). */
  sizes?: string;
}) {
  const { Card: Action } = useTitleActions();
  const link = <TitleCardLink item={item} eager={eager} sizes={sizes} />;
  if (!Action) return link;
  return (
    <div className="title-card-wrap">
      {link}
      <div className="title-card__action">
        <Action item={item} />
      </div>
    </div>
  );
});

function TitleCardLink({ item, eager, sizes }: { item: AnyTitleCard; eager: boolean; sizes: string }) {
  const isSeries = item.kind === 'series';
  const title = isSeries ? item.serie_title : item.movie_title;
  const year = isSeries ? item.serie_year : item.movie_year;
  const image = isSeries ? item.serie_image : item.movie_image;
  const wanted = useSlideImagesWanted();
  return (
    <Link className="title-card" to={titleHref(item)} draggable={false}>
      <div className="title-card__poster">
        <ResponsiveImage
          kind="poster"
          file={image}
          sizes={sizes}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          deferred={!wanted}
          draggable={false}
        />
        {isSeries ? (
          <span className="title-card__badge">{item.serie_completion === 'ended' ? 'Ended' : 'Ongoing'}</span>
        ) : null}
      </div>
      <h3 className="title-card__name">{title}</h3>
      <div className="title-card__meta">
        <span>{year}</span>
        <span aria-hidden="true">·</span>
        <span>{isSeries ? 'Series' : 'Movie'}</span>
        <Rating value={item.avg_rating} />
      </div>
    </Link>
  );
}

/** A grid card while it loads: its poster, name and meta line (global.css). */
export function TitleCardSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="skeleton title-card-skeleton__poster" />
      <div className="skeleton title-card-skeleton__name" />
      <div className="skeleton title-card-skeleton__meta" />
    </div>
  );
}
