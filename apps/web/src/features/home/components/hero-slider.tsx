import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useEmbla } from '../../../lib/hooks/use-embla';
import { HERO_AUTOPLAY_MS, MESSAGES, type Slider } from '@bosphorus/contract';
import { ChevronLeftIcon, ChevronRightIcon, InfoIcon, PlayIcon } from '../../../components/ui/icons';
import { PauseIcon } from '../../../components/ui/control-icons';
import { Rating } from '../../../components/ui/rating';
import { useCurrentUser } from '../../../lib/session';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { FULL_BLEED_SIZES } from '../../../lib/uploads';
import { useReducedMotion } from '../../../lib/hooks/use-reduced-motion';
import { useAutoplay } from '../hooks/use-autoplay';
import { useDocumentVisible } from '../hooks/use-document-visible';
import { heroTapOpensDetail, heroWatchNowHref, isTap, toHeroSlide, type HeroSlide } from '../utils/hero';

// Spec §2/§4 hero: featured titles with Watch Now, Watch Trailer and More
// Detail; autoplay every HERO_AUTOPLAY_MS, paused while a mouse is over it or
// keyboard focus is in it, off under prefers-reduced-motion (and while the
// tab is hidden). Swipe on touch (Embla). Hidden slides are inert, so neither
// Tab nor a screen reader lands on a slide nobody can see.

/** `canPlay` null: a signed-in viewer's own answer is not in yet (lib/watch-now.ts). */
export function HeroSlider({ sliders, canPlay }: { sliders: Slider[]; canPlay: boolean | null }) {
  const slides = useMemo(() => sliders.map(toHeroSlide).filter((s): s is HeroSlide => s !== null), [sliders]);
  const count = slides.length;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const reducedMotion = useReducedMotion();
  const pageVisible = useDocumentVisible();
  const [viewportRef, embla] = useEmbla({ loop: count > 1, duration: 32 }, true);

  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [held, setHeld] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  // The other covers load only after the first one (the LCP image) is in,
  // and the slideshow starts then too: a slide nobody has seen yet has not
  // had its time.
  const [warm, setWarm] = useState(false);
  // The server's page may have drawn the first cover before the app took it
  // over (decision 0107): its load event has passed, so it counts as loaded now.
  const firstMedia = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const img = firstMedia.current?.querySelector('img');
    if (img?.complete) setWarm(true);
  }, []);
  // Then the covers of the slide shown and the next one (the slideshow's
  // next), and every cover once the viewer drags the hero: a phone on a slow
  // link does not fetch six covers it may never see (decision 0095).
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [dragged, setDragged] = useState(false);
  useEffect(() => {
    setSeen((before) => (before.has(selected) ? before : new Set(before).add(selected)));
  }, [selected]);
  const coverWanted = (i: number) =>
    i === 0 || dragged || seen.has(i) || (warm && i === (selected + 1) % Math.max(count, 1));
  const pressStart = useRef<{ x: number; y: number } | null>(null);

  /** A slide a dot or an arrow asked for while Embla was still on its way. */
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!embla) return;
    const handleSelect = () => setSelected(embla.selectedScrollSnap());
    const handleDown = () => {
      setHeld(true);
      setDragged(true);
    };
    const handleUp = () => setHeld(false);
    // A slide asked for before Embla took the hero over (its chunk comes
    // after the first paint): shown now, at once.
    if (asked.current !== null) embla.scrollTo(asked.current, true);
    asked.current = null;
    handleSelect();
    embla.on('select', handleSelect).on('reInit', handleSelect).on('pointerDown', handleDown).on('pointerUp', handleUp);
    return () => {
      embla
        .off('select', handleSelect)
        .off('reInit', handleSelect)
        .off('pointerDown', handleDown)
        .off('pointerUp', handleUp);
    };
  }, [embla]);

  // A slide chosen by the viewer (a dot, an arrow): every cover is wanted from now on.
  // Before Embla is in, the press is kept and shown as Embla takes over
  // (above): a viewer's early press is never lost.
  const goTo = useCallback(
    (index: number) => {
      setDragged(true);
      if (embla) embla.scrollTo(index, reducedMotion);
      else asked.current = index;
    },
    [embla, reducedMotion],
  );
  const step = useCallback(
    (by: 1 | -1) => {
      const from = asked.current ?? selected;
      asked.current = (from + by + count) % Math.max(count, 1);
    },
    [selected, count],
  );
  const goNext = useCallback(() => {
    if (embla) embla.scrollNext(reducedMotion);
    else step(1);
  }, [embla, reducedMotion, step]);
  const goPrev = useCallback(() => {
    setDragged(true);
    if (embla) embla.scrollPrev(reducedMotion);
    else step(-1);
  }, [embla, reducedMotion, step]);

  const canAutoplay = count > 1 && !reducedMotion;
  useAutoplay({
    delayMs: HERO_AUTOPLAY_MS,
    enabled: canAutoplay && warm && !userPaused && !hovered && !keyboardFocus && !held && pageVisible,
    // The slideshow moves only a slide Embla shows (never a queued jump).
    onAdvance: () => embla?.scrollNext(reducedMotion),
    restartKey: selected,
  });

  // Focus pauses only when it is keyboard focus: a mouse click on a dot
  // should not freeze the slideshow until the next click elsewhere.
  const handleFocus = (e: FocusEvent<HTMLElement>) => {
    if (matchesFocusVisible(e.target)) setKeyboardFocus(true);
  };
  const handleBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  const viewer = { loggedIn: user !== null, canPlay };

  // Below 592 px the whole card opens the title (spec §9), but a press that
  // became a swipe never does (spec §4), nor one on a button.
  const handleSlideClick = (e: MouseEvent<HTMLElement>, slide: HeroSlide) => {
    if (!heroTapOpensDetail(window.innerWidth)) return;
    if ((e.target as Element).closest('button, a')) return;
    if (!isTap(pressStart.current, { x: e.clientX, y: e.clientY })) return;
    void navigate(slide.detailHref);
  };

  if (count === 0) return null;

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      <div className="hero__viewport" ref={viewportRef}>
        <div className="hero__container">
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="hero__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== selected}
              onPointerDown={(e) => {
                pressStart.current = { x: e.clientX, y: e.clientY };
              }}
              onClick={(e) => handleSlideClick(e, slide)}
            >
              <div className="hero__media" ref={i === 0 ? firstMedia : undefined}>
                <ResponsiveImage
                  kind="cover"
                  file={slide.image}
                  sizes={FULL_BLEED_SIZES}
                  alt=""
                  loading={i === 0 || warm ? 'eager' : 'lazy'}
                  deferred={!coverWanted(i)}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding={i === 0 ? 'auto' : 'async'}
                  draggable={false}
                  onLoad={i === 0 ? () => setWarm(true) : undefined}
                  onError={i === 0 ? () => setWarm(true) : undefined}
                />
                <div className="hero__scrim" />
              </div>
              <div className="hero__body">
                <div className="hero__content">
                  <p className="hero__eyebrow">
                    <span className="hero__kind">{slide.kind === 'series' ? 'Series' : 'Movie'}</span>
                    {slide.status ? <span>{slide.status === 'ended' ? MESSAGES.ended : MESSAGES.ongoing}</span> : null}
                    <span>English subtitles</span>
                  </p>
                  <h2 className="hero__title">{slide.title}</h2>
                  <p className="hero__meta">
                    <Rating value={slide.rating} />
                    <span>{slide.year}</span>
                    <span>{slide.extent}</span>
                    {slide.genres.length ? <span>{slide.genres.join(', ')}</span> : null}
                  </p>
                  <p className="hero__desc">{slide.description}</p>
                  <div className="hero__actions">
                    <button
                      type="button"
                      className="btn btn--primary hero__watch"
                      // Where focus starts on home in TV mode (decision 0049).
                      data-nav-entry=""
                      onClick={() => void navigate(heroWatchNowHref(slide, viewer))}
                    >
                      <PlayIcon />
                      {MESSAGES.watchNow}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      onClick={() => void navigate(`${slide.detailHref}#trailer`)}
                    >
                      <TrailerIcon />
                      {MESSAGES.watchTrailer}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      onClick={() => void navigate(`${slide.detailHref}#details`)}
                    >
                      <InfoIcon />
                      {MESSAGES.moreDetail}
                    </button>
                  </div>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>

      {count > 1 ? (
        // The slider's own controls are for pointers; the arrows never stop
        // on them (the hero's buttons are reachable, the slider never takes focus).
        <div className="hero__controls" data-nav-skip="">
          <button type="button" className="hero__arrow" aria-label="Previous slide" onClick={goPrev}>
            <ChevronLeftIcon />
          </button>
          <div className="hero__dots" role="group" aria-label="Choose a slide">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className="hero__dot"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => goTo(i)}
              >
                <span className="hero__dot-mark" aria-hidden="true" />
              </button>
            ))}
          </div>
          <button type="button" className="hero__arrow" aria-label="Next slide" onClick={goNext}>
            <ChevronRightIcon />
          </button>
          {canAutoplay ? (
            <button
              type="button"
              className="hero__arrow hero__pause"
              aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}
              onClick={() => setUserPaused((p) => !p)}
            >
              {userPaused ? <PlayIcon /> : <PauseIcon />}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function matchesFocusVisible(el: EventTarget): boolean {
  try {
    return el instanceof Element && el.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: treat all focus as keyboard focus.
    return true;
  }
}

function TrailerIcon() {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2.5" y="5" width="14" height="14" rx="2" />
      <path d="M16.5 10l5-3v10l-5-3z" />
    </svg>
  );
}
