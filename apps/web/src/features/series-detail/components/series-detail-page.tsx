import { useCanonicalPath, useDocumentTitle } from '../../../lib/document-title';
import { useCallback, type ReactNode } from 'react';
import { parseTrailerId, seasonCountLabel, type SeriesDetail } from '@bosphorus/contract';
import { CastRow } from '../../../components/catalogue/cast-row';
import { DetailHero, DetailHeroSkeleton } from '../../../components/catalogue/detail-hero';
import { DetailRoute } from '../../../components/catalogue/detail-route';
import { genreNames } from '../../../components/catalogue/format';
import { ShareButtons } from '../../../components/catalogue/share-buttons';
import { seriesStructuredData } from '../../../components/catalogue/structured-data';
import { StructuredDataScript } from '../../../components/catalogue/structured-data-script';
import { useTitleActions } from '../../../components/catalogue/title-actions';
import { TrailerSection } from '../../../components/catalogue/trailer-section';
import { detailDocumentTitle, useHashScroll, usePlayTrailer } from '../../../components/catalogue/use-detail-page';
import { useSiteOrigin } from '../../../lib/site-origin';
import { useCurrentUser } from '../../../lib/session';
import { watchNowTarget } from '../../../lib/watch-now';
import { useSeries } from '../api/get-series';
import { firstEpisodeOf } from '../hooks/use-episode-view';
import { EpisodesSection } from './episodes-section';
import '../series-detail.css';

// Spec §2 Series detail (/seriesdetail/{id}): cover and poster, title,
// rating, 'Subtitles: Eng', Ended/Ongoing, genres, year, season count,
// description, Watch Now (first episode of the first season), Play Trailer,
// then Episodes (season tabs and search), Top Cast, Trailer, Share, Reviews.
// The bell and bookmark are for users with a plan (spec §2, §6): app/
// fills the title-actions slot only for them. The reviews are the reviews
// feature's: the route hands them in (app/detail-routes.tsx).

export interface SeriesDetailPageProps {
  /** The reviews section for the loaded series, after Share. */
  renderReviews?: (series: SeriesDetail) => ReactNode;
}

export function SeriesDetailPage({ renderReviews }: SeriesDetailPageProps) {
  return (
    <DetailRoute kind="series" useDetail={useSeries} Skeleton={SeriesDetailSkeleton}>
      {(data, own) => (
        <SeriesDetailView series={data.series} canPlay={own ? data.canPlay : null} renderReviews={renderReviews} />
      )}
    </DetailRoute>
  );
}

function SeriesDetailView({
  series,
  canPlay,
  renderReviews,
}: SeriesDetailPageProps & { series: SeriesDetail; canPlay: boolean | null }) {
  const user = useCurrentUser();
  const loggedIn = !!user;
  const { autoplay, playTrailer } = usePlayTrailer();
  const { Detail: TitleActions } = useTitleActions();
  useDocumentTitle(detailDocumentTitle(series.serie_title, series.serie_year));
  useCanonicalPath(`/seriesdetail/${series.serie_id}`);
  useHashScroll();

  const first = firstEpisodeOf(series.seasons);
  const episodeHref = useCallback(
    (episodeId: number) => watchNowTarget({ loggedIn, canPlay, kind: 'episode', id: episodeId }),
    [loggedIn, canPlay],
  );
  const seasonCount = series.seasons.length || series.seasons_count;
  const origin = useSiteOrigin();
  const shareUrl = `${origin}/seriesdetail/${series.serie_id}`;

  return (
    <main id="main" className="detail-page">
      <StructuredDataScript data={seriesStructuredData(series, origin)} />
      <DetailHero
        title={series.serie_title}
        originalTitle={series.serie_original_title}
        year={series.serie_year}
        poster={series.serie_image}
        cover={series.serie_cover}
        rating={series.avg_rating}
        genres={genreNames(series.genres, series.genre_title)}
        length={{ text: seasonCountLabel(seasonCount) }}
        status={series.serie_completion}
        description={series.serie_description}
        watchNowTo={first ? episodeHref(first.episode_id) : null}
        watchNowNote="The first episode is on its way."
        onPlayTrailer={parseTrailerId(series.serie_trailer) ? playTrailer : undefined}
        extraActions={
          TitleActions ? (
            <TitleActions
              target={{
                kind: 'series',
                id: series.serie_id,
                title: series.serie_title,
                year: series.serie_year,
                isWishlist: series.is_wishlist === '1',
                isNotificationOn: series.is_notification_on === '1',
                notificationPreference: series.notification_preference,
              }}
            />
          ) : null
        }
      />
      <div className="detail-body">
        <EpisodesSection seasons={series.seasons} episodeHref={episodeHref} />
        <CastRow cast={series.casts} />
        <TrailerSection
          title={series.serie_title}
          trailer={series.serie_trailer}
          cover={series.serie_cover}
          autoplay={autoplay}
        />
        <ShareButtons url={shareUrl} title={`${series.serie_title} (${series.serie_year})`} />
        {renderReviews?.(series)}
      </div>
    </main>
  );
}

function SeriesDetailSkeleton() {
  return (
    <main id="main" className="detail-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading
      </p>
      <DetailHeroSkeleton />
      <div className="detail-body" aria-hidden="true">
        <div className="detail-section">
          <div className="skeleton skeleton--line skeleton--heading episodes-skeleton__heading" />
          <div className="season-tabs">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton season-tabs__tab season-tabs__tab--skeleton" />
            ))}
          </div>
          <ul className="episode-grid">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="episode-tile">
                <div className="skeleton episode-tile__still" />
                <div className="episode-tile__body">
                  <div className="skeleton skeleton--line episode-tile-skeleton__number" />
                  <div className="skeleton skeleton--line episode-tile-skeleton__title" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
