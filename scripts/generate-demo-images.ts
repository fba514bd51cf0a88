// Renders every image the demo catalogue references (posters, covers, cast
// portraits, episode stills, user avatars) into apps/api/seed-assets/uploads
// as WebP. The outputs are committed; this script is only needed when the
// catalogue changes. Nothing is downloaded: the artwork is procedural
// HTML/SVG, drawn with the system fonts and captured by Chromium.
//
//   npx tsx scripts/generate-demo-images.ts            # render everything
//   npx tsx scripts/generate-demo-images.ts --missing  # only files that do not exist yet
//   npx tsx scripts/generate-demo-images.ts --only=posters,covers --filter=dirilis
//   npx tsx scripts/generate-demo-images.ts --clean    # also delete unreferenced .webp files
//   npx tsx scripts/generate-demo-images.ts --print-designs  # list mood/layout/motifs per title
//
// Needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium).
// Fonts: uses the URW base35 families (fonts-urw-base35) when installed and
// falls back to DejaVu/Liberation otherwise.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { demoCatalogue } from '../apps/api/src/db/seed/demo-catalogue.js';
import { coverSmallFile, hashString, seededRandom, slugify } from '../apps/api/src/db/seed/demo-catalogue-helpers.js';
import type { DemoMovie, DemoPerson, DemoSeries, DemoUser } from '../apps/api/src/db/seed/demo-types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'apps/api/seed-assets/uploads');

// ───────────── CLI ─────────────

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(`--${name}`);
const option = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ONLY = option('only')?.split(',') ?? ['posters', 'covers', 'people', 'episodes', 'avatars'];
const FILTER = option('filter');
const MISSING_ONLY = flag('missing');
const CLEAN = flag('clean');

// ───────────── Small utilities ─────────────

type Rng = () => number;
const rngFor = (...parts: (string | number)[]): Rng => seededRandom(hashString(parts.join('|')));
const between = (r: Rng, a: number, b: number): number => a + (b - a) * r();
const int = (r: Rng, a: number, b: number): number => Math.floor(between(r, a, b + 1));
function pick<T>(r: Rng, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}
const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const n = parseInt(h.length === 3 ? h.replace(/(.)/g, '$1$1') : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex([r, g, b]: [number, number, number]): string {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
function rgba(hex: string, alpha: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r},${g},${b},${alpha})`;
}
function hueShift(hex: string, degrees: number): string {
  const [r0, g0, b0] = hexToRgb(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r0, g0, b0);
  const min = Math.min(r0, g0, b0);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    h = max === r0 ? (g0 - b0) / d + (g0 < b0 ? 6 : 0) : max === g0 ? (b0 - r0) / d + 2 : (r0 - g0) / d + 4;
    h *= 60;
  }
  h = (h + degrees + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return rgbToHex([(r + m) * 255, (g + m) * 255, (b + m) * 255]);
}

// ───────────── Palettes and moods ─────────────

type Mood = 'epic' | 'love' | 'dark' | 'fear' | 'light' | 'drama';

interface Palette {
  /** Sky gradient, top → horizon. */
  sky: [string, string, string];
  /** Sun / moon / window light. */
  light: string;
  /** Accent for rules, badges, balloons, neon. */
  accent: string;
  /** Silhouette / ground colour. */
  ink: string;
  /** Title colour. */
  text: string;
  night: boolean;
}

const PALETTES: Record<Mood, Palette[]> = {
  epic: [
    {
      sky: ['#1a0909', '#6b1d12', '#e0893a'],
      light: '#ffd98a',
      accent: '#e3a63e',
      ink: '#120505',
      text: '#f9e8c4',
      night: false,
    },
    {
      sky: ['#0a0f1f', '#27406a', '#d08f3f'],
      light: '#ffe3a6',
      accent: '#d9a441',
      ink: '#060913',
      text: '#f6ebd2',
      night: false,
    },
    {
      sky: ['#1d1307', '#74491d', '#efbb62'],
      light: '#fff2c4',
      accent: '#c4372a',
      ink: '#140b04',
      text: '#fff4dd',
      night: false,
    },
    {
      sky: ['#081617', '#1f4b49', '#c28b3c'],
      light: '#ffe1a0',
      accent: '#e0b24f',
      ink: '#040c0c',
      text: '#f3ead6',
      night: false,
    },
    {
      sky: ['#0d0a1c', '#3b2250', '#c0603a'],
      light: '#ffc98a',
      accent: '#e8b04a',
      ink: '#07050e',
      text: '#fbe9cf',
      night: false,
    },
  ],
  love: [
    {
      sky: ['#2a0d2d', '#93325d', '#f4a57c'],
      light: '#ffe6c8',
      accent: '#ff7d8e',
      ink: '#1a0616',
      text: '#fff2ec',
      night: false,
    },
    {
      sky: ['#101b3b', '#5d3c7d', '#f4b4a2'],
      light: '#ffeede',
      accent: '#ff9aa8',
      ink: '#0a0c1f',
      text: '#fff3f0',
      night: false,
    },
    {
      sky: ['#06283a', '#1e7180', '#f3c7a1'],
      light: '#fff1da',
      accent: '#ff8d6b',
      ink: '#041722',
      text: '#fff6ec',
      night: false,
    },
    {
      sky: ['#3b0c1b', '#ab354d', '#ffd3a8'],
      light: '#fff0d8',
      accent: '#ffb86b',
      ink: '#22060f',
      text: '#fff5ea',
      night: false,
    },
    {
      sky: ['#0b1026', '#22305e', '#6e5aa8'],
      light: '#f2efff',
      accent: '#ff86b8',
      ink: '#05081a',
      text: '#f5f0ff',
      night: true,
    },
  ],
  dark: [
    {
      sky: ['#020709', '#0b2631', '#21606a'],
      light: '#a8f4ff',
      accent: '#ff3a3a',
      ink: '#010304',
      text: '#ecfbff',
      night: true,
    },
    {
      sky: ['#060606', '#1e1b12', '#74601e'],
      light: '#ffd54d',
      accent: '#ffb000',
      ink: '#030303',
      text: '#fff6d8',
      night: true,
    },
    {
      sky: ['#05060f', '#171b3d', '#3e2c6c'],
      light: '#cdbbff',
      accent: '#ff2f80',
      ink: '#020308',
      text: '#f4efff',
      night: true,
    },
    {
      sky: ['#090b0b', '#1d2a25', '#52704f'],
      light: '#dcffd2',
      accent: '#e04a2f',
      ink: '#030504',
      text: '#eef7ee',
      night: true,
    },
    {
      sky: ['#0a0507', '#2a0f17', '#7a2430'],
      light: '#ffc2a8',
      accent: '#ff5a36',
      ink: '#050203',
      text: '#fff0ea',
      night: true,
    },
  ],
  fear: [
    {
      sky: ['#020203', '#140407', '#470b10'],
      light: '#ffb7a3',
      accent: '#d01620',
      ink: '#000000',
      text: '#f6e6e6',
      night: true,
    },
    {
      sky: ['#020605', '#0c1b15', '#314f3d'],
      light: '#dcffe9',
      accent: '#84ff9f',
      ink: '#000302',
      text: '#eafff1',
      night: true,
    },
    {
      sky: ['#02040a', '#0d1931', '#37527d'],
      light: '#e8f1ff',
      accent: '#a9c9ff',
      ink: '#000207',
      text: '#eef4ff',
      night: true,
    },
  ],
  light: [
    {
      sky: ['#ffc93a', '#ff8a3d', '#ff4f6d'],
      light: '#fff8d8',
      accent: '#2140d4',
      ink: '#2b1242',
      text: '#ffffff',
      night: false,
    },
    {
      sky: ['#15bfc6', '#67dfc4', '#fff0a6'],
      light: '#ffffff',
      accent: '#ff4f7a',
      ink: '#0a3949',
      text: '#ffffff',
      night: false,
    },
    {
      sky: ['#ff7bb2', '#ffb68a', '#ffe39a'],
      light: '#fffbe6',
      accent: '#5b2bd6',
      ink: '#3a0f3d',
      text: '#ffffff',
      night: false,
    },
    {
      sky: ['#3a57fc', '#7b4cff', '#ff82ac'],
      light: '#fff2fb',
      accent: '#ffd43b',
      ink: '#150d46',
      text: '#ffffff',
      night: false,
    },
  ],
  drama: [
    {
      sky: ['#14161b', '#3c4352', '#cda57a'],
      light: '#f8e4c4',
      accent: '#cf8f4d',
      ink: '#0b0c0f',
      text: '#f5f0e7',
      night: false,
    },
    {
      sky: ['#1a1913', '#4f4b33', '#d2bf8c'],
      light: '#fff4d6',
      accent: '#b9793a',
      ink: '#0d0c08',
      text: '#f8f2e2',
      night: false,
    },
    {
      sky: ['#0e1a25', '#3b5b74', '#e6cba6'],
      light: '#fff2de',
      accent: '#e39a5a',
      ink: '#070d13',
      text: '#f4f1ea',
      night: false,
    },
    {
      sky: ['#20130e', '#6c3c2a', '#e8b78d'],
      light: '#ffeeda',
      accent: '#e6a05c',
      ink: '#120a07',
      text: '#fff3e8',
      night: false,
    },
    {
      sky: ['#0c0f17', '#262d45', '#5f6c8f'],
      light: '#e9eeff',
      accent: '#d7b46a',
      ink: '#05070c',
      text: '#eef1fa',
      night: true,
    },
  ],
};

const FONTS: Record<Mood, { family: string; weight: number; upper: boolean; spacing: string; italic?: boolean }> = {
  epic: { family: "'URW Bookman', 'C059', 'DejaVu Serif', serif", weight: 700, upper: true, spacing: '0.04em' },
  love: {
    family: "'P052', 'C059', 'Liberation Serif', serif",
    weight: 700,
    upper: false,
    spacing: '0.005em',
    italic: true,
  },
  dark: {
    family: "'Nimbus Sans Narrow', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif",
    weight: 700,
    upper: true,
    spacing: '0.02em',
  },
  fear: { family: "'C059', 'Nimbus Roman', 'DejaVu Serif', serif", weight: 700, upper: true, spacing: '0.12em' },
  light: { family: "'URW Gothic', 'DejaVu Sans', sans-serif", weight: 700, upper: false, spacing: '-0.01em' },
  drama: { family: "'P052', 'Nimbus Roman', 'Liberation Serif', serif", weight: 400, upper: true, spacing: '0.09em' },
};
const SANS = "'Nimbus Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif";

const TAGLINES: Record<Mood, string[]> = {
  epic: [
    'Every empire begins with an oath.',
    'Honour is the only crown.',
    'The steppe remembers the brave.',
    'One people. One dream. One sword.',
    'History belongs to the bold.',
    'Before the empire, there was a promise.',
    'The sea bows to no one.',
    'A legend rides at dawn.',
  ],
  love: [
    'Some loves are forbidden. Some are fate.',
    'One city. Two hearts. No way back.',
    'Love is the most dangerous secret.',
    'Every promise has a price.',
    'Between two families, one heart.',
    'The heart wants what it cannot have.',
    'Written in the stars, torn by the world.',
    'Some stories only begin at midnight.',
  ],
  dark: [
    'Everyone in this city has a secret.',
    'The truth has a body count.',
    'Justice keeps a long memory.',
    'Nobody is innocent after midnight.',
    'Trust no one.',
    'Every debt gets paid.',
    'The past never stays buried.',
    'One case. No way out.',
  ],
  fear: [
    'Some doors should stay closed.',
    'The house remembers.',
    'It only comes when the lights go out.',
    'Do not answer when it calls your name.',
    'Nobody leaves before dawn.',
  ],
  light: [
    'Chaos has never been this much fun.',
    'Can’t live with them. Can’t live without them.',
    'Zero peace and quiet.',
    'Laugh first, ask questions later.',
    'What could possibly go wrong?',
    'The funniest disaster of the year.',
  ],
  drama: [
    'Some journeys lead home.',
    'The hardest truths are the quiet ones.',
    'A story a whole country remembers.',
    'What we leave behind defines us.',
    'Every life is a small miracle.',
    'The silence between us.',
    'Home is where the heart breaks.',
  ],
};

const GENRE_NAMES: Record<number, string> = {
  1: 'Action',
  2: 'Adventure',
  4: 'Drama',
  5: 'History',
  6: 'Comedy',
  7: 'Biography',
  8: 'Romance',
  9: 'Thriller',
  10: 'Horror',
  11: 'Soap Opera',
};

function moodOf(genres: number[]): Mood {
  if (genres.includes(10)) return 'fear';
  const first = genres[0]!;
  if (first === 6 || (genres.includes(6) && !genres.includes(9) && !genres.includes(1) && first !== 4)) return 'light';
  if (first === 9 || (genres.includes(9) && first === 4 && !genres.includes(8))) return 'dark';
  if (first === 1 || first === 2 || first === 5) return genres.includes(9) ? 'dark' : 'epic';
  if (first === 8 || first === 11) return 'love';
  if (first === 4 && (genres.includes(8) || genres.includes(11))) return 'love';
  if (first === 4 && genres.includes(5)) return 'epic';
  return 'drama';
}

// ───────────── Scene motifs ─────────────
// Each title gets a list of motifs from keywords in its title/description,
// falling back to its mood. A motif draws into one or more layers.

type Motif =
  | 'skyline'
  | 'water'
  | 'ferry'
  | 'yali'
  | 'ship'
  | 'lighthouse'
  | 'balloons'
  | 'chimneys'
  | 'train'
  | 'space'
  | 'snow'
  | 'mountains'
  | 'hills'
  | 'fields'
  | 'palace'
  | 'warriors'
  | 'scales'
  | 'city'
  | 'rain'
  | 'bars'
  | 'mic'
  | 'tea'
  | 'couple'
  | 'haunted'
  | 'trees'
  | 'fog'
  | 'soldiers'
  | 'letters'
  | 'clapper'
  | 'cypress'
  | 'lonetree'
  | 'dunes'
  | 'desert'
  | 'grass'
  | 'family'
  | 'figure'
  | 'popsun'
  | 'confetti'
  | 'stripesun'
  | 'child'
  | 'duo'
  | 'woman'
  | 'brothers'
  | 'crew'
  | 'bridge'
  | 'pillars'
  | 'serpent'
  | 'lightning'
  | 'terraces'
  | 'walls'
  | 'camels'
  | 'fatherson'
  | 'girl'
  | 'headlights'
  | 'spotlight'
  | 'antenna'
  | 'hero'
  | 'butterflies'
  | 'lights'
  | 'robot';

const RULES: [RegExp, Motif[]][] = [
  [/cappadocia|goreme|balloon/, ['chimneys', 'balloons']],
  [/lighthouse/, ['water', 'lighthouse']],
  [/\btrain\b|express/, ['hills', 'train']],
  [/planet|spaceship|robot|ufo/, ['space']],
  [/caravan|silk road|tabriz/, ['dunes', 'warriors']],
  [/wild west|cowboy|america/, ['desert']],
  [/prison|inmate|\bcell\b/, ['bars', 'child']],
  [/singer|voice|sang|songs/, ['mic']],
  [/prosecutor|lawyer|courthouse|court\b|trial/, ['scales', 'city']],
  [/graveyard|cemetery/, ['cypress', 'rain']],
  [/wild pear|first book/, ['lonetree', 'hills']],
  [/drought|sinkhole|dry grass|village that/, ['grass', 'hills']],
  [/tea garden|tea\b/, ['tea', 'hills']],
  [/letters|love letters/, ['letters']],
  [/directing|videographer|feature film/, ['clapper']],
  [/korean war|soldier|special forces|mountain outpost|hostage|orphans|1915|war\b/, ['snow', 'mountains', 'soldiers']],
  [/mansion|house|konak|kosk|yali/, ['haunted']],
  [/snow|winter|frozen/, ['snow']],
  [
    /sea\b|mediterranean|pirate|sail|harbour|coast-guard|coast guard|black sea|aegean|island|shipwreck/,
    ['water', 'ship'],
  ],
  [
    /bosphorus|ferry|kadikoy|uskudar|galata|karakoy|eminonu|istanbul|balat|ciragan|buyukada|beyoglu|nisantasi|kuzguncuk/,
    ['skyline', 'water'],
  ],
  [/palace|sultan|harem|topkapi|constantinople|siege|conquest|empire/, ['palace', 'skyline']],
  [/tribe|warrior|kayi|\bbey\b|battle|crusader|mongol|seljuk|malazgirt/, ['mountains', 'warriors']],
  [/detective|police|murder|killer|homicide|crime|mafia|underworld|investigat|agent/, ['city', 'rain']],
  [/ankara/, ['city']],
  [/cotton|farm|plain|fields/, ['fields', 'hills']],
  [/village|anatolia|mountain|steppe|town/, ['hills', 'mountains']],
  [/families|sisters/, ['family']],
  [/love|romance|fall for|lovers|marry|marriage|wedding|bride|fiancee|heart/, ['couple']],
];

const FALLBACK: Record<Mood, Motif[]> = {
  epic: ['mountains', 'warriors'],
  love: ['skyline', 'water', 'couple'],
  dark: ['city', 'rain', 'figure'],
  fear: ['haunted', 'trees', 'fog'],
  light: ['popsun', 'skyline', 'confetti'],
  drama: ['hills', 'figure'],
};

function motifsFor(title: string, description: string, mood: Mood): Motif[] {
  const text = slugify(`${title} ${description}`).replace(/-/g, ' ');
  const out: Motif[] = [];
  for (const [re, motifs] of RULES) {
    if (re.test(text)) for (const m of motifs) if (!out.includes(m)) out.push(m);
    if (out.length >= 5) break;
  }
  if (out.length === 0) out.push(...FALLBACK[mood]);
  if (mood === 'fear') for (const m of ['trees', 'fog'] as Motif[]) if (!out.includes(m)) out.push(m);
  if (mood === 'light' && !out.includes('popsun') && !out.includes('space')) out.unshift('stripesun');
  if (mood === 'light' && !out.includes('confetti')) out.push('confetti');
  // Keep a figure in most scenes: it gives the poster a human scale.
  const human: Motif[] = [
    'warriors',
    'soldiers',
    'couple',
    'family',
    'figure',
    'child',
    'mic',
    'tea',
    'scales',
    'letters',
    'clapper',
  ];
  if (!out.some((m) => human.includes(m)) && mood !== 'fear') out.push(mood === 'love' ? 'couple' : 'figure');
  // Avoid contradictions.
  if (out.includes('space')) return ['space', 'figure'];
  if (out.includes('haunted') && mood !== 'fear') out.splice(out.indexOf('haunted'), 1, 'yali');
  if (out.includes('yali') && !out.includes('water')) out.push('water');
  return out;
}

// ───────────── SVG scene builder ─────────────

interface SceneCtx {
  W: number;
  H: number;
  r: Rng;
  p: Palette;
  mood: Mood;
  /** 0..1, where the artwork's centre of interest sits horizontally. */
  focus: number;
  /** y of the horizon in px. */
  horizon: number;
  /** Overall scale of silhouettes (1 = poster 720 px tall). */
  s: number;
  night: boolean;
  uid: string;
  kind: 'poster' | 'cover' | 'still';
  /** Horizontal offset for people when a landmark already sits at the focus. */
  shift?: number;
}

interface SceneLayers {
  defs: string[];
  sky: string[];
  far: string[];
  water: string[];
  mid: string[];
  fg: string[];
  fx: string[];
}

const newLayers = (): SceneLayers => ({ defs: [], sky: [], far: [], water: [], mid: [], fg: [], fx: [] });

// Silhouette figures in a 100-unit-tall box, feet at (0,0).
const FIG = {
  man: 'M-2.6,-84 L2.6,-84 L2.8,-80 C9,-80 14,-79 16,-77 C18,-70 19.5,-58 20,-46 L16.5,-45 L15,-60 L13.6,-40 L12.6,0 L3.4,0 L1,-36 L-1,-36 L-3.4,0 L-12.6,0 L-13.6,-40 L-15,-60 L-16.5,-45 L-20,-46 C-19.5,-58 -18,-70 -16,-77 C-14,-79 -9,-80 -2.8,-80 Z',
  coat: 'M-2.6,-84 L2.6,-84 L2.8,-80 C9,-80 14,-79 16.5,-77 C19,-66 20,-54 21,-42 L17,-41 L16,-54 L17,-8 L4,-6 L3,0 L-3,0 L-4,-6 L-17,-8 L-16,-54 L-17,-41 L-21,-42 C-20,-54 -19,-66 -16.5,-77 C-14,-79 -9,-80 -2.8,-80 Z',
  woman:
    'M-2.2,-84 L2.2,-84 L2.4,-80 C7,-80 11,-79 12.5,-77 C14.5,-70 15.5,-58 16,-47 L13,-46 L12,-58 L11,-50 C13,-35 18,-14 22,0 L-22,0 C-18,-14 -13,-35 -11,-50 L-12,-58 L-13,-46 L-16,-47 C-15.5,-58 -14.5,-70 -12.5,-77 C-11,-79 -7,-80 -2.4,-80 Z',
  cape: 'M-3,-84 L3,-84 L3.2,-80 C10,-80 15,-79 17,-76 L31,-2 C20,2 -20,2 -31,-2 L-17,-76 C-15,-79 -10,-80 -3.2,-80 Z',
};
const HEAD = (x: number, y: number, k: number, hair: 'short' | 'long' | 'helmet' | 'cap' = 'short'): string => {
  const head = `<ellipse cx="${f1(x)}" cy="${f1(y - 91 * k)}" rx="${f1(6.6 * k)}" ry="${f1(8 * k)}"/>`;
  if (hair === 'long')
    return (
      head +
      `<path d="M${f1(x - 7.5 * k)},${f1(y - 92 * k)} C${f1(x - 9 * k)},${f1(y - 104 * k)} ${f1(x + 9 * k)},${f1(y - 104 * k)} ${f1(x + 7.5 * k)},${f1(y - 92 * k)} L${f1(x + 9.5 * k)},${f1(y - 70 * k)} L${f1(x - 9.5 * k)},${f1(y - 70 * k)} Z"/>`
    );
  if (hair === 'helmet')
    return (
      head +
      `<path d="M${f1(x - 8 * k)},${f1(y - 93 * k)} L${f1(x)},${f1(y - 106 * k)} L${f1(x + 8 * k)},${f1(y - 93 * k)} Z"/>`
    );
  if (hair === 'cap')
    return (
      head +
      `<path d="M${f1(x - 8.5 * k)},${f1(y - 94 * k)} C${f1(x - 8 * k)},${f1(y - 104 * k)} ${f1(x + 8 * k)},${f1(y - 104 * k)} ${f1(x + 8.5 * k)},${f1(y - 94 * k)} Z"/>`
    );
  return head;
};
function figure(
  kind: keyof typeof FIG,
  x: number,
  y: number,
  h: number,
  fill: string,
  opts: { hair?: 'short' | 'long' | 'helmet' | 'cap'; flip?: boolean; extra?: string } = {},
): string {
  const k = h / 100;
  const flip = opts.flip ? -1 : 1;
  return `<g fill="${fill}"><path transform="translate(${f1(x)},${f1(y)}) scale(${(k * flip).toFixed(3)},${k.toFixed(3)})" d="${FIG[kind]}"/>${HEAD(x, y, k, opts.hair ?? (kind === 'woman' ? 'long' : 'short'))}${opts.extra ?? ''}</g>`;
}

function ridge(ctx: SceneCtx, y: number, amp: number, rough: number, seedShift: number): string {
  const { W, H, r } = ctx;
  const n = 10;
  const pts: number[] = [];
  for (let i = 0; i <= n; i++) pts.push(y - amp * (0.35 + 0.65 * r()) * (0.6 + 0.4 * Math.sin(i * 1.7 + seedShift)));
  // Midpoint displacement for a natural skyline.
  let cur = pts;
  const passes = W > 1000 ? 6 : 5;
  for (let pass = 0; pass < passes; pass++) {
    const next: number[] = [];
    for (let i = 0; i < cur.length - 1; i++) {
      next.push(cur[i]!, (cur[i]! + cur[i + 1]!) / 2 + (r() - 0.5) * amp * rough * Math.pow(0.5, pass));
    }
    next.push(cur[cur.length - 1]!);
    cur = next;
  }
  const step = W / (cur.length - 1);
  return `M0,${H} ` + cur.map((v, i) => `L${f1(i * step)},${f1(v)}`).join(' ') + ` L${W},${H} Z`;
}

function skylineShapes(ctx: SceneCtx, baseY: number, scale: number, x0: number, x1: number, lit: boolean): string {
  const { r, p } = ctx;
  const parts: string[] = [];
  const windows: string[] = [];
  let x = x0;
  let mosqueBudget = 3;
  while (x < x1) {
    const roll = r();
    if (roll < 0.3 && mosqueBudget > 0) {
      mosqueBudget--;
      const bw = between(r, 90, 150) * scale;
      const bh = bw * 0.22;
      const cx = x + bw / 2;
      const domeR = bw * 0.3;
      const top = baseY - bh;
      parts.push(`<rect x="${f1(x)}" y="${f1(top)}" width="${f1(bw)}" height="${f1(bh + 2)}"/>`);
      parts.push(
        `<path d="M${f1(cx - domeR)},${f1(top)} A${f1(domeR)},${f1(domeR * 0.92)} 0 0 1 ${f1(cx + domeR)},${f1(top)} Z"/>`,
      );
      parts.push(
        `<rect x="${f1(cx - domeR * 0.55)}" y="${f1(top - domeR * 0.25)}" width="${f1(domeR * 1.1)}" height="${f1(domeR * 0.26)}"/>`,
      );
      parts.push(
        `<rect x="${f1(cx - 0.8 * scale)}" y="${f1(top - domeR * 0.92 - 9 * scale)}" width="${f1(1.6 * scale)}" height="${f1(10 * scale)}"/>`,
      );
      for (const side of [-1, 1]) {
        const hr = domeR * 0.55;
        const hx = cx + side * domeR * 0.95;
        parts.push(
          `<path d="M${f1(hx - hr)},${f1(top)} A${f1(hr)},${f1(hr * 0.9)} 0 0 1 ${f1(hx + hr)},${f1(top)} Z"/>`,
        );
      }
      const minarets = r() < 0.5 ? 2 : 4;
      for (let m = 0; m < minarets; m++) {
        const mx = m < 2 ? (m === 0 ? x + 3 * scale : x + bw - 3 * scale) : m === 2 ? x + bw * 0.2 : x + bw * 0.8;
        const mh = bw * (m < 2 ? between(r, 1.0, 1.25) : 0.8);
        const mw = 4.2 * scale;
        const mt = baseY - mh;
        parts.push(`<rect x="${f1(mx - mw / 2)}" y="${f1(mt)}" width="${f1(mw)}" height="${f1(mh)}"/>`);
        parts.push(
          `<rect x="${f1(mx - mw)}" y="${f1(mt + mh * 0.28)}" width="${f1(mw * 2)}" height="${f1(2 * scale)}"/>`,
        );
        parts.push(
          `<rect x="${f1(mx - mw)}" y="${f1(mt + mh * 0.5)}" width="${f1(mw * 2)}" height="${f1(2 * scale)}"/>`,
        );
        parts.push(
          `<path d="M${f1(mx - mw / 2 - 0.4)},${f1(mt)} L${f1(mx)},${f1(mt - 16 * scale)} L${f1(mx + mw / 2 + 0.4)},${f1(mt)} Z"/>`,
        );
      }
      x += bw + between(r, 6, 20) * scale;
    } else if (roll < 0.36) {
      const tw = 15 * scale;
      const th = between(r, 70, 90) * scale;
      parts.push(`<rect x="${f1(x)}" y="${f1(baseY - th)}" width="${f1(tw)}" height="${f1(th)}"/>`);
      parts.push(
        `<rect x="${f1(x - 2 * scale)}" y="${f1(baseY - th)}" width="${f1(tw + 4 * scale)}" height="${f1(4 * scale)}"/>`,
      );
      parts.push(
        `<path d="M${f1(x - 1 * scale)},${f1(baseY - th)} L${f1(x + tw / 2)},${f1(baseY - th - 22 * scale)} L${f1(x + tw + 1 * scale)},${f1(baseY - th)} Z"/>`,
      );
      if (lit)
        windows.push(
          `<rect x="${f1(x + 2 * scale)}" y="${f1(baseY - th + 8 * scale)}" width="${f1(tw - 4 * scale)}" height="${f1(2.4 * scale)}"/>`,
        );
      x += tw + between(r, 6, 14) * scale;
    } else {
      const bw = between(r, 14, 38) * scale;
      const bh = between(r, 10, 36) * scale;
      parts.push(`<rect x="${f1(x)}" y="${f1(baseY - bh)}" width="${f1(bw)}" height="${f1(bh + 2)}"/>`);
      if (r() < 0.5)
        parts.push(
          `<path d="M${f1(x - 1)},${f1(baseY - bh)} L${f1(x + bw / 2)},${f1(baseY - bh - bw * 0.3)} L${f1(x + bw + 1)},${f1(baseY - bh)} Z"/>`,
        );
      if (lit) {
        const cols = Math.max(1, Math.floor(bw / (6 * scale)));
        const rows = Math.max(1, Math.floor(bh / (7 * scale)));
        for (let i = 0; i < cols; i++)
          for (let j = 0; j < rows; j++)
            if (r() < 0.3)
              windows.push(
                `<rect x="${f1(x + 2 * scale + i * 6 * scale)}" y="${f1(baseY - bh + 3 * scale + j * 7 * scale)}" width="${f1(2.4 * scale)}" height="${f1(3 * scale)}"/>`,
              );
      }
      x += bw + between(r, 0, 6) * scale;
    }
  }
  return parts.join('') + (windows.length ? `<g fill="${p.light}" opacity="0.75">${windows.join('')}</g>` : '');
}

function sunOrMoon(ctx: SceneCtx, L: SceneLayers, cx: number, cy: number, radius: number): void {
  const { p, uid, night } = ctx;
  const glowId = `glow${uid}`;
  L.defs.push(
    `<radialGradient id="${glowId}" cx="50%" cy="50%" r="50%"><stop offset="0%" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="35%" stop-color="${p.light}" stop-opacity="0.18"/><stop offset="100%" stop-color="${p.light}" stop-opacity="0"/></radialGradient>`,
  );
  L.sky.push(`<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(radius * 5)}" fill="url(#${glowId})"/>`);
  if (night) {
    const mid = `moon${uid}`;
    L.defs.push(
      `<mask id="${mid}"><rect x="0" y="0" width="100%" height="100%" fill="#fff"/><circle cx="${f1(cx + radius * 0.42)}" cy="${f1(cy - radius * 0.16)}" r="${f1(radius * 0.86)}" fill="#000"/></mask>`,
    );
    L.sky.push(
      `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(radius)}" fill="${mix(p.light, '#ffffff', 0.4)}" mask="url(#${mid})"/>`,
    );
  } else {
    L.sky.push(
      `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(radius)}" fill="${mix(p.light, '#ffffff', 0.25)}" opacity="0.95"/>`,
    );
  }
}

function stars(ctx: SceneCtx, L: SceneLayers, count: number, maxY: number): void {
  const { r, W } = ctx;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = r() * W;
    const y = Math.pow(r(), 1.4) * maxY;
    out.push(
      `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(between(r, 0.4, 1.5) * Math.max(1, ctx.s))}" opacity="${f1(between(r, 0.3, 0.9))}"/>`,
    );
  }
  L.sky.push(`<g fill="#ffffff">${out.join('')}</g>`);
}

function rays(ctx: SceneCtx, L: SceneLayers, cx: number, cy: number): void {
  const { r, p, H, uid } = ctx;
  const id = `ray${uid}`;
  L.defs.push(
    `<radialGradient id="${id}" cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(H)}" gradientUnits="userSpaceOnUse"><stop offset="0%" stop-color="${p.light}" stop-opacity="0.35"/><stop offset="100%" stop-color="${p.light}" stop-opacity="0"/></radialGradient>`,
  );
  const out: string[] = [];
  const n = int(r, 5, 9);
  for (let i = 0; i < n; i++) {
    const a = between(r, 0, Math.PI * 2);
    const w = between(r, 0.04, 0.12);
    const len = H * 1.4;
    out.push(
      `<path d="M${f1(cx)},${f1(cy)} L${f1(cx + Math.cos(a - w) * len)},${f1(cy + Math.sin(a - w) * len)} L${f1(cx + Math.cos(a + w) * len)},${f1(cy + Math.sin(a + w) * len)} Z"/>`,
    );
  }
  L.sky.push(`<g fill="url(#${id})" style="mix-blend-mode:screen">${out.join('')}</g>`);
}

function bust(x: number, y: number, h: number, fill: string, female: boolean, flip = false): string {
  // Waist-up silhouette, h = head-to-bottom height.
  const k = h / 100;
  const sx = flip ? -1 : 1;
  const body = `M${f1(x - 8 * k * sx)},${f1(y - 64 * k)} L${f1(x + 8 * k * sx)},${f1(y - 64 * k)} L${f1(x + 9 * k * sx)},${f1(y - 56 * k)} C${f1(x + 30 * k * sx)},${f1(y - 52 * k)} ${f1(x + 40 * k * sx)},${f1(y - 40 * k)} ${f1(x + 44 * k * sx)},${f1(y)} L${f1(x - 44 * k * sx)},${f1(y)} C${f1(x - 40 * k * sx)},${f1(y - 40 * k)} ${f1(x - 30 * k * sx)},${f1(y - 52 * k)} ${f1(x - 9 * k * sx)},${f1(y - 56 * k)} Z`;
  const head = `<ellipse cx="${f1(x)}" cy="${f1(y - 80 * k)}" rx="${f1(14 * k)}" ry="${f1(18 * k)}"/><ellipse cx="${f1(x + 12 * k * sx)}" cy="${f1(y - 78 * k)}" rx="${f1(4 * k)}" ry="${f1(7 * k)}"/>`;
  const hair = female
    ? `<path d="M${f1(x - 16 * k)},${f1(y - 84 * k)} C${f1(x - 18 * k)},${f1(y - 106 * k)} ${f1(x + 18 * k)},${f1(y - 106 * k)} ${f1(x + 16 * k)},${f1(y - 84 * k)} L${f1(x + 20 * k)},${f1(y - 46 * k)} L${f1(x - 20 * k)},${f1(y - 46 * k)} Z"/>`
    : `<path d="M${f1(x - 15 * k)},${f1(y - 86 * k)} C${f1(x - 15 * k)},${f1(y - 102 * k)} ${f1(x + 15 * k)},${f1(y - 102 * k)} ${f1(x + 15 * k)},${f1(y - 86 * k)} Z"/>`;
  return `<g fill="${fill}"><path d="${body}"/>${head}${hair}</g>`;
}

/** A head-and-shoulders profile facing right (flip = facing left); y is the bottom edge. */
function profile(x: number, y: number, h: number, fill: string, female: boolean, flip = false): string {
  const k = h / 160;
  const sx = flip ? -k : k;
  const head =
    'M-30,-40 C-30,-62 -40,-84 -38,-104 C-36,-134 -12,-148 8,-144 C26,-140 34,-126 35,-112 L36,-104 L45,-91 L37,-87 L38,-82 L35,-79 L37,-75 L33,-71 C33,-64 29,-60 22,-59 C14,-58 12,-52 12,-42 L14,-40 Z';
  const shoulders = 'M-60,0 C-58,-26 -44,-40 -24,-42 L18,-42 C38,-40 54,-26 58,0 Z';
  const hair = female
    ? 'M-40,-100 C-42,-138 -10,-152 12,-144 C30,-138 36,-124 34,-112 C20,-124 0,-126 -10,-110 C-16,-90 -20,-60 -6,-20 C-30,-16 -52,-30 -48,-62 C-46,-80 -42,-90 -40,-100 Z'
    : 'M-38,-100 C-40,-136 -10,-150 12,-145 C30,-141 37,-128 35,-116 C22,-126 4,-128 -8,-118 C-16,-112 -26,-108 -32,-90 Z';
  return `<g fill="${fill}" transform="translate(${f1(x)},${f1(y)}) scale(${sx.toFixed(3)},${k.toFixed(3)})"><path d="${shoulders}"/><path d="${head}"/><path d="${hair}"/></g>`;
}

function camel(x: number, y: number, h: number, fill: string): string {
  const k = h / 100;
  const t = (dx: number, dy: number): string => `${f1(x + dx * k)},${f1(y + dy * k)}`;
  const legs = [-22, -14, 14, 22]
    .map(
      (dx) => `<rect x="${f1(x + (dx - 2) * k)}" y="${f1(y - 50 * k)}" width="${f1(4 * k)}" height="${f1(50 * k)}"/>`,
    )
    .join('');
  return `<g fill="${fill}"><ellipse cx="${f1(x)}" cy="${f1(y - 55 * k)}" rx="${f1(30 * k)}" ry="${f1(13 * k)}"/><ellipse cx="${f1(x - 4 * k)}" cy="${f1(y - 64 * k)}" rx="${f1(15 * k)}" ry="${f1(14 * k)}"/><path d="M${t(22, -60)} C${t(34, -62)} ${t(34, -74)} ${t(38, -84)} L${t(46, -86)} L${t(50, -80)} L${t(42, -78)} C${t(40, -66)} ${t(38, -54)} ${t(26, -48)} Z"/>${legs}</g>`;
}

function drawMotif(m: Motif, ctx: SceneCtx, L: SceneLayers): void {
  const { W, H, r, p, s, horizon: hz, focus } = ctx;
  const fx = focus * W;
  // People stand beside a landmark rather than in front of it.
  const hx = fx + (ctx.shift ?? 0);
  const ink = p.ink;
  const haze = mix(p.sky[2], ink, 0.55);
  const haze2 = mix(p.sky[2], ink, 0.78);
  switch (m) {
    case 'skyline': {
      L.far.push(`<g fill="${haze}">${skylineShapes(ctx, hz + 2, 0.75 * s, -20, W + 20, false)}</g>`);
      L.mid.push(
        `<g fill="${haze2}">${skylineShapes(ctx, hz + 4, 1.05 * s, fx - 260 * s, fx + 280 * s, ctx.night)}</g>`,
      );
      break;
    }
    case 'water': {
      const id = `water${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.sky[2], ink, 0.45)}"/><stop offset="0.5" stop-color="${mix(p.sky[1], ink, 0.7)}"/><stop offset="1" stop-color="${ink}"/></linearGradient>`,
      );
      L.water.push(`<rect x="0" y="${f1(hz)}" width="${W}" height="${f1(H - hz)}" fill="url(#${id})"/>`);
      const lines: string[] = [];
      for (let i = 0; i < 70; i++) {
        const y = hz + Math.pow(r(), 1.6) * (H - hz) * 0.75 + 2;
        const spread = 30 + (y - hz) * 0.9;
        const x = fx + (r() - 0.5) * spread * 2;
        const w = between(r, 6, 40) * s * (0.4 + (y - hz) / (H - hz));
        lines.push(
          `<rect x="${f1(x - w / 2)}" y="${f1(y)}" width="${f1(w)}" height="${f1(Math.max(1, 1.3 * s))}" opacity="${f1(between(r, 0.15, 0.6))}"/>`,
        );
      }
      L.water.push(`<g fill="${p.light}">${lines.join('')}</g>`);
      break;
    }
    case 'ferry': {
      const x = fx + between(r, -160, 40) * s;
      const y = hz + 18 * s;
      const k = 1.4 * s;
      L.mid.push(
        `<g fill="${ink}"><path d="M${f1(x - 60 * k)},${f1(y)} L${f1(x + 62 * k)},${f1(y)} L${f1(x + 55 * k)},${f1(y + 10 * k)} L${f1(x - 56 * k)},${f1(y + 10 * k)} Z"/><rect x="${f1(x - 44 * k)}" y="${f1(y - 9 * k)}" width="${f1(86 * k)}" height="${f1(9 * k)}"/><rect x="${f1(x - 30 * k)}" y="${f1(y - 16 * k)}" width="${f1(56 * k)}" height="${f1(7 * k)}"/><rect x="${f1(x - 4 * k)}" y="${f1(y - 28 * k)}" width="${f1(8 * k)}" height="${f1(12 * k)}"/></g><g fill="${p.light}" opacity="0.8">${Array.from({ length: 12 }, (_, i) => `<rect x="${f1(x - 40 * k + i * 7 * k)}" y="${f1(y - 6 * k)}" width="${f1(3.2 * k)}" height="${f1(2.6 * k)}"/>`).join('')}</g>`,
      );
      break;
    }
    case 'yali': {
      const x = fx - 70 * s;
      const y = hz + 6 * s;
      const k = 1.5 * s;
      const win: string[] = [];
      for (let i = 0; i < 7; i++)
        for (let j = 0; j < 2; j++)
          win.push(
            `<rect x="${f1(x + 6 * k + i * 12 * k)}" y="${f1(y - 34 * k + j * 15 * k)}" width="${f1(5 * k)}" height="${f1(8 * k)}" opacity="${f1(r() < 0.6 ? 0.85 : 0.2)}"/>`,
          );
      L.mid.push(
        `<g fill="${ink}"><rect x="${f1(x)}" y="${f1(y - 40 * k)}" width="${f1(92 * k)}" height="${f1(40 * k)}"/><path d="M${f1(x - 6 * k)},${f1(y - 40 * k)} L${f1(x + 46 * k)},${f1(y - 56 * k)} L${f1(x + 98 * k)},${f1(y - 40 * k)} Z"/><rect x="${f1(x - 8 * k)}" y="${f1(y - 1)}" width="${f1(108 * k)}" height="${f1(4 * k)}"/></g><g fill="${p.light}">${win.join('')}</g><g fill="${p.light}" opacity="0.18">${win.map((w) => w.replace(/y="([\d.]+)"/, (_, v) => `y="${f1(2 * y - Number(v) + 6 * k)}"`)).join('')}</g>`,
      );
      break;
    }
    case 'ship': {
      const x = fx + between(r, -120, 60) * s;
      const y = hz + 10 * s;
      const k = 1.6 * s;
      const sail = (mx: number, top: number, w: number, h: number): string =>
        `<path d="M${f1(mx - w / 2)},${f1(top)} Q${f1(mx)},${f1(top - 3 * k)} ${f1(mx + w / 2)},${f1(top)} Q${f1(mx + w / 2 + 4 * k)},${f1(top + h / 2)} ${f1(mx + w / 2)},${f1(top + h)} Q${f1(mx)},${f1(top + h - 3 * k)} ${f1(mx - w / 2)},${f1(top + h)} Q${f1(mx - w / 2 + 4 * k)},${f1(top + h / 2)} ${f1(mx - w / 2)},${f1(top)} Z"/>`;
      L.mid.push(
        `<g fill="${ink}"><path d="M${f1(x - 48 * k)},${f1(y - 12 * k)} L${f1(x + 52 * k)},${f1(y - 12 * k)} L${f1(x + 60 * k)},${f1(y - 20 * k)} L${f1(x + 40 * k)},${f1(y)} L${f1(x - 38 * k)},${f1(y)} L${f1(x - 56 * k)},${f1(y - 22 * k)} Z"/>` +
          [-20, 8, 34]
            .map(
              (dx, i) =>
                `<rect x="${f1(x + dx * k - 0.8 * k)}" y="${f1(y - (70 - i * 6) * k)}" width="${f1(1.6 * k)}" height="${f1((60 - i * 6) * k)}"/>`,
            )
            .join('') +
          [-20, 8, 34]
            .map(
              (dx, i) =>
                sail(x + dx * k, y - (64 - i * 6) * k, (26 - i * 3) * k, 18 * k) +
                sail(x + dx * k, y - (42 - i * 4) * k, (30 - i * 3) * k, 18 * k),
            )
            .join('') +
          `<path d="M${f1(x - 56 * k)},${f1(y - 22 * k)} L${f1(x - 80 * k)},${f1(y - 34 * k)} L${f1(x - 79 * k)},${f1(y - 32 * k)} Z"/><path d="M${f1(x + 8 * k)},${f1(y - 72 * k)} l${f1(10 * k)},${f1(3 * k)} l${f1(-10 * k)},${f1(3 * k)} Z" fill="${p.accent}"/></g>`,
      );
      break;
    }
    case 'lighthouse': {
      const x = fx + 40 * s;
      const base = hz + 30 * s;
      const k = 1.9 * s;
      const id = `beam${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>`,
      );
      const top = base - 120 * k;
      L.mid.push(
        `<path d="M${f1(x)},${f1(top + 6 * k)} L${f1(-W * 0.2)},${f1(top - 80 * k)} L${f1(-W * 0.2)},${f1(top + 60 * k)} Z" fill="url(#${id})"/><g fill="${ink}"><path d="M${f1(x - 60 * k)},${f1(base + 40 * k)} Q${f1(x - 40 * k)},${f1(base - 6 * k)} ${f1(x)},${f1(base - 8 * k)} Q${f1(x + 50 * k)},${f1(base - 6 * k)} ${f1(x + 90 * k)},${f1(base + 40 * k)} Z"/><path d="M${f1(x - 12 * k)},${f1(base)} L${f1(x - 8 * k)},${f1(top + 14 * k)} L${f1(x + 8 * k)},${f1(top + 14 * k)} L${f1(x + 12 * k)},${f1(base)} Z"/><rect x="${f1(x - 11 * k)}" y="${f1(top + 10 * k)}" width="${f1(22 * k)}" height="${f1(4 * k)}"/><path d="M${f1(x - 8 * k)},${f1(top)} L${f1(x)},${f1(top - 10 * k)} L${f1(x + 8 * k)},${f1(top)} Z"/></g><rect x="${f1(x - 6 * k)}" y="${f1(top)}" width="${f1(12 * k)}" height="${f1(10 * k)}" fill="${mix(p.light, '#fff', 0.5)}"/>`,
      );
      break;
    }
    case 'balloons': {
      const cols = [
        p.accent,
        hueShift(p.accent, 40),
        hueShift(p.accent, -50),
        mix(p.light, p.accent, 0.5),
        hueShift(p.accent, 160),
      ];
      const out: string[] = [];
      const n = ctx.kind === 'still' ? 4 : 7;
      for (let i = 0; i < n; i++) {
        const k = between(r, 0.35, 1.25) * s * (i === 0 ? 1.6 : 1);
        const x = i === 0 ? fx + 30 * s : between(r, 0.05, 0.95) * W;
        const y = i === 0 ? hz - 230 * s : between(r, 0.08, 0.55) * hz;
        const c = pick(r, cols);
        out.push(
          `<g opacity="${f1(0.55 + 0.45 * Math.min(1, k / s))}"><path d="M${f1(x)},${f1(y - 40 * k)} C${f1(x + 24 * k)},${f1(y - 40 * k)} ${f1(x + 27 * k)},${f1(y - 10 * k)} ${f1(x + 8 * k)},${f1(y + 6 * k)} L${f1(x + 5 * k)},${f1(y + 12 * k)} L${f1(x - 5 * k)},${f1(y + 12 * k)} L${f1(x - 8 * k)},${f1(y + 6 * k)} C${f1(x - 27 * k)},${f1(y - 10 * k)} ${f1(x - 24 * k)},${f1(y - 40 * k)} ${f1(x)},${f1(y - 40 * k)} Z" fill="${c}"/><path d="M${f1(x)},${f1(y - 40 * k)} C${f1(x + 9 * k)},${f1(y - 30 * k)} ${f1(x + 8 * k)},${f1(y - 4 * k)} ${f1(x + 3 * k)},${f1(y + 12 * k)} L${f1(x - 3 * k)},${f1(y + 12 * k)} C${f1(x - 8 * k)},${f1(y - 4 * k)} ${f1(x - 9 * k)},${f1(y - 30 * k)} ${f1(x)},${f1(y - 40 * k)} Z" fill="#ffffff" opacity="0.22"/><rect x="${f1(x - 3.5 * k)}" y="${f1(y + 16 * k)}" width="${f1(7 * k)}" height="${f1(5 * k)}" fill="${ink}"/></g>`,
        );
      }
      L.mid.push(out.join(''));
      break;
    }
    case 'chimneys': {
      const out: string[] = [];
      for (let layer = 0; layer < 2; layer++) {
        const col = layer === 0 ? haze : mix(haze2, ink, 0.4);
        const base = hz + (layer === 0 ? 0 : 40 * s);
        for (let x = -20; x < W + 20;) {
          const h = between(r, 40, 120) * s * (layer === 0 ? 0.8 : 1.2);
          const w = h * between(r, 0.28, 0.42);
          out.push(
            `<path fill="${col}" d="M${f1(x - w / 2)},${f1(base + 4)} L${f1(x - w * 0.22)},${f1(base - h)} Q${f1(x)},${f1(base - h - w * 0.2)} ${f1(x + w * 0.22)},${f1(base - h)} L${f1(x + w / 2)},${f1(base + 4)} Z"/><ellipse cx="${f1(x)}" cy="${f1(base - h)}" rx="${f1(w * 0.34)}" ry="${f1(w * 0.16)}" fill="${mix(col, ink, 0.4)}"/>`,
          );
          x += w * between(r, 0.7, 1.3);
        }
        out.push(`<rect x="0" y="${f1(base)}" width="${W}" height="${f1(H - base)}" fill="${col}"/>`);
      }
      L.far.push(out.join(''));
      break;
    }
    case 'train': {
      const y = hz + 30 * s;
      const k = 1.3 * s;
      const out: string[] = [`<rect x="0" y="${f1(y + 8 * k)}" width="${W}" height="${f1(3 * k)}" fill="${ink}"/>`];
      const wins: string[] = [];
      let x = fx - 320 * s;
      for (let c = 0; c < 6; c++) {
        const w = 64 * k;
        out.push(
          `<rect x="${f1(x)}" y="${f1(y - 18 * k)}" width="${f1(w)}" height="${f1(24 * k)}" rx="${f1(3 * k)}" fill="${ink}"/>`,
        );
        for (let i = 0; i < 6; i++)
          wins.push(
            `<rect x="${f1(x + 5 * k + i * 9.6 * k)}" y="${f1(y - 13 * k)}" width="${f1(6 * k)}" height="${f1(6 * k)}"/>`,
          );
        x += w + 3 * k;
      }
      out.push(
        `<path d="M${f1(x)},${f1(y - 18 * k)} L${f1(x + 40 * k)},${f1(y - 18 * k)} Q${f1(x + 62 * k)},${f1(y - 10 * k)} ${f1(x + 60 * k)},${f1(y + 6 * k)} L${f1(x)},${f1(y + 6 * k)} Z" fill="${ink}"/>`,
      );
      L.mid.push(
        out.join('') +
          `<g fill="${p.light}" opacity="0.9">${wins.join('')}</g><circle cx="${f1(x + 56 * k)}" cy="${f1(y - 2 * k)}" r="${f1(16 * k)}" fill="${p.light}" opacity="0.25"/>`,
      );
      break;
    }
    case 'space': {
      const px = fx + 40 * s;
      const py = hz * 0.45;
      const pr = 110 * s;
      const id = `planet${ctx.uid}`;
      L.defs.push(
        `<radialGradient id="${id}" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="${mix(p.accent, '#fff', 0.45)}"/><stop offset="0.6" stop-color="${p.accent}"/><stop offset="1" stop-color="${mix(p.accent, ink, 0.8)}"/></radialGradient>`,
      );
      stars(ctx, L, 90, hz);
      L.mid.push(
        `<ellipse cx="${f1(px)}" cy="${f1(py)}" rx="${f1(pr * 1.9)}" ry="${f1(pr * 0.38)}" fill="none" stroke="${p.light}" stroke-opacity="0.55" stroke-width="${f1(6 * s)}" transform="rotate(-14 ${f1(px)} ${f1(py)})"/><circle cx="${f1(px)}" cy="${f1(py)}" r="${f1(pr)}" fill="url(#${id})"/><path d="M${f1(px - pr * 1.9)},${f1(py)} A${f1(pr * 1.9)},${f1(pr * 0.38)} 0 0 0 ${f1(px + pr * 1.9)},${f1(py)}" fill="none" stroke="${p.light}" stroke-opacity="0.8" stroke-width="${f1(6 * s)}" transform="rotate(-14 ${f1(px)} ${f1(py)})"/>` +
          `<g transform="translate(${f1(fx - 150 * s)},${f1(hz * 0.8)}) rotate(-8)"><ellipse rx="${f1(60 * s)}" ry="${f1(13 * s)}" fill="${mix(p.light, ink, 0.35)}"/><path d="M${f1(-26 * s)},${f1(-6 * s)} Q0,${f1(-40 * s)} ${f1(26 * s)},${f1(-6 * s)} Z" fill="${mix(p.light, '#fff', 0.4)}" opacity="0.85"/><path d="M${f1(-20 * s)},${f1(10 * s)} L${f1(-70 * s)},${f1(160 * s)} L${f1(70 * s)},${f1(160 * s)} L${f1(20 * s)},${f1(10 * s)} Z" fill="${p.light}" opacity="0.16"/></g>`,
      );
      L.far.push(`<path d="${ridge(ctx, hz + 10 * s, 30 * s, 0.8, 2)}" fill="${mix(p.sky[2], ink, 0.75)}"/>`);
      break;
    }
    case 'snow': {
      const out: string[] = [];
      const n = ctx.kind === 'cover' ? 260 : ctx.kind === 'still' ? 60 : 140;
      for (let i = 0; i < n; i++)
        out.push(
          `<circle cx="${f1(r() * W)}" cy="${f1(r() * H)}" r="${f1(between(r, 0.6, 2.6) * s)}" opacity="${f1(between(r, 0.25, 0.9))}"/>`,
        );
      L.fx.push(`<g fill="#ffffff">${out.join('')}</g>`);
      break;
    }
    case 'mountains': {
      L.far.push(
        `<path d="${ridge(ctx, hz - 120 * s, 150 * s, 0.9, 0.3)}" fill="${mix(p.sky[2], p.sky[1], 0.45)}" opacity="0.9"/>`,
      );
      L.far.push(`<path d="${ridge(ctx, hz - 40 * s, 110 * s, 0.8, 1.4)}" fill="${haze}"/>`);
      L.far.push(`<path d="${ridge(ctx, hz + 10 * s, 60 * s, 0.6, 2.8)}" fill="${haze2}"/>`);
      break;
    }
    case 'hills': {
      L.far.push(`<path d="${ridge(ctx, hz - 30 * s, 60 * s, 0.5, 0.8)}" fill="${haze}"/>`);
      L.far.push(`<path d="${ridge(ctx, hz + 14 * s, 34 * s, 0.4, 2.1)}" fill="${haze2}"/>`);
      break;
    }
    case 'fields': {
      const out: string[] = [];
      for (let i = 0; i < 16; i++) {
        const x = (i / 15) * W * 1.6 - W * 0.3;
        out.push(
          `<path d="M${f1(fx)},${f1(hz + 12 * s)} L${f1(x)},${H}" stroke="${mix(p.light, ink, 0.3)}" stroke-opacity="0.28" stroke-width="${f1(2 * s)}"/>`,
        );
      }
      const dots: string[] = [];
      for (let i = 0; i < 140; i++) {
        const y = hz + 20 * s + Math.pow(r(), 1.3) * (H - hz);
        dots.push(
          `<circle cx="${f1(r() * W)}" cy="${f1(y)}" r="${f1((1 + ((y - hz) / (H - hz)) * 4) * s)}" opacity="${f1(between(r, 0.3, 0.8))}"/>`,
        );
      }
      L.water.push(
        `<rect x="0" y="${f1(hz + 12 * s)}" width="${W}" height="${f1(H)}" fill="${mix(haze2, ink, 0.3)}"/>` +
          out.join('') +
          `<g fill="#fff6e6">${dots.join('')}</g>`,
      );
      break;
    }
    case 'palace': {
      // Foreground Ottoman arch frame with a tile pattern.
      const id = `tile${ctx.uid}`;
      const t = 36 * s;
      L.defs.push(
        `<pattern id="${id}" width="${f1(t)}" height="${f1(t)}" patternUnits="userSpaceOnUse"><rect width="${f1(t)}" height="${f1(t)}" fill="${mix(ink, p.sky[1], 0.18)}"/><g fill="none" stroke="${p.accent}" stroke-opacity="0.35" stroke-width="${f1(1.2 * s)}"><rect x="${f1(t * 0.25)}" y="${f1(t * 0.25)}" width="${f1(t * 0.5)}" height="${f1(t * 0.5)}"/><rect x="${f1(t * 0.25)}" y="${f1(t * 0.25)}" width="${f1(t * 0.5)}" height="${f1(t * 0.5)}" transform="rotate(45 ${f1(t / 2)} ${f1(t / 2)})"/></g></pattern>`,
      );
      const aw = Math.min(W * 0.74, 520 * s);
      const ax = fx - aw / 2;
      const spring = H * (ctx.kind === 'cover' ? 0.3 : 0.34);
      const apex = H * 0.06;
      const arch = `M${f1(ax)},${H} L${f1(ax)},${f1(spring)} C${f1(ax)},${f1(spring - (spring - apex) * 0.55)} ${f1(ax + aw * 0.3)},${f1(apex + (spring - apex) * 0.25)} ${f1(ax + aw / 2)},${f1(apex)} C${f1(ax + aw * 0.7)},${f1(apex + (spring - apex) * 0.25)} ${f1(ax + aw)},${f1(spring - (spring - apex) * 0.55)} ${f1(ax + aw)},${f1(spring)} L${f1(ax + aw)},${H} Z`;
      L.fg.push(
        `<path fill-rule="evenodd" d="M0,0 L${W},0 L${W},${H} L0,${H} Z ${arch}" fill="url(#${id})"/><path d="${arch}" fill="none" stroke="${p.accent}" stroke-opacity="0.85" stroke-width="${f1(3 * s)}"/><path d="${arch}" fill="none" stroke="${p.accent}" stroke-opacity="0.35" stroke-width="${f1(1.2 * s)}" transform="translate(${f1(fx)},${f1(H)}) scale(1.04) translate(${f1(-fx)},${f1(-H)})"/>`,
      );
      break;
    }
    case 'warriors': {
      const n = ctx.kind === 'still' ? 3 : 5;
      const out: string[] = [];
      const baseY = hz + 70 * s;
      for (let i = 0; i < n; i++) {
        const lead = i === Math.floor(n / 2);
        const h = (lead ? 190 : between(r, 120, 150)) * s;
        const x = fx + (i - Math.floor(n / 2)) * 70 * s + between(r, -12, 12) * s;
        const y = baseY + (lead ? 16 : between(r, -10, 6)) * s;
        const spearX = x + (i % 2 ? -1 : 1) * 17 * (h / 100);
        const extra =
          `<rect x="${f1(spearX - 1.1 * s)}" y="${f1(y - h * 1.3)}" width="${f1(2.2 * s)}" height="${f1(h * 1.28)}"/><path d="M${f1(spearX - 4 * s)},${f1(y - h * 1.3)} L${f1(spearX)},${f1(y - h * 1.42)} L${f1(spearX + 4 * s)},${f1(y - h * 1.3)} Z"/>` +
          (i % 2 === 0
            ? `<path d="M${f1(spearX + 1)},${f1(y - h * 1.26)} q${f1(24 * s)},${f1(6 * s)} ${f1(46 * s)},${f1(-2 * s)} l${f1(-6 * s)},${f1(16 * s)} l${f1(6 * s)},${f1(14 * s)} q${f1(-24 * s)},${f1(6 * s)} ${f1(-46 * s)},${f1(2 * s)} Z" fill="${p.accent}" opacity="0.9"/>`
            : '');
        out.push(figure(lead ? 'cape' : 'coat', x, y, h, ink, { hair: lead ? 'cap' : 'helmet', extra }));
      }
      L.fg.push(out.join(''));
      L.fg.push(`<path d="${ridge(ctx, baseY + 10 * s, 14 * s, 0.3, 4)}" fill="${ink}"/>`);
      break;
    }
    case 'soldiers': {
      const out: string[] = [];
      const baseY = hz + 80 * s;
      const n = ctx.kind === 'still' ? 2 : 3;
      for (let i = 0; i < n; i++) {
        const h = between(r, 150, 175) * s;
        const x = fx + (i - 1) * 80 * s;
        const extra = `<rect x="${f1(x + 14 * (h / 100))}" y="${f1(baseY - h * 0.95)}" width="${f1(2.4 * s)}" height="${f1(h * 0.7)}" transform="rotate(-12 ${f1(x)} ${f1(baseY - h * 0.5)})"/>`;
        out.push(figure('coat', x, baseY, h, ink, { hair: 'cap', extra }));
      }
      L.fg.push(out.join('') + `<path d="${ridge(ctx, baseY + 4 * s, 12 * s, 0.3, 5)}" fill="${ink}"/>`);
      break;
    }
    case 'scales': {
      const cx = fx;
      const top = hz - 300 * s;
      const k = 1.25 * s;
      const g = `stroke="${p.accent}" stroke-width="${f1(3.2 * k)}" fill="none" stroke-linecap="round"`;
      const pan = (x: number, y: number): string =>
        `<path d="M${f1(x)},${f1(y)} L${f1(x - 34 * k)},${f1(y + 90 * k)} M${f1(x)},${f1(y)} L${f1(x + 34 * k)},${f1(y + 90 * k)}" ${g} stroke-width="${f1(1.4 * k)}"/><path d="M${f1(x - 42 * k)},${f1(y + 90 * k)} Q${f1(x)},${f1(y + 124 * k)} ${f1(x + 42 * k)},${f1(y + 90 * k)} Z" fill="${p.accent}"/>`;
      L.mid.push(
        `<g opacity="0.92"><path d="M${f1(cx)},${f1(top)} L${f1(cx)},${f1(top + 250 * k)}" ${g}/><path d="M${f1(cx - 110 * k)},${f1(top + 22 * k)} L${f1(cx + 110 * k)},${f1(top - 8 * k)}" ${g}/><circle cx="${f1(cx)}" cy="${f1(top - 8 * k)}" r="${f1(8 * k)}" fill="${p.accent}"/><path d="M${f1(cx - 50 * k)},${f1(top + 262 * k)} L${f1(cx + 50 * k)},${f1(top + 262 * k)} L${f1(cx + 30 * k)},${f1(top + 246 * k)} L${f1(cx - 30 * k)},${f1(top + 246 * k)} Z" fill="${p.accent}"/>${pan(cx - 110 * k, top + 22 * k)}${pan(cx + 110 * k, top - 8 * k)}</g>`,
      );
      break;
    }
    case 'city': {
      const out: string[] = [];
      const wins: string[] = [];
      for (let layer = 0; layer < 2; layer++) {
        const col = layer === 0 ? haze : mix(haze2, ink, 0.5);
        const base = hz + (layer ? 30 : 0) * s;
        for (let x = -10; x < W + 10;) {
          const w = between(r, 24, 70) * s;
          const h = between(r, 50, layer ? 260 : 180) * s * (1 - 0.4 * Math.abs(x / W - ctx.focus));
          out.push(
            `<rect x="${f1(x)}" y="${f1(base - h)}" width="${f1(w)}" height="${f1(h + 400 * s)}" fill="${col}"/>`,
          );
          if (layer === 1 || r() < 0.5)
            for (let wy = base - h + 8 * s; wy < base - 6 * s; wy += 11 * s)
              for (let wx = x + 5 * s; wx < x + w - 6 * s; wx += 9 * s)
                if (r() < 0.18)
                  wins.push(`<rect x="${f1(wx)}" y="${f1(wy)}" width="${f1(3.4 * s)}" height="${f1(4.6 * s)}"/>`);
          x += w + between(r, 0, 8) * s;
        }
      }
      L.far.push(out.join('') + `<g fill="${p.light}" opacity="0.7">${wins.join('')}</g>`);
      // Neon accent line and street lamps.
      L.mid.push(
        `<rect x="${f1(fx - 180 * s)}" y="${f1(hz - 110 * s)}" width="${f1(120 * s)}" height="${f1(3 * s)}" fill="${p.accent}" opacity="0.9"/><rect x="${f1(fx - 185 * s)}" y="${f1(hz - 116 * s)}" width="${f1(130 * s)}" height="${f1(15 * s)}" fill="${p.accent}" opacity="0.18"/>`,
      );
      break;
    }
    case 'rain': {
      const out: string[] = [];
      const n = ctx.kind === 'cover' ? 320 : ctx.kind === 'still' ? 70 : 170;
      for (let i = 0; i < n; i++) {
        const x = r() * W;
        const y = r() * H;
        const l = between(r, 10, 34) * s;
        out.push(`<path d="M${f1(x)},${f1(y)} l${f1(-l * 0.22)},${f1(l)}"/>`);
      }
      L.fx.push(
        `<g stroke="${mix(p.light, '#ffffff', 0.5)}" stroke-opacity="0.22" stroke-width="${f1(Math.max(0.8, 1.1 * s))}">${out.join('')}</g>`,
      );
      break;
    }
    case 'bars': {
      const out: string[] = [];
      const gap = 46 * s;
      for (let x = fx - 200 * s; x < fx + 220 * s; x += gap)
        out.push(
          `<rect x="${f1(x)}" y="${f1(hz - 330 * s)}" width="${f1(9 * s)}" height="${f1(300 * s)}" rx="${f1(3 * s)}"/>`,
        );
      out.push(
        `<rect x="${f1(fx - 210 * s)}" y="${f1(hz - 340 * s)}" width="${f1(440 * s)}" height="${f1(12 * s)}"/><rect x="${f1(fx - 210 * s)}" y="${f1(hz - 200 * s)}" width="${f1(440 * s)}" height="${f1(8 * s)}"/>`,
      );
      L.mid.push(
        `<rect x="${f1(fx - 200 * s)}" y="${f1(hz - 330 * s)}" width="${f1(410 * s)}" height="${f1(300 * s)}" fill="${p.light}" opacity="0.5"/><g fill="${ink}">${out.join('')}</g>`,
      );
      break;
    }
    case 'child': {
      const y = hz + 90 * s;
      L.fg.push(
        figure('man', ctx.focus * W - 40 * s, y, 180 * s, ink, { extra: '' }) +
          figure('woman', ctx.focus * W + 30 * s, y, 95 * s, ink, { hair: 'long' }) +
          `<path d="M${f1(fx - 22 * s)},${f1(y - 80 * s)} Q${f1(fx - 5 * s)},${f1(y - 66 * s)} ${f1(fx + 16 * s)},${f1(y - 50 * s)}" stroke="${ink}" stroke-width="${f1(5 * s)}" fill="none"/>` +
          `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H - y)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'mic': {
      const x = fx;
      const top = hz - 280 * s;
      const k = 1.5 * s;
      const id = `spot${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>`,
      );
      const grille = Array.from(
        { length: 7 },
        (_, i) =>
          `<rect x="${f1(x - 17 * k)}" y="${f1(top + 10 * k + i * 7 * k)}" width="${f1(34 * k)}" height="${f1(2 * k)}" fill="${mix(ink, p.light, 0.35)}"/>`,
      ).join('');
      L.mid.push(
        `<path d="M${f1(x - 30 * s)},0 L${f1(x + 30 * s)},0 L${f1(x + 240 * s)},${H} L${f1(x - 240 * s)},${H} Z" fill="url(#${id})"/><g fill="${ink}"><rect x="${f1(x - 20 * k)}" y="${f1(top)}" width="${f1(40 * k)}" height="${f1(64 * k)}" rx="${f1(20 * k)}"/><rect x="${f1(x - 3 * k)}" y="${f1(top + 64 * k)}" width="${f1(6 * k)}" height="${f1(H)}"/><path d="M${f1(x - 26 * k)},${f1(top + 34 * k)} Q${f1(x - 26 * k)},${f1(top + 80 * k)} ${f1(x)},${f1(top + 80 * k)} Q${f1(x + 26 * k)},${f1(top + 80 * k)} ${f1(x + 26 * k)},${f1(top + 34 * k)}" fill="none" stroke="${ink}" stroke-width="${f1(4 * k)}"/></g>${grille}<rect x="${f1(x - 14 * k)}" y="${f1(top + 4 * k)}" width="${f1(6 * k)}" height="${f1(50 * k)}" rx="${f1(3 * k)}" fill="#fff" opacity="0.25"/>`,
      );
      break;
    }
    case 'tea': {
      const x = fx + 10 * s;
      const y = hz + 20 * s;
      const k = 2.3 * s;
      const id = `tea${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d2461e"/><stop offset="1" stop-color="#6e1508"/></linearGradient>`,
      );
      const glass = `M${f1(x - 22 * k)},${f1(y - 90 * k)} C${f1(x - 22 * k)},${f1(y - 62 * k)} ${f1(x - 9 * k)},${f1(y - 56 * k)} ${f1(x - 10 * k)},${f1(y - 42 * k)} C${f1(x - 11 * k)},${f1(y - 26 * k)} ${f1(x - 20 * k)},${f1(y - 14 * k)} ${f1(x - 18 * k)},${f1(y)} L${f1(x + 18 * k)},${f1(y)} C${f1(x + 20 * k)},${f1(y - 14 * k)} ${f1(x + 11 * k)},${f1(y - 26 * k)} ${f1(x + 10 * k)},${f1(y - 42 * k)} C${f1(x + 9 * k)},${f1(y - 56 * k)} ${f1(x + 22 * k)},${f1(y - 62 * k)} ${f1(x + 22 * k)},${f1(y - 90 * k)} Z`;
      const steam = [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${f1(x - 10 * k + i * 10 * k)},${f1(y - 96 * k)} c${f1(-8 * k)},${f1(-14 * k)} ${f1(8 * k)},${f1(-22 * k)} 0,${f1(-36 * k)} c${f1(-8 * k)},${f1(-14 * k)} ${f1(8 * k)},${f1(-20 * k)} 0,${f1(-30 * k)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f1(2 * k)}" stroke-linecap="round"/>`,
        )
        .join('');
      L.fg.push(
        `<ellipse cx="${f1(x)}" cy="${f1(y + 4 * k)}" rx="${f1(46 * k)}" ry="${f1(9 * k)}" fill="${mix(p.accent, ink, 0.3)}"/><ellipse cx="${f1(x)}" cy="${f1(y + 1 * k)}" rx="${f1(38 * k)}" ry="${f1(6 * k)}" fill="${mix(p.accent, '#fff', 0.25)}"/><path d="${glass}" fill="url(#${id})" opacity="0.92"/><path d="${glass}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${f1(1.5 * k)}"/><rect x="${f1(x - 23 * k)}" y="${f1(y - 93 * k)}" width="${f1(46 * k)}" height="${f1(8 * k)}" rx="${f1(2 * k)}" fill="#ffffff" opacity="0.25"/><path d="M${f1(x - 14 * k)},${f1(y - 80 * k)} C${f1(x - 14 * k)},${f1(y - 62 * k)} ${f1(x - 5 * k)},${f1(y - 56 * k)} ${f1(x - 6 * k)},${f1(y - 44 * k)}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="${f1(2.2 * k)}"/>${steam}`,
      );
      break;
    }
    case 'couple': {
      const y = hz + 70 * s;
      const h = 200 * s;
      L.fg.push(
        figure('coat', hx - 26 * s, y, h, ink) +
          figure('woman', hx + 22 * s, y, h * 0.93, ink, { hair: 'long' }) +
          `<path d="${ridge(ctx, y + 2 * s, 10 * s, 0.3, 6)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'family': {
      const y = hz + 70 * s;
      L.fg.push(
        figure('coat', hx - 60 * s, y, 190 * s, ink) +
          figure('woman', hx - 8 * s, y, 175 * s, ink, { hair: 'long' }) +
          figure('man', hx + 44 * s, y, 110 * s, ink) +
          `<path d="${ridge(ctx, y + 2 * s, 10 * s, 0.3, 7)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'figure': {
      const y = hz + 80 * s;
      const female = r() < 0.4;
      L.fg.push(
        (female ? figure('woman', hx, y, 200 * s, ink, { hair: 'long' }) : figure('coat', hx, y, 215 * s, ink)) +
          `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 8)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'haunted': {
      const x = fx - 110 * s;
      const y = hz + 30 * s;
      const k = 1.7 * s;
      const win: string[] = [];
      for (let i = 0; i < 5; i++)
        for (let j = 0; j < 2; j++)
          if (i === 3 && j === 0)
            win.push(
              `<rect x="${f1(x + 14 * k + i * 22 * k)}" y="${f1(y - 70 * k + j * 30 * k)}" width="${f1(9 * k)}" height="${f1(14 * k)}" fill="${p.light}"/><rect x="${f1(x + 4 * k + i * 22 * k)}" y="${f1(y - 80 * k + j * 30 * k)}" width="${f1(29 * k)}" height="${f1(34 * k)}" fill="${p.light}" opacity="0.12"/>`,
            );
      L.mid.push(
        `<g fill="${ink}"><rect x="${f1(x)}" y="${f1(y - 84 * k)}" width="${f1(130 * k)}" height="${f1(84 * k)}"/><path d="M${f1(x - 10 * k)},${f1(y - 84 * k)} L${f1(x + 20 * k)},${f1(y - 118 * k)} L${f1(x + 110 * k)},${f1(y - 118 * k)} L${f1(x + 140 * k)},${f1(y - 84 * k)} Z"/><rect x="${f1(x + 92 * k)}" y="${f1(y - 138 * k)}" width="${f1(10 * k)}" height="${f1(26 * k)}"/><path d="M${f1(x + 30 * k)},${f1(y - 118 * k)} L${f1(x + 50 * k)},${f1(y - 150 * k)} L${f1(x + 70 * k)},${f1(y - 118 * k)} Z"/></g>${win.join('')}`,
      );
      L.fg.push(`<path d="${ridge(ctx, y + 4 * s, 18 * s, 0.4, 9)}" fill="${ink}"/>`);
      break;
    }
    case 'trees': {
      const out: string[] = [];
      const branch = (x: number, y: number, len: number, ang: number, w: number, depth: number): void => {
        const x2 = x + Math.cos(ang) * len;
        const y2 = y + Math.sin(ang) * len;
        out.push(`<path d="M${f1(x)},${f1(y)} L${f1(x2)},${f1(y2)}" stroke-width="${f1(w)}"/>`);
        if (depth <= 0) return;
        const n = depth > 3 ? 2 : int(r, 2, 3);
        for (let i = 0; i < n; i++)
          branch(x2, y2, len * between(r, 0.62, 0.8), ang + between(r, -0.7, 0.7), w * 0.66, depth - 1);
      };
      const sides = ctx.kind === 'still' ? [0.06] : [0.04, 0.96];
      for (const sx of sides)
        branch(sx * W, H + 10, 150 * s, -Math.PI / 2 + (sx < 0.5 ? 0.12 : -0.12), 16 * s, ctx.kind === 'still' ? 5 : 7);
      L.fg.push(`<g stroke="${ink}" stroke-linecap="round" fill="none">${out.join('')}</g>`);
      break;
    }
    case 'fog': {
      const id = `fog${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}" stop-opacity="0"/><stop offset="0.5" stop-color="${p.light}" stop-opacity="0.16"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>`,
      );
      L.fx.push(`<rect x="0" y="${f1(hz - 120 * s)}" width="${W}" height="${f1(260 * s)}" fill="url(#${id})"/>`);
      break;
    }
    case 'letters': {
      const out: string[] = [];
      for (let i = 0; i < (ctx.kind === 'still' ? 4 : 9); i++) {
        const x = between(r, 0.1, 0.9) * W;
        const y = between(r, 0.08, 0.62) * H;
        const w = between(r, 46, 90) * s;
        const h = w * 0.62;
        const a = between(r, -28, 28);
        out.push(
          `<g transform="rotate(${f1(a)} ${f1(x)} ${f1(y)})" opacity="${f1(between(r, 0.55, 0.95))}"><rect x="${f1(x - w / 2)}" y="${f1(y - h / 2)}" width="${f1(w)}" height="${f1(h)}" fill="${mix(p.light, '#fff', 0.5)}"/><path d="M${f1(x - w / 2)},${f1(y - h / 2)} L${f1(x)},${f1(y + h * 0.08)} L${f1(x + w / 2)},${f1(y - h / 2)}" fill="none" stroke="${mix(p.accent, ink, 0.2)}" stroke-width="${f1(1.4 * s)}"/><circle cx="${f1(x)}" cy="${f1(y + h * 0.08)}" r="${f1(4 * s)}" fill="${p.accent}"/></g>`,
        );
      }
      L.mid.push(out.join(''));
      L.fg.push(
        figure('woman', fx, hz + 80 * s, 200 * s, ink, { hair: 'long' }) +
          `<path d="${ridge(ctx, hz + 82 * s, 10 * s, 0.3, 10)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'clapper': {
      const x = fx - 90 * s;
      const y = hz - 220 * s;
      const k = 1.7 * s;
      const stripes = Array.from(
        { length: 6 },
        (_, i) =>
          `<path d="M${f1(x + i * 20 * k)},${f1(y - 20 * k)} l${f1(10 * k)},0 l${f1(-8 * k)},${f1(14 * k)} l${f1(-10 * k)},0 Z" fill="${p.light}"/>`,
      ).join('');
      L.mid.push(
        `<g transform="rotate(-8 ${f1(x)} ${f1(y)})"><rect x="${f1(x)}" y="${f1(y)}" width="${f1(120 * k)}" height="${f1(80 * k)}" fill="${ink}"/><g transform="rotate(-16 ${f1(x)} ${f1(y)})"><rect x="${f1(x)}" y="${f1(y - 20 * k)}" width="${f1(120 * k)}" height="${f1(14 * k)}" fill="${ink}"/>${stripes}</g><rect x="${f1(x + 10 * k)}" y="${f1(y + 18 * k)}" width="${f1(100 * k)}" height="${f1(2 * k)}" fill="${p.light}" opacity="0.5"/><rect x="${f1(x + 10 * k)}" y="${f1(y + 44 * k)}" width="${f1(100 * k)}" height="${f1(2 * k)}" fill="${p.light}" opacity="0.5"/></g>`,
      );
      break;
    }
    case 'cypress': {
      const out: string[] = [];
      for (let x = -20; x < W + 20; x += between(r, 26, 60) * s) {
        const h = between(r, 90, 220) * s;
        const w = h * 0.16;
        out.push(
          `<path d="M${f1(x)},${f1(hz + 20 * s - h)} C${f1(x + w)},${f1(hz + 20 * s - h * 0.7)} ${f1(x + w)},${f1(hz + 20 * s)} ${f1(x)},${f1(hz + 24 * s)} C${f1(x - w)},${f1(hz + 20 * s)} ${f1(x - w)},${f1(hz + 20 * s - h * 0.7)} ${f1(x)},${f1(hz + 20 * s - h)} Z"/>`,
        );
      }
      L.far.push(
        `<g fill="${haze2}">${out.join('')}</g><rect x="0" y="${f1(hz + 18 * s)}" width="${W}" height="${f1(H)}" fill="${haze2}"/>`,
      );
      L.fg.push(
        figure('coat', fx, hz + 110 * s, 230 * s, ink) +
          `<rect x="0" y="${f1(hz + 108 * s)}" width="${W}" height="${f1(H)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'lonetree': {
      const x = fx + 20 * s;
      const y = hz - 10 * s;
      const out: string[] = [];
      for (let i = 0; i < 26; i++) {
        const a = between(r, Math.PI, Math.PI * 2);
        const d = between(r, 0, 70) * s;
        out.push(
          `<circle cx="${f1(x + Math.cos(a) * d * 1.3)}" cy="${f1(y - 120 * s + Math.sin(a) * d * 0.7)}" r="${f1(between(r, 18, 34) * s)}"/>`,
        );
      }
      L.mid.push(
        `<g fill="${ink}"><path d="M${f1(x - 6 * s)},${f1(y + 4 * s)} L${f1(x - 3 * s)},${f1(y - 110 * s)} L${f1(x + 3 * s)},${f1(y - 110 * s)} L${f1(x + 7 * s)},${f1(y + 4 * s)} Z"/>${out.join('')}</g>`,
      );
      break;
    }
    case 'dunes': {
      L.far.push(`<path d="${ridge(ctx, hz - 20 * s, 70 * s, 0.25, 0.5)}" fill="${mix(p.sky[2], p.accent, 0.25)}"/>`);
      L.far.push(`<path d="${ridge(ctx, hz + 30 * s, 50 * s, 0.2, 1.9)}" fill="${mix(p.sky[2], ink, 0.45)}"/>`);
      const ax = fx + 140 * s;
      const ay = hz + 10 * s;
      const k = 1.2 * s;
      L.far.push(
        `<path fill-rule="evenodd" fill="${mix(p.sky[2], ink, 0.6)}" d="M${f1(ax - 60 * k)},${f1(ay)} L${f1(ax - 60 * k)},${f1(ay - 90 * k)} L${f1(ax + 60 * k)},${f1(ay - 90 * k)} L${f1(ax + 60 * k)},${f1(ay)} Z M${f1(ax - 26 * k)},${f1(ay)} L${f1(ax - 26 * k)},${f1(ay - 44 * k)} Q${f1(ax - 26 * k)},${f1(ay - 72 * k)} ${f1(ax)},${f1(ay - 78 * k)} Q${f1(ax + 26 * k)},${f1(ay - 72 * k)} ${f1(ax + 26 * k)},${f1(ay - 44 * k)} L${f1(ax + 26 * k)},${f1(ay)} Z"/>`,
      );
      break;
    }
    case 'desert': {
      L.far.push(
        `<path fill="${haze}" d="M0,${f1(hz)} L${f1(W * 0.12)},${f1(hz)} L${f1(W * 0.16)},${f1(hz - 110 * s)} L${f1(W * 0.3)},${f1(hz - 110 * s)} L${f1(W * 0.34)},${f1(hz)} L${f1(W * 0.62)},${f1(hz)} L${f1(W * 0.65)},${f1(hz - 70 * s)} L${f1(W * 0.74)},${f1(hz - 70 * s)} L${f1(W * 0.77)},${f1(hz)} L${W},${f1(hz)} L${W},${H} L0,${H} Z"/>`,
      );
      const cx = fx + 130 * s;
      const cy = hz + 60 * s;
      const k = 1.4 * s;
      L.mid.push(
        `<g fill="${ink}"><rect x="${f1(cx - 7 * k)}" y="${f1(cy - 110 * k)}" width="${f1(14 * k)}" height="${f1(110 * k)}" rx="${f1(7 * k)}"/><path d="M${f1(cx - 7 * k)},${f1(cy - 50 * k)} L${f1(cx - 30 * k)},${f1(cy - 50 * k)} L${f1(cx - 30 * k)},${f1(cy - 84 * k)}" fill="none" stroke="${ink}" stroke-width="${f1(11 * k)}" stroke-linecap="round" stroke-linejoin="round"/><path d="M${f1(cx + 7 * k)},${f1(cy - 66 * k)} L${f1(cx + 26 * k)},${f1(cy - 66 * k)} L${f1(cx + 26 * k)},${f1(cy - 94 * k)}" fill="none" stroke="${ink}" stroke-width="${f1(11 * k)}" stroke-linecap="round" stroke-linejoin="round"/></g>`,
      );
      L.fg.push(
        figure('coat', fx - 50 * s, hz + 90 * s, 200 * s, ink, {
          hair: 'cap',
          extra: `<ellipse cx="${f1(fx - 50 * s)}" cy="${f1(hz + 90 * s - 196 * s)}" rx="${f1(22 * s)}" ry="${f1(4 * s)}"/>`,
        }) + `<rect x="0" y="${f1(hz + 88 * s)}" width="${W}" height="${f1(H)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'grass': {
      const out: string[] = [];
      const n = ctx.kind === 'cover' ? 420 : ctx.kind === 'still' ? 90 : 220;
      for (let i = 0; i < n; i++) {
        const x = r() * W;
        const y = H - Math.pow(r(), 2) * (H - hz) * 0.7;
        const l = between(r, 20, 90) * s * ((y - hz) / (H - hz) + 0.2);
        out.push(
          `<path d="M${f1(x)},${f1(y)} q${f1(between(r, -8, 8) * s)},${f1(-l * 0.6)} ${f1(between(r, -16, 16) * s)},${f1(-l)}"/>`,
        );
      }
      L.fg.push(
        `<rect x="0" y="${f1(hz + 40 * s)}" width="${W}" height="${f1(H)}" fill="${mix(haze2, ink, 0.4)}"/><g stroke="${mix(p.light, p.accent, 0.5)}" stroke-opacity="0.55" stroke-width="${f1(1.4 * s)}" fill="none">${out.join('')}</g>`,
      );
      break;
    }
    case 'popsun': {
      const cx = fx;
      const cy = hz * 0.46;
      const R = 130 * s;
      const rs: string[] = [];
      for (let i = 0; i < 24; i++) {
        const a = (i / 24) * Math.PI * 2;
        rs.push(
          `<path d="M${f1(cx)},${f1(cy)} L${f1(cx + Math.cos(a - 0.05) * W * 1.5)},${f1(cy + Math.sin(a - 0.05) * W * 1.5)} L${f1(cx + Math.cos(a + 0.05) * W * 1.5)},${f1(cy + Math.sin(a + 0.05) * W * 1.5)} Z"/>`,
        );
      }
      L.sky.push(
        `<g fill="#ffffff" opacity="0.1">${rs.join('')}</g><circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(R * 1.25)}" fill="${p.light}" opacity="0.25"/><circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(R)}" fill="${mix(p.light, p.sky[2], 0.25)}"/><circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(R * 0.82)}" fill="none" stroke="${p.accent}" stroke-width="${f1(3 * s)}" stroke-dasharray="${f1(2 * s)} ${f1(9 * s)}" stroke-linecap="round" opacity="0.5"/>`,
      );
      break;
    }
    case 'stripesun': {
      const cx = fx;
      const cy = hz - 40 * s;
      const R = 170 * s;
      const id = `ss${ctx.uid}`;
      const bands = Array.from(
        { length: 6 },
        (_, i) =>
          `<rect x="${f1(cx - R)}" y="${f1(cy + i * 16 * s)}" width="${f1(2 * R)}" height="${f1((3 + i * 1.6) * s)}" fill="#000"/>`,
      ).join('');
      L.defs.push(`<mask id="${id}"><rect x="0" y="0" width="100%" height="100%" fill="#fff"/>${bands}</mask>`);
      L.sky.push(
        `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(R)}" fill="${p.light}" mask="url(#${id})" opacity="0.95"/>`,
      );
      break;
    }
    case 'duo': {
      // Two profiles facing each other, almost touching.
      const h = (ctx.kind === 'cover' ? 0.5 : 0.4) * H;
      const k = h / 160;
      const y = Math.min(H + 4, hz + h * 0.62);
      const gap = 45 * k + 3 * s;
      const left = profile(fx - gap, y, h, ink, false);
      const right = profile(fx + gap, y - h * 0.02, h * 0.94, ink, true, true);
      // Rim light: a light copy nudged towards the light source, under the silhouettes.
      const rim = (svg: string, dx: number): string =>
        `<g transform="translate(${f1(dx)},${f1(-2 * s)})" opacity="0.55">${svg.replace(/fill="[^"]+"/, `fill="${p.light}"`)}</g>`;
      L.fg.push(rim(left, -2.2 * s) + rim(right, 2.2 * s) + left + right);
      break;
    }
    case 'woman': {
      const y = hz + 80 * s;
      L.fg.push(
        figure('woman', hx, y, 210 * s, ink, { hair: 'long' }) +
          `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 8)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'brothers': {
      const y = hz + 80 * s;
      L.fg.push(
        figure('coat', hx - 34 * s, y, 215 * s, ink) +
          figure('coat', hx + 34 * s, y, 200 * s, ink, { flip: true }) +
          `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 11)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'crew': {
      const y = hz + 80 * s;
      const out: string[] = [];
      const order = [-2, 2, -1, 1, 0];
      for (const i of order) {
        const h = (i === 0 ? 220 : 190 - Math.abs(i) * 12) * s;
        out.push(
          figure(
            'coat',
            hx + i * 48 * s,
            y + (i === 0 ? 8 : -Math.abs(i) * 6) * s,
            h,
            i === 0 ? ink : mix(ink, p.sky[2], 0.12 * Math.abs(i)),
          ),
        );
      }
      L.fg.push(out.join('') + `<path d="${ridge(ctx, y + 6 * s, 10 * s, 0.3, 12)}" fill="${ink}"/>`);
      break;
    }
    case 'bridge': {
      const deck = hz - 46 * s;
      const t1 = fx - 230 * s;
      const t2 = fx + 230 * s;
      const top = deck - 170 * s;
      const col = haze2;
      const hangers: string[] = [];
      for (let x = t1 + 14 * s; x < t2; x += 16 * s) {
        const u = (x - t1) / (t2 - t1);
        const cy = top + (deck - top - 8 * s) * (1 - Math.pow(2 * u - 1, 2));
        hangers.push(`<path d="M${f1(x)},${f1(cy)} L${f1(x)},${f1(deck)}"/>`);
      }
      const lights = Array.from(
        { length: 40 },
        (_, i) => `<circle cx="${f1(-W * 0.05 + (i / 39) * W * 1.1)}" cy="${f1(deck - 2 * s)}" r="${f1(1.8 * s)}"/>`,
      ).join('');
      L.mid.push(
        `<g fill="${col}" stroke="${col}"><rect x="${f1(-W * 0.1)}" y="${f1(deck)}" width="${f1(W * 1.2)}" height="${f1(7 * s)}" stroke="none"/>` +
          [t1, t2]
            .map(
              (tx) =>
                `<rect x="${f1(tx - 6 * s)}" y="${f1(top)}" width="${f1(12 * s)}" height="${f1(hz - top + 10 * s)}" stroke="none"/><rect x="${f1(tx - 8 * s)}" y="${f1(top + 30 * s)}" width="${f1(16 * s)}" height="${f1(5 * s)}" stroke="none"/>`,
            )
            .join('') +
          `<path d="M${f1(t1)},${f1(top)} Q${f1((t1 + t2) / 2)},${f1(deck + (deck - top) * 0.9)} ${f1(t2)},${f1(top)} M${f1(t1)},${f1(top)} Q${f1(t1 - 140 * s)},${f1(deck - 10 * s)} ${f1(t1 - 330 * s)},${f1(deck)} M${f1(t2)},${f1(top)} Q${f1(t2 + 140 * s)},${f1(deck - 10 * s)} ${f1(t2 + 330 * s)},${f1(deck)}" fill="none" stroke-width="${f1(2.2 * s)}"/><g stroke-width="${f1(0.8 * s)}" opacity="0.7">${hangers.join('')}</g></g><g fill="${p.light}" opacity="0.85">${lights}</g>`,
      );
      break;
    }
    case 'pillars': {
      const items: { d: number; svg: string }[] = [];
      const n = 7;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2 + 0.3;
        const depth = (Math.sin(a) + 1) / 2;
        const k = (0.6 + depth * 0.7) * s;
        const x = fx + Math.cos(a) * 190 * s;
        const y = hz + 10 * s + depth * 60 * s;
        const col = mix(haze, ink, depth);
        items.push({
          d: depth,
          svg: `<g fill="${col}"><rect x="${f1(x - 9 * k)}" y="${f1(y - 120 * k)}" width="${f1(18 * k)}" height="${f1(120 * k)}"/><rect x="${f1(x - 26 * k)}" y="${f1(y - 150 * k)}" width="${f1(52 * k)}" height="${f1(32 * k)}" rx="${f1(3 * k)}"/></g>`,
        });
      }
      const sorted = items.sort((a, b) => a.d - b.d).map((o) => o.svg);
      const c = fx + 190 * s * 0.1;
      L.mid.push(
        `<g fill="${ink}"><rect x="${f1(c - 14 * s)}" y="${f1(hz - 150 * s)}" width="${f1(28 * s)}" height="${f1(200 * s)}"/><rect x="${f1(c - 40 * s)}" y="${f1(hz - 190 * s)}" width="${f1(80 * s)}" height="${f1(44 * s)}" rx="${f1(4 * s)}"/></g>` +
          sorted.join(''),
      );
      L.fg.push(`<path d="${ridge(ctx, hz + 70 * s, 14 * s, 0.3, 13)}" fill="${ink}"/>`);
      break;
    }
    case 'serpent': {
      const id = `serp${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${p.light}" stop-opacity="0"/><stop offset="0.35" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${mix(p.light, '#ffd27a', 0.5)}" stop-opacity="0.95"/></linearGradient>`,
      );
      const hx = fx + 40 * s;
      const hy = hz - 380 * s;
      const d = `M${f1(fx - 200 * s)},${f1(hz + 80 * s)} C${f1(fx + 40 * s)},${f1(hz + 60 * s)} ${f1(fx + 200 * s)},${f1(hz - 40 * s)} ${f1(fx + 110 * s)},${f1(hz - 140 * s)} S${f1(fx - 170 * s)},${f1(hz - 210 * s)} ${f1(fx - 90 * s)},${f1(hz - 300 * s)} S${f1(fx + 60 * s)},${f1(hz - 330 * s)} ${f1(hx)},${f1(hy)}`;
      L.mid.push(
        `<path d="${d}" fill="none" stroke="url(#${id})" stroke-width="${f1(14 * s)}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${ink}" stroke-opacity="0.18" stroke-width="${f1(8 * s)}" stroke-dasharray="${f1(1.5 * s)} ${f1(4 * s)}"/><path d="M${f1(hx - 12 * s)},${f1(hy + 6 * s)} L${f1(hx)},${f1(hy - 16 * s)} L${f1(hx + 12 * s)},${f1(hy + 6 * s)} Z" fill="${mix(p.light, '#ffd27a', 0.5)}"/><path d="M${f1(hx)},${f1(hy - 16 * s)} l${f1(-3 * s)},${f1(-10 * s)} M${f1(hx)},${f1(hy - 16 * s)} l${f1(3 * s)},${f1(-10 * s)}" stroke="${p.accent}" stroke-width="${f1(1.4 * s)}"/>`,
      );
      break;
    }
    case 'lightning': {
      const x0 = fx + between(r, -120, 120) * s;
      let x = x0;
      let y = 0;
      const pts = [`${f1(x)},0`];
      while (y < hz - 20 * s) {
        y += between(r, 30, 70) * s;
        x += between(r, -40, 40) * s;
        pts.push(`${f1(x)},${f1(Math.min(y, hz))}`);
      }
      const line = pts.join(' ');
      L.sky.push(
        `<rect width="${W}" height="${H}" fill="${p.light}" opacity="0.08"/><polyline points="${line}" fill="none" stroke="${p.light}" stroke-opacity="0.25" stroke-width="${f1(14 * s)}" stroke-linejoin="round"/><polyline points="${line}" fill="none" stroke="#ffffff" stroke-width="${f1(2.6 * s)}" stroke-linejoin="round"/>`,
      );
      break;
    }
    case 'terraces': {
      const out: string[] = [];
      const wins: string[] = [];
      for (let row = 0; row < 6; row++) {
        const y = hz + 20 * s - row * 34 * s;
        const x0 = fx - 300 * s + row * 40 * s;
        const x1 = fx + 300 * s - row * 36 * s;
        for (let x = x0; x < x1;) {
          const w = between(r, 34, 70) * s;
          const h = between(r, 30, 40) * s;
          out.push(`<rect x="${f1(x)}" y="${f1(y - h)}" width="${f1(w)}" height="${f1(h + 40 * s)}"/>`);
          if (r() < 0.55)
            wins.push(
              `<path d="M${f1(x + w / 2 - 4 * s)},${f1(y - h + 22 * s)} L${f1(x + w / 2 - 4 * s)},${f1(y - h + 14 * s)} A${f1(4 * s)},${f1(4 * s)} 0 0 1 ${f1(x + w / 2 + 4 * s)},${f1(y - h + 14 * s)} L${f1(x + w / 2 + 4 * s)},${f1(y - h + 22 * s)} Z"/>`,
            );
          x += w + between(r, 0, 4) * s;
        }
      }
      const mx = fx + 60 * s;
      out.push(
        `<rect x="${f1(mx - 6 * s)}" y="${f1(hz - 330 * s)}" width="${f1(12 * s)}" height="${f1(200 * s)}"/><rect x="${f1(mx - 10 * s)}" y="${f1(hz - 280 * s)}" width="${f1(20 * s)}" height="${f1(5 * s)}"/><path d="M${f1(mx - 7 * s)},${f1(hz - 330 * s)} L${f1(mx)},${f1(hz - 352 * s)} L${f1(mx + 7 * s)},${f1(hz - 330 * s)} Z"/>`,
      );
      L.mid.push(
        `<g fill="${mix(p.accent, ink, 0.62)}">${out.join('')}</g><g fill="${p.light}" opacity="0.85">${wins.join('')}</g>`,
      );
      break;
    }
    case 'walls': {
      const top = hz - 80 * s;
      const out: string[] = [`<rect x="0" y="${f1(top)}" width="${W}" height="${f1(H - top)}"/>`];
      for (let x = 0; x < W; x += 14 * s)
        out.push(`<rect x="${f1(x)}" y="${f1(top - 9 * s)}" width="${f1(8 * s)}" height="${f1(10 * s)}"/>`);
      for (let x = fx - 420 * s; x < W + 100; x += 210 * s) {
        const th = between(r, 60, 90) * s;
        out.push(`<rect x="${f1(x - 26 * s)}" y="${f1(top - th)}" width="${f1(52 * s)}" height="${f1(th + 20)}"/>`);
        for (let k = 0; k < 4; k++)
          out.push(
            `<rect x="${f1(x - 26 * s + k * 14 * s)}" y="${f1(top - th - 10 * s)}" width="${f1(9 * s)}" height="${f1(11 * s)}"/>`,
          );
      }
      L.mid.push(
        `<g fill="${haze2}">${out.join('')}</g><path d="M${f1(fx - 26 * s)},${f1(hz + 30 * s)} L${f1(fx - 26 * s)},${f1(hz - 20 * s)} A${f1(26 * s)},${f1(26 * s)} 0 0 1 ${f1(fx + 26 * s)},${f1(hz - 20 * s)} L${f1(fx + 26 * s)},${f1(hz + 30 * s)} Z" fill="${p.light}" opacity="0.55"/>`,
      );
      break;
    }
    case 'camels': {
      const y = hz + 24 * s;
      const out: string[] = [];
      for (let i = 0; i < 5; i++) out.push(camel(fx - 260 * s + i * 110 * s, y - i * 6 * s, 110 * s, ink));
      out.push(figure('coat', fx - 260 * s + 4 * s, y - 62 * s, 70 * s, ink, { hair: 'cap' }));
      L.mid.push(out.join('') + `<path d="${ridge(ctx, y + 2 * s, 8 * s, 0.2, 14)}" fill="${ink}"/>`);
      break;
    }
    case 'fatherson': {
      const y = hz + 80 * s;
      L.fg.push(
        figure('coat', hx - 26 * s, y, 215 * s, ink) +
          figure('man', hx + 30 * s, y, 112 * s, ink) +
          `<path d="M${f1(hx - 8 * s)},${f1(y - 95 * s)} Q${f1(hx + 6 * s)},${f1(y - 70 * s)} ${f1(hx + 20 * s)},${f1(y - 62 * s)}" stroke="${ink}" stroke-width="${f1(5 * s)}" fill="none"/>` +
          `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 15)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'girl': {
      L.fg.push(figure('woman', hx + 40 * s, hz + 80 * s, 78 * s, ink, { hair: 'long' }));
      break;
    }
    case 'headlights': {
      const vy = hz;
      const id = `beam${ctx.uid}h`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}" stop-opacity="0.75"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>`,
      );
      const cy = vy + 70 * s;
      const k = 1.2 * s;
      L.water.push(
        `<rect x="0" y="${f1(vy)}" width="${W}" height="${f1(H - vy)}" fill="${mix(p.ink, p.sky[2], 0.12)}"/><path d="M${f1(fx - 3 * s)},${f1(vy)} L${f1(fx + 3 * s)},${f1(vy)} L${f1(fx + W * 0.5)},${H} L${f1(fx - W * 0.5)},${H} Z" fill="${mix(p.ink, p.sky[2], 0.28)}"/>`,
      );
      L.mid.push(
        `<path d="M${f1(fx - 30 * k)},${f1(cy)} L${f1(fx - 170 * k)},${H} L${f1(fx + 10 * k)},${H} Z" fill="url(#${id})"/><path d="M${f1(fx + 30 * k)},${f1(cy)} L${f1(fx - 10 * k)},${H} L${f1(fx + 170 * k)},${H} Z" fill="url(#${id})"/>` +
          `<g fill="${ink}"><rect x="${f1(fx - 46 * k)}" y="${f1(cy - 18 * k)}" width="${f1(92 * k)}" height="${f1(22 * k)}" rx="${f1(5 * k)}"/><path d="M${f1(fx - 32 * k)},${f1(cy - 18 * k)} L${f1(fx - 24 * k)},${f1(cy - 36 * k)} L${f1(fx + 24 * k)},${f1(cy - 36 * k)} L${f1(fx + 32 * k)},${f1(cy - 18 * k)} Z"/></g>` +
          `<circle cx="${f1(fx - 30 * k)}" cy="${f1(cy - 6 * k)}" r="${f1(6 * k)}" fill="#ffffff"/><circle cx="${f1(fx + 30 * k)}" cy="${f1(cy - 6 * k)}" r="${f1(6 * k)}" fill="#ffffff"/><circle cx="${f1(fx - 30 * k)}" cy="${f1(cy - 6 * k)}" r="${f1(22 * k)}" fill="${p.light}" opacity="0.3"/><circle cx="${f1(fx + 30 * k)}" cy="${f1(cy - 6 * k)}" r="${f1(22 * k)}" fill="${p.light}" opacity="0.3"/>`,
      );
      break;
    }
    case 'spotlight': {
      const id = `spt${ctx.uid}`;
      L.defs.push(
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}" stop-opacity="0.6"/><stop offset="1" stop-color="${p.light}" stop-opacity="0.05"/></linearGradient>`,
      );
      const y = hz + 80 * s;
      L.mid.push(
        `<path d="M${f1(fx - 24 * s)},0 L${f1(fx + 24 * s)},0 L${f1(fx + 170 * s)},${f1(y)} L${f1(fx - 170 * s)},${f1(y)} Z" fill="url(#${id})"/><ellipse cx="${f1(fx)}" cy="${f1(y)}" rx="${f1(170 * s)}" ry="${f1(22 * s)}" fill="${p.light}" opacity="0.35"/>`,
      );
      L.fg.push(
        figure('coat', fx, y, 215 * s, ink, { hair: 'cap' }) +
          `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H)}" fill="${ink}" opacity="0.9"/>`,
      );
      break;
    }
    case 'antenna': {
      const x = fx + 60 * s;
      const base = hz + 20 * s;
      const bars = [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${f1(x - (44 - i * 8) * s)}" y="${f1(base - 230 * s + i * 18 * s)}" width="${f1((88 - i * 16) * s)}" height="${f1(3.4 * s)}"/>`,
        )
        .join('');
      L.mid.push(
        `<g fill="${ink}"><rect x="${f1(x - 2.5 * s)}" y="${f1(base - 236 * s)}" width="${f1(5 * s)}" height="${f1(240 * s)}"/>${bars}<rect x="${f1(x - 130 * s)}" y="${f1(base - 50 * s)}" width="${f1(90 * s)}" height="${f1(54 * s)}"/><path d="M${f1(x - 140 * s)},${f1(base - 50 * s)} L${f1(x - 85 * s)},${f1(base - 84 * s)} L${f1(x - 30 * s)},${f1(base - 50 * s)} Z"/></g><rect x="${f1(x - 100 * s)}" y="${f1(base - 36 * s)}" width="${f1(22 * s)}" height="${f1(18 * s)}" fill="${p.light}" opacity="0.9"/>`,
      );
      L.fg.push(
        figure('man', x - 30 * s, base + 6 * s, 150 * s, ink) +
          `<path d="${ridge(ctx, base + 8 * s, 20 * s, 0.3, 16)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'hero': {
      const y = hz + 60 * s;
      L.fg.push(
        figure('cape', fx, y, 230 * s, ink) +
          `<path d="M${f1(fx + 16 * s)},${f1(y - 170 * s)} L${f1(fx + 70 * s)},${f1(y - 240 * s)} L${f1(fx + 78 * s)},${f1(y - 232 * s)} L${f1(fx + 22 * s)},${f1(y - 160 * s)} Z" fill="${ink}"/>` +
          `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'butterflies': {
      const out: string[] = [];
      const cols = [p.accent, p.light, mix(p.accent, p.light, 0.5)];
      for (let i = 0; i < (ctx.kind === 'still' ? 4 : 11); i++) {
        const x = between(r, 0.08, 0.92) * W;
        const y = between(r, 0.08, 0.6) * H;
        const k = between(r, 0.5, 1.3) * s;
        const c = pick(r, cols);
        out.push(
          `<g transform="translate(${f1(x)},${f1(y)}) rotate(${f1(between(r, -30, 30))}) scale(${k.toFixed(3)})" fill="${c}" opacity="${f1(between(r, 0.6, 0.95))}"><ellipse cx="-9" cy="-6" rx="10" ry="7" transform="rotate(-30 -9 -6)"/><ellipse cx="9" cy="-6" rx="10" ry="7" transform="rotate(30 9 -6)"/><ellipse cx="-6" cy="6" rx="6" ry="5"/><ellipse cx="6" cy="6" rx="6" ry="5"/><rect x="-1" y="-10" width="2" height="20" fill="${ink}"/></g>`,
        );
      }
      L.fx.push(out.join(''));
      break;
    }
    case 'lights': {
      const out: string[] = [];
      const bulbs: string[] = [];
      for (let row = 0; row < 2; row++) {
        const y0 = (0.06 + row * 0.12) * H;
        const sag = 60 * s;
        out.push(
          `<path d="M${f1(-10)},${f1(y0)} Q${f1(W / 2)},${f1(y0 + sag * 2)} ${f1(W + 10)},${f1(y0)}" fill="none" stroke="${ink}" stroke-width="${f1(1.5 * s)}"/>`,
        );
        for (let i = 1; i < 14; i++) {
          const u = i / 14;
          const x = -10 + u * (W + 20);
          const y = (1 - u) * (1 - u) * y0 + 2 * (1 - u) * u * (y0 + sag * 2) + u * u * y0;
          const c = pick(r, [p.light, p.accent, '#ffe08a']);
          bulbs.push(
            `<circle cx="${f1(x)}" cy="${f1(y + 5 * s)}" r="${f1(12 * s)}" fill="${c}" opacity="0.25"/><circle cx="${f1(x)}" cy="${f1(y + 5 * s)}" r="${f1(4 * s)}" fill="${c}"/>`,
          );
        }
      }
      L.fx.push(out.join('') + bulbs.join(''));
      break;
    }
    case 'robot': {
      const x = fx + 70 * s;
      const y = hz + 80 * s;
      const k = 1.5 * s;
      L.fg.push(
        `<g fill="${ink}"><rect x="${f1(x - 18 * k)}" y="${f1(y - 110 * k)}" width="${f1(36 * k)}" height="${f1(28 * k)}" rx="${f1(5 * k)}"/><rect x="${f1(x - 1 * k)}" y="${f1(y - 124 * k)}" width="${f1(2 * k)}" height="${f1(14 * k)}"/><circle cx="${f1(x)}" cy="${f1(y - 126 * k)}" r="${f1(3 * k)}" fill="${p.accent}"/><rect x="${f1(x - 22 * k)}" y="${f1(y - 78 * k)}" width="${f1(44 * k)}" height="${f1(44 * k)}" rx="${f1(6 * k)}"/><rect x="${f1(x - 32 * k)}" y="${f1(y - 76 * k)}" width="${f1(8 * k)}" height="${f1(36 * k)}" rx="${f1(4 * k)}"/><rect x="${f1(x + 24 * k)}" y="${f1(y - 76 * k)}" width="${f1(8 * k)}" height="${f1(36 * k)}" rx="${f1(4 * k)}"/><rect x="${f1(x - 16 * k)}" y="${f1(y - 34 * k)}" width="${f1(10 * k)}" height="${f1(34 * k)}"/><rect x="${f1(x + 6 * k)}" y="${f1(y - 34 * k)}" width="${f1(10 * k)}" height="${f1(34 * k)}"/></g><circle cx="${f1(x - 8 * k)}" cy="${f1(y - 96 * k)}" r="${f1(4 * k)}" fill="${p.light}"/><circle cx="${f1(x + 8 * k)}" cy="${f1(y - 96 * k)}" r="${f1(4 * k)}" fill="${p.light}"/>` +
          figure('coat', fx - 40 * s, y, 210 * s, ink) +
          `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H)}" fill="${ink}"/>`,
      );
      break;
    }
    case 'confetti': {
      const out: string[] = [];
      const cols = [p.accent, p.light, hueShift(p.accent, 120), hueShift(p.accent, -90)];
      const n = ctx.kind === 'cover' ? 150 : ctx.kind === 'still' ? 30 : 70;
      for (let i = 0; i < n; i++) {
        const x = r() * W;
        const y = r() * H * 0.8;
        const w = between(r, 4, 10) * s;
        out.push(
          `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(w * 0.45)}" fill="${pick(r, cols)}" transform="rotate(${f1(between(r, 0, 180))} ${f1(x)} ${f1(y)})" opacity="0.85"/>`,
        );
      }
      L.fx.push(out.join(''));
      break;
    }
  }
}

interface SceneResult {
  back: string;
  front: string;
}

function buildScene(ctx: SceneCtx, motifs: Motif[]): SceneResult {
  const { W, H, p, r, uid } = ctx;
  const L = newLayers();
  const skyId = `sky${uid}`;
  L.defs.push(
    `<linearGradient id="${skyId}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="${f1((ctx.horizon / H) * 0.55)}" stop-color="${p.sky[1]}"/><stop offset="${f1(ctx.horizon / H)}" stop-color="${p.sky[2]}"/><stop offset="1" stop-color="${mix(p.sky[2], p.ink, 0.6)}"/></linearGradient>`,
  );
  L.sky.push(`<rect width="${W}" height="${H}" fill="url(#${skyId})"/>`);
  const hasOwnSun = motifs.includes('popsun') || motifs.includes('stripesun') || motifs.includes('space');
  if (ctx.night && !motifs.includes('space')) stars(ctx, L, ctx.kind === 'cover' ? 160 : 70, ctx.horizon * 0.8);
  if (!hasOwnSun) {
    const sx = ctx.focus * W + between(r, -90, 90) * ctx.s;
    const sy = ctx.horizon - between(r, 150, 300) * ctx.s;
    if (!ctx.night && r() < 0.6) rays(ctx, L, sx, sy);
    sunOrMoon(ctx, L, sx, sy, between(r, 34, 60) * ctx.s);
  }
  const landmarks: Motif[] = [
    'yali',
    'haunted',
    'lighthouse',
    'tea',
    'scales',
    'mic',
    'terraces',
    'pillars',
    'lonetree',
    'antenna',
    'bars',
  ];
  if (ctx.shift === undefined)
    ctx.shift = motifs.some((m) => landmarks.includes(m)) ? (r() < 0.5 ? -1 : 1) * 150 * ctx.s : 0;
  for (const m of motifs) drawMotif(m, ctx, L);
  const svg = (inner: string): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="position:absolute;inset:0">${inner}</svg>`;
  return {
    back: svg(`<defs>${L.defs.join('')}</defs>${L.sky.join('')}${L.far.join('')}${L.water.join('')}${L.mid.join('')}`),
    front: svg(`${L.fg.join('')}${L.fx.join('')}`),
  };
}

// ───────────── Title design ─────────────

type Title = DemoSeries | DemoMovie;
const isSeries = (t: Title): t is DemoSeries => 'seasons' in t;

type Layout = 'classic' | 'top' | 'framed' | 'split' | 'bigtype';

/**
 * Art direction per title: which scene, which mood/palette and which poster
 * layout. Titles not listed fall back to keyword rules on their description.
 */
const ART: Record<string, { m: Motif[]; mood?: Mood; pal?: number; layout?: Layout }> = {
  // Series
  'Diriliş: Ertuğrul': { m: ['mountains', 'warriors'], pal: 0, layout: 'bigtype' },
  'Kuruluş: Osman': { m: ['hills', 'warriors', 'snow'], pal: 1, layout: 'classic' },
  'Muhteşem Yüzyıl': { m: ['palace', 'skyline', 'water'], pal: 4, layout: 'framed' },
  'Aşk-ı Memnu': { m: ['yali', 'water', 'couple'], pal: 0, layout: 'framed' },
  'Kara Sevda': { m: ['bridge', 'water', 'duo'], pal: 3, layout: 'classic' },
  Çukur: { m: ['city', 'crew', 'rain'], pal: 4, layout: 'top' },
  Yargı: { m: ['scales', 'city', 'rain'], pal: 0, layout: 'classic' },
  Ezel: { m: ['skyline', 'water', 'figure', 'rain'], mood: 'dark', pal: 2, layout: 'bigtype' },
  'Kurtlar Vadisi': { m: ['city', 'crew'], mood: 'dark', pal: 1, layout: 'classic' },
  'Avrupa Yakası': { m: ['popsun', 'skyline', 'family', 'confetti'], pal: 1, layout: 'classic' },
  Gümüş: { m: ['skyline', 'water', 'woman'], mood: 'love', pal: 1, layout: 'split' },
  'Bin Bir Gece': { m: ['skyline', 'water', 'duo'], mood: 'love', pal: 4, layout: 'bigtype' },
  'Behzat Ç. Bir Ankara Polisiyesi': { m: ['city', 'rain', 'figure'], pal: 3, layout: 'framed' },
  'Fatmagül’ün Suçu Ne?': { m: ['water', 'hills', 'woman'], mood: 'love', pal: 2, layout: 'classic' },
  'Kuzey Güney': { m: ['city', 'rain', 'brothers'], mood: 'drama', pal: 4, layout: 'top' },
  Medcezir: { m: ['yali', 'water', 'couple'], mood: 'love', pal: 2, layout: 'split' },
  'Kara Para Aşk': { m: ['city', 'rain', 'couple'], mood: 'dark', pal: 2, layout: 'classic' },
  'Kiralık Aşk': { m: ['stripesun', 'skyline', 'couple', 'confetti'], pal: 0, layout: 'bigtype' },
  Karadayı: { m: ['city', 'rain', 'figure'], mood: 'drama', pal: 3, layout: 'top' },
  'Vatanım Sensin': { m: ['water', 'ship', 'couple'], mood: 'epic', pal: 1, layout: 'split' },
  'Payitaht: Abdülhamid': { m: ['palace', 'skyline', 'water'], mood: 'epic', pal: 3, layout: 'framed' },
  'Hakan: Muhafız': { m: ['skyline', 'bridge', 'water', 'figure'], mood: 'dark', pal: 0, layout: 'classic' },
  'Bir Zamanlar Çukurova': { m: ['fields', 'hills', 'couple'], mood: 'love', pal: 3, layout: 'bigtype' },
  'Erkenci Kuş': { m: ['stripesun', 'skyline', 'couple', 'confetti'], mood: 'light', pal: 2, layout: 'classic' },
  Şahsiyet: { m: ['hills', 'figure', 'fog'], mood: 'dark', pal: 4, layout: 'framed' },
  Atiye: { m: ['pillars', 'woman'], mood: 'dark', pal: 2, layout: 'top' },
  'Doğduğun Ev Kaderindir': { m: ['hills', 'family'], mood: 'love', pal: 0, layout: 'classic' },
  'Sen Çal Kapımı': { m: ['popsun', 'duo', 'confetti'], mood: 'light', pal: 1, layout: 'framed' },
  'Masumlar Apartmanı': { m: ['city', 'woman', 'rain'], mood: 'dark', pal: 4, layout: 'classic' },
  'Bir Başkadır': { m: ['skyline', 'woman'], mood: 'drama', pal: 2, layout: 'top' },
  'Barbaroslar: Akdeniz’in Kılıcı': { m: ['water', 'ship'], mood: 'epic', pal: 3, layout: 'top' },
  'Alparslan: Büyük Selçuklu': { m: ['mountains', 'warriors'], mood: 'epic', pal: 2, layout: 'top' },
  Mezarlık: { m: ['cypress', 'rain'], mood: 'dark', pal: 0, layout: 'classic' },
  'Kızılcık Şerbeti': { m: ['tea', 'hills'], mood: 'love', pal: 3, layout: 'classic' },
  Aile: { m: ['yali', 'water', 'figure'], mood: 'dark', pal: 1, layout: 'top' },
  Şahmaran: { m: ['hills', 'serpent', 'woman'], mood: 'love', pal: 4, layout: 'classic' },
  Yaratılan: { m: ['lightning', 'skyline', 'figure', 'snow'], mood: 'fear', pal: 2, layout: 'framed' },
  'Uzak Şehir': { m: ['terraces', 'woman'], mood: 'drama', pal: 3, layout: 'classic' },
  'Mehmed: Fetihler Sultanı': { m: ['walls', 'warriors'], mood: 'epic', pal: 4, layout: 'classic' },
  'Boğaz’ın Sırrı': { m: ['yali', 'water', 'skyline', 'figure'], mood: 'dark', pal: 0, layout: 'split' },
  'Kapadokya Rüzgarı': { m: ['chimneys', 'balloons'], mood: 'love', pal: 0, layout: 'top' },
  'İstanbul Gölgeleri': { m: ['skyline', 'water', 'ferry', 'rain'], mood: 'dark', pal: 0, layout: 'framed' },
  'Issız Fener': { m: ['water', 'lighthouse', 'fog'], mood: 'fear', pal: 2, layout: 'top' },
  'Köşkteki Misafir': { m: ['haunted', 'trees', 'fog'], mood: 'fear', pal: 0, layout: 'classic' },
  'İpek Yolu Kervanı': { m: ['dunes', 'camels'], mood: 'epic', pal: 2, layout: 'classic' },
  'Mahallenin Muhtarı': { m: ['popsun', 'skyline', 'family', 'confetti'], mood: 'light', pal: 0, layout: 'top' },
  'Fırtına Kuşları': { m: ['lightning', 'water', 'ferry', 'rain'], mood: 'dark', pal: 0, layout: 'bigtype' },
  'Karadeniz’in Gülü': { m: ['mountains', 'hills', 'couple', 'fog'], mood: 'love', pal: 2, layout: 'framed' },
  'Gece Yarısı Konağı': { m: ['haunted', 'snow', 'trees'], mood: 'fear', pal: 1, layout: 'bigtype' },
  // Movies
  'Babam ve Oğlum': { m: ['water', 'hills', 'fatherson'], mood: 'drama', pal: 3, layout: 'classic' },
  'Kış Uykusu': { m: ['chimneys', 'snow', 'figure'], mood: 'drama', pal: 4, layout: 'framed' },
  Ayla: { m: ['snow', 'mountains', 'soldiers', 'girl'], mood: 'epic', pal: 1, layout: 'top' },
  Müslüm: { m: ['mic'], mood: 'drama', pal: 4, layout: 'classic' },
  '7. Koğuştaki Mucize': { m: ['bars', 'child'], mood: 'drama', pal: 0, layout: 'top' },
  'G.O.R.A.': { m: ['space', 'figure'], mood: 'light', pal: 3, layout: 'bigtype' },
  Vizontele: { m: ['hills', 'antenna'], mood: 'light', pal: 0, layout: 'classic' },
  'Organize İşler': { m: ['popsun', 'skyline', 'hero'], mood: 'light', pal: 3, layout: 'top' },
  'Bir Zamanlar Anadolu’da': { m: ['hills', 'headlights'], mood: 'dark', pal: 1, layout: 'top' },
  'Kurtlar Vadisi: Irak': { m: ['dunes', 'crew'], mood: 'dark', pal: 4, layout: 'classic' },
  'Dedemin İnsanları': { m: ['water', 'fatherson'], mood: 'drama', pal: 2, layout: 'framed' },
  'Ahlat Ağacı': { m: ['hills', 'lonetree', 'figure'], mood: 'drama', pal: 1, layout: 'top' },
  'Kuru Otlar Üstüne': { m: ['snow', 'hills', 'grass', 'figure'], mood: 'drama', pal: 2, layout: 'split' },
  'Fetih 1453': { m: ['walls', 'water', 'ship'], mood: 'epic', pal: 0, layout: 'bigtype' },
  Hokkabaz: { m: ['hills', 'spotlight'], mood: 'drama', pal: 3, layout: 'framed' },
  'Yahşi Batı': { m: ['desert'], mood: 'epic', pal: 2, layout: 'classic' },
  'Ejder Kapanı': { m: ['city', 'rain', 'figure'], mood: 'dark', pal: 4, layout: 'top' },
  'Av Mevsimi': { m: ['hills', 'crew', 'snow'], mood: 'dark', pal: 3, layout: 'classic' },
  'Kelebeğin Rüyası': { m: ['hills', 'couple', 'butterflies'], mood: 'love', pal: 1, layout: 'framed' },
  'Eyyvah Eyvah': { m: ['popsun', 'hills', 'figure'], mood: 'light', pal: 1, layout: 'classic' },
  'Düğün Dernek': { m: ['stripesun', 'family', 'lights', 'confetti'], mood: 'light', pal: 0, layout: 'top' },
  'Arif V 216': { m: ['popsun', 'skyline', 'robot'], mood: 'light', pal: 2, layout: 'split' },
  'Ölümlü Dünya': { m: ['popsun', 'crew'], mood: 'light', pal: 3, layout: 'bigtype' },
  'Ölümlü Dünya 2': { m: ['stripesun', 'city', 'crew', 'confetti'], mood: 'light', pal: 0, layout: 'classic' },
  Bergen: { m: ['mic'], mood: 'love', pal: 3, layout: 'framed' },
  'Kurak Günler': { m: ['hills', 'grass', 'headlights'], mood: 'dark', pal: 4, layout: 'top' },
  Bihter: { m: ['yali', 'water', 'woman'], mood: 'love', pal: 4, layout: 'split' },
  'İyi Adamın 10 Günü': { m: ['city', 'rain', 'figure'], mood: 'dark', pal: 2, layout: 'classic' },
  'Atatürk 1881–1919': { m: ['water', 'ship', 'figure'], mood: 'epic', pal: 1, layout: 'framed' },
  'Kağıttan Hayatlar': { m: ['city', 'fatherson'], mood: 'drama', pal: 2, layout: 'top' },
  Dabbe: { m: ['city', 'fog', 'figure'], mood: 'fear', pal: 1, layout: 'classic' },
  Musallat: { m: ['city', 'haunted', 'fog'], mood: 'fear', pal: 2, layout: 'top' },
  Siccin: { m: ['trees', 'fog', 'woman'], mood: 'fear', pal: 0, layout: 'bigtype' },
  'Aşk Tesadüfleri Sever': { m: ['skyline', 'water', 'couple'], mood: 'love', pal: 1, layout: 'top' },
  Mucize: { m: ['mountains', 'hills', 'family'], mood: 'drama', pal: 1, layout: 'classic' },
  'Dağ II': { m: ['mountains', 'soldiers', 'snow'], mood: 'dark', pal: 3, layout: 'bigtype' },
  'Pek Yakında': { m: ['stripesun', 'clapper', 'confetti'], mood: 'light', pal: 3, layout: 'classic' },
  'Son Vapur': { m: ['water', 'ferry', 'skyline', 'duo'], mood: 'love', pal: 4, layout: 'split' },
  'Ankara Ekspresi': { m: ['hills', 'train'], mood: 'dark', pal: 1, layout: 'top' },
  'Çırağan’da Bir Gece': { m: ['palace', 'skyline', 'water'], mood: 'love', pal: 4, layout: 'framed' },
  'Üsküdar’a Giderken': { m: ['stripesun', 'skyline', 'water', 'family'], mood: 'light', pal: 2, layout: 'classic' },
  'Kar Kuşları': { m: ['snow', 'mountains', 'family'], mood: 'epic', pal: 1, layout: 'classic' },
  'Gölge Sokak': { m: ['city', 'figure', 'fog'], mood: 'fear', pal: 2, layout: 'classic' },
  'Dönüş Yolu': { m: ['hills', 'headlights'], mood: 'drama', pal: 0, layout: 'classic' },
  'Müzeyyen’in Mektupları': { m: ['letters'], mood: 'love', pal: 3, layout: 'bigtype' },
};

interface Design {
  slug: string;
  mood: Mood;
  palette: Palette;
  motifs: Motif[];
  layout: Layout;
  tagline: string;
  subtitle: string | null;
  original: boolean;
}

const ORIGINALS = new Set([
  'Boğaz’ın Sırrı',
  'Kapadokya Rüzgarı',
  'İstanbul Gölgeleri',
  'Issız Fener',
  'Köşkteki Misafir',
  'İpek Yolu Kervanı',
  'Mahallenin Muhtarı',
  'Fırtına Kuşları',
  'Karadeniz’in Gülü',
  'Gece Yarısı Konağı',
  'Son Vapur',
  'Ankara Ekspresi',
  'Çırağan’da Bir Gece',
  'Üsküdar’a Giderken',
  'Kar Kuşları',
  'Gölge Sokak',
  'Dönüş Yolu',
  'Müzeyyen’in Mektupları',
]);

function designFor(t: Title): Design {
  const slug = slugify(t.title);
  const r = rngFor('design', slug);
  const art = ART[t.title];
  const mood = art?.mood ?? moodOf(t.genres);
  const options = PALETTES[mood];
  const base = art?.pal !== undefined ? options[art.pal % options.length]! : pick(r, options);
  // Per-title variation: a small hue rotation keeps shared palettes distinct.
  const shift = between(r, -14, 14);
  const palette: Palette = {
    ...base,
    sky: base.sky.map((c) => hueShift(c, shift)) as [string, string, string],
    accent: hueShift(base.accent, shift * 0.5),
  };
  const layouts: Layout[] = ['classic', 'classic', 'top', 'framed', 'split', 'bigtype'];
  // An English alternative title makes a good subtitle; skip mere ASCII spellings of the title.
  const alt = t.alt_titles.find((a) => slugify(a) !== slug);
  return {
    slug,
    mood,
    palette,
    motifs: art?.m ?? motifsFor(t.title, t.description, mood),
    layout: art?.layout ?? pick(r, layouts),
    tagline: pick(r, TAGLINES[mood]),
    subtitle: alt ?? null,
    original: ORIGINALS.has(t.title),
  };
}

/** Split a title into lines for stacked typography. */
function titleLines(title: string): string[] {
  const parts = title.split(/:\s+/);
  if (parts.length > 1) return parts.flatMap((p) => (p.length > 16 ? balance(p) : [p]));
  return title.length > 12 ? balance(title) : [title];
}
function balance(text: string): string[] {
  const words = text.split(' ');
  if (words.length === 1) return [text];
  if (words.length >= 4 && text.length > 26) {
    const a = Math.ceil(words.length / 3);
    return [words.slice(0, a).join(' '), words.slice(a, 2 * a).join(' '), words.slice(2 * a).join(' ')].filter(Boolean);
  }
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const d = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (d < bestDiff) {
      bestDiff = d;
      best = i;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

// Page-side helpers (run inside Chromium): shrink text to fit its box.
const FIT_SCRIPT = `<script>
for (const el of document.querySelectorAll('[data-fit]')) {
  const max = Number(el.dataset.fit), min = Number(el.dataset.min || 10), box = el.parentElement;
  const maxH = Number(el.dataset.maxh || 1e9);
  let size = max;
  el.style.fontSize = size + 'px';
  while (size > min && (el.scrollWidth > box.clientWidth + 0.5 || el.getBoundingClientRect().height > maxH)) {
    size -= 1; el.style.fontSize = size + 'px';
  }
}
</script>`;

let GRAIN = '';

function pageHtml(W: number, H: number, body: string, css = ''): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><style>
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:${W}px;height:${H}px;overflow:hidden;background:#000}
.stage{position:relative;width:${W}px;height:${H}px;overflow:hidden}
.abs{position:absolute;inset:0}
.grain{position:absolute;inset:0;background-image:url(${GRAIN});background-size:160px 160px;mix-blend-mode:overlay;pointer-events:none}
.en{font-family:${SANS}}
${css}
</style></head><body><div class="stage">${body}</div>${FIT_SCRIPT}</body></html>`;
}

function metaLine(t: Title): string {
  const genres = t.genres.slice(0, 2).map((g) => GENRE_NAMES[g] ?? '');
  const extra = isSeries(t)
    ? `${t.seasons.length} ${t.seasons.length === 1 ? 'Season' : 'Seasons'}`
    : `${Math.floor(t.duration_minutes / 60)}h ${t.duration_minutes % 60}m`;
  return [String(t.year), ...genres, extra].map(esc).join('<i>•</i>');
}

function logoMark(color: string, size: number): string {
  // Crescent + wave: the Bosphorus mark.
  return `<svg width="${size}" height="${size}" viewBox="0 0 40 40"><defs><mask id="lm"><rect width="40" height="40" fill="#fff"/><circle cx="24" cy="15" r="11" fill="#000"/></mask></defs><circle cx="19" cy="18" r="13" fill="${color}" mask="url(#lm)"/><path d="M4,33 q6,-5 12,0 t12,0 t12,0" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/></svg>`;
}

function posterHtml(t: Title, d: Design): string {
  const W = 480;
  const H = 720;
  const { palette: p, mood, layout } = d;
  const font = FONTS[mood];
  const r = rngFor('poster', d.slug);
  const horizon =
    layout === 'top' ? H * between(r, 0.66, 0.72) : layout === 'split' ? H * 0.5 : H * between(r, 0.52, 0.6);
  const scene = buildScene(
    {
      W,
      H: layout === 'split' ? Math.round(H * 0.64) : H,
      r,
      p,
      mood,
      focus: between(r, 0.42, 0.58),
      horizon,
      s: layout === 'split' ? 0.8 : 0.95,
      night: p.night,
      uid: 'p',
      kind: 'poster',
    },
    d.motifs,
  );
  const darkText = mood === 'light';
  const textColor = p.text;
  const shadow = darkText
    ? `0 3px 0 ${rgba(p.ink, 0.85)}, 0 8px 24px ${rgba(p.ink, 0.45)}`
    : `0 2px 18px ${rgba(p.ink, 0.7)}`;
  const lines = titleLines(t.title);
  const stacked = lines
    .map(
      (l, i) =>
        `<div class="tline"><span data-fit="${i === 0 && lines.length > 1 && l.length < 9 ? 64 : 92}" data-min="18" style="white-space:nowrap">${esc(l)}</span></div>`,
    )
    .join('');
  const titleStyle = `font-family:${font.family};font-weight:${font.weight};${font.italic ? 'font-style:italic;' : ''}text-transform:${font.upper ? 'uppercase' : 'none'};letter-spacing:${font.spacing};color:${textColor};text-shadow:${shadow};line-height:0.98`;
  const sub = d.subtitle ? `<div class="sub en" lang="en">${esc(d.subtitle)}</div>` : '';
  const tag = `<div class="tag en" lang="en">${esc(d.tagline)}</div>`;
  const meta = `<div class="meta en" lang="en">${metaLine(t)}</div>`;
  const badge = d.original
    ? `<div class="badge en" lang="en">${logoMark(p.accent, 18)}<span>BOSPHORUS ORIGINAL</span></div>`
    : '';
  const commonCss = `
.tline{display:flex;justify-content:center;width:100%}
.title{${titleStyle}}
.sub{font-size:12px;letter-spacing:0.28em;text-transform:uppercase;color:${rgba(textColor, 0.85)};margin-top:10px;text-align:center;font-weight:700}
.tag{font-size:13px;letter-spacing:0.06em;color:${rgba(textColor, 0.92)};text-align:center;font-style:italic;margin-bottom:12px;text-shadow:0 1px 8px ${rgba(p.ink, 0.8)}}
.meta{font-size:11px;letter-spacing:0.2em;text-transform:uppercase;color:${rgba(textColor, 0.78)};text-align:center;margin-top:14px;font-weight:700}
.meta i{font-style:normal;color:${p.accent};margin:0 8px}
.badge{position:absolute;top:18px;left:0;right:0;display:flex;gap:8px;align-items:center;justify-content:center;font-size:10px;letter-spacing:0.32em;color:${rgba(textColor, 0.92)};font-weight:700}
.rule{width:56px;height:3px;background:${p.accent};margin:14px auto 0}
.vig{position:absolute;inset:0;background:radial-gradient(ellipse at 50% 45%, transparent 55%, ${rgba('#000000', 0.55)} 100%)}`;

  let body: string;
  const grain = `<div class="grain" style="opacity:${mood === 'light' ? 0.1 : 0.16}"></div>`;
  if (layout === 'classic' || layout === 'framed') {
    const framed = layout === 'framed';
    body = `${scene.back}${scene.front}
<div class="abs" style="background:linear-gradient(180deg, ${rgba(p.ink, 0.35)} 0%, transparent 22%, transparent 48%, ${rgba(p.ink, 0.82)} 74%, ${p.ink} 100%)"></div>
<div class="vig"></div>${grain}
${framed ? `<div style="position:absolute;inset:14px;border:1.5px solid ${rgba(p.accent, 0.8)}"></div><div style="position:absolute;inset:19px;border:1px solid ${rgba(p.accent, 0.35)}"></div>` : ''}
${badge}
<div style="position:absolute;left:${framed ? 40 : 28}px;right:${framed ? 40 : 28}px;bottom:${framed ? 44 : 34}px">
${tag}<div class="title">${stacked}</div>${sub}${framed ? '<div class="rule"></div>' : ''}${meta}</div>`;
  } else if (layout === 'top') {
    body = `${scene.back}${scene.front}
<div class="abs" style="background:linear-gradient(180deg, ${rgba(p.sky[0], 0.85)} 0%, ${rgba(p.sky[0], 0.25)} 34%, transparent 50%, transparent 76%, ${rgba(p.ink, 0.9)} 100%)"></div>
<div class="vig"></div>${grain}${badge}
<div style="position:absolute;left:28px;right:28px;top:${d.original ? 52 : 40}px"><div class="title">${stacked}</div>${sub}<div class="rule"></div></div>
<div style="position:absolute;left:28px;right:28px;bottom:30px">${tag}${meta}</div>`;
  } else if (layout === 'split') {
    const panelTop = Math.round(H * 0.64);
    body = `<div style="position:absolute;left:0;top:0;width:${W}px;height:${panelTop}px;overflow:hidden">${scene.back}${scene.front}<div class="abs" style="background:linear-gradient(180deg, transparent 60%, ${rgba(p.ink, 0.9)} 100%)"></div></div>
<div style="position:absolute;left:0;right:0;top:${panelTop}px;bottom:0;background:linear-gradient(180deg, ${p.ink}, ${mix(p.ink, p.sky[1], 0.25)})"></div>
<div style="position:absolute;left:0;right:0;top:${panelTop - 2}px;height:4px;background:${p.accent}"></div>
<div class="vig"></div>${grain}${badge}
<div style="position:absolute;left:30px;right:30px;top:${panelTop + 22}px;bottom:26px;display:flex;flex-direction:column;justify-content:space-between">
<div class="title" style="text-align:left"><div style="width:100%"><span data-fit="84" data-min="16" data-maxh="150" style="display:block;line-height:1.02">${esc(t.title)}</span></div></div>
<div>${d.subtitle ? `<div class="sub en" lang="en" style="text-align:left">${esc(d.subtitle)}</div>` : ''}<div class="meta en" lang="en" style="text-align:left;margin-top:10px">${metaLine(t)}</div></div></div>`;
  } else {
    // bigtype: giant stacked title sits between the scene and its foreground.
    const big = lines
      .map(
        (l) =>
          `<div class="tline"><span data-fit="170" data-min="24" style="white-space:nowrap">${esc(l)}</span></div>`,
      )
      .join('');
    body = `${scene.back}
<div style="position:absolute;left:18px;right:18px;top:${Math.round(H * 0.2)}px"><div class="title" style="color:${rgba(textColor, 0.92)};line-height:0.9">${big}</div></div>
${scene.front}
<div class="abs" style="background:linear-gradient(180deg, transparent 0%, transparent 62%, ${rgba(p.ink, 0.85)} 84%, ${p.ink} 100%)"></div>
<div class="vig"></div>${grain}${badge}
<div style="position:absolute;left:28px;right:28px;bottom:30px">${tag}${sub}${meta}</div>`;
  }
  return pageHtml(W, H, body, commonCss);
}

function coverHtml(t: Title, d: Design): string {
  const W = 1920;
  const H = 1080;
  const r = rngFor('cover', d.slug);
  const { palette: p } = d;
  const scene = buildScene(
    {
      W,
      H,
      r,
      p,
      mood: d.mood,
      focus: between(r, 0.66, 0.72),
      horizon: H * between(r, 0.62, 0.7),
      s: 2.1,
      night: p.night,
      uid: 'c',
      kind: 'cover',
    },
    d.motifs.filter((m) => m !== 'palace'),
  );
  const body = `${scene.back}${scene.front}
<div class="abs" style="background:linear-gradient(90deg, ${rgba(p.ink, 0.97)} 0%, ${rgba(p.ink, 0.86)} 24%, ${rgba(p.ink, 0.45)} 44%, transparent 66%)"></div>
<div class="abs" style="background:linear-gradient(0deg, ${rgba(p.ink, 0.95)} 0%, ${rgba(p.ink, 0.5)} 22%, transparent 48%)"></div>
<div class="abs" style="background:radial-gradient(ellipse at 72% 42%, transparent 40%, ${rgba('#000000', 0.45)} 100%)"></div>
<div class="grain" style="opacity:0.09;background-size:240px 240px"></div>
<div style="position:absolute;right:48px;bottom:40px;opacity:0.55">${logoMark(p.text, 44)}</div>`;
  return pageHtml(W, H, body);
}

// ───────────── Episode stills ─────────────

type Shot = 'wide' | 'duo' | 'window' | 'bokeh' | 'fire' | 'road' | 'solo' | 'walk';
// Every third still is a wide shot of the series' own world; the others
// cycle through these "scene" shots so neighbouring episodes differ.
const SHOTS: Record<Mood, Shot[]> = {
  epic: ['fire', 'solo', 'walk', 'duo', 'window'],
  love: ['duo', 'solo', 'window', 'bokeh', 'walk'],
  dark: ['road', 'bokeh', 'solo', 'window', 'duo'],
  fear: ['window', 'road', 'fire', 'solo'],
  light: ['duo', 'bokeh', 'walk', 'window', 'solo'],
  drama: ['solo', 'window', 'walk', 'duo', 'bokeh'],
};
const TIMES: { name: string; night: boolean; tint: string; k: number }[] = [
  { name: 'dawn', night: false, tint: '#ffb38a', k: 0.25 },
  { name: 'day', night: false, tint: '#bfe3ff', k: 0.2 },
  { name: 'dusk', night: false, tint: '#ff6f4e', k: 0.3 },
  { name: 'night', night: true, tint: '#1b2a6b', k: 0.45 },
];

function stillHtml(d: Design, season: number, episode: number, index: number): string {
  const W = 480;
  const H = 270;
  const r = rngFor('still', d.slug, season, episode);
  const shots = SHOTS[d.mood];
  const seed = hashString(d.slug);
  const shot: Shot = index % 3 === seed % 3 ? 'wide' : shots[(index + seed) % shots.length]!;
  const time = TIMES[(index * 3 + season + (hashString(d.slug) % 4)) % TIMES.length]!;
  const base = d.palette;
  const night = base.night || time.night;
  const p: Palette = {
    ...base,
    sky: base.sky.map((c, i) => mix(c, time.tint, time.k * (i === 2 ? 1 : 0.6))) as [string, string, string],
    night,
  };
  const uid = `s`;
  let inner: string;
  if (shot === 'wide') {
    const motifs = d.motifs.filter((m) => m !== 'palace' && m !== 'letters').slice(0, 3);
    const sc = buildScene(
      {
        W,
        H,
        r,
        p,
        mood: d.mood,
        focus: between(r, 0.3, 0.7),
        horizon: H * between(r, 0.58, 0.7),
        s: 0.42,
        night,
        uid,
        kind: 'still',
      },
      motifs,
    );
    inner = sc.back + sc.front;
  } else {
    const L = newLayers();
    const ctx: SceneCtx = {
      W,
      H,
      r,
      p,
      mood: d.mood,
      focus: between(r, 0.35, 0.65),
      horizon: H * 0.7,
      s: 0.45,
      night,
      uid,
      kind: 'still',
    };
    const skyId = `sk${uid}`;
    L.defs.push(
      `<linearGradient id="${skyId}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.6" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>`,
    );
    L.sky.push(`<rect width="${W}" height="${H}" fill="url(#${skyId})"/>`);
    const glow = (cx: number, cy: number, rad: number, color: string, o: number): string => {
      const id = `g${L.defs.length}`;
      L.defs.push(
        `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${o}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
      );
      return `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(rad)}" fill="url(#${id})"/>`;
    };
    if (shot === 'duo') {
      const gx = between(r, 0.35, 0.65) * W;
      L.sky.push(glow(gx, H * 0.45, 200, p.light, 0.75));
      if (r() < 0.5)
        L.sky.push(`<g fill="${mix(p.sky[1], p.ink, 0.5)}">${skylineShapes(ctx, H * 0.78, 0.35, 0, W, night)}</g>`);
      if (r() < 0.7) {
        // Two profiles, close, with a rim light.
        const h = between(r, 200, 240);
        const gap = 45 * (h / 160) + 2;
        const left = profile(gx - gap, H + 4, h, p.ink, r() < 0.3);
        const right = profile(gx + gap, H + 8, h * 0.94, p.ink, true, true);
        const rim = (svg: string, dx: number): string =>
          `<g transform="translate(${f1(dx)},-1.5)" opacity="0.55">${svg.replace(/fill="[^"]+"/, `fill="${p.light}"`)}</g>`;
        L.fg.push(rim(left, -1.6) + rim(right, 1.6) + left + right);
      } else {
        const sep = between(r, 70, 120);
        L.fg.push(bust(gx - sep, H + 10, between(r, 220, 260), p.ink, r() < 0.5, false));
        L.fg.push(bust(gx + sep, H + 10, between(r, 200, 240), p.ink, r() < 0.6, true));
      }
    } else if (shot === 'window') {
      const kind = d.mood === 'epic' || d.mood === 'fear' || r() < 0.3 ? 'arch' : r() < 0.5 ? 'grid' : 'tall';
      const ww = kind === 'tall' ? between(r, 80, 110) : between(r, 120, 160);
      const wx = between(r, 70, W - ww - 70);
      const wy = kind === 'tall' ? 26 : 44;
      const wh = kind === 'tall' ? 200 : 160;
      const pane = mix(p.sky[2], p.light, 0.35);
      L.sky.push(`<rect width="${W}" height="${H}" fill="${mix(p.ink, p.sky[1], 0.22)}"/>`);
      const shape =
        kind === 'arch'
          ? `M${f1(wx)},${wy + wh} L${f1(wx)},${f1(wy + ww * 0.45)} Q${f1(wx)},${wy} ${f1(wx + ww / 2)},${f1(wy - 18)} Q${f1(wx + ww)},${wy} ${f1(wx + ww)},${f1(wy + ww * 0.45)} L${f1(wx + ww)},${wy + wh} Z`
          : `M${f1(wx)},${wy} L${f1(wx + ww)},${wy} L${f1(wx + ww)},${wy + wh} L${f1(wx)},${wy + wh} Z`;
      L.sky.push(`<path d="${shape}" fill="${pane}"/>`);
      // A hint of the outside world through the glass.
      L.sky.push(
        `<g fill="${mix(pane, p.ink, 0.35)}">${skylineShapes({ ...ctx, r }, wy + wh - 10, 0.22, wx, wx + ww - 10, false)}</g>`,
      );
      L.sky.push(glow(wx + ww / 2, wy + wh / 2, 220, p.light, 0.35));
      L.sky.push(
        `<path d="M${f1(wx)},${wy + wh} L${f1(wx + ww)},${wy + wh} L${f1(wx + ww + 170)},${H} L${f1(wx - 70)},${H} Z" fill="${p.light}" opacity="0.15"/>`,
      );
      const bars =
        kind === 'grid'
          ? `<rect x="${f1(wx + ww / 2 - 3)}" y="${wy}" width="6" height="${wh}"/><rect x="${f1(wx)}" y="${f1(wy + wh * 0.45)}" width="${f1(ww)}" height="5"/>`
          : kind === 'tall'
            ? `<rect x="${f1(wx + ww / 2 - 2)}" y="${wy}" width="4" height="${wh}"/>` +
              [0.25, 0.5, 0.75]
                .map((t) => `<rect x="${f1(wx)}" y="${f1(wy + wh * t)}" width="${f1(ww)}" height="4"/>`)
                .join('')
            : `<rect x="${f1(wx + ww / 2 - 2.5)}" y="${f1(wy - 10)}" width="5" height="${wh + 10}"/>`;
      L.sky.push(
        `<g fill="${p.ink}">${bars}<path d="${shape}" fill="none" stroke="${p.ink}" stroke-width="9"/><rect x="${f1(wx - 12)}" y="${wy + wh}" width="${f1(ww + 24)}" height="9"/></g>`,
      );
      // Curtains.
      L.mid.push(
        `<path d="M${f1(wx - 30)},0 Q${f1(wx + 6)},${f1(H * 0.4)} ${f1(wx - 14)},${H} L${f1(wx - 60)},${H} L${f1(wx - 60)},0 Z" fill="${mix(p.ink, p.accent, 0.25)}" opacity="0.9"/><path d="M${f1(wx + ww + 30)},0 Q${f1(wx + ww - 6)},${f1(H * 0.4)} ${f1(wx + ww + 14)},${H} L${f1(wx + ww + 60)},${H} L${f1(wx + ww + 60)},0 Z" fill="${mix(p.ink, p.accent, 0.25)}" opacity="0.9"/>`,
      );
      const fxp = wx + ww * between(r, 0.2, 0.8);
      const female = r() < 0.5;
      L.fg.push(
        figure(female ? 'woman' : 'coat', fxp, H - 10, between(r, 150, 185), p.ink, {
          hair: female ? 'long' : 'short',
        }),
      );
    } else if (shot === 'solo' || shot === 'walk') {
      const hz = H * (shot === 'walk' ? 0.76 : 0.72);
      const c2 = { ...ctx, horizon: hz, s: shot === 'walk' ? 0.35 : 0.3 };
      const sx = between(r, 0.3, 0.7) * W;
      L.sky.push(glow(sx, hz - 30, 240, p.light, 0.7));
      if (!night)
        L.sky.push(
          `<circle cx="${f1(sx)}" cy="${f1(hz - between(r, 20, 60))}" r="${f1(between(r, 16, 26))}" fill="${mix(p.light, '#ffffff', 0.3)}"/>`,
        );
      else sunOrMoon(c2, L, sx, hz - 110, 16);
      for (let i = 0; i < 5; i++)
        L.sky.push(
          `<ellipse cx="${f1(r() * W)}" cy="${f1(between(r, 0.1, 0.5) * H)}" rx="${f1(between(r, 60, 140))}" ry="${f1(between(r, 5, 12))}" fill="${p.light}" opacity="${f1(between(r, 0.06, 0.16))}"/>`,
        );
      const far =
        d.motifs.includes('skyline') || d.motifs.includes('city')
          ? 'skyline'
          : d.motifs.includes('water')
            ? 'water'
            : 'hills';
      if (far === 'skyline')
        L.far.push(`<g fill="${mix(p.sky[2], p.ink, 0.6)}">${skylineShapes(c2, hz + 2, 0.32, 0, W, night)}</g>`);
      else if (far === 'water') drawMotif('water', c2, L);
      else L.far.push(`<path d="${ridge(c2, hz - 10, 34, 0.5, 1)}" fill="${mix(p.sky[2], p.ink, 0.55)}"/>`);
      L.water.push(`<path d="${ridge(c2, hz + 8, 8, 0.3, 3)}" fill="${p.ink}"/>`);
      if (shot === 'solo') {
        const left = r() < 0.5;
        const h = between(r, 230, 270);
        const x = left ? W * 0.2 : W * 0.8;
        const prof = profile(x, H + 6, h, p.ink, r() < 0.45, !left);
        L.fg.push(
          `<g transform="translate(${left ? 1.8 : -1.8},-1.5)" opacity="0.5">${prof.replace(/fill="[^"]+"/, `fill="${p.light}"`)}</g>` +
            prof,
        );
      } else {
        const n = int(r, 1, 3);
        for (let i = 0; i < n; i++) {
          const female = r() < 0.45;
          L.fg.push(
            figure(female ? 'woman' : 'coat', sx - 60 + i * 26 + between(r, -8, 8), hz + 6, between(r, 42, 54), p.ink, {
              hair: female ? 'long' : 'short',
              flip: r() < 0.5,
            }),
          );
        }
      }
    } else if (shot === 'bokeh') {
      const cols = [p.light, p.accent, mix(p.light, p.accent, 0.5), '#ffffff'];
      for (let i = 0; i < 26; i++)
        L.sky.push(glow(r() * W, between(r, 0.1, 0.8) * H, between(r, 12, 46), pick(r, cols), between(r, 0.35, 0.8)));
      L.fg.push(bust(between(r, 0.25, 0.75) * W, H + 6, between(r, 200, 250), p.ink, r() < 0.5, r() < 0.5));
    } else if (shot === 'fire') {
      const cx = between(r, 0.35, 0.65) * W;
      L.sky.push(`<rect width="${W}" height="${H}" fill="${mix(p.ink, p.sky[0], 0.4)}"/>`);
      stars(ctx, L, 30, H * 0.5);
      L.sky.push(glow(cx, H * 0.78, 200, '#ff9a3d', 0.7));
      L.mid.push(
        `<path d="M${f1(cx - 16)},${f1(H * 0.84)} Q${f1(cx - 10)},${f1(H * 0.66)} ${f1(cx)},${f1(H * 0.6)} Q${f1(cx + 4)},${f1(H * 0.7)} ${f1(cx + 16)},${f1(H * 0.84)} Z" fill="#ffd27a"/><path d="M${f1(cx - 8)},${f1(H * 0.84)} Q${f1(cx - 4)},${f1(H * 0.74)} ${f1(cx + 1)},${f1(H * 0.7)} Q${f1(cx + 4)},${f1(H * 0.76)} ${f1(cx + 8)},${f1(H * 0.84)} Z" fill="#fff3c4"/>`,
      );
      for (const side of [-1, 1])
        L.fg.push(
          figure('coat', cx + side * between(r, 70, 130), H * 0.95, between(r, 110, 140), p.ink, {
            flip: side > 0,
            hair: d.mood === 'epic' ? 'helmet' : 'short',
          }),
        );
      L.fg.push(`<rect x="0" y="${f1(H * 0.93)}" width="${W}" height="${f1(H * 0.1)}" fill="${p.ink}"/>`);
    } else {
      // road: a car coming out of the night, headlights in the rain.
      const c2 = { ...ctx, horizon: H * 0.5, s: 0.55 };
      if (night || d.mood === 'dark' || d.mood === 'fear') stars(c2, L, 20, H * 0.4);
      L.far.push(`<g fill="${mix(p.sky[2], p.ink, 0.6)}">${skylineShapes(c2, H * 0.5 + 2, 0.3, 0, W, true)}</g>`);
      drawMotif('headlights', c2, L);
      if (r() < 0.7) drawMotif('rain', c2, L);
    }
    inner = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="position:absolute;inset:0"><defs>${L.defs.join('')}</defs>${L.sky.join('')}${L.far.join('')}${L.water.join('')}${L.mid.join('')}${L.fg.join('')}${L.fx.join('')}</svg>`;
  }
  const bars = r() < 0.45;
  const body = `${inner}
<div class="abs" style="background:radial-gradient(ellipse at 50% 50%, transparent 50%, rgba(0,0,0,0.55) 100%)"></div>
${bars ? '<div style="position:absolute;left:0;right:0;top:0;height:22px;background:#000"></div><div style="position:absolute;left:0;right:0;bottom:0;height:22px;background:#000"></div>' : ''}
<div class="en" lang="en" style="position:absolute;left:12px;top:${bars ? 30 : 10}px;font-size:11px;font-weight:700;letter-spacing:0.14em;color:#fff;background:rgba(0,0,0,0.45);padding:3px 7px;border-radius:3px">S${season} · E${episode}</div>`;
  return pageHtml(W, H, body);
}

// ───────────── Portraits and avatars ─────────────

const FEMALE_FIRST = new Set([
  'Esra',
  'Özge',
  'Meryem',
  'Vahide',
  'Beren',
  'Nebahat',
  'Hazal',
  'Neslihan',
  'Pınar',
  'Cansu',
  'Gülse',
  'Songül',
  'Bergüzar',
  'Öykü',
  'Serenay',
  'Tuba',
  'Elçin',
  'Hilal',
  'Demet',
  'Hande',
  'Birce',
  'Ezgi',
  'Merve',
  'Cemre',
  'Melisa',
  'Zerrin',
  'Nisa',
  'Farah',
  'Derya',
  'Ece',
  'Gizem',
  'Nilüfer',
  'Aslı',
  'Ayşe',
  'Zeynep',
  'Elif',
  'Sarah',
  'Fatima',
  'Hana',
  'Amina',
]);
const FEMALE_KEYS = new Set(['deniz-baysal']);
const SENIOR_KEYS = new Set([
  'cetin-tekindor',
  'sener-sen',
  'haluk-bilginer',
  'nebahat-cehre',
  'talat-bulut',
  'zerrin-tekindor',
  'muhammet-uzuner',
]);
const BEARD_KEYS = new Set([
  'engin-altan-duzyatan',
  'burak-ozcivit',
  'cengiz-coskun',
  'nurettin-sonmez',
  'serkan-cayoglu',
  'bulent-inal',
  'ulas-tuna-astepe',
  'baris-arduc',
  'kivanc-tatlitug',
  'sener-sen',
  'yilmaz-erdogan',
  'taner-olmez',
  'mert-firat',
]);

const SKIN = ['#f6d7c3', '#eec1a0', '#e0ab85', '#cf9670', '#b97d58', '#a26a48', '#f1c9ae', '#d9a47e'];
const HAIR = ['#1d1411', '#2c1c15', '#3d281c', '#5a3a24', '#7a4b2a', '#8c5a35', '#a8703f', '#221a18'];
const BG = [
  ['#1f4e5f', '#2f7f86'],
  ['#6b2d3a', '#b24a4f'],
  ['#40365f', '#6f5aa8'],
  ['#2e4a35', '#5d8a5e'],
  ['#7a4a1d', '#c98a3c'],
  ['#23324f', '#4a6aa3'],
  ['#5b2a52', '#a1508d'],
  ['#3b3b3b', '#7a7a72'],
  ['#0f3d3e', '#1f8a7a'],
  ['#6a3b22', '#c77a4c'],
];
const CLOTH = ['#1b1f2a', '#2d2a26', '#3a2f4a', '#1f3b3a', '#4a2a2a', '#2b3a55', '#e9e4da', '#6b5a45'];

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return (first.slice(0, 1) + last.slice(0, 1)).toLocaleUpperCase('tr');
}

function portraitSvg(key: string, name: string, size: number, variant: 'cast' | 'user'): string {
  const r = rngFor('portrait', key);
  const female = FEMALE_KEYS.has(key) || FEMALE_FIRST.has(name.split(' ')[0] ?? '');
  const senior = SENIOR_KEYS.has(key);
  const skin = pick(r, SKIN);
  const hairColor = senior ? pick(r, ['#b9b4ad', '#9d978f', '#d6d1c9']) : pick(r, HAIR);
  const [bg0, bg1] = pick(r, BG) as [string, string];
  const cloth = pick(r, CLOTH);
  const shirt = cloth === '#e9e4da' ? '#2a2a30' : mix(cloth, '#ffffff', 0.75);
  const shade = mix(skin, '#3a1f14', 0.22);
  const u = `pp${variant}`;
  const V = 320;
  const cx = 160;
  const headY = 142 + between(r, -4, 6);
  const hw = between(r, 44, 50);
  const hh = hw * between(r, 1.18, 1.28);
  const tilt = between(r, -4, 4);
  const style = female
    ? pick(r, ['long', 'long', 'bob', 'bun', 'wavy'] as const)
    : pick(r, ['crop', 'side', 'quiff', 'buzz', 'curly'] as const);
  const beard = !female && (BEARD_KEYS.has(key) || r() < 0.18);
  const parts: string[] = [];
  // Background
  parts.push(
    `<defs><radialGradient id="${u}bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg0}"/></radialGradient><linearGradient id="${u}cl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(cloth, '#ffffff', 0.12)}"/><stop offset="1" stop-color="${mix(cloth, '#000000', 0.25)}"/></linearGradient></defs>`,
    `<rect width="${V}" height="${V}" fill="url(#${u}bg)"/>`,
    `<circle cx="${cx}" cy="150" r="128" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="22"/>`,
  );
  if (variant === 'cast')
    parts.push(
      `<text x="${cx}" y="196" text-anchor="middle" font-family="'URW Bookman','C059','DejaVu Serif',serif" font-weight="700" font-size="150" fill="#ffffff" fill-opacity="0.06" letter-spacing="-4">${esc(initials(name))}</text>`,
    );
  // Hair behind (long styles)
  if (style === 'long' || style === 'wavy')
    parts.push(
      `<path fill="${hairColor}" d="M${f1(cx - hw - 10)},${f1(headY - 10)} C${f1(cx - hw - 16)},${f1(headY + 60)} ${f1(cx - hw - 18)},${f1(headY + 120)} ${f1(cx - hw - (style === 'wavy' ? 30 : 14))},${f1(headY + 150)} L${f1(cx + hw + (style === 'wavy' ? 30 : 14))},${f1(headY + 150)} C${f1(cx + hw + 18)},${f1(headY + 120)} ${f1(cx + hw + 16)},${f1(headY + 60)} ${f1(cx + hw + 10)},${f1(headY - 10)} Z"/>`,
    );
  // Shoulders / clothing
  parts.push(
    `<path fill="url(#${u}cl)" d="M20,${V} C26,262 70,238 ${cx - 30},232 L${cx + 30},232 C250,238 294,262 300,${V} Z"/>`,
    `<path fill="${shade}" d="M${cx - 24},${f1(headY + hh * 0.7)} L${cx + 24},${f1(headY + hh * 0.7)} L${cx + 28},236 Q${cx},252 ${cx - 28},236 Z"/>`,
    female
      ? `<path fill="${skin}" d="M${cx - 34},234 Q${cx},270 ${cx + 34},234 Q${cx + 20},240 ${cx},242 Q${cx - 20},240 ${cx - 34},234 Z" opacity="0.9"/>`
      : `<path fill="${shirt}" d="M${cx - 30},232 L${cx},268 L${cx + 30},232 L${cx + 18},230 L${cx},252 L${cx - 18},230 Z"/>`,
  );
  // Head group (tilted)
  const head: string[] = [];
  head.push(
    `<ellipse cx="${f1(cx - hw + 1)}" cy="${f1(headY + 6)}" rx="9" ry="14" fill="${shade}"/><ellipse cx="${f1(cx + hw - 1)}" cy="${f1(headY + 6)}" rx="9" ry="14" fill="${shade}"/>`,
  );
  head.push(`<ellipse cx="${cx}" cy="${f1(headY)}" rx="${f1(hw)}" ry="${f1(hh)}" fill="${skin}"/>`);
  head.push(
    `<path d="M${f1(cx + hw * 0.35)},${f1(headY - hh * 0.9)} Q${f1(cx + hw * 1.05)},${f1(headY)} ${f1(cx + hw * 0.3)},${f1(headY + hh * 0.95)} Q${f1(cx + hw)},${f1(headY + hh * 0.3)} ${f1(cx + hw * 0.35)},${f1(headY - hh * 0.9)} Z" fill="${shade}" opacity="0.35"/>`,
  );
  // Minimal features: brows, nose, mouth.
  const browY = headY - hh * 0.12;
  const browCol = senior ? mix(hairColor, '#555', 0.3) : mix(hairColor, '#000', 0.1);
  head.push(
    `<path d="M${f1(cx - hw * 0.55)},${f1(browY)} q${f1(hw * 0.2)},-6 ${f1(hw * 0.38)},-1" stroke="${browCol}" stroke-width="${female ? 3.2 : 4.2}" fill="none" stroke-linecap="round"/><path d="M${f1(cx + hw * 0.17)},${f1(browY - 1)} q${f1(hw * 0.18)},-5 ${f1(hw * 0.38)},1" stroke="${browCol}" stroke-width="${female ? 3.2 : 4.2}" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="${f1(cx - hw * 0.36)}" cy="${f1(browY + 13)}" rx="3.6" ry="4.2" fill="#2a1a14"/><ellipse cx="${f1(cx + hw * 0.36)}" cy="${f1(browY + 13)}" rx="3.6" ry="4.2" fill="#2a1a14"/>`,
    `<path d="M${f1(cx + 2)},${f1(browY + 14)} q-6,${f1(hh * 0.3)} -1,${f1(hh * 0.36)}" stroke="${mix(shade, '#000', 0.15)}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
    `<path d="M${f1(cx - hw * 0.26)},${f1(headY + hh * 0.5)} q${f1(hw * 0.26)},${f1(between(r, 5, 9))} ${f1(hw * 0.52)},0" stroke="${female ? '#a4474a' : mix(shade, '#4a2a20', 0.4)}" stroke-width="${female ? 3.6 : 3}" fill="none" stroke-linecap="round"/>`,
  );
  if (female)
    head.push(
      `<ellipse cx="${f1(cx - hw * 0.52)}" cy="${f1(headY + hh * 0.28)}" rx="9" ry="5" fill="#e07a6a" opacity="0.18"/><ellipse cx="${f1(cx + hw * 0.52)}" cy="${f1(headY + hh * 0.28)}" rx="9" ry="5" fill="#e07a6a" opacity="0.18"/>`,
    );
  if (beard)
    head.push(
      `<path fill="${hairColor}" opacity="${senior ? 0.95 : 0.92}" d="M${f1(cx - hw * 0.98)},${f1(headY + hh * 0.05)} C${f1(cx - hw * 0.95)},${f1(headY + hh * 0.95)} ${f1(cx - hw * 0.35)},${f1(headY + hh * 1.12)} ${cx},${f1(headY + hh * 1.12)} C${f1(cx + hw * 0.35)},${f1(headY + hh * 1.12)} ${f1(cx + hw * 0.95)},${f1(headY + hh * 0.95)} ${f1(cx + hw * 0.98)},${f1(headY + hh * 0.05)} C${f1(cx + hw * 0.8)},${f1(headY + hh * 0.5)} ${f1(cx + hw * 0.4)},${f1(headY + hh * 0.36)} ${cx},${f1(headY + hh * 0.38)} C${f1(cx - hw * 0.4)},${f1(headY + hh * 0.36)} ${f1(cx - hw * 0.8)},${f1(headY + hh * 0.5)} ${f1(cx - hw * 0.98)},${f1(headY + hh * 0.05)} Z"/><path d="M${f1(cx - hw * 0.26)},${f1(headY + hh * 0.5)} q${f1(hw * 0.26)},6 ${f1(hw * 0.52)},0" stroke="${mix(skin, '#8a3a30', 0.5)}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    );
  // Hair on top
  const top = headY - hh;
  // Control-point height that makes a symmetric cubic from y0 peak at apex.
  const ctl = (y0: number, apex: number): number => (apex - 0.25 * y0) / 0.75;
  switch (style) {
    case 'long':
    case 'wavy':
    case 'bob':
      head.push(
        `<path fill="${hairColor}" d="M${f1(cx - hw - 8)},${f1(headY + (style === 'bob' ? hh * 0.55 : 10))} C${f1(cx - hw - 14)},${f1(ctl(headY + (style === 'bob' ? hh * 0.55 : 10), top - 9))} ${f1(cx + hw + 14)},${f1(ctl(headY + (style === 'bob' ? hh * 0.55 : 10), top - 9))} ${f1(cx + hw + 8)},${f1(headY + (style === 'bob' ? hh * 0.55 : 10))} L${f1(cx + hw - 6)},${f1(headY - hh * 0.1)} C${f1(cx + hw * 0.3)},${f1(top + hh * 0.35)} ${f1(cx - hw * 0.2)},${f1(top + hh * 0.2)} ${f1(cx - hw * 0.1)},${f1(top + hh * 0.08)} C${f1(cx - hw * 0.4)},${f1(top + hh * 0.4)} ${f1(cx - hw + 4)},${f1(headY - hh * 0.2)} ${f1(cx - hw + 6)},${f1(headY + 8)} Z"/>`,
      );
      break;
    case 'bun':
      head.push(
        `<circle cx="${cx}" cy="${f1(top - 14)}" r="24" fill="${hairColor}"/><path fill="${hairColor}" d="M${f1(cx - hw - 4)},${f1(headY + 4)} C${f1(cx - hw - 10)},${f1(ctl(headY + 4, top - 6))} ${f1(cx + hw + 10)},${f1(ctl(headY + 4, top - 6))} ${f1(cx + hw + 4)},${f1(headY + 4)} C${f1(cx + hw * 0.7)},${f1(top + hh * 0.3)} ${f1(cx - hw * 0.7)},${f1(top + hh * 0.3)} ${f1(cx - hw - 4)},${f1(headY + 4)} Z"/>`,
      );
      break;
    case 'crop':
    case 'side':
    case 'quiff':
      head.push(
        `<path fill="${hairColor}" d="M${f1(cx - hw - 2)},${f1(headY - hh * 0.08)} C${f1(cx - hw - 6)},${f1(ctl(headY - hh * 0.08, top - (style === 'quiff' ? 16 : 6)))} ${f1(cx + hw + 6)},${f1(ctl(headY - hh * 0.08, top - (style === 'quiff' ? 19 : 7)))} ${f1(cx + hw + 2)},${f1(headY - hh * 0.08)} C${f1(cx + hw * 0.85)},${f1(top + hh * 0.42)} ${f1(cx + hw * 0.2)},${f1(top + hh * (style === 'side' ? 0.2 : 0.3))} ${f1(cx - hw * (style === 'side' ? 0.3 : 0.1))},${f1(top + hh * 0.26)} C${f1(cx - hw * 0.6)},${f1(top + hh * 0.34)} ${f1(cx - hw * 0.95)},${f1(top + hh * 0.5)} ${f1(cx - hw - 2)},${f1(headY - hh * 0.08)} Z"/>`,
      );
      break;
    case 'buzz':
      head.push(
        `<path fill="${hairColor}" opacity="0.85" d="M${f1(cx - hw + 1)},${f1(headY - hh * 0.2)} C${f1(cx - hw)},${f1(ctl(headY - hh * 0.2, top - 1.5))} ${f1(cx + hw)},${f1(ctl(headY - hh * 0.2, top - 1.5))} ${f1(cx + hw - 1)},${f1(headY - hh * 0.2)} C${f1(cx + hw * 0.6)},${f1(top + hh * 0.2)} ${f1(cx - hw * 0.6)},${f1(top + hh * 0.2)} ${f1(cx - hw + 1)},${f1(headY - hh * 0.2)} Z"/>`,
      );
      break;
    case 'curly': {
      const curls: string[] = [];
      for (let i = 0; i < 16; i++) {
        const a = Math.PI + (i / 15) * Math.PI;
        curls.push(
          `<circle cx="${f1(cx + Math.cos(a) * hw * 0.95)}" cy="${f1(headY - hh * 0.25 + Math.sin(a) * hh * 0.85)}" r="${f1(between(r, 12, 17))}"/>`,
        );
      }
      head.push(`<g fill="${hairColor}">${curls.join('')}</g>`);
      break;
    }
  }
  parts.push(`<g transform="rotate(${f1(tilt)} ${cx} 240)">${head.join('')}</g>`);
  if (variant === 'cast')
    parts.push(
      `<g><rect x="14" y="${V - 46}" width="${f1(18 + initials(name).length * 14)}" height="30" rx="15" fill="#000" fill-opacity="0.35"/><text x="${f1(23 + (initials(name).length * 14) / 2)}" y="${V - 25}" text-anchor="middle" font-family="${SANS.replace(/"/g, "'")}" font-weight="700" font-size="14" letter-spacing="2" fill="#ffffff">${esc(initials(name))}</text></g>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${V} ${V}">${parts.join('')}</svg>`;
}

function portraitHtml(person: DemoPerson): string {
  return pageHtml(
    320,
    320,
    portraitSvg(person.key, person.name, 320, 'cast') + `<div class="grain" style="opacity:0.12"></div>`,
  );
}
function avatarHtml(user: DemoUser): string {
  return pageHtml(160, 160, portraitSvg(`user-${user.key}`, user.name, 160, 'user'));
}

// ───────────── Rendering ─────────────

interface Job {
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

function buildJobs(): Job[] {
  const jobs: Job[] = [];
  const titles: Title[] = [...demoCatalogue.series, ...demoCatalogue.movies];
  for (const name of Object.keys(ART))
    if (!titles.some((t) => t.title === name)) console.warn(`ART entry without a title: ${name}`);
  const designs = new Map(titles.map((t) => [t.title, designFor(t)]));
  const want = (what: string, name: string): boolean => ONLY.includes(what) && (!FILTER || name.includes(FILTER));
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

function referencedFiles(): Set<string> {
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

async function main(): Promise<void> {
  if (flag('print-designs')) {
    for (const t of [...demoCatalogue.series, ...demoCatalogue.movies]) {
      const d = designFor(t);
      console.log(`${t.title.padEnd(34)} ${d.mood.padEnd(6)} ${d.layout.padEnd(8)} ${d.motifs.join(',')}`);
    }
    return;
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  let jobs = buildJobs();
  if (MISSING_ONLY)
    jobs = jobs.filter(
      (j) =>
        !fs.existsSync(path.join(OUT_DIR, j.file)) ||
        (j.alsoScaled ?? []).some((a) => !fs.existsSync(path.join(OUT_DIR, a.file))),
    );
  console.log(`Rendering ${jobs.length} image(s) into ${path.relative(ROOT, OUT_DIR)}`);
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
    GRAIN = await makeGrain(page);
    let size = { w: 0, h: 0 };
    let done = 0;
    for (const job of jobs) {
      if (size.w !== job.width || size.h !== job.height) {
        await page.setViewportSize({ width: job.width, height: job.height });
        size = { w: job.width, h: job.height };
      }
      await page.setContent(job.html(), { waitUntil: 'load' });
      fs.writeFileSync(path.join(OUT_DIR, job.file), await capture(cdp, job.width, job.height, 1, job.quality));
      for (const extra of job.alsoScaled ?? [])
        fs.writeFileSync(
          path.join(OUT_DIR, extra.file),
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
