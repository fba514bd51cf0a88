// Motifs for a title without its own art direction: keywords in its title and
// description, falling back to its mood, then a few rules that keep the scene
// coherent (a human figure for scale, no haunted house in a romance).

import { slugify } from '../../../apps/api/src/db/seed/demo-catalogue-helpers.js';
import type { Mood } from '../palette.js';
import type { Motif } from './index.js';

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

export function motifsFor(title: string, description: string, mood: Mood): Motif[] {
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
