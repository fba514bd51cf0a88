import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import sharp from 'sharp';
import { AVATAR_SIZE_PX, reencodeAvatar, sanitizeImage } from './avatar.js';
import { decodableJpeg, gif, jpeg, png } from './images.fixture.js';

const SCRIPT = '<script>alert(document.cookie)</script>';
const html = Buffer.from(`<html><body>${SCRIPT}</body></html>`);

describe('sanitizeImage', () => {
  it('keeps a clean PNG byte for byte and drops text chunks and trailing HTML', () => {
    const clean = png();
    expect(sanitizeImage(clean)).toEqual({ type: 'png', bytes: clean });
    const dirty = Buffer.concat([png([['tEXt', Buffer.from(`Comment\0${SCRIPT}`)]]), html]);
    const result = sanitizeImage(dirty)!;
    expect(result.type).toBe('png');
    expect(result.bytes.equals(clean)).toBe(true);
    expect(result.bytes.toString('latin1')).not.toContain('<script');
  });

  it('refuses a PNG with a broken checksum or no image data', () => {
    const broken = png();
    broken[broken.length - 20] = broken[broken.length - 20]! ^ 0xff; // inside IDAT
    expect(sanitizeImage(broken)).toBeNull();
    expect(sanitizeImage(png().subarray(0, 40))).toBeNull();
  });

  it('drops EXIF, comments and trailing bytes from a JPEG', () => {
    const clean = jpeg();
    expect(sanitizeImage(clean)).toEqual({ type: 'jpg', bytes: clean });
    const dirty = Buffer.concat([jpeg({ exif: 'GPS 41.0082 28.9784', comment: SCRIPT }), html]);
    const result = sanitizeImage(dirty)!;
    expect(result.bytes.equals(clean)).toBe(true);
  });

  it('drops GIF comments and what follows the trailer', () => {
    const result = sanitizeImage(Buffer.concat([gif(SCRIPT), html]))!;
    expect(result.type).toBe('gif');
    const text = result.bytes.toString('latin1');
    expect(text).not.toContain('<script');
    expect(text.startsWith('GIF89a')).toBe(true);
    expect(result.bytes[result.bytes.length - 1]).toBe(0x3b);
  });

  it('rebuilds a real WebP and drops metadata chunks and trailing bytes', () => {
    const dir = path.join(REPO_ROOT, 'apps/api/seed-assets/uploads');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.webp'))!;
    const original = fs.readFileSync(path.join(dir, file));
    const clean = sanitizeImage(original)!;
    expect(clean.type).toBe('webp');
    const exif = Buffer.alloc(8 + SCRIPT.length + (SCRIPT.length % 2));
    exif.write('EXIF', 0, 'latin1');
    exif.writeUInt32LE(SCRIPT.length, 4);
    exif.write(SCRIPT, 8, 'latin1');
    const body = Buffer.concat([clean.bytes.subarray(12), exif]);
    const header = Buffer.from(clean.bytes.subarray(0, 12));
    header.writeUInt32LE(body.length + 4, 4);
    const dirty = Buffer.concat([header, body, html]);
    const result = sanitizeImage(dirty)!;
    expect(result.bytes.equals(clean.bytes)).toBe(true);
  });

  it('refuses anything that is not one of the four image types', () => {
    for (const bytes of [
      html,
      Buffer.from(SCRIPT),
      Buffer.from('%PDF-1.7'),
      Buffer.from('GIF89a<script>'),
      Buffer.from('RIFF\x10\0\0\0WEBPVP8 '),
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8, 0xff]),
    ]) {
      expect(sanitizeImage(bytes)).toBeNull();
    }
  });
});

describe('reencodeAvatar', () => {
  it('turns a PNG, a JPEG and a GIF into a fresh 512×512 WebP without metadata', async () => {
    for (const input of [png(), await decodableJpeg(SCRIPT), gif(SCRIPT)]) {
      const out = await reencodeAvatar(sanitizeImage(input)!);
      expect(out).not.toBeNull();
      const meta = await sharp(out!).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
      expect(meta.exif).toBeUndefined();
      expect(out!.toString('latin1')).not.toContain('<script');
    }
  });

  it('refuses pixels that do not decode and a decompression bomb', async () => {
    expect(await reencodeAvatar(sanitizeImage(jpeg())!)).toBeNull();
    // A valid PNG header claiming 50,000 × 50,000 pixels.
    const bomb = png();
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    expect(await reencodeAvatar({ type: 'png', bytes: bomb })).toBeNull();
  });
});
