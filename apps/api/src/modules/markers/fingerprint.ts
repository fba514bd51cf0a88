import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run, type Tools } from '../ingest/transcode.js';

// Audio fingerprints with Debian ffmpeg's Chromaprint muxer (decision 0125,
// docs/reference/notes/markers.md): `-f chromaprint -fp_format raw` writes
// little-endian 32-bit items, one per ITEM_SECONDS of audio. Only the stretch
// asked for is decoded (-ss before -i seeks in the container), no video.

/** Seconds of audio per fingerprint item (Chromaprint: 4096-sample frames at 11025 Hz, a third apart). */
export const ITEM_SECONDS = 4096 / 3 / 11025;

/** The fingerprint of `file` from `start` for `seconds` (to its end when omitted). */
export async function fingerprint(
  tools: Pick<Tools, 'ffmpeg'>,
  file: string,
  opts: { start?: number; seconds?: number; signal?: AbortSignal } = {},
): Promise<Uint32Array> {
  const out = path.join(os.tmpdir(), `bos-fp-${crypto.randomBytes(6).toString('hex')}.raw`);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
  if (opts.start && opts.start > 0) args.push('-ss', opts.start.toFixed(3));
  if (opts.seconds !== undefined) args.push('-t', opts.seconds.toFixed(3));
  args.push('-i', file, '-vn', '-sn', '-dn', '-map', '0:a:0', '-f', 'chromaprint', '-fp_format', 'raw', out);
  try {
    await run(tools.ffmpeg, args, { signal: opts.signal });
    const bytes = await fs.readFile(out);
    const items = new Uint32Array(bytes.length >>> 2);
    for (let i = 0; i < items.length; i += 1) items[i] = bytes.readUInt32LE(i * 4);
    return items;
  } finally {
    await fs.rm(out, { force: true });
  }
}

/** The length of a media file in seconds (ffprobe's format duration). */
export async function mediaDuration(
  tools: Pick<Tools, 'ffprobe'>,
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  const { stdout } = await run(
    tools.ffprobe,
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
    { signal },
  );
  const seconds = Number(stdout.trim());
  if (!(seconds > 0)) throw new Error(`no duration in ${path.basename(file)}`);
  return seconds;
}
