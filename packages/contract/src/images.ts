import { LAYOUT_BREAKPOINT_PX, TOP_CAROUSEL_SLIDES } from './constants.js';

/**
 * Responsive catalogue images (issue 15, decision 0065): every poster and
 * cover the site serves from /uploads exists at a few widths, all WebP. The
 * largest is the file the catalogue names (`x-poster.webp`, `x-cover.webp`);
 * each smaller copy carries its width before the extension
 * (`x-poster-240.webp`). The demo image pipeline (scripts/demo-images) writes
 * exactly these copies, and the web app's srcset builder reads this table, so
 * the two cannot drift apart.
 */
export const IMAGE_WIDTHS = {
  /** 2:3 posters: cards in rows and grids, the detail page's poster. */
  poster: [240, 360, 480],
  /** 16:9 covers: the home hero, the detail backdrop, the trailer facade, wide cards. */
  cover: [640, 960, 1920],
} as const;

export type ImageKind = keyof typeof IMAGE_WIDTHS;

/** The largest width of a kind: the catalogue's own file. */
export function masterWidth(kind: ImageKind): number {
  const widths = IMAGE_WIDTHS[kind];
  return widths[widths.length - 1]!;
}

/**
 * The file of one width: the master's own name at the largest width,
 * `name-<width>.webp` below it; null for a name that is not a WebP upload
 * (an https address, another format): such an image has no copies.
 */
export function imageVariantFile(file: string, kind: ImageKind, width: number): string | null {
  if (!/^[^/]+\.webp$/.test(file)) return null;
  if (width === masterWidth(kind)) return file;
  if (!(IMAGE_WIDTHS[kind] as readonly number[]).includes(width)) return null;
  return file.replace(/\.webp$/, `-${width}.webp`);
}

/** Every copy of a catalogue image, smallest first (the pipeline's list of files to write). */
export function imageVariantFiles(file: string, kind: ImageKind): string[] {
  return IMAGE_WIDTHS[kind].map((w) => imageVariantFile(file, kind, w)).filter((f): f is string => f !== null);
}

/**
 * The `srcset` of a catalogue image, each copy's address made by `url`
 * (the web app's /uploads addresses, the server's preload link alike), or
 * undefined for an image without copies: then its `src` alone is used.
 */
export function imageSrcSetOf(
  file: string | null | undefined,
  kind: ImageKind,
  url: (file: string) => string,
): string | undefined {
  if (!file || imageVariantFile(file, kind, IMAGE_WIDTHS[kind][0]) === null) return undefined;
  return IMAGE_WIDTHS[kind].map((w) => `${url(imageVariantFile(file, kind, w)!)} ${w}w`).join(', ');
}

// ───────────── sizes (decision 0065; in the contract since decision 0094) ─────────────

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
/** Full-bleed covers: the home hero and the detail backdrop. */
export const FULL_BLEED_SIZES = '100vw';
/**
 * Card grids (`.card-grid`: columns of at least 140 px, 180 px from 1024 px):
 * two columns on a phone, three or more on a tablet, about 240 px at most on
 * a desktop (the grid stops at the 1440 px content width). The list pages'
 * cards, and the posters the server writes into their shell (decision 0099).
 */
export const GRID_CARD_SIZES = '(max-width: 599px) calc(50vw - 24px), (max-width: 1023px) 200px, 240px';
