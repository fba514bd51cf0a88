// People: cast portraits (320 px, with initials) and user avatars (160 px),
// a drawn head and shoulders whose face, hair and colours follow from the key.

import type { DemoPerson, DemoUser } from '../../apps/api/src/db/seed/demo-types.js';
import { mix } from './colour.js';
import { esc, f1 } from './markup.js';
import { pageHtml } from './page.js';
import { between, pick, rngFor } from './random.js';
import { SANS } from './typography.js';

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

export function portraitHtml(person: DemoPerson): string {
  return pageHtml(
    320,
    320,
    portraitSvg(person.key, person.name, 320, 'cast') + `<div class="grain" style="opacity:0.12"></div>`,
  );
}
export function avatarHtml(user: DemoUser): string {
  return pageHtml(160, 160, portraitSvg(`user-${user.key}`, user.name, 160, 'user'));
}
