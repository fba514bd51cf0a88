import { HISTORY_TEXTS, HOME_ROWS } from '@bosphorus/contract';
import { carouselLayout, carouselRowAttributes, type CarouselLayout } from '../../../components/ui/carousel-layout';
import '../../../components/ui/carousel-layout.css';

// Placeholders of the same size as what replaces them (hero, row heads,
// cards), so nothing moves when the data arrives (UI.md: CLS ≈ 0). Sizes
// are the stylesheet's alone, whatever the width: the server renders these
// too, and its HTML may carry no style attribute (the page's CSP).

export function HeroSkeleton() {
  return (
    <div className="hero hero--skeleton" aria-hidden="true">
      <div className="hero__slide">
        <div className="hero__media skeleton" />
        <div className="hero__body">
          <div className="hero__content">
            <div className="skeleton skel-line skel-line--eyebrow" />
            <div className="skeleton skel-title" />
            <div className="skeleton skel-line skel-line--meta" />
            <div className="skeleton skel-line skel-line--text" />
            <div className="skeleton skel-line skel-line--text-end" />
          </div>
        </div>
      </div>
      <div className="hero__controls" />
    </div>
  );
}

// Home's rows (HOME_ROWS): a row's part in home-rows.tsx stands in with its skeleton by its place there.
const ROWS = HOME_ROWS.map((row) => ({
  label: row.label,
  layout: carouselLayout('top', row.limit),
  episodes: row.kind === 'episodes',
}));

export function RowsSkeleton() {
  return (
    <div className="home__rows" aria-hidden="true">
      <SkeletonRows />
    </div>
  );
}

/**
 * The rows' skeletons from row number `from` up to `to` (all: every row); home-rows.tsx stands one in for a row not yet drawn.
 * Each is laid out as a full row of its layout (carousel-layout.css): the
 * whole cards of the width and, on phones and tablets, the peek; the cards
 * beyond the width's are clipped, as a row's.
 */
export function SkeletonRows({ from = 0, to = ROWS.length }: { from?: number; to?: number }) {
  return (
    <>
      {ROWS.slice(from, to).map((row) => (
        <SkeletonRow key={row.label} {...row} />
      ))}
    </>
  );
}

/**
 * One row's skeleton, laid out as a full row of `layout`; `className` in
 * place of `home-row` for a room that is not a row yet (home-row-room).
 */
export function SkeletonRow({
  label,
  layout,
  episodes,
  className,
}: {
  label: string;
  layout: CarouselLayout;
  episodes: boolean;
  className?: string;
}) {
  return (
    <div className={className ?? 'home-row'} aria-hidden="true">
      <div className="carousel" {...carouselRowAttributes(layout, Infinity)}>
        <div className="row__head">
          <div className="home-row__heading">
            <p className="row__title">{label}</p>
          </div>
        </div>
        <div className="carousel__viewport">
          <div className="carousel__container">
            {Array.from({ length: layout.mostInView }, (_, i) => (
              <div className="carousel__slide" key={i}>
                <div className={`skeleton ${episodes ? 'skel-still' : 'skel-poster'}`} />
                <div className="skel-text skel-text--name">
                  <span className="skeleton" />
                </div>
                <div className="skel-text skel-text--meta">
                  <span className="skeleton" />
                </div>
                {episodes ? (
                  <div className="skel-text skel-text--line">
                    <span className="skeleton" />
                  </div>
                ) : null}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Continue Watching and Next Up: 16:9 cards, at most four side by side, like the latest episodes' size. */
export const WIDE_CARDS_PER_VIEW = 4;

/**
 * The room of a signed-in subscriber's own rows (continue-rows.tsx) in the
 * server's visitor page, and while they load: each row is drawn only if the
 * viewer's home drew it last time (its class on <html>, put there by the
 * start-up script: lib/auth-store.ts CONTINUE_ROW_CLASSES), so a visitor's
 * page is unchanged and the rows arrive where their room was (decision 0109).
 */
export function ContinueRowsSkeleton() {
  const layout = carouselLayout('top', WIDE_CARDS_PER_VIEW);
  return (
    <div className="home__rows home__rows--continue home__continue-skeleton" aria-hidden="true">
      <SkeletonRow
        label={HISTORY_TEXTS.continueWatching}
        layout={layout}
        episodes
        className="home-row-room home__continue-skeleton--continue-watching"
      />
      <SkeletonRow
        label={HISTORY_TEXTS.nextUp}
        layout={layout}
        episodes
        className="home-row-room home__continue-skeleton--next-up"
      />
    </div>
  );
}
