// Renders every image the demo catalogue references (posters, covers, cast
// portraits, episode stills, user avatars) into apps/api/seed-assets/uploads
// as WebP. The outputs are committed; this script is only needed when the
// catalogue changes. Nothing is downloaded: the artwork is procedural
// HTML/SVG, drawn with the system fonts and captured by Chromium. The drawing
// lives in scripts/demo-images/, one module per subject.
//
//   npx tsx scripts/generate-demo-images.ts            # render everything
//   npx tsx scripts/generate-demo-images.ts --missing  # only files that do not exist yet
//   npx tsx scripts/generate-demo-images.ts --only=posters,covers --filter=dirilis
//   npx tsx scripts/generate-demo-images.ts --clean    # also delete unreferenced .webp files
//   npx tsx scripts/generate-demo-images.ts --print-designs  # list mood/layout/motifs per title
//   npx tsx scripts/generate-demo-images.ts --out=/tmp/demo-images  # render elsewhere (default: the uploads folder)
//
// Needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium).
// Fonts: uses the URW base35 families (fonts-urw-base35) when installed and
// falls back to DejaVu/Liberation otherwise.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoCatalogue } from '../apps/api/src/db/seed/demo-catalogue.js';
import { designFor } from './demo-images/design.js';
import { buildJobs, referencedFiles } from './demo-images/jobs.js';
import { renderJobs } from './demo-images/render.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(`--${name}`);
const option = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const OUT_DIR = path.resolve(option('out') ?? path.join(ROOT, 'apps/api/seed-assets/uploads'));
const ONLY = option('only')?.split(',') ?? ['posters', 'covers', 'people', 'episodes', 'avatars'];
const FILTER = option('filter');
const MISSING_ONLY = flag('missing');
const CLEAN = flag('clean');

async function main(): Promise<void> {
  if (flag('print-designs')) {
    for (const t of [...demoCatalogue.series, ...demoCatalogue.movies]) {
      const d = designFor(t);
      console.log(`${t.title.padEnd(34)} ${d.mood.padEnd(6)} ${d.layout.padEnd(8)} ${d.motifs.join(',')}`);
    }
    return;
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  let jobs = buildJobs(ONLY, FILTER);
  if (MISSING_ONLY)
    jobs = jobs.filter(
      (j) =>
        !fs.existsSync(path.join(OUT_DIR, j.file)) ||
        (j.alsoScaled ?? []).some((a) => !fs.existsSync(path.join(OUT_DIR, a.file))),
    );
  console.log(`Rendering ${jobs.length} image(s) into ${path.relative(ROOT, OUT_DIR)}`);
  const started = Date.now();
  await renderJobs(jobs, OUT_DIR);
  if (CLEAN) {
    const keep = referencedFiles();
    for (const f of fs.readdirSync(OUT_DIR))
      if (f.endsWith('.webp') && !keep.has(f)) {
        fs.unlinkSync(path.join(OUT_DIR, f));
        console.log(`  removed unreferenced ${f}`);
      }
  }
  const total = fs.readdirSync(OUT_DIR).reduce((n, f) => n + fs.statSync(path.join(OUT_DIR, f)).size, 0);
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(0)} s; uploads folder is ${(total / 1048576).toFixed(1)} MB.`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
