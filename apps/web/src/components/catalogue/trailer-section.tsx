import { useRef, useState } from 'react';
import { MESSAGES, parseTrailerId, trailerEmbedUrl } from '@bosphorus/contract';
import { ResponsiveImage } from '../ui/responsive-image';
import { PlayIcon } from '../ui/icons';
import './detail.css';

// Spec §2/§4: the trailer id is parsed from the title's video link and
// played in the privacy-enhanced player (the page's CSP allows only that
// frame host). The frame is 16:9, at most 1100 × 600 (§9).
//
// A facade until the viewer asks for it (decision 0066): the title's own
// cover with a play button stands in the frame's box, and the YouTube frame
// is created only after a press — on the facade, or on Play Trailer in the
// hero. No third-party document, script or connection before that, and the
// box is never a black rectangle offline.

export interface TrailerSectionProps {
  title: string;
  trailer: string | null | undefined;
  /** The title's cover: the facade's picture. */
  cover: string;
  /** True after Play Trailer: the frame is created and starts on its own (the click is the user's gesture). */
  autoplay?: boolean;
}

export function trailerSrc(id: string, autoplay: boolean): string {
  return autoplay ? `${trailerEmbedUrl(id)}?autoplay=1` : trailerEmbedUrl(id);
}

/** The facade's accessible name; distinct from the hero's 'Play Trailer'. */
export function trailerFacadeLabel(title: string): string {
  return `Play the ${title} trailer`;
}

/** The trailer box spans the content column up to 1100 px (detail.css .trailer-frame). */
export const TRAILER_SIZES = '(max-width: 1148px) calc(100vw - 48px), 1067px';

export function TrailerSection({ title, trailer, cover, autoplay = false }: TrailerSectionProps) {
  const id = parseTrailerId(trailer);
  const [pressed, setPressed] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const playing = pressed || autoplay;
  return (
    <section ref={sectionRef} id="trailer" className="detail-section" aria-labelledby="trailer-title" tabIndex={-1}>
      <h2 id="trailer-title" className="detail-section__title">
        {MESSAGES.trailer}
      </h2>
      {id && playing ? (
        // The arrows never enter the trailer's frame: a page of another
        // origin keeps the remote's keys and cannot give them back. The
        // remote stays on the page (decision 0049).
        <div className="trailer-frame" data-nav-skip="">
          <iframe
            src={trailerSrc(id, true)}
            title={`${title} trailer`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            // Full screen through `allow` only: with allowfullscreen beside it
            // Chromium warns on every detail page (issue 15).
          />
        </div>
      ) : id ? (
        <button
          type="button"
          className="trailer-frame trailer-facade"
          aria-label={trailerFacadeLabel(title)}
          onClick={() => {
            setPressed(true);
            // The button is replaced by the frame: focus stays on the page
            // (the section), never lost to the document or taken by the frame.
            sectionRef.current?.focus({ preventScroll: true });
          }}
        >
          <ResponsiveImage kind="cover" file={cover} sizes={TRAILER_SIZES} alt="" loading="lazy" />
          <span className="trailer-facade__play" aria-hidden="true">
            <PlayIcon />
          </span>
        </button>
      ) : (
        <div className="trailer-frame trailer-frame--empty">
          <p>
            <strong>Trailer coming soon</strong>
            <span>We are preparing the trailer for {title}. Check back shortly.</span>
          </p>
        </div>
      )}
    </section>
  );
}

export function TrailerSkeleton() {
  return (
    <div className="detail-section" aria-hidden="true">
      <div className="skeleton skeleton--line skeleton--heading trailer-skeleton__heading" />
      <div className="trailer-frame skeleton" />
    </div>
  );
}
