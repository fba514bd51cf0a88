import { MESSAGES, parseTrailerId, trailerEmbedUrl } from '@bosphorus/contract';
import './detail.css';

// Spec §2/§4: the trailer id is parsed from the title's video link and
// played in the privacy-enhanced player (the page's CSP allows only that
// frame host). The frame is 16:9, at most 1100 × 600 (§9), and loads lazily
// because it sits below the fold.

export interface TrailerSectionProps {
  title: string;
  trailer: string | null | undefined;
  /** True after Play Trailer: the player starts on its own (the click is the user's gesture). */
  autoplay?: boolean;
}

export function trailerSrc(id: string, autoplay: boolean): string {
  return autoplay ? `${trailerEmbedUrl(id)}?autoplay=1` : trailerEmbedUrl(id);
}

export function TrailerSection({ title, trailer, autoplay = false }: TrailerSectionProps) {
  const id = parseTrailerId(trailer);
  return (
    <section id="trailer" className="detail-section" aria-labelledby="trailer-title" tabIndex={-1}>
      <h2 id="trailer-title" className="detail-section__title">
        {MESSAGES.trailer}
      </h2>
      {id ? (
        // The arrows never enter the trailer's frame: a page of another
        // origin keeps the remote's keys and cannot give them back. Play
        // Trailer starts it; the remote stays on the page (decision 0049).
        <div className="trailer-frame" data-nav-skip="">
          <iframe
            src={trailerSrc(id, autoplay)}
            title={`${title} trailer`}
            loading="lazy"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            // Full screen through `allow` only: with allowfullscreen beside it
            // Chromium warns on every detail page (issue 15).
          />
        </div>
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
      <div className="skeleton skeleton--line" style={{ width: 140, height: '1.75rem', marginBottom: 16 }} />
      <div className="trailer-frame skeleton" />
    </div>
  );
}
