import {
  DETAIL_CAROUSEL_SLIDES,
  imageSrcSetOf,
  LAYOUT_BREAKPOINT_PX,
  TOP_CAROUSEL_SLIDES,
  type ImageKind,
} from '@bosphorus/contract';

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

/** The page's side padding (global.css --pad): 16 px, 40 px from the layout breakpoint. */
const PAD_PX = { narrow: 16, wide: 40 } as const;
/** The widest a row's content gets (global.css --content-max, less the padding). */
const CONTENT_MAX_PX = 1440;

/**
 * `sizes` for a card in a carousel with the §9 slide table: up to each
 * breakpoint a card is at most the row's width (the viewport less the
 * page's padding on both sides) divided by the slides shown there; above
 * the last one the row stops growing at the content width. calc() only, no
 * min()/max(): the old TV engines (Chromium 63) drop a `sizes` they cannot
 * parse and fall back to 100vw.
 */
export function carouselSizes(table: ReadonlyArray<readonly [number, number]>, maxSlides = Infinity): string {
  return table
    .map(([max, slides], i) => {
      const n = Math.min(slides, maxSlides);
      if (!Number.isFinite(max)) return `${Math.ceil(CONTENT_MAX_PX / n)}px`;
      // The narrower padding wherever the range starts below the breakpoint: never too small.
      const from = i === 0 ? 0 : table[i - 1]![0] + 1;
      const pad = 2 * (from < LAYOUT_BREAKPOINT_PX ? PAD_PX.narrow : PAD_PX.wide);
      const width = n === 1 ? `calc(100vw - ${pad}px)` : `calc((100vw - ${pad}px) / ${n})`;
      return `(max-width: ${max}px) ${width}`;
    })
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
export const GRID_CARD_SIZES = '(max-width: 599px) calc(50vw - 24px), (max-width: 1023px) 200px, 240px';
/** Full-bleed covers: the home hero and the detail backdrop. */
export const FULL_BLEED_SIZES = '100vw';
