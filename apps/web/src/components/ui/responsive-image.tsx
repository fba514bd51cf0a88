import type { ImageKind } from '@bosphorus/contract';
import { imageSrcSet, uploadUrl } from '../../lib/uploads';
import { MARK } from './mark';

/** Intrinsic boxes: the width/height attributes that keep the layout still before the bytes come. */
const BOX: Record<ImageKind, { width: number; height: number }> = {
  poster: { width: 480, height: 720 },
  cover: { width: 1920, height: 1080 },
};

/**
 * The picture of a title that has none yet (an operator's new series before
 * its poster is uploaded): the site's mark on the card's own colours, in the
 * same box, instead of an empty image. A data address (the CSP allows
 * `data:` pictures): nothing is fetched, and it is shown at once.
 */
function missingPicture(kind: ImageKind): string {
  const { width, height } = BOX[kind];
  const mark = Math.round(Math.min(width, height) * 0.28);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="#1c2336"/>' +
    '<stop offset="1" stop-color="#141a2a"/></linearGradient></defs>' +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<g transform="translate(${(width - mark) / 2} ${(height - mark) / 2}) scale(${mark / 64})" opacity="0.55">` +
    `<path d="${MARK.water}" stroke="#d7263d" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="${MARK.crescent}" fill="#8d97ae"/></g></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const MISSING: Record<ImageKind, string> = { poster: missingPicture('poster'), cover: missingPicture('cover') };

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>;

/**
 * A catalogue poster or cover at the width its place needs (decision 0065):
 * `srcset` lists every copy the pipeline writes, `sizes` says how wide the
 * place is, and the intrinsic width/height give the box its aspect ratio.
 */
export function ResponsiveImage({
  kind,
  file,
  sizes,
  alt,
  deferred = false,
  ...rest
}: {
  kind: ImageKind;
  file: string | null | undefined;
  sizes: string;
  alt: string;
  /** Not wanted yet (a row's card out of view, decision 0095): the box without an address, so nothing is fetched. */
  deferred?: boolean;
} & ImgProps) {
  const srcSet = imageSrcSet(file, kind);
  if (!file) return <img src={MISSING[kind]} alt={alt} {...BOX[kind]} {...rest} />;
  if (deferred) return <img alt={alt} {...BOX[kind]} decoding="async" {...rest} />;
  return (
    <img
      src={uploadUrl(file)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      {...BOX[kind]}
      decoding="async"
      {...rest}
    />
  );
}
