import { usePlayerPrefetch } from '../../lib/player-prefetch';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { playNowStateFor } from '../../lib/watch-now';
import { MESSAGES } from '@bosphorus/contract';
import { FULL_BLEED_SIZES } from '../../lib/uploads';
import { ResponsiveImage } from '../ui/responsive-image';
import { PlayIcon } from '../ui/icons';
import { Rating } from '../ui/rating';
import './detail.css';

// UI.md Detail pages: a full-bleed cover with the poster, the title block,
// the meta line (year · seasons/duration · genres · rating · 'Subtitles:
// Eng'), then Watch Now (primary) and Play Trailer (secondary). The cover is
// the page's LCP image: eager, high priority, responsive srcset.

export interface DetailHeroProps {
  title: string;
  /** The Turkish title when it differs from the display title. */
  originalTitle?: string;
  year: number;
  poster: string;
  cover: string;
  /** Rounded mean of the reviews; hidden when absent (spec §9). */
  rating?: number;
  genres: readonly string[];
  /** Duration ('2h 5m') for a movie, season count ('3 Seasons') for a series. */
  length: { text: string; label?: string };
  /** Series only: the Ended / Ongoing label. */
  status?: 'ended' | 'ongoing';
  description: string;
  /** Where Watch Now goes (spec §4 Watch Now); null when there is nothing to play yet. */
  watchNowTo: string | null;
  /** Shown under a disabled Watch Now, e.g. 'Episodes are on their way.' */
  watchNowNote?: string;
  /** Play Trailer is offered only when there is a trailer to play. */
  onPlayTrailer?: () => void;
  /** Further actions for signed-in users (wishlist, notifications). */
  extraActions?: ReactNode;
}

/** The hero's poster column (detail.css): 104 px on phones, 140 px from 560 px, 200–300 px from 900 px. */
export const DETAIL_POSTER_SIZES = '(max-width: 559px) 104px, (max-width: 899px) 140px, clamp(200px, 18vw, 300px)';

export function DetailHero(props: DetailHeroProps) {
  const navigate = useNavigate();
  const {
    title,
    originalTitle,
    year,
    poster,
    cover,
    rating,
    genres,
    length,
    status,
    description,
    watchNowTo,
    watchNowNote,
    onPlayTrailer,
    extraActions,
  } = props;
  // Watch Now plays (not a way to sign in or to the plans): the player's files come now (decision 0096).
  const prefetch = usePlayerPrefetch(!!watchNowTo && /^\/(watch|watchEpisodes)\//.test(watchNowTo));

  return (
    <section id="details" className="detail-hero detail-section" aria-labelledby="detail-title" tabIndex={-1}>
      <div className="detail-hero__backdrop">
        <ResponsiveImage kind="cover" file={cover} sizes={FULL_BLEED_SIZES} alt="" fetchPriority="high" />
      </div>
      <div className="detail-hero__inner">
        <ResponsiveImage
          kind="poster"
          className="detail-hero__poster"
          file={poster}
          sizes={DETAIL_POSTER_SIZES}
          alt={`${title} poster`}
        />
        <div className="detail-hero__head">
          {status ? (
            <p className={`detail-hero__status detail-hero__status--${status}`}>
              {status === 'ended' ? MESSAGES.ended : MESSAGES.ongoing}
            </p>
          ) : null}
          <h1 id="detail-title" className="detail-hero__title">
            {title}
          </h1>
          {originalTitle && originalTitle !== title ? (
            <p className="detail-hero__original" lang="tr">
              {originalTitle}
            </p>
          ) : null}
          <div className="detail-meta-wrap">
            <ul className="detail-meta">
              <li>{year}</li>
              {length.text ? (
                <li>
                  {length.label ? (
                    <>
                      <span aria-hidden="true">{length.text}</span>
                      <span className="visually-hidden">{length.label}</span>
                    </>
                  ) : (
                    length.text
                  )}
                </li>
              ) : null}
              {genres.length ? <li>{genres.join(', ')}</li> : null}
              {rating !== undefined ? (
                <li>
                  <Rating value={rating} />
                </li>
              ) : null}
              <li>
                <span className="detail-meta__cc">{MESSAGES.subtitlesEng}</span>
              </li>
            </ul>
          </div>
        </div>
        <DescriptionBox text={description} />
        <div className="detail-hero__actions">
          <button
            type="button"
            className="btn btn--primary detail-hero__btn"
            disabled={!watchNowTo}
            // The page's main action: where the remote's focus starts (issue 26).
            data-nav-entry=""
            aria-describedby={!watchNowTo && watchNowNote ? 'watch-now-note' : undefined}
            {...prefetch}
            onClick={() => {
              // The press is the gesture that lets the player start with sound (issue 26).
              if (watchNowTo) void navigate(watchNowTo, { state: playNowStateFor(watchNowTo) });
            }}
          >
            <PlayIcon />
            {MESSAGES.watchNow}
          </button>
          {onPlayTrailer ? (
            <button type="button" className="btn btn--secondary detail-hero__btn" onClick={onPlayTrailer}>
              <FilmIcon />
              {MESSAGES.playTrailer}
            </button>
          ) : null}
          {extraActions}
          {!watchNowTo && watchNowNote ? (
            <p id="watch-now-note" className="detail-hero__note">
              {watchNowNote}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * Spec §9: the description box is at most 200 px high and scrolls. When it
 * does scroll it becomes a focusable, named region so keyboard users can
 * scroll it too (WCAG 2.1.1; axe scrollable-region-focusable).
 */
function DescriptionBox({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [atEnd, setAtEnd] = useState(false);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setOverflows(el.scrollHeight > el.clientHeight + 1);
    setAtEnd(el.scrollTop + el.clientHeight >= el.scrollHeight - 1);
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, text]);

  return (
    <div
      ref={ref}
      className={`detail-hero__description${overflows && !atEnd ? ' detail-hero__description--more' : ''}`}
      onScroll={measure}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': 'Description' } : {})}
    >
      <p>{text}</p>
    </div>
  );
}

/** The loading state of the hero: the same boxes, so nothing moves when data arrives. */
export function DetailHeroSkeleton() {
  return (
    <section className="detail-hero detail-hero--skeleton" aria-hidden="true">
      <div className="detail-hero__backdrop" />
      <div className="detail-hero__inner">
        <div className="detail-hero__poster skeleton" />
        <div className="detail-hero__head">
          <div className="skeleton skeleton--line detail-hero-skeleton__title" />
          <div className="skeleton skeleton--line detail-hero-skeleton__meta" />
        </div>
        <div className="detail-hero__description">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line detail-hero-skeleton__text-end" />
        </div>
        <div className="detail-hero__actions">
          <div className="skeleton skeleton--button" />
          <div className="skeleton skeleton--button" />
        </div>
      </div>
    </section>
  );
}

const FilmIcon = () => (
  <svg
    className="icon"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
  </svg>
);
