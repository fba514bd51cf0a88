// Rendering: opens Chromium once, loads each job's page and saves the
// capture as WebP (plus any smaller copies), printing progress every 50 files.

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { setGrainTexture } from './page.js';

export interface Job {
  file: string;
  width: number;
  height: number;
  quality: number;
  html: () => string;
  /** Extra captures of the same page at a smaller scale. */
  alsoScaled?: { file: string; scale: number; quality: number }[];
}

async function capture(
  cdp: CDPSession,
  width: number,
  height: number,
  scale: number,
  quality: number,
): Promise<Buffer> {
  const res = await cdp.send('Page.captureScreenshot', {
    format: 'webp',
    quality,
    clip: { x: 0, y: 0, width, height, scale },
    captureBeyondViewport: false,
  });
  return Buffer.from(res.data, 'base64');
}

async function makeGrain(page: Page): Promise<string> {
  await page.setViewportSize({ width: 200, height: 200 });
  await page.setContent('<canvas id="c" width="160" height="160"></canvas>');
  // A string, not a function: tsx would inject helpers the page does not have.
  return page.evaluate<string>(`(() => {
    const c = document.getElementById('c');
    const g = c.getContext('2d');
    const img = g.createImageData(160, 160);
    let seed = 1234567;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const v = Math.floor((seed / 0x7fffffff) * 255);
      img.data[i] = v; img.data[i + 1] = v; img.data[i + 2] = v; img.data[i + 3] = 90;
    }
    g.putImageData(img, 0, 0);
    return c.toDataURL('image/png');
  })()`);
}

export async function renderJobs(jobs: Job[], outDir: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--font-render-hinting=none',
    ],
  });
  const started = Date.now();
  try {
    const context = await browser.newContext({ deviceScaleFactor: 1 });
    // No network: every page is self-contained.
    await context.route('**/*', (route) => route.abort());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    setGrainTexture(await makeGrain(page));
    let size = { w: 0, h: 0 };
    let done = 0;
    for (const job of jobs) {
      if (size.w !== job.width || size.h !== job.height) {
        await page.setViewportSize({ width: job.width, height: job.height });
        size = { w: job.width, h: job.height };
      }
      await page.setContent(job.html(), { waitUntil: 'load' });
      fs.writeFileSync(path.join(outDir, job.file), await capture(cdp, job.width, job.height, 1, job.quality));
      for (const extra of job.alsoScaled ?? [])
        fs.writeFileSync(
          path.join(outDir, extra.file),
          await capture(cdp, job.width, job.height, extra.scale, extra.quality),
        );
      done++;
      if (done % 50 === 0 || done === jobs.length) {
        const secs = (Date.now() - started) / 1000;
        console.log(`  ${done}/${jobs.length}  (${secs.toFixed(0)} s)`);
      }
    }
  } finally {
    await browser.close();
  }
}
