import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

// The system's ffmpeg (Debian's package), never downloaded: probing an
// upload, and the HLS ladder the player plays (docs/reference/notes/ingest.md,
// the demo media's segment format: fMP4, 6 s segments, an IDR every 2 s,
// VOD playlists, our own master playlist) plus the progressive fallback and
// a poster frame. Decision 0086.

export interface Tools {
  ffmpeg: string;
  ffprobe: string;
}

export interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * The ladder's rungs: named by their short side (360p is 640×360 landscape,
 * 360×640 portrait), H.264 profile, peak kb/s, CRF, audio kb/s. A rung is
 * the box `long`×`height` turned the source's way (decision 0116).
 */
export const LADDER = [
  { height: 360, long: 640, profile: 'main', maxrateK: 800, crf: 23, audioK: 96 },
  { height: 720, long: 1280, profile: 'main', maxrateK: 3000, crf: 23, audioK: 128 },
  { height: 1080, long: 1920, profile: 'high', maxrateK: 6000, crf: 23, audioK: 128 },
] as const;
const SEGMENT_SECONDS = 6;
const GOP_SECONDS = 2;

/**
 * The variable every ffmpeg and ffprobe we start carries: the pid of the
 * process that started it. A tool whose parent is no longer that process
 * was left by a worker that died (SIGKILL, a crash): `endOrphans()` ends it.
 */
export const PARENT_MARKER = 'BOSPHORUS_INGEST_PARENT';

/** The process groups of the tools running now; each is ended when this process exits. */
const running = new Set<ChildProcess>();
let endOnExit = false;

function endGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal); // the tool's own process group (it is its leader)
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Ends, on this host, every ffmpeg or ffprobe of ours whose starter is gone
 * (decision 0115): a worker killed with SIGKILL cannot end its tools, so its
 * successor does, at start. Linux (/proc); elsewhere it finds nothing.
 * Returns the pids it ended.
 */
export function endOrphans(): number[] {
  const ended: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name));
  } catch {
    return ended;
  }
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      const marker = readFileSync(`/proc/${name}/environ`, 'latin1')
        .split('\0')
        .find((v) => v.startsWith(`${PARENT_MARKER}=`));
      if (!marker) continue;
      const starter = Number(marker.slice(PARENT_MARKER.length + 1));
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === starter) continue; // its worker is alive and still its parent
      endGroup(pid, 'SIGKILL');
      ended.push(pid);
    } catch {
      // Not ours to read, or gone meanwhile.
    }
  }
  return ended;
}

export function run(
  cmd: string,
  args: string[],
  opts: { signal?: AbortSignal; cwd?: string; onStdout?: (chunk: string) => void } = {},
) {
  if (!endOnExit) {
    endOnExit = true;
    // However this process ends (a clean stop, an uncaught error), its tools end with it.
    process.once('exit', () => {
      for (const child of running) if (child.pid) endGroup(child.pid, 'SIGKILL');
    });
  }
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    // Its own process group (detached), marked with our pid (PARENT_MARKER).
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: opts.cwd,
      detached: true,
      env: { ...process.env, [PARENT_MARKER]: String(process.pid) },
    });
    running.add(child);
    const abort = () => {
      if (child.pid) endGroup(child.pid, 'SIGTERM');
    };
    opts.signal?.addEventListener('abort', abort);
    const done = () => {
      running.delete(child);
      opts.signal?.removeEventListener('abort', abort);
    };
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (opts.onStdout) opts.onStdout(chunk);
      else if (stdout.length < 1_000_000) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('close', (code) => {
      done();
      if (opts.signal?.aborted) reject(new Error('aborted'));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(lastLine(stderr) || `${path.basename(cmd)} exited with ${code}`));
    });
  });
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-1)[0]
    ?.trim() ?? '';

/** The version of ffmpeg ("5.1.9-0+deb12u1"), or null when it cannot be run. ffprobe must run too. */
export async function ffmpegVersion(tools: Tools): Promise<string | null> {
  try {
    const { stdout } = await run(tools.ffmpeg, ['-hide_banner', '-version']);
    await run(tools.ffprobe, ['-hide_banner', '-version']);
    return /ffmpeg version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
  } catch {
    return null;
  }
}

/** What a video file holds; throws when ffprobe finds no video stream in it. */
export async function probe(tools: Tools, file: string): Promise<Probe> {
  const { stdout } = await run(tools.ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  const duration = Number(info.format?.duration ?? video?.duration);
  if (!video || !(duration > 0)) throw new Error('no video stream');
  return {
    durationSeconds: duration,
    width: video.width!,
    height: video.height!,
    hasAudio: Boolean(info.streams?.some((s) => s.codec_type === 'audio')),
  };
}

export interface Rung {
  /** The rung's name in files and playlists (`720p.m3u8`): its short side. */
  height: number;
  profile: 'main' | 'high';
  maxrateK: number;
  crf: number;
  audioK: number;
  /** The encoded picture, even on both sides. */
  outWidth: number;
  outHeight: number;
}

/** `n` to the nearest even number, at most `max` (rounded down to even), at least 2. */
const even = (n: number, max: number) => Math.max(2, Math.min(Math.round(n / 2) * 2, Math.floor(max / 2) * 2));

/**
 * The rungs for a `width`×`height` source (decision 0116): each rung's box
 * turned the source's way (a portrait source gets portrait boxes), the
 * source scaled to fit it and never up, both sides even. The ladder stops
 * at the first box the source fits whole; that rung is the source's own
 * size, named by its short side (a 720×1280 source: 360p at 360×640, then
 * 720p at 720×1280; an 854×480 one: 360p, then 480p at 854×480).
 */
export function rungsFor(width: number, height: number): Rung[] {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const rungs: Rung[] = [];
  for (const { long: box, ...r } of LADDER) {
    const f = Math.min(1, box / long, r.height / short);
    // The box's sides the source's way, to cap rounding.
    const [boxW, boxH] = width >= height ? [box, r.height] : [r.height, box];
    rungs.push({
      ...r,
      height: f < 1 ? r.height : even(short, short),
      outWidth: even(width * f, Math.min(width, boxW)),
      outHeight: even(height * f, Math.min(height, boxH)),
    });
    if (f === 1) break;
  }
  return rungs;
}

export interface TranscodeResult {
  /** File names in the output folder. */
  master: string;
  progressive: string;
  poster: string;
  /** Height of the progressive file. */
  height: number;
}

/** The CODECS value of an H.264 profile and level ('avc1.4d401f'). */
const codecOf = (profile: string, level: number) =>
  `avc1.${profile === 'high' ? '6400' : '4d40'}${level.toString(16).padStart(2, '0')}`;

async function streamInfo(tools: Tools, file: string) {
  const { stdout } = await run(tools.ffprobe, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,level,profile',
    '-of',
    'json',
    file,
  ]);
  const s = (JSON.parse(stdout) as { streams: { width: number; height: number; level: number; profile: string }[] })
    .streams[0]!;
  return { width: s.width, height: s.height, codec: codecOf(/high/i.test(s.profile) ? 'high' : 'main', s.level) };
}

/** Peak and average bits per second of a media playlist's segments (EXTINF and file sizes). */
async function bandwidthOf(dir: string, playlist: string) {
  const text = await fs.readFile(path.join(dir, playlist), 'utf8');
  let duration = 0;
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXTINF:')) duration = Number(line.slice(8).split(',')[0]);
    else if (line && !line.startsWith('#')) {
      const size = (await fs.stat(path.join(dir, line))).size * 8;
      bits += size;
      seconds += duration;
      if (duration > 0) peak = Math.max(peak, size / duration);
    }
  }
  return { peak: Math.round(peak), average: Math.round(bits / Math.max(seconds, 0.001)) };
}

/**
 * Transcodes `source` into `outDir` (made here, emptied first): one ffmpeg
 * decodes once and encodes every rung; each is cut into HLS without
 * re-encoding; the master playlist is ours. `onProgress` gets 0..1.
 */
export async function transcode(
  tools: Tools,
  source: string,
  outDir: string,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void; preset?: string } = {},
): Promise<TranscodeResult> {
  const info = await probe(tools, source);
  const rungs = rungsFor(info.width, info.height);
  await fs.rm(outDir, { recursive: true, force: true });
  await fs.mkdir(outDir, { recursive: true });
  const split =
    `[0:v]split=${rungs.length}${rungs.map((_, i) => `[v${i}]`).join('')};` +
    rungs.map((r, i) => `[v${i}]scale=${r.outWidth}:${r.outHeight},format=yuv420p[o${i}]`).join(';');
  const args = ['-hide_banner', '-nostats', '-loglevel', 'error', '-y', '-i', source, '-filter_complex', split];
  for (const [i, r] of rungs.entries()) {
    args.push('-map', `[o${i}]`);
    if (info.hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      opts.preset ?? 'veryfast',
      '-profile:v',
      r.profile,
      '-force_key_frames',
      `expr:gte(t,n_forced*${GOP_SECONDS})`,
      '-sc_threshold',
      '0',
      '-crf',
      String(r.crf),
      '-maxrate',
      `${r.maxrateK}k`,
      '-bufsize',
      `${r.maxrateK * 2}k`,
    );
    if (info.hasAudio) args.push('-c:a', 'aac', '-b:a', `${r.audioK}k`, '-ac', '2', '-ar', '48000');
    args.push('-movflags', '+faststart', path.join(outDir, `${r.height}p.source.mp4`));
  }
  args.push('-progress', 'pipe:1');
  const total = info.durationSeconds * 1_000_000;
  let buffered = '';
  await run(tools.ffmpeg, args, {
    signal: opts.signal,
    onStdout: (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) opts.onProgress?.(Math.min(0.95, (Number(m[1]) / total) * 0.95));
      }
    },
  });

  // Each encode cut into fMP4 HLS without re-encoding (cuts fall on the 2 s key frames).
  for (const r of rungs) {
    const label = `${r.height}p`;
    await run(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        `${label}.source.mp4`,
        '-c',
        'copy',
        '-f',
        'hls',
        '-hls_time',
        String(SEGMENT_SECONDS),
        '-hls_playlist_type',
        'vod',
        '-hls_segment_type',
        'fmp4',
        '-hls_flags',
        'independent_segments',
        '-hls_fmp4_init_filename',
        `init_${label}.mp4`,
        '-hls_segment_filename',
        `${label}_%d.m4s`,
        `${label}.m3u8`,
      ],
      { signal: opts.signal, cwd: outDir },
    );
  }
  return finish(tools, outDir, rungs, info, opts.signal);
}

async function finish(
  tools: Tools,
  outDir: string,
  rungs: Rung[],
  info: Probe,
  signal?: AbortSignal,
): Promise<TranscodeResult> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    const label = `${r.height}p`;
    const stream = await streamInfo(tools, path.join(outDir, `${label}.source.mp4`));
    const bw = await bandwidthOf(outDir, `${label}.m3u8`);
    const codecs = info.hasAudio ? `${stream.codec},mp4a.40.2` : stream.codec;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bw.peak},AVERAGE-BANDWIDTH=${bw.average},RESOLUTION=${stream.width}x${stream.height},CODECS="${codecs}"`,
      `${label}.m3u8`,
    );
  }
  await fs.writeFile(path.join(outDir, 'master.m3u8'), lines.join('\n') + '\n');
  // The progressive fallback: the 720p encode (or the tallest below it), already +faststart.
  const fallback = [...rungs].reverse().find((r) => r.height <= 720) ?? rungs[0]!;
  await fs.rename(path.join(outDir, `${fallback.height}p.source.mp4`), path.join(outDir, 'progressive.mp4'));
  for (const r of rungs) await fs.rm(path.join(outDir, `${r.height}p.source.mp4`), { force: true });
  await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      String(Math.min(5, info.durationSeconds / 2)),
      '-i',
      path.join(outDir, 'progressive.mp4'),
      '-frames:v',
      '1',
      '-vf',
      'scale=-2:720',
      '-q:v',
      '3',
      path.join(outDir, 'poster.jpg'),
    ],
    { signal },
  );
  return { master: 'master.m3u8', progressive: 'progressive.mp4', poster: 'poster.jpg', height: fallback.height };
}
