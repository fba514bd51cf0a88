import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENRE_IDS, imageVariantFiles, parseYearOption, YEAR_OPTIONS } from '@bosphorus/contract';
import { demoCatalogue } from './demo-catalogue.js';
import { slugify } from './demo-catalogue-helpers.js';

// Issue 2's demo catalogue: what a first start must show, checked on the
// data itself (the seeded database is checked by the API suites).

const UPLOADS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../seed-assets/uploads');
const { series, movies, people, reviews } = demoCatalogue;
const titles = [...series, ...movies];

describe('demo catalogue', () => {
  it('has at least 40 series and 40 movies, titled with Turkish letters', () => {
    expect(series.length).toBeGreaterThanOrEqual(40);
    expect(movies.length).toBeGreaterThanOrEqual(40);
    const letters = new Set(titles.flatMap((t) => [...t.title].filter((ch) => 'çğıİöşüÇĞÖŞÜ'.includes(ch))));
    for (const ch of 'çğıİöşü') expect(letters, ch).toContain(ch);
  });

  it('covers every Year option and every genre id of spec §3', () => {
    for (const label of YEAR_OPTIONS) {
      const { from, to } = parseYearOption(label)!;
      expect(
        titles.some((t) => t.year >= from && t.year <= to),
        label,
      ).toBe(true);
    }
    const used = new Set(titles.flatMap((t) => t.genres));
    expect([...used].sort((a, b) => a - b)).toEqual([...GENRE_IDS].sort((a, b) => a - b));
  });

  it('has ended and ongoing series with 1 to 5 seasons, numbered episodes, dates, stills and finales', () => {
    expect(new Set(series.map((s) => s.status))).toEqual(new Set(['ended', 'ongoing']));
    expect(new Set(series.map((s) => s.seasons.length))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const s of series) {
      for (const season of s.seasons) {
        expect(season.episodes.map((e) => e.number)).toEqual(season.episodes.map((_, i) => i + 1));
        for (const e of season.episodes) expect(e.air_date, `${s.title} ${e.title}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    expect(series.flatMap((s) => s.seasons.flatMap((x) => x.episodes)).some((e) => e.finale)).toBe(true);
  });

  it('shares cast members across titles and gives every title a cast and a trailer or none by choice', () => {
    const keys = new Set(people.map((p) => p.key));
    const appearances = new Map<string, number>();
    for (const t of titles) {
      expect(t.cast.length, t.title).toBeGreaterThan(0);
      for (const key of t.cast) {
        expect(keys, `${t.title}: ${key}`).toContain(key);
        appearances.set(key, (appearances.get(key) ?? 0) + 1);
      }
      if (t.trailer) expect(t.trailer, t.title).toMatch(/youtube\.com\/watch\?v=|youtu\.be\//);
    }
    expect([...appearances.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(20);
  });

  it('has reviews rating titles of both kinds from 1 to 10', () => {
    expect(reviews.some((r) => r.series)).toBe(true);
    expect(reviews.some((r) => r.movie)).toBe(true);
    for (const r of reviews) expect(r.rating).toBeGreaterThanOrEqual(1);
    for (const r of reviews) expect(r.rating).toBeLessThanOrEqual(10);
    expect(demoCatalogue.promotion?.text).toBeTruthy();
  });

  it('ships every image it names', () => {
    const shipped = new Set(fs.readdirSync(UPLOADS));
    const named = [...JSON.stringify(demoCatalogue).matchAll(/"([^"]+\.webp)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(1000);
    expect(named.filter((file) => !shipped.has(file))).toEqual([]);
  });

  it('ships every width of every poster and cover (the srcset the web app builds names them)', () => {
    const shipped = new Set(fs.readdirSync(UPLOADS));
    const copies = titles.flatMap((t) => [
      ...imageVariantFiles(t.image, 'poster'),
      ...imageVariantFiles(t.cover, 'cover'),
    ]);
    expect(copies).toHaveLength(titles.length * 6);
    expect(copies.filter((file) => !shipped.has(file))).toEqual([]);
  });
});

describe('slugify', () => {
  it.each([
    ['Diriliş: Ertuğrul', 'dirilis-ertugrul'],
    ['7. Koğuştaki Mucize', '7-kogustaki-mucize'],
    ['Çırağan’da Bir Gece', 'ciragan-da-bir-gece'],
    ['İstanbullu Gelin', 'istanbullu-gelin'],
    ['Issız Fener', 'issiz-fener'],
    ['G.O.R.A.', 'g-o-r-a'],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
