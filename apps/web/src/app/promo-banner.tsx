import { useLayoutEffect, useRef, useState } from 'react';
import type { PromotionBody } from '@bosphorus/contract';
import { PlayIcon } from '../components/ui/icons';
import { PauseIcon } from '../components/ui/control-icons';
import { usePromotion } from './get-promotion';

// Spec §2 Header: a promotion banner with scrolling text, red or blue, shown
// only when the server supplies text. Moving text needs a way to stop it
// (WCAG 2.2.2), hence the pause button; reduced motion shows it still.

/** Speed of the scroll: long texts take longer, so every text moves alike. */
const PROMO_SECONDS_PER_CHARACTER = 0.22;
const PROMO_MIN_SECONDS = 14;

export function promoScrollSeconds(text: string): number {
  return Math.max(PROMO_MIN_SECONDS, Math.round(text.length * PROMO_SECONDS_PER_CHARACTER));
}

/** The banner's colour class; anything but 'blue' is the spec's red. */
export function promoColorClass(color: PromotionBody['color']): 'promo--red' | 'promo--blue' {
  return color === 'blue' ? 'promo--blue' : 'promo--red';
}

export function PromoBanner() {
  const { data, isPending } = usePromotion();
  // Hold the banner's one-line height while the answer is on its way, so
  // the page does not jump down when a promotion arrives (the usual case).
  if (isPending) return <div className="promo-placeholder" aria-hidden="true" />;
  const text = data?.text?.trim();
  if (!text) return null;
  return <PromoBannerView text={text} color={data?.color ?? null} />;
}

export function PromoBannerView({ text, color }: { text: string; color: PromotionBody['color'] }) {
  const [paused, setPaused] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  // Through the CSSOM, before the browser paints: the page's CSP refuses a
  // style attribute in the server's HTML (and hydration would not put back
  // one the browser dropped). Until then the stylesheet's default speed runs.
  useLayoutEffect(() => {
    track.current?.style.setProperty('--promo-seconds', `${promoScrollSeconds(text)}s`);
  }, [text]);
  return (
    <section className={`promo ${promoColorClass(color)}`} aria-label="Promotion" data-paused={paused || undefined}>
      <div className="promo__viewport">
        <div className="promo__track" ref={track}>
          <p className="promo__text">{text}</p>
          {/* The second copy makes the loop seamless; people hear the text once. */}
          <p className="promo__text promo__text--copy" aria-hidden="true">
            {text}
          </p>
        </div>
      </div>
      <button
        type="button"
        className="promo__toggle"
        aria-label={paused ? 'Resume scrolling' : 'Pause scrolling'}
        onClick={() => setPaused((p) => !p)}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </section>
  );
}
