// Which images to draw: one job per file the demo catalogue references
// (posters, covers, episode stills, cast portraits, user avatars), each with
// its size, WebP quality and page.

import { demoCatalogue } from '../../apps/api/src/db/seed/demo-catalogue.js';
import { coverSmallFile } from '../../apps/api/src/db/seed/demo-catalogue-helpers.js';
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
      jobs.push({ file: t.image, width: 480, height: 720, quality: 78, html: () => posterHtml(t, d) });
    if (want('covers', t.cover))
      jobs.push({
        file: t.cover,
        width: 1920,
        height: 1080,
        quality: 74,
        html: () => coverHtml(t, d),
        alsoScaled: [{ file: coverSmallFile(t.cover), scale: 0.5, quality: 76 }],
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
    set.add(t.image);
    set.add(t.cover);
    set.add(coverSmallFile(t.cover));
  }
  for (const s of demoCatalogue.series) for (const se of s.seasons) for (const e of se.episodes) set.add(e.image);
  for (const p of demoCatalogue.people) set.add(p.image);
  for (const u of demoCatalogue.users) if (u.avatar) set.add(u.avatar);
  return set;
}
