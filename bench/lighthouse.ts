import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveChromium } from '../e2e/support/chromium.js';
import type { ServerProcess } from './lib/processes.js';
import type { Goal, Measurement } from './lib/report.js';

// Lighthouse, mobile defaults (a simulated mid-range phone on slow 4G), on
// home, /allseries, a series detail and a movie detail of the production
// build (issue 15). Lighthouse is an optional dependency of the bench
// workspace (185 MB, docs/reference/notes/dependencies.md): without it the
// section says so and fails as unmeasured. It runs as its own CLI process
// on the Chromium resolveChromium() finds (CHROME_PATH first).
// Goals per page: performance, accessibility, best practices and SEO ≥ 95;
// LCP ≤ 2.5 s, TBT ≤ 150 ms, CLS ≤ 0.05.

const run = promisify(execFile);
const SCORE_MIN = 95;
const LCP_MAX_MS = 2_500;
const TBT_MAX_MS = 150;
const CLS_MAX = 0.05;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseOptions {
  root: string;
  log(msg: string): void;
  startApi(name: string, extra: Record<string, string>, port?: number): Promise<ServerProcess>;
  measurements: Measurement[];
  goals: Goal[];
  details: Record<string, unknown>;
}

interface LhReport {
  /** benchmarkIndex: Lighthouse's own reading of this machine's CPU speed in the run (higher is faster). */
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score?: number | null; title?: string }>;
}

function lighthouseCli(root: string): string | null {
  try {
    const pkg = createRequire(path.join(root, 'bench/package.json')).resolve('lighthouse/package.json');
    const cli = path.join(path.dirname(pkg), 'cli/index.js');
    return fs.existsSync(cli) ? cli : null;
  } catch {
    return null;
  }
}

export async function benchLighthouse(o: LighthouseOptions): Promise<void> {
  const cli = lighthouseCli(o.root);
  if (!cli) {
    o.goals.push({
      id: 'lighthouse',
      description: 'Lighthouse mobile on four pages',
      measured: '—',
      limit: '',
      status: 'SKIP',
      reason:
        'lighthouse is not installed (an optional dependency of bench/: npm install -w @bosphorus/bench lighthouse)',
    });
    return;
  }
  const chrome = await resolveChromium();
  const server = await o.startApi('lighthouse', {});
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-lighthouse-'));
  try {
    const series = (await (await fetch(`${server.url}/api/series?page=1`)).json()) as {
      body?: { series?: Array<{ serie_id: number }> };
    };
    const movies = (await (await fetch(`${server.url}/api/movies/filters?page=1`)).json()) as {
      body?: { movies?: Array<{ movie_id: number }> };
    };
    const serieId = series.body?.series?.[0]?.serie_id;
    const movieId = movies.body?.movies?.[0]?.movie_id;
    if (!serieId || !movieId) throw new Error('the lists answered no title to open a detail page of');
    const pages = [
      { id: 'home', path: '/' },
      { id: 'allseries', path: '/allseries' },
      { id: 'series-detail', path: `/seriesdetail/${serieId}` },
      { id: 'movie-detail', path: `/moviedetail/${movieId}` },
    ];
    const results: Record<string, unknown> = {};
    for (const p of pages) {
      // The server's caches warm: a visitor's page, not a cold start, is measured.
      await fetch(server.url + p.path);
      const file = path.join(out, `${p.id}.json`);
      o.log(`lighthouse: ${p.path} (mobile)`);
      // Lighthouse sometimes loses the trace of a load ("NO_NAVSTART …
      // Please run Lighthouse again"): that one error is run again, once.
      const lighthouse = () =>
        run(
          process.execPath,
          [
            cli,
            server.url + p.path,
            '--output=json',
            `--output-path=${file}`,
            `--only-categories=${CATEGORIES.join(',')}`,
            '--quiet',
            `--chrome-flags=--headless=new ${chrome.args.join(' ')}`,
          ],
          {
            env: { ...process.env, CHROME_PATH: chrome.executablePath },
            timeout: 180_000,
            maxBuffer: 64 * 1024 * 1024,
          },
        );
      await lighthouse().catch((err: unknown) => {
        if (!/run Lighthouse again/i.test(String((err as { stderr?: string }).stderr ?? err))) throw err;
        o.log(`lighthouse: ${p.path} lost its trace; once more`);
        return lighthouse();
      });
      const report = JSON.parse(fs.readFileSync(file, 'utf8')) as LhReport;
      const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
      const value = (a: string) => report.audits[a]?.numericValue ?? NaN;
      const figures = {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        fcpMs: value('first-contentful-paint'),
        // TBT is the machine's main-thread time × 4: a run on a slower or busier
        // machine reads higher, and this says how fast the machine was.
        benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
        failing: Object.entries(report.audits)
          .filter(([, a]) => typeof a.score === 'number' && a.score < 0.9)
          .map(([id, a]) => `${id}: ${a.title ?? ''}`),
      };
      results[p.id] = { path: p.path, ...figures };
      o.measurements.push({
        section: 'lighthouse',
        scenario:
          `${p.id}: perf ${figures.scores.performance}, a11y ${figures.scores.accessibility}, ` +
          `bp ${figures.scores['best-practices']}, seo ${figures.scores.seo}; LCP ${(figures.lcpMs / 1000).toFixed(2)} s, ` +
          `TBT ${figures.tbtMs.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)} (CPU benchmark index ${figures.benchmarkIndex.toFixed(0)})`,
        target: 'mobile (simulated)',
      });
      const low = CATEGORIES.filter((c) => figures.scores[c]! < SCORE_MIN);
      o.goals.push(
        {
          id: `lighthouse.${p.id}.scores`,
          description: `Lighthouse ${p.path}: performance, accessibility, best practices, SEO`,
          measured: CATEGORIES.map((c) => figures.scores[c]).join(' / '),
          limit: `each ≥ ${SCORE_MIN}`,
          status: low.length ? 'FAIL' : 'PASS',
          ...(low.length ? { reason: `below: ${low.join(', ')}` } : {}),
        },
        {
          id: `lighthouse.${p.id}.vitals`,
          description: `Lighthouse ${p.path}: LCP, TBT, CLS`,
          measured: `${(figures.lcpMs / 1000).toFixed(2)} s / ${figures.tbtMs.toFixed(0)} ms / ${figures.cls.toFixed(3)}`,
          limit: `≤ ${LCP_MAX_MS / 1000} s / ${TBT_MAX_MS} ms / ${CLS_MAX}`,
          status:
            figures.lcpMs <= LCP_MAX_MS && figures.tbtMs <= TBT_MAX_MS && figures.cls <= CLS_MAX ? 'PASS' : 'FAIL',
        },
      );
    }
    o.details.lighthouse = results;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
    await server.stop();
  }
}
