import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transcode } from '../apps/api/src/modules/ingest/transcode.js';
import type { Goal } from './lib/report.js';

// `npm run bench -- --only transcode` (issue 17, decision 0086): the media
// ingest's ladder (360p/720p/1080p HLS + progressive + poster, x264
// veryfast, the production code path) on a 1080p24 synthetic source, as ×
// real time: seconds of video per second of wall time. The notes measured
// 1.50× on an idle 2-core machine; the goal is faster than real time, so a
// title is ready before it could have been watched through once.

const SOURCE_SECONDS = 30;
const MIN_REALTIME = 1.0;

export async function benchTranscode(o: { log: (msg: string) => void; goals: Goal[] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-bench-transcode-'));
  try {
    const source = path.join(dir, 'source.mp4');
    o.log(`transcode: making a ${SOURCE_SECONDS} s 1080p24 source`);
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1920x1080:rate=24:duration=${SOURCE_SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${SOURCE_SECONDS}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '18',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    const load = os.loadavg()[0]!;
    const started = process.hrtime.bigint();
    await transcode({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, source, path.join(dir, 'out'), { preset: 'veryfast' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const ratio = SOURCE_SECONDS / seconds;
    o.log(
      `transcode: ${seconds.toFixed(1)} s wall for ${SOURCE_SECONDS} s of 1080p → ${ratio.toFixed(2)}× real time (load ${load.toFixed(1)})`,
    );
    o.goals.push({
      id: 'transcode.ladder',
      description: `Ladder 360p/720p/1080p + progressive + poster from 1080p24, veryfast: × real time ≥ ${MIN_REALTIME}`,
      measured: `${ratio.toFixed(2)}× (${seconds.toFixed(1)} s for ${SOURCE_SECONDS} s; 1-min load ${load.toFixed(1)} on ${os.cpus().length} CPUs)`,
      limit: `≥ ${MIN_REALTIME}×`,
      status: ratio >= MIN_REALTIME ? 'PASS' : 'FAIL',
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
