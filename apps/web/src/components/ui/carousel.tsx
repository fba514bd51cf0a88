import { useCallback, useContext, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useEmbla } from '../../lib/hooks/use-embla';
import { Link } from 'react-router';
import { MESSAGES, seeAllLabel } from '@bosphorus/contract';
import { isSmartTv } from '../../lib/smart-tv';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from './icons';
import {
  CAROUSEL_PICTURES,
  carouselLayout,
  carouselRowAttributes,
  type CarouselCap,
  type CarouselGap,
  type CarouselTable,
} from './carousel-layout';
import { RowOnFirstScreenContext, SlideImagesContext } from './slide-images';
import './carousel-layout.css';

// A horizontal row with previous/next controls (pointer) and swipe (touch).
// Embla swallows the click that ends a drag, so a touch drag never
// navigates (spec §4 Other screens). For the keyboard and the remote the row
// is one spatial-navigation row (its card remembered, decision 0049): a card
// focused outside the visible part slides the row to it, and the pointer's
// previous/next buttons are no stop for the arrows.
//
// Below the layout breakpoint (phones, tablets) a row that holds more than
// fits shows a peek of the next card (UI.md Layout: a shelf, not a
// slideshow) while keeping the spec §9 count of whole cards: each slide is
// 1 / (slides + PEEK_SLIDES) of the row (carousel-layout.ts), so about a
// fifth of the next card shows (decision 0070). A row with a list of its own ends with a "See all"
// slide, a link like the cards, so a swipe, Tab and the remote reach it.
//
// The width decides nothing here (decision 0108): the server renders the
// row without knowing the screen and hydration keeps its markup, so the row
// names its layout and the stylesheet (carousel-layout.css, generated
// from the §9 tables) sets the count of whole cards, the peek, whether the
// previous/next buttons show and which cards show their pictures, from the
// first paint at any width.

/**
 * How far below the screen a row starts fetching its pictures, as a share of
 * the screen's height (decision 0095): the next row is ready before a
 * scroll reaches it, the rows further down wait.
 */
export const ROW_IMAGES_MARGIN = '0px 0px 25% 0px';

/**
 * Whether the element is on the screen or within ROW_IMAGES_MARGIN below it;
 * once true it stays true. It starts as `atFirst` on the server and in the
 * browser alike (hydration keeps the server's pictures only if the two
 * agree); a row starting far is observed once in the page. Without
 * IntersectionObserver (old engines), true from then on.
 */
function useNearScreen(atFirst: boolean): [(node: HTMLElement | null) => void, boolean] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(atFirst);
  useEffect(() => {
    if (!node || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: ROW_IMAGES_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, near]);
  return [setNode, near];
}

export interface SeeAll {
  /** The list the row comes from, e.g. '/allseries'. */
  to: string;
  /** The card's shape, as the row's cards: posters 2:3, episode stills 16:9. */
  shape: 'poster' | 'wide';
}

export interface CarouselProps {
  /** Accessible name of the row, e.g. 'Top Series'. */
  label: string;
  /** The spec §9 slide table the row follows. */
  table: CarouselTable;
  /** Cap of slides per view (recent rows RECENT_ROW_LIMIT, latest episodes LATEST_EPISODES_LIMIT). */
  maxSlides?: CarouselCap;
  children: ReactNode[];
  /** Heading element shown left of the controls. */
  heading?: ReactNode;
  gapPx?: CarouselGap;
  /** A last slide leading to the row's list. */
  seeAll?: SeeAll;
}

export function Carousel({ label, table, maxSlides, children, heading, gapPx, seeAll }: CarouselProps) {
  const layout = carouselLayout(table, maxSlides);
  const items = seeAll ? [...children, <SeeAllCard key="see-all" label={label} {...seeAll} />] : children;
  const [rowRef, rowNear] = useNearScreen(useContext(RowOnFirstScreenContext));
  // Moved once (a swipe, a button, the focus): every card's picture is wanted.
  const [moved, setMoved] = useState(false);
  const movedRef = useRef(false);
  const markMoved = useCallback(() => {
    if (movedRef.current) return;
    movedRef.current = true;
    setMoved(true);
  }, []);
  // A row further down is a row of its first cards until it comes near the
  // screen (or is moved to): only then is its carousel made (decision 0100).
  const [viewportRef, embla] = useEmbla(
    {
      align: 'start',
      slidesToScroll: 'auto',
      containScroll: 'trimSnaps',
      // A swipe or mouse drag moves the row as far as it was dragged (with
      // momentum), like a native scroller. With snapping to whole pages, any
      // drag shorter than half a page sprang back and the row felt stuck.
      dragFree: true,
    },
    rowNear || moved,
  );
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update).on('pointerDown', markMoved).on('scroll', markMoved);
    return () => {
      embla.off('select', update).off('reInit', update).off('pointerDown', markMoved).off('scroll', markMoved);
    };
  }, [embla, update, markMoved]);

  // A new count of cards. A new width needs nothing here: the stylesheet
  // resizes the slides, and Embla follows its slides' sizes itself.
  useEffect(() => {
    embla?.reInit();
  }, [embla, items.length]);

  // Focus on a card that is not wholly in view: the row slides to its page.
  // The browser may already have scrolled the clipped viewport to the card
  // (Chromium before 64 has no preventScroll); Embla moves by transform, so
  // that native scroll is undone first. On a TV the row jumps to the page and
  // the stylesheet's transition slides it (html.tv .carousel__container):
  // Embla's own animation sets the transform from script on every frame,
  // which keeps a TV's main thread busy while the next press waits
  // (decision 0054).
  const handleFocus = (e: FocusEvent<HTMLElement>) => {
    // A row not made yet is made now; a made row wants its other pictures
    // only once it slides (a tap on a card in view focuses it too, and must
    // not fetch the rest of the row while its page loads).
    if (!embla) return markMoved();
    const viewport = embla.rootNode();
    viewport.scrollLeft = 0;
    const slides = embla.slideNodes();
    const index = slides.findIndex((slide) => slide.contains(e.target));
    if (index < 0) return;
    const box = slides[index]!.getBoundingClientRect();
    const frame = viewport.getBoundingClientRect();
    if (box.left >= frame.left - 1 && box.right <= frame.right + 1) return;
    const page = embla.internalEngine().slideRegistry.findIndex((group) => group.includes(index));
    if (page < 0) return;
    markMoved();
    embla.scrollTo(page, isSmartTv());
  };

  return (
    <section
      ref={rowRef}
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-nav-row=""
      {...carouselRowAttributes(layout, items.length, gapPx)}
      data-pictures={moved ? CAROUSEL_PICTURES.all : CAROUSEL_PICTURES.inView}
      onFocus={handleFocus}
    >
      <div className="row__head">
        {heading}
        {/* Shown by the stylesheet where the row holds more than fits. */}
        {items.length > layout.fewestSlides ? (
          <div className="carousel__controls" data-nav-skip="">
            <button
              type="button"
              className="icon-btn"
              aria-label={`Previous ${label}`}
              disabled={!canPrev}
              onClick={() => {
                markMoved();
                embla?.scrollPrev();
              }}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={`Next ${label}`}
              disabled={!canNext}
              onClick={() => {
                markMoved();
                embla?.scrollNext();
              }}
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {items.map((child, i) => (
            <div
              className="carousel__slide"
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${items.length}`}
            >
              {/* The cards any width shows before the row moves; the stylesheet
                  hides the pictures of those beyond the width's own. */}
              <SlideImagesContext.Provider value={rowNear && (moved || i < layout.mostInView)}>
                {child}
              </SlideImagesContext.Provider>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The row's last slide: the way to its whole list, the size of its cards. */
function SeeAllCard({ label, to, shape }: SeeAll & { label: string }) {
  return (
    <Link className={`see-all-card see-all-card--${shape}`} to={to} draggable={false} aria-label={seeAllLabel(label)}>
      <span className="see-all-card__face">
        <ArrowRightIcon />
        <span className="see-all-card__text">{MESSAGES.seeAll}</span>
      </span>
    </Link>
  );
}
