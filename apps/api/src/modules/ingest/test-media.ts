import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Test helpers of media ingest (not shipped in a route): a tiny real video
// made with the system's ffmpeg, and Windows-1254 subtitle bytes written by
// hand (not by the decoder under test).

/** A real MP4 (H.264 + AAC), `seconds` long, made with ffmpeg in a temporary folder. */
export function makeVideo(opts: { seconds?: number; width?: number; height?: number } = {}): string {
  const { seconds = 2, width = 320, height = 240 } = opts;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-ingest-src-'));
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

const LATIN5: Record<string, number> = {
  ş: 0xfe,
  ğ: 0xf0,
  ı: 0xfd,
  İ: 0xdd,
  Ş: 0xde,
  Ğ: 0xd0,
  ü: 0xfc,
  ö: 0xf6,
  ç: 0xe7,
  Ü: 0xdc,
  Ö: 0xd6,
  Ç: 0xc7,
};

/** Letters Windows-1254 has and ISO-8859-9 does not (its C1 range). */
export const CP1254_ONLY: Record<string, number> = { '’': 0x92, '“': 0x93, '”': 0x94, '…': 0x85 };

/**
 * `text` as Windows-1254 (= ISO-8859-9 for the Turkish letters) bytes,
 * written by hand, not by the decoder under test; `extra` adds letters.
 */
export function windows1254(text: string, extra: Record<string, number> = {}): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const byte = extra[ch] ?? LATIN5[ch] ?? ch.charCodeAt(0);
      if (byte > 0xff) throw new Error(`no Windows-1254 byte for ${ch} here`);
      return byte;
    }),
  );
}

/** A two-cue Turkish SRT with CRLF line ends. */
export const TURKISH_SRT =
  '1\r\n00:00:00,200 --> 00:00:01,000\r\nşişe ğüz ılık İstanbul\r\n\r\n2\r\n00:00:01,100 --> 00:00:01,900\r\nDağ başı\r\n';
