import { DETAIL_CAROUSEL_SLIDES, imageSrcSetOf, TOP_CAROUSEL_SLIDES, type ImageKind } from '@bosphorus/contract';

/** Spec §3: images are a full https address or a file name under /uploads. */
export function uploadUrl(file: string | null | undefined): string {
  if (!file) return '';
  if (/^https?:\/\//.test(file) || file.startsWith('/')) return file;
  return `/uploads/${encodeURIComponent(file)}`;
}

/**
 * The srcset of a catalogue poster or cover: every width the image pipeline
 * writes (packages/contract images.ts), or undefined for an image that has
 * no copies (an https address, a non-WebP name): then `src` alone is used.
 */
export function imageSrcSet(file: string | null | undefined, kind: ImageKind): string | undefined {
  return imageSrcSetOf(file, kind, uploadUrl);
}

/**
 * `sizes` for a card in a carousel with the §9 slide table: at each width up
 * to a breakpoint the card is at most the viewport divided by the slides
 * shown there (the row's edges and gaps only make it smaller).
 */
export function carouselSizes(table: ReadonlyArray<readonly [number, number]>, maxSlides = Infinity): string {
  const part = (slides: number) => {
    const n = Math.min(slides, maxSlides);
    return n === 1 ? '100vw' : `${Math.ceil(100 / n)}vw`;
  };
  return table
    .map(([max, slides]) => (Number.isFinite(max) ? `(max-width: ${max}px) ${part(slides)}` : part(slides)))
    .join(', ');
}

/** Home rows (spec §9: 1 to 5 per view by width). */
export const ROW_CARD_SIZES = carouselSizes(TOP_CAROUSEL_SLIDES);
/** Detail-page carousels (1, 2 or 3 per view). */
export const DETAIL_CARD_SIZES = carouselSizes(DETAIL_CAROUSEL_SLIDES);
/**
 * Card grids (`.card-grid`: columns of at least 140 px, 180 px from 1024 px):
 * two columns on a phone, three or more on a tablet, about 240 px at most on
 * a desktop (the grid stops at the 1440 px content width).
 */
export const GRID_CARD_SIZES = '(max-width: 599px) 50vw, (max-width: 1023px) 34vw, 240px';
/** Full-bleed covers: the home hero and the detail backdrop. */
export const FULL_BLEED_SIZES = '100vw';
