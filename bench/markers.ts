import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectMarkers } from '../apps/api/src/modules/markers/detect.js';
import { mediaDuration } from '../apps/api/src/modules/markers/fingerprint.js';
import { cut, melody, writeEpisode } from '../apps/api/src/modules/markers/synthetic.js';
import type { Goal } from './lib/report.js';

// `npm run bench -- --only markers` (issue 28, decision 0125): marker
// detection on a 150-minute episode with its previous and next episodes
// (150 minutes each), the production code path and windows (12 min head,
// 8 min tail; the neighbours read whole), as × real time: minutes of the
// episode per minute of wall time. The long episodes are synthetic pieces
// (seeded melodies, AAC) joined without re-encoding: a 60 s recap of the
// previous body, a 40 s title song, a 5-minute body looped to 150 minutes,
// 30 s of credits and a 30 s preview of the next body.

const BODY_SECONDS = 300;
const BODY_LOOPS = 30;
const MIN_REALTIME = 60;
const TOLERANCE = 1.5;

export async function benchMarkers(o: { log: (msg: string) => void; goals: Goal[] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-bench-markers-'));
  try {
    o.log('markers: making three 150-minute synthetic episodes');
    const song = melody(101, 40);
    const credits = melody(202, 30);
    const bodies = [11, 12, 13, 14, 15].map((seed) => melody(seed, BODY_SECONDS));
    const piece = (name: string, c: Parameters<typeof cut>) => {
      const file = path.join(dir, `${name}.mp4`);
      writeEpisode(file, [cut(...c)]);
      return file;
    };
    const S = piece('song', [song]);
    const C = piece('credits', [credits]);
    const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
    // Where each piece starts in episode 2: the concat demuxer places a file
    // after the previous ones' durations (AAC priming makes a piece a little
    // longer than its samples, and there are 30 loops of the body).
    const starts: number[] = [];
    const episodes: string[] = [];
    for (const n of [1, 2, 3]) {
      const parts = [
        piece(`recap${n}`, [bodies[n - 1]!, 60, 120]),
        S,
        ...Array<string>(BODY_LOOPS).fill(piece(`body${n}`, [bodies[n]!])),
        C,
        piece(`preview${n}`, [bodies[n + 1]!, 30, 60]),
      ];
      if (n === 2) {
        let at = 0;
        for (const p of parts) {
          starts.push(at);
          at += await mediaDuration(tools, p);
        }
        starts.push(at);
      }
      const list = path.join(dir, `ep${n}.txt`);
      fs.writeFileSync(list, parts.map((p) => `file '${p}'`).join('\n'));
      const file = path.join(dir, `ep${n}.mp4`);
      execFileSync('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-c',
        'copy',
        file,
      ]);
      episodes.push(file);
    }
    const audio = async (file: string) => ({ file, durationSeconds: await mediaDuration(tools, file) });
    const [ep1, ep2, ep3] = await Promise.all(episodes.map(audio));
    const load = os.loadavg()[0]!;
    const started = process.hrtime.bigint();
    const found = await detectMarkers(tools, { target: ep2!, previous: ep1, next: ep3 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const minutes = ep2!.durationSeconds / 60;
    const ratio = ep2!.durationSeconds / seconds;
    // Where the stretches truly are in episode 2: recap, song, the body's loops, credits, preview.
    const last = starts.length - 1;
    const truth = {
      recap: [starts[0]!, starts[1]!],
      intro: [starts[1]!, starts[2]!],
      credits: [starts[last - 2]!, starts[last - 1]!],
      preview: [starts[last - 1]!, starts[last]!],
    } as const;
    const worst = Math.max(
      ...found.map((m) => Math.max(Math.abs(m.start - truth[m.kind][0]), Math.abs(m.end - truth[m.kind][1]))),
    );
    const kinds = found
      .map((m) => `${m.kind} ${m.start}–${m.end} (${truth[m.kind][0].toFixed(1)}–${truth[m.kind][1].toFixed(1)})`)
      .join(', ');
    o.log(
      `markers: ${seconds.toFixed(1)} s wall for a ${minutes.toFixed(0)}-minute episode and two neighbours → ${ratio.toFixed(0)}× real time; found ${kinds}; worst boundary ${worst.toFixed(1)} s (load ${load.toFixed(1)})`,
    );
    o.goals.push({
      id: 'markers.detect',
      description: `Markers of a 150-minute episode against its previous and next (read whole): × real time ≥ ${MIN_REALTIME}, all four found within ${TOLERANCE} s`,
      measured: `${ratio.toFixed(0)}× (${seconds.toFixed(1)} s for ${minutes.toFixed(0)} min; ${found.length}/4 found, worst ${worst.toFixed(1)} s; 1-min load ${load.toFixed(1)} on ${os.cpus().length} CPUs)`,
      limit: `≥ ${MIN_REALTIME}×, 4/4 within ${TOLERANCE} s`,
      status: ratio >= MIN_REALTIME && found.length === 4 && worst <= TOLERANCE ? 'PASS' : 'FAIL',
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
