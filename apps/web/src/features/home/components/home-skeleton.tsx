import {
  LATEST_EPISODES_LIMIT,
  MESSAGES,
  RECENT_ROW_LIMIT,
  slidesForWidth,
  TOP_CAROUSEL_SLIDES,
} from '@bosphorus/contract';
import { useViewportWidth } from '../../../lib/hooks/use-media-query';

// Placeholders of the same size as what replaces them (hero, row heads,
// cards), so nothing moves when the data arrives (UI.md: CLS ≈ 0).

export function HeroSkeleton() {
  return (
    <div className="hero hero--skeleton" aria-hidden="true">
      <div className="hero__slide">
        <div className="hero__media skeleton" />
        <div className="hero__body">
          <div className="hero__content">
            <div className="skeleton skel-line" style={{ width: '30%' }} />
            <div className="skeleton skel-title" />
            <div className="skeleton skel-line" style={{ width: '45%' }} />
            <div className="skeleton skel-line" style={{ width: '90%' }} />
            <div className="skeleton skel-line" style={{ width: '75%' }} />
          </div>
        </div>
      </div>
      <div className="hero__controls" />
    </div>
  );
}

const ROWS = [
  { label: MESSAGES.topSeries, max: undefined, episodes: false },
  { label: MESSAGES.recentSeries, max: RECENT_ROW_LIMIT, episodes: false },
  { label: MESSAGES.latestEpisodes, max: LATEST_EPISODES_LIMIT, episodes: true },
  { label: MESSAGES.topMovies, max: undefined, episodes: false },
  { label: MESSAGES.recentMovies, max: RECENT_ROW_LIMIT, episodes: false },
];

export function RowsSkeleton() {
  return (
    <div className="home__rows" aria-hidden="true">
      <SkeletonRows />
    </div>
  );
}

/** The rows' skeletons from row number `from` up to `to` (all: every row); home-rows.tsx stands one in for a row not yet drawn. */
export function SkeletonRows({ from = 0, to = ROWS.length }: { from?: number; to?: number }) {
  const width = useViewportWidth();
  return (
    <>
      {ROWS.slice(from, to).map(({ label, max, episodes }) => {
        const perView = slidesForWidth(TOP_CAROUSEL_SLIDES, width, max);
        return (
          <div className="home-row" key={label} aria-hidden="true">
            <div className="row__head">
              <div className="home-row__heading">
                <p className="row__title">{label}</p>
              </div>
            </div>
            <div className="carousel__viewport">
              <div className="carousel__container" style={{ ['--slides' as string]: perView }}>
                {Array.from({ length: perView }, (_, i) => (
                  <div className="carousel__slide" key={i}>
                    <div className="skeleton" style={{ aspectRatio: episodes ? '16 / 9' : '2 / 3' }} />
                    <div className="skel-text skel-text--name">
                      <span className="skeleton" style={{ width: '75%' }} />
                    </div>
                    <div className="skel-text skel-text--meta">
                      <span className="skeleton" style={{ width: '50%' }} />
                    </div>
                    {episodes ? (
                      <div className="skel-text skel-text--line">
                        <span className="skeleton" style={{ width: '65%' }} />
                      </div>
                    ) : null}
                  </div>
                ))}
              </div>
            </div>
          </div>
        );
      })}
    </>
  );
}
