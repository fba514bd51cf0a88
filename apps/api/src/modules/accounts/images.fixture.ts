import { crc32, deflateSync } from 'node:zlib';

// Small, well-formed images for the avatar tests, built byte by byte.

function pngChunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 2×2 RGB PNG; `extra` chunks go before IDAT. */
export function png(extra: Array<[string, Buffer]> = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...extra.map(([type, data]) => pngChunk(type, data)),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A structurally valid baseline JPEG (its pixels are not meant to decode), with optional APP1 and COM. */
export function jpeg(opts: { exif?: string; comment?: string } = {}): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...(opts.exif ? [jpegSegment(0xe1, Buffer.from(`Exif\0\0${opts.exif}`, 'latin1'))] : []),
    ...(opts.comment ? [jpegSegment(0xfe, Buffer.from(opts.comment, 'latin1'))] : []),
    jpegSegment(0xdb, Buffer.alloc(65, 1)),
    jpegSegment(0xc0, Buffer.from([8, 0, 2, 0, 2, 1, 1, 0x11, 0])),
    jpegSegment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0), Buffer.alloc(0)])),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 63, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1×1 GIF89a with a comment extension. */
export function gif(comment = 'hello'): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1×1, global colour table of 2
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xfe, comment.length]),
    Buffer.from(comment, 'latin1'),
    Buffer.from([0]),
    Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([2, 2, 0x4c, 0x01, 0]),
    Buffer.from([0x3b]),
  ]);
}

/** A real, decodable JPEG (made by libvips) with a COM segment spliced in after SOI. */
export async function decodableJpeg(comment?: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b3202a' } })
    .jpeg()
    .toBuffer();
  if (!comment) return plain;
  return Buffer.concat([plain.subarray(0, 2), jpegSegment(0xfe, Buffer.from(comment, 'latin1')), plain.subarray(2)]);
}
