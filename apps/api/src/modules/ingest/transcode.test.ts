import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { makeVideo } from './test-media.js';
import { endOrphans, PARENT_MARKER, rungsFor, transcode } from './transcode.js';

// Issue 27: the ladder keeps a source's resolution whatever its shape
// (decision 0116), and the tools of a worker that died do not outlive it
// (decision 0115).

const sizes = (w: number, h: number) => rungsFor(w, h).map((r) => `${r.height}p ${r.outWidth}x${r.outHeight}`);
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};
/** The live processes marked as started by `starter` (PARENT_MARKER), its tools' children included. */
const markedBy = (starter: number) =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^[0-9]+$/.test(name))
    .filter((name) => {
      try {
        const env = fs.readFileSync(`/proc/${name}/environ`, 'latin1').split('\0');
        return env.includes(`${PARENT_MARKER}=${starter}`) && alive(Number(name));
      } catch {
        return false;
      }
    })
    .map(Number);

describe('rungsFor', () => {
  it('sizes each rung by its box turned the source’s way: a portrait 720×1280 source keeps 720×1280', () => {
    expect(sizes(720, 1280)).toEqual(['360p 360x640', '720p 720x1280']);
    expect(sizes(1080, 1920)).toEqual(['360p 360x640', '720p 720x1280', '1080p 1080x1920']);
  });

  it('keeps the landscape ladder, and a 4:3 source its full height', () => {
    expect(sizes(1920, 1080)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
    expect(sizes(1440, 1080)).toEqual(['360p 480x360', '720p 960x720', '1080p 1440x1080']);
    expect(sizes(3840, 2160)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
  });

  it('never upscales, stops at the source’s own size, and keeps both sides even', () => {
    expect(sizes(854, 480)).toEqual(['360p 640x360', '480p 854x480']);
    expect(sizes(853, 479)).toEqual(['360p 640x360', '478p 852x478']);
    expect(sizes(320, 240)).toEqual(['240p 320x240']);
    expect(sizes(1000, 1000)).toEqual(['360p 360x360', '720p 720x720', '1000p 1000x1000']);
    expect(sizes(2560, 1080)).toEqual(['360p 640x270', '720p 1280x540', '1080p 1920x810']);
    for (const [w, h] of [
      [853, 479],
      [721, 1283],
      [3, 5],
    ] as const) {
      for (const r of rungsFor(w, h)) {
        expect(r.outWidth % 2, `${w}x${h}`).toBe(0);
        expect(r.outHeight % 2, `${w}x${h}`).toBe(0);
        expect(r.outWidth).toBeLessThanOrEqual(Math.max(2, w));
        expect(r.outHeight).toBeLessThanOrEqual(Math.max(2, h));
      }
    }
  });

  it('a portrait upload comes out portrait at its own resolution', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-ladder-'));
    try {
      const result = await transcode(
        { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
        makeVideo({ width: 400, height: 712 }),
        out,
        {
          preset: 'ultrafast',
        },
      );
      const master = fs.readFileSync(path.join(out, result.master), 'utf8');
      expect(master.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=360x640', 'RESOLUTION=400x712']);
      const probe = execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=width,height',
        '-of',
        'csv=p=0',
        path.join(out, 'progressive.mp4'),
      ]);
      expect(probe.toString().trim().split('\n')[0]).toBe('400,712');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(process.platform !== 'linux')('endOrphans', () => {
  it('ends the tools of a starter that is gone, and leaves those of a live one', async () => {
    // An orphan: a shell marks a sleep with its own pid and exits at once.
    const out = execFileSync('sh', ['-c', `${PARENT_MARKER}=$$ setsid sleep 60 >/dev/null 2>&1 & echo $!`]);
    const orphan = Number(out.toString().trim());
    // A live one: our own child, marked with our pid.
    const child = spawn('sleep', ['60'], { env: { ...process.env, [PARENT_MARKER]: String(process.pid) } });
    try {
      expect(alive(orphan)).toBe(true);
      const ended = endOrphans();
      expect(ended).toContain(orphan);
      expect(ended).not.toContain(child.pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(alive(orphan)).toBe(false);
      expect(alive(child.pid!)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      try {
        process.kill(orphan, 'SIGKILL');
      } catch {
        // ended above
      }
    }
  });

  it('ends the process group of every tool it runs when the process exits, cleanly or by an uncaught error', async () => {
    // A tool that starts a child of its own (as a shell does): only ending the
    // group ends both. The process runs the module as the worker does.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-tool-exit-'));
    const transcodeModule = pathToFileURL(path.join(REPO_ROOT, 'apps/api/src/modules/ingest/transcode.ts')).href;
    try {
      for (const ending of ['process.exit(0)', "throw new Error('boom')"]) {
        const script = path.join(dir, 'starter.ts');
        fs.writeFileSync(
          script,
          `import { run } from ${JSON.stringify(transcodeModule)};\n` +
            `void run('sh', ['-c', 'sleep 60 & wait']).catch(() => undefined);\n` +
            `process.stdin.once('data', () => { ${ending}; });\n`,
        );
        const starter = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'ignore', 'ignore'] });
        const exited = new Promise<number | null>((resolve) => starter.once('exit', resolve));
        const until = Date.now() + 20_000;
        while (markedBy(starter.pid!).length < 2 && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const tools = markedBy(starter.pid!);
        expect(tools.length, 'the shell and its sleep run').toBe(2);
        starter.stdin.write('go\n');
        expect(await exited).toBe(ending.startsWith('throw') ? 1 : 0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(tools.filter(alive), ending).toEqual([]);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
