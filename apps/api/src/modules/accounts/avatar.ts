import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// DESIGN §4 uploads: the type comes from the bytes (PNG, JPEG, WebP, GIF),
// never from the name or the declared type, and the file is re-encoded
// before it is stored. Two steps:
//   1. sanitizeImage: the container is parsed and rebuilt from the chunks
//      that draw the picture; text, comments, EXIF/XMP (camera, GPS),
//      colour profiles, unknown chunks and anything after the image's end
//      marker (a PNG with trailing HTML, a GIFAR, …) are dropped, and a file
//      that does not parse is refused before any decoder sees it.
//   2. reencodeAvatar: libvips (sharp) decodes the pixels, turns the picture
//      upright, crops it to a 512×512 square and writes a fresh WebP with no
//      metadata, so not one byte of the upload is served as it came.
// The result is served as image/webp with `nosniff`, under a name the server
// made up.

export type AvatarType = 'png' | 'jpg' | 'webp' | 'gif';

export interface CleanImage {
  type: AvatarType;
  bytes: Buffer;
}

/** The rebuilt image, or null when the bytes are not a well-formed PNG, JPEG, WebP or GIF. */
export function sanitizeImage(input: Buffer): CleanImage | null {
  try {
    if (startsWith(input, PNG_SIGNATURE)) return wrap('png', rebuildPng(input));
    if (input.length > 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) {
      return wrap('jpg', rebuildJpeg(input));
    }
    if (input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP') {
      return wrap('webp', rebuildWebp(input));
    }
    const head = input.toString('latin1', 0, 6);
    if (head === 'GIF87a' || head === 'GIF89a') return wrap('gif', rebuildGif(input));
  } catch (error) {
    if (error instanceof BadImage || error instanceof RangeError) return null;
    throw error;
  }
  return null;
}

class BadImage extends Error {}

function fail(why: string): never {
  throw new BadImage(why);
}

function wrap(type: AvatarType, bytes: Buffer | null): CleanImage | null {
  return bytes ? { type, bytes } : null;
}

function startsWith(buf: Buffer, prefix: Buffer) {
  return buf.length >= prefix.length && buf.subarray(0, prefix.length).equals(prefix);
}

// ───────────── PNG (and APNG) ─────────────
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks that affect how the picture looks; everything else is dropped. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function rebuildPng(input: Buffer): Buffer {
  const out: Buffer[] = [PNG_SIGNATURE];
  let pos = PNG_SIGNATURE.length;
  let first = true;
  let sawData = false;
  for (;;) {
    if (pos + 12 > input.length) fail('truncated PNG');
    const length = input.readUInt32BE(pos);
    const type = input.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > input.length) fail('truncated PNG chunk');
    if (!/^[A-Za-z]{4}$/.test(type)) fail('bad PNG chunk type');
    const crc = input.readUInt32BE(end - 4);
    if (crc32(input.subarray(pos + 4, end - 4)) !== crc) fail('bad PNG checksum');
    if (first && (type !== 'IHDR' || length !== 13)) fail('PNG without IHDR');
    first = false;
    if (type === 'IDAT') sawData = true;
    if (PNG_KEEP.has(type)) out.push(input.subarray(pos, end));
    pos = end;
    if (type === 'IEND') break; // whatever follows is not part of the image
  }
  if (!sawData) fail('PNG without image data');
  return Buffer.concat(out);
}

// ───────────── JPEG ─────────────
function keepJpegSegment(marker: number): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return true; // SOFn, DHT, DAC
  // DQT, DRI, APP0 (JFIF), APP14 (Adobe colour transform)
  return marker === 0xdb || marker === 0xdd || marker === 0xe0 || marker === 0xee;
}

function rebuildJpeg(input: Buffer): Buffer {
  const out: Buffer[] = [input.subarray(0, 2)];
  let pos = 2;
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    if (pos >= input.length || input[pos] !== 0xff) fail('bad JPEG marker');
    while (input[pos] === 0xff) pos++; // fill bytes
    if (pos >= input.length) fail('truncated JPEG');
    const marker = input[pos]!;
    pos++;
    if (marker === 0xd9) {
      out.push(Buffer.from([0xff, 0xd9]));
      break; // EOI: whatever follows is not part of the image
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(Buffer.from([0xff, marker]));
      continue;
    }
    if (marker === 0x00 || marker === 0xd8) fail('bad JPEG marker');
    const length = input.readUInt16BE(pos);
    if (length < 2 || pos + length > input.length) fail('truncated JPEG segment');
    const segment = input.subarray(pos - 2, pos + length);
    pos += length;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) sawFrame = true;
    if (marker === 0xda) {
      if (!sawFrame) fail('JPEG scan before frame');
      sawScan = true;
      // Entropy-coded data runs to the next marker that is not a stuffed
      // 0xFF00 or a restart marker.
      let end = pos;
      for (;;) {
        if (end + 1 >= input.length) fail('truncated JPEG scan');
        if (input[end] === 0xff) {
          const next = input[end + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        end++;
      }
      out.push(segment, input.subarray(pos, end));
      pos = end;
      continue;
    }
    if (keepJpegSegment(marker)) out.push(segment);
  }
  if (!sawFrame || !sawScan) fail('JPEG without image data');
  return Buffer.concat(out);
}

// ───────────── WebP ─────────────
const WEBP_KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);
const VP8X_DROPPED_FLAGS = 0x20 | 0x08 | 0x04; // ICC profile, EXIF, XMP

function rebuildWebp(input: Buffer): Buffer {
  const declared = input.readUInt32LE(4) + 8;
  if (declared > input.length || declared < 20) fail('truncated WebP');
  const chunks: Buffer[] = [];
  let pos = 12;
  let sawImage = false;
  while (pos < declared) {
    if (pos + 8 > declared) fail('truncated WebP chunk');
    const type = input.toString('latin1', pos, pos + 4);
    const size = input.readUInt32LE(pos + 4);
    const dataEnd = pos + 8 + size;
    if (dataEnd > declared) fail('truncated WebP chunk');
    // Copied with its padding byte (zero) so chunks stay 2-byte aligned.
    const chunk = Buffer.alloc(8 + size + (size % 2));
    input.copy(chunk, 0, pos, dataEnd);
    if (type === 'VP8X') {
      if (size < 10) fail('bad VP8X');
      chunk[8] = chunk[8]! & ~VP8X_DROPPED_FLAGS;
    }
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') sawImage = true;
    if (WEBP_KEEP.has(type)) chunks.push(chunk);
    pos = dataEnd + (size % 2);
  }
  if (!sawImage) fail('WebP without image data');
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

// ───────────── GIF ─────────────
const GIF_LOOP_APPS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** The end of the data sub-blocks starting at pos (after their 0 terminator). */
function skipSubBlocks(input: Buffer, pos: number): number {
  for (;;) {
    if (pos >= input.length) fail('truncated GIF');
    const size = input[pos]!;
    pos += 1 + size;
    if (size === 0) return pos;
  }
}

function colorTableSize(packed: number) {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

function rebuildGif(input: Buffer): Buffer {
  const screenEnd = 13 + colorTableSize(input[10]!);
  if (screenEnd > input.length) fail('truncated GIF');
  const out: Buffer[] = [input.subarray(0, screenEnd)];
  let pos = screenEnd;
  let sawImage = false;
  for (;;) {
    if (pos >= input.length) fail('GIF without trailer');
    const block = input[pos]!;
    if (block === 0x3b) {
      out.push(Buffer.from([0x3b]));
      break; // trailer: whatever follows is not part of the image
    }
    if (block === 0x2c) {
      if (pos + 10 > input.length) fail('truncated GIF image');
      const dataStart = pos + 10 + colorTableSize(input[pos + 9]!) + 1; // + LZW minimum code size
      const end = skipSubBlocks(input, dataStart);
      out.push(input.subarray(pos, end));
      sawImage = true;
      pos = end;
      continue;
    }
    if (block === 0x21) {
      const label = input[pos + 1];
      const end = skipSubBlocks(input, pos + 2);
      const keep =
        label === 0xf9 ||
        (label === 0xff && input[pos + 2] === 11 && GIF_LOOP_APPS.has(input.toString('latin1', pos + 3, pos + 14)));
      if (keep) out.push(input.subarray(pos, end));
      pos = end;
      continue;
    }
    fail('bad GIF block');
  }
  if (!sawImage) fail('GIF without image');
  return Buffer.concat(out);
}

/** Avatars are stored as this square (shown at up to 96 px, sharp on 4× screens). */
export const AVATAR_SIZE_PX = 512;
/** A decompression bomb stops here (a 2 MB upload may claim huge dimensions). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The picture as a fresh 512×512 WebP, or null when its pixels do not decode. */
export async function reencodeAvatar(image: CleanImage): Promise<Buffer | null> {
  try {
    return await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
