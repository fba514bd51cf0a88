import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  CATALOGUE_IMAGE_BOXES,
  IMAGE_NAME_PATTERN,
  IMAGE_WIDTHS,
  imageVariantFile,
  type CatalogueImageKind,
  type ImageKind,
} from '@bosphorus/contract';
import { sanitizeImage } from '../accounts/avatar.js';

// Catalogue images uploaded in the console (issue 17, decision 0089): a
// poster, a cover, a cast photo or an episode still, uploaded once. The type
// comes from the bytes (the avatar's sanitiser: PNG, JPEG, WebP, GIF, rebuilt
// from the chunks that draw the picture); libvips decodes the pixels,
// crops to the kind's box and writes WebP with no metadata, under a name
// the server makes up. A poster and a cover are written at every
// IMAGE_WIDTHS width, named as packages/contract images.ts says — the
// names the site's srcset and the demo image pipeline use — so a srcset
// never asks for a file that is not there.

/** A decompression bomb stops here. */
const MAX_INPUT_PIXELS = 40_000_000;
const QUALITY = { poster: 80, cover: 78, person: 80, still: 78 } as const;

/** The name a kind's upload gets: `<kind>-<32 hex>.webp`. */
export const UPLOADED_IMAGE_NAME = /^(poster|cover|person|still)-[0-9a-f]{32}\.webp$/;

export interface CatalogueImages {
  /** Writes the picture at its kind's sizes; null when the bytes are not a picture. */
  store(kind: CatalogueImageKind, bytes: Buffer): Promise<{ file: string; files: string[] } | null>;
  /** True when the name is a file in one of the upload folders. */
  exists(file: string): Promise<boolean>;
}

/** The resized copies of one picture: [file name, bytes] for each size its kind has. */
export async function renderCatalogueImage(
  kind: CatalogueImageKind,
  input: Buffer,
  name: string,
): Promise<[string, Buffer][]> {
  const box = CATALOGUE_IMAGE_BOXES[kind];
  const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(box.width, box.height, { fit: 'cover', position: 'attention' })
    .toBuffer();
  const widths: readonly number[] = kind in IMAGE_WIDTHS ? IMAGE_WIDTHS[kind as ImageKind] : [box.width];
  const out: [string, Buffer][] = [];
  for (const width of widths) {
    const file = kind in IMAGE_WIDTHS ? imageVariantFile(name, kind as ImageKind, width)! : name;
    const height = Math.round((box.height * width) / box.width);
    const bytes = await sharp(upright).resize(width, height).webp({ quality: QUALITY[kind] }).toBuffer();
    out.push([file, bytes]);
  }
  return out;
}

/**
 * `dir`: where uploads are written (DATA_DIR/uploads); `lookIn`: every
 * folder /uploads serves (the shipped demo images too), for `exists`.
 */
export function createCatalogueImages(opts: { dir: string; lookIn: string[] }): CatalogueImages {
  return {
    async store(kind, bytes) {
      const clean = sanitizeImage(bytes);
      if (!clean) return null;
      let copies: [string, Buffer][];
      const name = `${kind}-${crypto.randomBytes(16).toString('hex')}.webp`;
      try {
        copies = await renderCatalogueImage(kind, clean.bytes, name);
      } catch {
        return null;
      }
      await fs.mkdir(opts.dir, { recursive: true });
      for (const [file, data] of copies) {
        const tmp = path.join(opts.dir, `.${file}.tmp`);
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, path.join(opts.dir, file));
      }
      return { file: name, files: copies.map(([file]) => file) };
    },

    async exists(file) {
      if (!IMAGE_NAME_PATTERN.test(file)) return false;
      for (const dir of opts.lookIn) {
        const stat = await fs.stat(path.join(dir, file)).catch(() => null);
        if (stat?.isFile()) return true;
      }
      return false;
    },
  };
}
