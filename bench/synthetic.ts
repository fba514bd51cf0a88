// A large synthetic catalogue for load tests (bench/, DESIGN §6): by default
// 100,000 titles (half series, half movies), ~600,000 episodes, 20,000
// people with cast links, genres and a few reviews. Titles are built from
// Turkish word lists (with ç ğ ı İ ö ş ü) and carry an English alternative
// name, so search behaves as it does on the real catalogue.
//
// Deterministic: the same options give the same rows (seeded PRNG, fixed
// dates). Fast: rows travel in bulk `INSERT … SELECT FROM unnest(…)` batches
// and episodes are expanded on the database side (generate_series), so a
// bench run does not wait long for its catalogue (decision 0006).
//
// CLI:
//   npx tsx bench/synthetic.ts --database-url postgres://… [--titles 100000]
//   npx tsx bench/synthetic.ts --data-dir ./data-synthetic   (embedded PGlite)
// It refuses a database that already holds the demo seed or catalogue rows
// unless --force is given (the synthetic rows are then added to them).

import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { turkishSortKey } from '@bosphorus/contract';
import { openPglite, openPostgres, type Db, type Queryable } from '../apps/api/src/db/client.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { buildSearchText, refreshRanks } from '../apps/api/src/db/seed/catalogue-index.js';
import { DEMO_SEED_NAME } from '../apps/api/src/db/seed/seed-demo.js';

export const SYNTHETIC_SEED_NAME = 'synthetic-catalogue-v1';
/** Same key as the demo seeder (seed-demo.ts): a server starting meanwhile waits instead of seeding. */
const SEED_LOCK_KEY = 7_270_002;
const DEFAULT_TITLES = 100_000;
const DEFAULT_SEED = 20_261_121;
/** Titles per INSERT batch: ~5,000 rows keep each statement's arrays a few MB. */
const BATCH_TITLES = 5_000;
/** created_at is spread backwards from this instant, so ranks are reproducible. */
const CREATED_EPOCH_MS = Date.UTC(2026, 0, 1);
const GENRE_IDS = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const GENRE_NAMES: Record<number, string> = {
  1: 'action',
  2: 'adventure',
  4: 'drama',
  5: 'history',
  6: 'comedy',
  7: 'biography',
  8: 'romance',
  9: 'thriller',
  10: 'horror',
  11: 'soap opera',
};
/** Drama, romance and soap opera dominate Turkish TV; horror is rare. */
const GENRE_WEIGHTS = [8, 4, 30, 10, 10, 3, 20, 9, 2, 12];

export interface SyntheticOptions {
  /** Total titles, split evenly between series and movies. Default 100,000. */
  titles?: number;
  /** People in the cast pool. Default titles / 5 (20,000), at least 50. */
  people?: number;
  /** PRNG seed; the same seed and sizes give the same catalogue. */
  seed?: number;
  /** Add to a database that already holds a catalogue (demo or other). */
  force?: boolean;
  log?: (msg: string) => void;
}

export interface SyntheticSummary {
  series: number;
  movies: number;
  seasons: number;
  episodes: number;
  people: number;
  castLinks: number;
  genreLinks: number;
  reviews: number;
  seconds: number;
}

export class SyntheticRefusedError extends Error {}

// ───────────── Word lists: [Turkish, English] ─────────────

type Pair = readonly [string, string];

const ADJECTIVES: Pair[] = [
  ['Kara', 'Black'],
  ['Kırmızı', 'Red'],
  ['Beyaz', 'White'],
  ['Gizli', 'Secret'],
  ['Son', 'Last'],
  ['İlk', 'First'],
  ['Yasak', 'Forbidden'],
  ['Sessiz', 'Silent'],
  ['Kayıp', 'Lost'],
  ['Büyük', 'Great'],
  ['Küçük', 'Little'],
  ['Soğuk', 'Cold'],
  ['Derin', 'Deep'],
  ['Uzak', 'Distant'],
  ['Yalnız', 'Lonely'],
  ['Güzel', 'Beautiful'],
  ['Çılgın', 'Crazy'],
  ['Masum', 'Innocent'],
  ['Altın', 'Golden'],
  ['Gümüş', 'Silver'],
  ['Eski', 'Old'],
  ['Yeni', 'New'],
  ['Kırık', 'Broken'],
  ['Sonsuz', 'Endless'],
  ['Karanlık', 'Dark'],
  ['Vahşi', 'Wild'],
  ['Özgür', 'Free'],
  ['Tatlı', 'Sweet'],
  ['Acı', 'Bitter'],
  ['Şanslı', 'Lucky'],
  ['Uykusuz', 'Sleepless'],
  ['Görünmez', 'Invisible'],
  ['Korkusuz', 'Fearless'],
  ['Mavi', 'Blue'],
  ['Yeşil', 'Green'],
  ['Ölümsüz', 'Immortal'],
  ['Cesur', 'Brave'],
  ['Sadık', 'Loyal'],
  ['Asil', 'Noble'],
  ['Zengin', 'Rich'],
  ['Fakir', 'Poor'],
  ['Hırçın', 'Fierce'],
  ['Huzurlu', 'Peaceful'],
  ['Kiralık', 'Rented'],
  ['Muhteşem', 'Magnificent'],
  ['Deli', 'Mad'],
  ['Öksüz', 'Orphan'],
  ['Üşüyen', 'Shivering'],
  ['Çaresiz', 'Helpless'],
  ['Şirin', 'Lovely'],
];

const NOUNS: Pair[] = [
  ['Sevda', 'Love'],
  ['Aşk', 'Passion'],
  ['Gece', 'Night'],
  ['Gün', 'Day'],
  ['Yol', 'Road'],
  ['Ev', 'House'],
  ['Yalı', 'Mansion'],
  ['Köprü', 'Bridge'],
  ['Deniz', 'Sea'],
  ['Rüzgar', 'Wind'],
  ['Ateş', 'Fire'],
  ['Toprak', 'Land'],
  ['Gökyüzü', 'Sky'],
  ['Yıldız', 'Star'],
  ['Güneş', 'Sun'],
  ['Kalp', 'Heart'],
  ['Sır', 'Secret'],
  ['Yemin', 'Oath'],
  ['İntikam', 'Revenge'],
  ['Gurur', 'Pride'],
  ['Onur', 'Honour'],
  ['Aile', 'Family'],
  ['Kardeş', 'Brother'],
  ['Baba', 'Father'],
  ['Anne', 'Mother'],
  ['Gelin', 'Bride'],
  ['Hayat', 'Life'],
  ['Zaman', 'Time'],
  ['Masal', 'Tale'],
  ['Rüya', 'Dream'],
  ['Şehir', 'City'],
  ['Köy', 'Village'],
  ['Çiftlik', 'Farm'],
  ['Saray', 'Palace'],
  ['Sultan', 'Sultan'],
  ['Paşa', 'Pasha'],
  ['Kartal', 'Eagle'],
  ['Kurt', 'Wolf'],
  ['Aslan', 'Lion'],
  ['Gül', 'Rose'],
  ['Lale', 'Tulip'],
  ['Şarkı', 'Song'],
  ['Mektup', 'Letter'],
  ['Düğün', 'Wedding'],
  ['Bahar', 'Spring'],
  ['Kış', 'Winter'],
  ['Fırtına', 'Storm'],
  ['Dağ', 'Mountain'],
  ['Nehir', 'River'],
  ['Ada', 'Island'],
  ['Liman', 'Harbour'],
  ['Sokak', 'Street'],
  ['Mahalle', 'Neighbourhood'],
  ['Hançer', 'Dagger'],
  ['Kılıç', 'Sword'],
  ['Taç', 'Crown'],
  ['Miras', 'Inheritance'],
  ['Vatan', 'Homeland'],
  ['Umut', 'Hope'],
  ['Kader', 'Destiny'],
  ['Vicdan', 'Conscience'],
  ['Yalan', 'Lie'],
  ['Gölge', 'Shadow'],
  ['Işık', 'Light'],
  ['Çığlık', 'Scream'],
  ['Şafak', 'Dawn'],
  ['Öğretmen', 'Teacher'],
  ['Doktor', 'Doctor'],
  ['Komiser', 'Inspector'],
  ['Çoban', 'Shepherd'],
  ['Balıkçı', 'Fisherman'],
  ['Hırsız', 'Thief'],
  ['Yüzük', 'Ring'],
  ['Çeyiz', 'Dowry'],
  ['Söz', 'Promise'],
];

const EPIC_NOUNS: Pair[] = [
  ['Diriliş', 'Resurrection'],
  ['Kuruluş', 'Founding'],
  ['Uyanış', 'Awakening'],
  ['Yükseliş', 'Rise'],
  ['Dönüş', 'Return'],
  ['Kurtuluş', 'Liberation'],
  ['Direniş', 'Resistance'],
  ['Fetih', 'Conquest'],
  ['Düşüş', 'Fall'],
  ['Yeminli', 'Sworn'],
];

const PLACES: Pair[] = [
  ["İstanbul'da", 'in Istanbul'],
  ["Ankara'da", 'in Ankara'],
  ["İzmir'de", 'in Izmir'],
  ["Bodrum'da", 'in Bodrum'],
  ["Kapadokya'da", 'in Cappadocia'],
  ["Trabzon'da", 'in Trabzon'],
  ["Eskişehir'de", 'in Eskisehir'],
  ["Antalya'da", 'in Antalya'],
  ["Mardin'de", 'in Mardin'],
  ["Çeşme'de", 'in Cesme'],
  ["Boğaziçi'nde", 'on the Bosphorus'],
  ["Karadeniz'de", 'on the Black Sea'],
  ["Üsküdar'da", 'in Uskudar'],
  ["Beyoğlu'nda", 'in Beyoglu'],
  ["Kadıköy'de", 'in Kadikoy'],
  ["Şile'de", 'in Sile'],
  ["Göreme'de", 'in Goreme'],
  ["Adana'da", 'in Adana'],
];

const CITIES = ['Istanbul', 'Ankara', 'Izmir', 'Trabzon', 'Antalya', 'Mardin', 'Bursa', 'Konya', 'Edirne', 'Adana'];

const MALE_NAMES = [
  'Ertuğrul', 'Osman', 'Mehmet', 'Ali', 'Mustafa', 'Ahmet', 'Emre', 'Burak', 'Kerem', 'Cem',
  'Çağatay', 'Barış', 'Kıvanç', 'Engin', 'Halit', 'Tolga', 'Onur', 'Uğur', 'Serkan', 'Murat',
  'Oğuzhan', 'İbrahim', 'İsmail', 'Yiğit', 'Can', 'Kaan', 'Selim', 'Şahin', 'Doğan', 'Ömer',
  'Gökhan', 'Özgür', 'Hakan', 'Erkan', 'Ferhat', 'Tarık', 'Tuncay', 'Yavuz', 'Umut', 'Çetin',
]; // prettier-ignore

const FEMALE_NAMES = [
  'Ayşe', 'Fatma', 'Zeynep', 'Elif', 'Meryem', 'Hande', 'Tuba', 'Bergüzar', 'Beren', 'Demet',
  'Esra', 'Gülşen', 'Hazal', 'Işıl', 'İpek', 'Neslihan', 'Özge', 'Pınar', 'Seda', 'Songül',
  'Şükran', 'Tülin', 'Ülkü', 'Yağmur', 'Zehra', 'Aslı', 'Burcu', 'Cansu', 'Çağla', 'Dilan',
  'Ebru', 'Feride', 'Gizem', 'Hülya', 'Leyla', 'Melis', 'Nur', 'Sevgi', 'Şebnem', 'Ece',
]; // prettier-ignore

const SURNAMES = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir',
  'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek',
  'Polat', 'Erdoğan', 'Güneş', 'Akın', 'Korkmaz', 'Aksoy', 'Uçar', 'Tekin', 'Çakır', 'Bulut',
  'Tan', 'Ünal', 'Bozkurt', 'Ateş', 'Güler', 'Karaca', 'Işık', 'Başaran', 'Gündoğdu', 'Ertürk',
  'Altun', 'Sarı', 'Keskin', 'Eren', 'Akgül', 'Toprak', 'Coşkun', 'Duman', 'Akbulut', 'Karakaya',
  'Çınar', 'Erdem', 'Ergin', 'Uysal', 'Yücel', 'Soylu', 'Kılınç', 'Süleymanoğlu', 'Karaoğlu', 'Kocabaş',
  'Gürsoy', 'Özer', 'Tuna', 'Acar', 'Oral', 'Sezer', 'Akay', 'Ekinci', 'Durmaz', 'Sönmez',
  'Bayram', 'Dinç', 'Günay', 'Tatlıses', 'Pekkan', 'Kuzu', 'Yavaş', 'Ağaoğlu', 'Düzyatan', 'Öztoprak',
]; // prettier-ignore

const EPISODE_WORDS = [
  'The Oath', 'A Stranger at the Door', 'The Letter', 'Storm over the Bosphorus', 'The Wedding Day',
  'Broken Promises', 'The Inheritance', 'Night Train to Ankara', 'A Secret Revealed', 'The Return',
  'Old Wounds', 'The Confession', 'Under the Judas Tree', 'The Last Ferry', 'A Mother’s Choice',
  'The Trial', 'Smoke and Mirrors', 'Sunrise in Cappadocia', 'The Dowry', 'Forgotten Names',
  'The Ring', 'Between Two Fires', 'The Farewell', 'A New Beginning', 'The Betrayal',
  'Midnight at the Mansion', 'The Ransom', 'Family Dinner', 'Cold Tea', 'The Verdict',
]; // prettier-ignore

// ───────────── Deterministic randomness ─────────────

/** Mulberry32: tiny, fast, good enough to shuffle word lists reproducibly. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

function weightedPick(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

// ───────────── Generators ─────────────

/** Unique person names: "First Last", then "First Second Last" once pairs run out. */
function personName(i: number): string {
  const firsts = i % 2 === 0 ? MALE_NAMES : FEMALE_NAMES;
  const half = Math.floor(i / 2);
  const first = half % firsts.length;
  const rest = Math.floor(half / firsts.length);
  const last = SURNAMES[rest % SURNAMES.length]!;
  const layer = Math.floor(rest / SURNAMES.length);
  if (layer === 0) return `${firsts[first]} ${last}`;
  // A second given name of the same list, never the first one repeated.
  const second = firsts[(first + layer) % firsts.length]!;
  return `${firsts[first]} ${second} ${last}`;
}

function makeTitle(rng: Rng, kind: 'series' | 'movies'): { tr: string; en: string } {
  const p = rng();
  let tr: string;
  let en: string;
  if (p < 0.35) {
    const [a, ae] = pick(rng, ADJECTIVES);
    const [n, ne] = pick(rng, NOUNS);
    [tr, en] = [`${a} ${n}`, `${ae} ${ne}`];
  } else if (p < 0.47) {
    const [n1, e1] = pick(rng, NOUNS);
    const [n2, e2] = pick(rng, NOUNS);
    [tr, en] = [`${n1} ve ${n2}`, `${e1} and ${e2}`];
  } else if (p < 0.62) {
    const [pl, ple] = pick(rng, PLACES);
    const [n, ne] = pick(rng, NOUNS);
    [tr, en] = [`${pl} ${n}`, `${ne} ${ple}`];
  } else if (p < 0.72) {
    const [n, ne] = pick(rng, EPIC_NOUNS);
    const name = pick(rng, rng() < 0.7 ? MALE_NAMES : FEMALE_NAMES);
    [tr, en] = [`${n}: ${name}`, `${ne}: ${name}`];
  } else if (p < 0.82) {
    const [n, ne] = pick(rng, NOUNS);
    const [a, ae] = pick(rng, ADJECTIVES);
    [tr, en] = [`Bir ${a} ${n} Hikayesi`, `A ${ae} ${ne} Story`];
  } else if (p < 0.9) {
    const he = pick(rng, MALE_NAMES);
    const she = pick(rng, FEMALE_NAMES);
    [tr, en] = [`${he} ile ${she}`, `${he} and ${she}`];
  } else {
    const [n, ne] = pick(rng, NOUNS);
    const [a, ae] = pick(rng, ADJECTIVES);
    [tr, en] = [`${n} ${a}`, `${ae} ${ne}`];
    if (rng() < 0.5) [tr, en] = [n, ne];
  }
  if (kind === 'movies' && rng() < 0.06) {
    const part = int(rng, 2, 4);
    [tr, en] = [`${tr} ${part}`, `${en} ${part}`];
  }
  return { tr, en };
}

function shuffle<T>(rng: Rng, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

function pickDistinct(rng: Rng, count: number, draw: () => number): number[] {
  const out: number[] = [];
  for (let guard = 0; out.length < count && guard < count * 20; guard++) {
    const v = draw();
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

interface TitleBatch {
  ids: number[];
  titles: string[];
  alt: string[];
  descriptions: string[];
  years: number[];
  popularity: number[];
  featured: (number | null)[];
  createdAgeSeconds: number[];
  searchTexts: string[];
  sortKeys: string[];
  azRanks: (number | null)[];
  recentRanks: (number | null)[];
  status: string[];
  durations: number[];
  genreTitle: number[];
  genreId: number[];
  castTitle: number[];
  castPerson: number[];
  castPosition: number[];
  // Series only: one entry per season.
  seasonSeries: number[];
  seasonNumber: number[];
  seasonEpisodes: number[];
  seasonFirstAir: string[];
}

function emptyBatch(): TitleBatch {
  return {
    ids: [], titles: [], alt: [], descriptions: [], years: [], popularity: [], featured: [],
    createdAgeSeconds: [], searchTexts: [], sortKeys: [], azRanks: [], recentRanks: [], status: [], durations: [],
    genreTitle: [], genreId: [], castTitle: [], castPerson: [], castPosition: [],
    seasonSeries: [], seasonNumber: [], seasonEpisodes: [], seasonFirstAir: [],
  }; // prettier-ignore
}

const pad = (n: number) => String(n).padStart(2, '0');

// ───────────── Loader ─────────────

/**
 * Loads a synthetic catalogue into `db` (migrating it first). Everything runs
 * in one transaction under the seed lock, then the tables are analysed so the
 * planner sees the new sizes at once.
 */
export async function seedSyntheticCatalogue(db: Db, options: SyntheticOptions = {}): Promise<SyntheticSummary> {
  const titles = Math.max(2, Math.floor(options.titles ?? DEFAULT_TITLES));
  const peopleCount = Math.max(50, Math.floor(options.people ?? titles / 5));
  const started = performance.now();
  const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
  const log = (msg: string) => options.log?.(`${msg} (${elapsed()})`);
  await migrate(db);

  const summary = await db.withAdvisoryLock(SEED_LOCK_KEY, async (tx) => {
    await refuseUnlessEmpty(tx, options.force ?? false);
    const rng = mulberry32(options.seed ?? DEFAULT_SEED);
    const base = await tx.query<{
      series: number;
      movies: number;
      seriesRows: number;
      moviesRows: number;
      people: number;
      featured: number;
    }>(
      `SELECT (SELECT COALESCE(max(id), 0) FROM series)::int AS series,
              (SELECT COALESCE(max(id), 0) FROM movies)::int AS movies,
              (SELECT count(*) FROM series)::int AS "seriesRows",
              (SELECT count(*) FROM movies)::int AS "moviesRows",
              (SELECT COALESCE(max(id), 0) FROM people)::int AS people,
              (SELECT count(*) FROM series WHERE featured_rank IS NOT NULL)::int
                + (SELECT count(*) FROM movies WHERE featured_rank IS NOT NULL)::int AS featured`,
    );
    const { series: seriesBase, movies: moviesBase, people: peopleBase, featured: alreadyFeatured } = base[0]!;

    // People: ids are explicit so cast links can be written without a lookup.
    // Shuffled, so the often-cast low ids are not all one surname.
    const names = shuffle(
      rng,
      Array.from({ length: peopleCount }, (_, i) => personName(i)),
    );
    for (let from = 0; from < peopleCount; from += 20_000) {
      const chunk = names.slice(from, from + 20_000);
      await tx.query(
        `INSERT INTO people (id, name) SELECT $1::bigint + o, n FROM unnest($2::text[]) WITH ORDINALITY AS u(n, o)`,
        [peopleBase + from, chunk],
      );
    }
    log(`synthetic: ${peopleCount} people`);

    const counts = { series: 0, movies: 0, seasons: 0, episodes: 0, castLinks: 0, genreLinks: 0 };
    const seriesTotal = Math.ceil(titles / 2);
    const moviesTotal = titles - seriesTotal;
    for (const kind of ['series', 'movies'] as const) {
      const total = kind === 'series' ? seriesTotal : moviesTotal;
      const idBase = kind === 'series' ? seriesBase : moviesBase;
      const batches: TitleBatch[] = [];
      for (let from = 0; from < total; from += BATCH_TITLES) {
        const b = emptyBatch();
        for (let n = from; n < Math.min(from + BATCH_TITLES, total); n++) {
          fillTitle(b, rng, kind, idBase + n + 1, names, peopleBase, alreadyFeatured === 0 && n < 5 ? n + 1 : null);
        }
        batches.push(b);
      }
      // Into an empty table the list ranks are known now; written with the
      // rows, refreshRanks below finds nothing to change instead of updating
      // every row (and every index) a second time.
      if ((kind === 'series' ? base[0]!.seriesRows : base[0]!.moviesRows) === 0) assignRanks(batches);
      for (const b of batches) {
        const size = b.ids.length;
        await insertBatch(tx, kind, b);
        counts[kind] += size;
        counts.castLinks += b.castTitle.length;
        counts.genreLinks += b.genreTitle.length;
        if (kind === 'series') {
          const [row] = await insertSeasonsAndEpisodes(tx, b);
          counts.seasons += b.seasonSeries.length;
          counts.episodes += row?.episodes ?? 0;
        }
      }
      log(`synthetic: ${total} ${kind}`);
    }

    for (const [table, column] of [
      ['people', 'id'],
      ['series', 'id'],
      ['movies', 'id'],
    ] as const) {
      // Explicit ids leave the identity sequence behind; move it past them.
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`,
      );
    }

    const reviews = await insertReviews(tx, rng, seriesBase, seriesTotal, moviesBase, moviesTotal);
    log(`synthetic: ${reviews} reviews`);

    await refreshRanks(tx, 'series');
    await refreshRanks(tx, 'movies');
    log('synthetic: list ranks');
    await tx.query('INSERT INTO seed_runs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [SYNTHETIC_SEED_NAME]);
    return { ...counts, people: peopleCount, reviews };
  });

  // As a settled production database would be: fresh statistics (else the
  // first queries plan for empty tables), the GIN pending lists merged (else
  // every trigram search scans them linearly) and the visibility map set
  // (index-only scans). VACUUM cannot run inside the transaction above.
  await db.exec(
    'VACUUM ANALYZE people, series, movies, series_search, movie_search, seasons, episodes, series_cast, movie_cast, series_genres, movie_genres, reviews',
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  log('synthetic: vacuumed and analysed');
  return { ...summary, seconds };
}

async function refuseUnlessEmpty(tx: Queryable, force: boolean) {
  const [state] = await tx.query<{ seeds: string[]; rows: number }>(
    `SELECT COALESCE((SELECT array_agg(name ORDER BY name) FROM seed_runs), '{}') AS seeds,
            ((SELECT count(*) FROM series) + (SELECT count(*) FROM movies) + (SELECT count(*) FROM people))::int AS rows`,
  );
  if (force || !state) return;
  if (state.seeds.includes(DEMO_SEED_NAME)) {
    throw new SyntheticRefusedError(
      'This database already holds the demo catalogue; refusing to mix synthetic titles into it (use --force to do it anyway).',
    );
  }
  if (state.seeds.length || state.rows > 0) {
    throw new SyntheticRefusedError(
      `This database already holds catalogue data (${state.rows} rows; seeds: ${state.seeds.join(', ') || 'none'}); ` +
        'use a fresh database, or --force to add the synthetic titles anyway.',
    );
  }
}

function fillTitle(
  b: TitleBatch,
  rng: Rng,
  kind: 'series' | 'movies',
  id: number,
  names: string[],
  peopleBase: number,
  featured: number | null,
) {
  const { tr, en } = makeTitle(rng, kind);
  const year = kind === 'series' ? 2025 - Math.floor(30 * rng() ** 1.5) : 2025 - Math.floor(55 * rng() ** 1.3);
  const genreCount = int(rng, 1, 3);
  const genres = pickDistinct(rng, genreCount, () => GENRE_IDS[weightedPick(rng, GENRE_WEIGHTS)]!);
  // Famous actors appear in many titles: a skewed draw over the pool.
  const cast = pickDistinct(rng, int(rng, 3, 8), () => Math.floor(names.length * rng() ** 2));
  const castNames = cast.map((p) => names[p]!);
  const city = pick(rng, CITIES);
  const genreWord = GENRE_NAMES[genres[0]!]!;
  const description =
    `A ${genreWord} ${kind === 'series' ? 'series' : 'film'} set in ${city}. ` +
    `${en} follows ${castNames[0]} as old promises and family secrets surface, ` +
    `with ${castNames[1] ?? 'a stranger'} caught between loyalty and love.`;

  b.ids.push(id);
  b.titles.push(tr);
  b.alt.push(en);
  b.descriptions.push(description);
  b.years.push(year);
  b.popularity.push(Math.floor(100_000 * rng() ** 3));
  b.featured.push(featured);
  b.createdAgeSeconds.push(Math.floor(rng() * 5 * 365 * 86_400));
  b.searchTexts.push(buildSearchText([tr, tr, en], castNames));
  b.sortKeys.push(turkishSortKey(tr));
  b.azRanks.push(null);
  b.recentRanks.push(null);
  for (const g of genres) {
    b.genreTitle.push(id);
    b.genreId.push(g);
  }
  cast.forEach((p, position) => {
    b.castTitle.push(id);
    b.castPerson.push(peopleBase + p + 1);
    b.castPosition.push(position);
  });
  if (kind === 'movies') {
    b.durations.push(int(rng, 85, 150));
    b.status.push('ended');
    return;
  }
  const seasons = int(rng, 1, 3);
  for (let s = 1; s <= seasons; s++) {
    const airYear = Math.min(year + s - 1, 2025);
    b.seasonSeries.push(id);
    b.seasonNumber.push(s);
    b.seasonEpisodes.push(int(rng, 4, 8));
    b.seasonFirstAir.push(`${airYear}-${pad(int(rng, 1, 9))}-${pad(int(rng, 1, 28))}`);
  }
  b.status.push(year + seasons < 2024 || rng() < 0.4 ? 'ended' : 'ongoing');
  b.durations.push(0);
}

/**
 * The ranks refreshRanks (catalogue-index.ts) would give, all titles being
 * published: A-Z by sort key bytes (COLLATE "C") then id; newest by year,
 * then created_at, then id, all descending.
 */
function assignRanks(batches: TitleBatch[]) {
  const rows = batches.flatMap((b) =>
    b.ids.map((id, i) => ({
      b,
      i,
      id,
      key: Buffer.from(b.sortKeys[i]!),
      year: b.years[i]!,
      age: b.createdAgeSeconds[i]!,
    })),
  );
  rows.sort((x, y) => Buffer.compare(x.key, y.key) || x.id - y.id);
  rows.forEach((r, rank) => (r.b.azRanks[r.i] = rank + 1));
  rows.sort((x, y) => y.year - x.year || x.age - y.age || y.id - x.id);
  rows.forEach((r, rank) => (r.b.recentRanks[r.i] = rank + 1));
}

async function insertBatch(tx: Queryable, kind: 'series' | 'movies', b: TitleBatch) {
  const common = [
    b.ids,
    b.titles,
    b.alt,
    b.descriptions,
    b.years,
    b.popularity,
    b.featured,
    b.createdAgeSeconds,
    b.searchTexts,
    b.sortKeys,
    new Date(CREATED_EPOCH_MS).toISOString(),
    b.azRanks,
    b.recentRanks,
  ];
  const source = `unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::int[], $7::int[],
      $8::int[], $9::text[], $10::text[], $12::int[], $13::int[], $14::text[])
    AS u(id, title, alt, description, year, popularity, featured, age, search_text, sort_key, az_rank, recent_rank, extra)`;
  if (kind === 'series') {
    await tx.query(
      `INSERT INTO series (id, title, original_title, alt_titles, description, year, status, popularity,
         featured_rank, search_text, sort_key, az_rank, recent_rank, created_at, updated_at)
       SELECT id, title, title, ARRAY[alt], description, year, extra, popularity, featured, search_text, sort_key,
         az_rank, recent_rank, $11::timestamptz - age * interval '1 second', $11::timestamptz - age * interval '1 second'
       FROM ${source}`,
      [...common, b.status],
    );
  } else {
    await tx.query(
      `INSERT INTO movies (id, title, original_title, alt_titles, description, year, duration_minutes, popularity,
         featured_rank, search_text, sort_key, az_rank, recent_rank, created_at, updated_at)
       SELECT id, title, title, ARRAY[alt], description, year, extra::smallint, popularity, featured, search_text,
         sort_key, az_rank, recent_rank, $11::timestamptz - age * interval '1 second', $11::timestamptz - age * interval '1 second'
       FROM ${source}`,
      [...common, b.durations.map(String)],
    );
  }
  const [genreTable, castTable, fk] =
    kind === 'series' ? ['series_genres', 'series_cast', 'series_id'] : ['movie_genres', 'movie_cast', 'movie_id'];
  await tx.query(`INSERT INTO ${genreTable} (${fk}, genre_id) SELECT * FROM unnest($1::bigint[], $2::smallint[])`, [
    b.genreTitle,
    b.genreId,
  ]);
  await tx.query(
    `INSERT INTO ${castTable} (${fk}, person_id, position) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::smallint[])`,
    [b.castTitle, b.castPerson, b.castPosition],
  );
}

/** Seasons from the batch, and their episodes expanded by the database (one statement). */
async function insertSeasonsAndEpisodes(tx: Queryable, b: TitleBatch) {
  return tx.query<{ episodes: number }>(
    `WITH src AS (
       SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::smallint[], $4::date[])
         AS u(series_id, season_number, episode_count, first_air)
     ), ins AS (
       INSERT INTO seasons (series_id, season_number, title)
       SELECT series_id, season_number, 'Season ' || season_number FROM src
       RETURNING id, series_id, season_number
     ), eps AS (
       INSERT INTO episodes (season_id, series_id, episode_number, title, air_date, duration_minutes, season_finale,
         published_at)
       SELECT ins.id, ins.series_id, n,
         ($5::text[])[1 + (ins.series_id * 7 + n * 13) % cardinality($5::text[])],
         src.first_air + (n - 1) * 7,
         (40 + (ins.series_id * 31 + n * 17) % 90)::smallint,
         n = src.episode_count,
         (src.first_air + (n - 1) * 7)::timestamp AT TIME ZONE 'UTC' + interval '20 hours'
       FROM ins JOIN src USING (series_id, season_number)
       CROSS JOIN LATERAL generate_series(1, src.episode_count) AS n
       RETURNING 1
     )
     SELECT count(*)::int AS episodes FROM eps`,
    [b.seasonSeries, b.seasonNumber, b.seasonEpisodes, b.seasonFirstAir, EPISODE_WORDS],
  );
}

async function insertReviews(
  tx: Queryable,
  rng: Rng,
  seriesBase: number,
  seriesTotal: number,
  moviesBase: number,
  moviesTotal: number,
): Promise<number> {
  const userCount = 100;
  const emails = Array.from({ length: userCount }, (_, i) => `synthetic-viewer-${i + 1}@example.invalid`);
  const users = await tx.query<{ id: number; email: string }>(
    `INSERT INTO users (email, name, verified_at)
     SELECT e, n, now() FROM unnest($1::text[], $2::text[]) AS u(e, n)
     ON CONFLICT (lower(email)) DO UPDATE SET name = EXCLUDED.name RETURNING id, email`,
    [emails, emails.map((_, i) => personName(i * 7 + 3))],
  );
  const userIds = users.map((u) => u.id);
  const count = Math.max(1, Math.floor((seriesTotal + moviesTotal) / 50));
  const phrases = [
    'Beautifully shot and the subtitles were spot on.',
    'The first season is stronger, but the finale made up for it.',
    'I watched it with my grandmother; we both cried.',
    'Slow start, then impossible to stop watching.',
    'The music alone is worth it.',
    'Great chemistry between the leads.',
  ];
  const r = { user: [] as number[], series: [] as (number | null)[], movie: [] as (number | null)[] };
  const rating: number[] = [];
  const content: string[] = [];
  const age: number[] = [];
  for (let i = 0; i < count; i++) {
    const onSeries = rng() < 0.5;
    // Popular titles get the reviews: the low ids of the skewed draw.
    const n = Math.floor((onSeries ? seriesTotal : moviesTotal) * rng() ** 3);
    r.user.push(pick(rng, userIds));
    r.series.push(onSeries ? seriesBase + n + 1 : null);
    r.movie.push(onSeries ? null : moviesBase + n + 1);
    rating.push(int(rng, 3, 10));
    content.push(pick(rng, phrases));
    age.push(Math.floor(rng() * 365 * 86_400));
  }
  await tx.query(
    `INSERT INTO reviews (user_id, series_id, movie_id, rating, content, created_at)
     SELECT u, s, m, r, c, $7::timestamptz - a * interval '1 second'
     FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::smallint[], $5::text[], $6::int[]) AS x(u, s, m, r, c, a)`,
    [r.user, r.series, r.movie, rating, content, age, new Date(CREATED_EPOCH_MS).toISOString()],
  );
  return count;
}

// ───────────── CLI ─────────────

async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      titles: { type: 'string', default: String(DEFAULT_TITLES) },
      people: { type: 'string' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const usage =
    'Usage: npx tsx bench/synthetic.ts (--database-url postgres://… | --data-dir DIR)\n' +
    '         [--titles 100000] [--people N] [--seed N] [--force]';
  if (values.help) {
    console.log(usage);
    return;
  }
  const whole = (name: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw)) throw new SyntheticRefusedError(`--${name} must be a whole number (got '${raw}')`);
    return Number(raw);
  };
  const url = values['database-url'];
  if (!url === !values['data-dir']) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const db = url ? openPostgres(url, 2) : await openPglite(path.resolve(values['data-dir']!));
  try {
    const summary = await seedSyntheticCatalogue(db, {
      titles: whole('titles', values.titles),
      people: whole('people', values.people),
      seed: whole('seed', values.seed),
      force: values.force,
      log: (msg) => console.log(msg),
    });
    console.log(JSON.stringify(summary));
  } catch (error) {
    if (!(error instanceof SyntheticRefusedError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
