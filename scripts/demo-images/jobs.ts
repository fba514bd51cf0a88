// Which images to draw: one job per file the demo catalogue references
// (posters, covers, episode stills, cast portraits, user avatars), each with
// its size, WebP quality and page.

import { demoCatalogue } from '../../apps/api/src/db/seed/demo-catalogue.js';
import { IMAGE_WIDTHS, imageVariantFile, imageVariantFiles, masterWidth, type ImageKind } from '@bosphorus/contract';
import { coverHtml } from './covers.js';
import { ART, designFor, type Title } from './design.js';
import { avatarHtml, portraitHtml } from './people.js';
import { posterHtml } from './posters.js';
import type { Job } from './render.js';
import { stillHtml } from './stills.js';

/** Jobs of the kinds in `only` whose file name contains `filter`. */
export function buildJobs(only: string[], filter: string | undefined): Job[] {
  const jobs: Job[] = [];
  const titles: Title[] = [...demoCatalogue.series, ...demoCatalogue.movies];
  for (const name of Object.keys(ART))
    if (!titles.some((t) => t.title === name)) console.warn(`ART entry without a title: ${name}`);
  const designs = new Map(titles.map((t) => [t.title, designFor(t)]));
  const want = (what: string, name: string): boolean => only.includes(what) && (!filter || name.includes(filter));
  for (const t of titles) {
    const d = designs.get(t.title)!;
    if (want('posters', t.image))
      jobs.push({
        file: t.image,
        width: 480,
        height: 720,
        quality: 78,
        html: () => posterHtml(t, d),
        alsoScaled: smallerCopies(t.image, 'poster', 80),
      });
    if (want('covers', t.cover))
      jobs.push({
        file: t.cover,
        width: 1920,
        height: 1080,
        quality: 74,
        html: () => coverHtml(t, d),
        alsoScaled: smallerCopies(t.cover, 'cover', 76),
      });
  }
  for (const s of demoCatalogue.series) {
    const d = designs.get(s.title)!;
    let index = 0;
    for (const season of s.seasons)
      for (const ep of season.episodes) {
        const i = index++;
        if (want('episodes', ep.image))
          jobs.push({
            file: ep.image,
            width: 480,
            height: 270,
            quality: 70,
            html: () => stillHtml(d, season.number, ep.number, i),
          });
      }
  }
  for (const person of demoCatalogue.people)
    if (want('people', person.image))
      jobs.push({ file: person.image, width: 320, height: 320, quality: 80, html: () => portraitHtml(person) });
  for (const user of demoCatalogue.users)
    if (user.avatar && want('avatars', user.avatar))
      jobs.push({ file: user.avatar, width: 160, height: 160, quality: 80, html: () => avatarHtml(user) });
  return jobs;
}

export function referencedFiles(): Set<string> {
  const set = new Set<string>();
  for (const t of [...demoCatalogue.series, ...demoCatalogue.movies]) {
    for (const f of imageVariantFiles(t.image, 'poster')) set.add(f);
    for (const f of imageVariantFiles(t.cover, 'cover')) set.add(f);
  }
  for (const s of demoCatalogue.series) for (const se of s.seasons) for (const e of se.episodes) set.add(e.image);
  for (const p of demoCatalogue.people) set.add(p.image);
  for (const u of demoCatalogue.users) if (u.avatar) set.add(u.avatar);
  return set;
}

/**
 * The smaller copies of a poster or cover (packages/contract images.ts):
 * the same page captured at a smaller scale, so each width is drawn, not
 * resized from a lossy file.
 */
function smallerCopies(file: string, kind: ImageKind, quality: number): NonNullable<Job['alsoScaled']> {
  const master = masterWidth(kind);
  return IMAGE_WIDTHS[kind]
    .filter((w) => w !== master)
    .map((w) => ({ file: imageVariantFile(file, kind, w)!, scale: w / master, quality }));
}
