import { carouselSizes, DETAIL_CAROUSEL_SLIDES, imageSrcSetOf, type ImageKind } from '@bosphorus/contract';

// The row cards' and full-bleed covers' sizes live in the contract
// (images.ts): the server writes the home shell's first pictures with them
// (decision 0094).
export { carouselSizes, FULL_BLEED_SIZES, GRID_CARD_SIZES, ROW_CARD_SIZES } from '@bosphorus/contract';

/** Detail-page carousels (1, 2 or 3 per view). */
export const DETAIL_CARD_SIZES = carouselSizes(DETAIL_CAROUSEL_SLIDES);

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
