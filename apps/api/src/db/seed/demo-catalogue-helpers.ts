// Small, deterministic helpers used to assemble the demo catalogue
// (demo-catalogue*.ts). Everything here is pure: the same input always
// yields the same file names, episode titles, dates and durations, so the
// image generator (scripts/generate-demo-images.ts) and the seeder agree.

import { foldTurkish } from '@bosphorus/contract';
import type { DemoEpisode, DemoSeason, DemoSeries } from './demo-types.js';

/**
 * File-name slug: lowercase ASCII, Turkish letters folded
 * (ş→s, ı→i, İ→i, ğ→g, ç→c, ö→o, ü→u), other accents stripped, every run of
 * non-alphanumerics → '-'. `Diriliş: Ertuğrul` → `dirilis-ertugrul`.
 */
export function slugify(text: string): string {
  return foldTurkish(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const posterFile = (title: string): string => `${slugify(title)}-poster.webp`;
export const coverFile = (title: string): string => `${slugify(title)}-cover.webp`;
export const personFile = (key: string): string => `person-${key}.webp`;
export const episodeFile = (seriesSlug: string, season: number, episode: number): string =>
  `${seriesSlug}-s${season}e${episode}.webp`;
export const avatarFile = (key: string): string => `avatar-${key}.webp`;

/** 32-bit FNV-1a hash, the seed of every per-title random choice. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ───────────── Episode-title pools ─────────────
// Shared pools by mood. Each series draws its own hand-written titles first,
// then a deterministic shuffle of its mood pools (never repeating a title
// inside one series).

export const EPISODE_TITLE_POOLS = {
  epic: [
    'The Oath at Dawn',
    'Banners in the Wind',
    'The Council of Beys',
    'Steel and Salt',
    'A Traitor in the Tent',
    'The River Crossing',
    'Ashes of the Fortress',
    'The Envoy from Konya',
    'Hooves on the Steppe',
    'The Price of a Crown',
    'Night Raid',
    'The Sultan’s Seal',
    'Winter Camp',
    'The Blacksmith’s Secret',
    'Arrows at Sunset',
    'A Letter Sealed in Wax',
    'The Siege Begins',
    'Fire on the Ramparts',
    'The Last Caravan',
    'Blood Brothers',
    'The Falcon Returns',
    'A Bride for the Tribe',
    'Shadows of Byzantium',
    'The Great Hunt',
    'The Broken Truce',
    'Whispers in the Palace',
    'The Market of Spies',
    'The Storm Before Battle',
    'An Empty Throne',
    'The Road to Söğüt',
    'Bread and Iron',
    'The Hostage',
    'Drums at Midnight',
    'The Mountain Pass',
    'The Healer’s Herbs',
    'Twelve Horsemen',
    'The Vizier’s Gambit',
    'An Oath Broken',
    'Lanterns on the Walls',
    'The Homecoming',
    'Night at Çandarlı',
    'Call of the Horizon',
    'The Silver Dagger',
    'The First Snow',
    'Harvest of Swords',
    'Reckoning at the Ford',
  ],
  love: [
    'A Glance Across the Room',
    'The Engagement Ring',
    'Rain on İstiklal',
    'Letters Never Sent',
    'The Wedding Dress',
    'A Promise by the Sea',
    'Two Cups of Coffee',
    'The Family Dinner',
    'Jealousy',
    'The Mansion on the Shore',
    'Ferry to Kadıköy',
    'An Unexpected Guest',
    'The Heirloom Necklace',
    'Midnight Confession',
    'The Henna Night',
    'Secrets of the Yalı',
    'A Door Left Open',
    'First Snow in Ankara',
    'Old Photographs',
    'The Stolen Kiss',
    'Mother’s Blessing',
    'The Broken Engagement',
    'Summer in Bodrum',
    'A Dance at the Gala',
    'The Mistake',
    'Forgive Me',
    'Tulips in April',
    'The Anniversary',
    'Under the Judas Tree',
    'A Night at the Köşk',
    'The Last Train Home',
    'A Song on the Radio',
    'Sister of the Bride',
    'Moonlight over Üsküdar',
    'The Inheritance',
    'A Heart in Pieces',
    'Farewell at the Pier',
    'The Morning After',
    'Between Two Families',
    'Hidden Letters',
    'The Perfume Shop',
    'Tea at Çamlıca',
    'Once More, With Feeling',
    'The Ring Returned',
    'The Proposal',
    'A New Beginning',
  ],
  dark: [
    'The Witness',
    'Cold Trail',
    'No Way Out',
    'The Pawn',
    'Blood on the Cobblestones',
    'A Debt Repaid',
    'The Night Shift',
    'Nobody Sleeps in Beyoğlu',
    'The Informant',
    'Fingerprints',
    'The Empty Apartment',
    'Thirty-Six Hours',
    'Dead Drop',
    'The Safe House',
    'A Name on the List',
    'The Trial',
    'Smoke and Mirrors',
    'The Burning Car',
    'Checkmate',
    'The Wire',
    'An Eye for an Eye',
    'Lost Signal',
    'The Ransom',
    'Closing Argument',
    'Underground',
    'The Silent Partner',
    'Last Call at the Meyhane',
    'The Mole',
    'Night Ferry',
    'Return to Sender',
    'The Verdict',
    'Old Wounds',
    'Dark Water',
    'The Locked Room',
    'Ghosts of Tarlabaşı',
    'Crossfire',
    'The Confession Tape',
    'A Knock at Three',
    'Zero Hour',
    'The Cellar',
    'Whispers in the Walls',
    'The Missing Hour',
    'The Man from Gölcük',
    'Fault Lines',
    'The Final Move',
    'Endgame',
  ],
  light: [
    'The Wrong Apartment',
    'Grandma Moves In',
    'A Very Loud Wedding',
    'The Job Interview',
    'Neighbours from Hell',
    'Who Ate the Baklava?',
    'The Borrowed Car',
    'Diet Starts Monday',
    'The Blind Date',
    'A Goat in the Garden',
    'Football Night',
    'The Surprise Party',
    'Traffic on the Bridge',
    'The Inspector Is Coming',
    'Lost in Translation',
    'The Great Power Cut',
    'Bayram Visits',
    'The Fake Boyfriend',
    'Chaos in Çengelköy',
    'The Rooftop Barbecue',
    'Reality Show',
    'The Lottery Ticket',
    'A Cat Named Paşa',
    'Mixed-Up Suitcases',
    'The Village Trip',
    'Chef for a Day',
    'The Ex Returns',
    'Karaoke Night',
    'Tea for Twelve',
    'The Haunted Dolmuş',
    'Operation Matchmaker',
    'The Big Move',
    'Double Booking',
    'The Rival Café',
    'A Wedding in Rize',
    'Happy Ending?',
  ],
  fear: [
    'The House on the Hill',
    'Do Not Open',
    'Salt Circle',
    'The Well',
    'Footsteps Upstairs',
    'Third Night',
    'The Mirror Room',
    'Cold Breath',
    'The Village That Forgot',
    'Something in the Fog',
    'Lullaby',
    'The Keeper',
    'Black Wool',
    'Scratches',
    'The Old Cemetery',
    'Candle Hour',
    'A Lament from Ağrı',
    'The Bells Stop',
    'Beneath the Floorboards',
    'Name Unspoken',
    'The Last Guest',
    'Dawn Never Came',
    'The Lantern',
    'Possession',
    'The Thirteenth Step',
    'Silence',
  ],
} as const;

export type EpisodeMood = keyof typeof EPISODE_TITLE_POOLS;

export interface SeasonPlan {
  /** Air date of episode 1, ISO 'YYYY-MM-DD'; then weekly. */
  start: string;
  episodes: number;
}

export interface SeriesSpec extends Omit<DemoSeries, 'image' | 'cover' | 'seasons'> {
  /** One entry per season, in order. */
  plan: SeasonPlan[];
  /** Typical episode length in minutes (45–130). */
  runtime: number;
  /** Mood pools to draw episode titles from, first one preferred. */
  moods: EpisodeMood[];
  /** Hand-written episode titles, used first (season 1 onwards). */
  episodeTitles?: string[];
}

/** Expand a compact series description into the `DemoSeries` shape. */
export function buildSeries(spec: SeriesSpec): DemoSeries {
  const { plan, runtime, moods, episodeTitles = [], ...base } = spec;
  const slug = slugify(base.title);
  const rand = seededRandom(hashString(slug));

  // Title queue: hand-written ones first, then the mood pools interleaved
  // (each shuffled deterministically), never repeating within the series.
  const used = new Set<string>();
  const queue: string[] = [];
  const push = (t: string): void => {
    if (!used.has(t)) {
      used.add(t);
      queue.push(t);
    }
  };
  episodeTitles.forEach(push);
  const shuffled = moods.map((m) => {
    const pool = [...EPISODE_TITLE_POOLS[m]];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool;
  });
  for (let i = 0; shuffled.some((p) => i < p.length); i++) {
    for (const pool of shuffled) {
      const t = pool[i];
      if (t !== undefined) push(t);
    }
  }

  let next = 0;
  const seasons: DemoSeason[] = plan.map((p, si) => {
    const seasonNo = si + 1;
    const lastSeasonStillAiring = base.status === 'ongoing' && si === plan.length - 1;
    const episodes: DemoEpisode[] = [];
    for (let e = 1; e <= p.episodes; e++) {
      const isLast = e === p.episodes;
      const finale = isLast && !lastSeasonStillAiring;
      const jitter = Math.round(rand() * 12) - 6;
      const minutes = Math.max(45, Math.min(130, runtime + jitter + (finale ? 8 : 0)));
      const ep: DemoEpisode = {
        number: e,
        title: queue[next++] ?? `Episode ${e}`,
        air_date: addDays(p.start, (e - 1) * 7),
        image: episodeFile(slug, seasonNo, e),
        duration_minutes: minutes,
      };
      if (finale) ep.finale = true;
      episodes.push(ep);
    }
    return { number: seasonNo, title: `Season ${seasonNo}`, episodes };
  });

  return { ...base, image: posterFile(base.title), cover: coverFile(base.title), seasons };
}
