import type { ImageKind } from '@bosphorus/contract';
import { imageSrcSet, uploadUrl } from '../../lib/uploads';

/** Intrinsic boxes: the width/height attributes that keep the layout still before the bytes come. */
const BOX: Record<ImageKind, { width: number; height: number }> = {
  poster: { width: 480, height: 720 },
  cover: { width: 1920, height: 1080 },
};

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
