// Silhouettes: standing figures, waist-up busts, head-and-shoulder profiles
// and a camel, as SVG strings in a given fill.

import { f1 } from './markup.js';

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
export function figure(
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

export function bust(x: number, y: number, h: number, fill: string, female: boolean, flip = false): string {
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
export function profile(x: number, y: number, h: number, fill: string, female: boolean, flip = false): string {
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

export function camel(x: number, y: number, h: number, fill: string): string {
  const k = h / 100;
  const t = (dx: number, dy: number): string => `${f1(x + dx * k)},${f1(y + dy * k)}`;
  const legs = [-22, -14, 14, 22]
    .map(
      (dx) => `<rect x="${f1(x + (dx - 2) * k)}" y="${f1(y - 50 * k)}" width="${f1(4 * k)}" height="${f1(50 * k)}"/>`,
    )
    .join('');
  return `<g fill="${fill}"><ellipse cx="${f1(x)}" cy="${f1(y - 55 * k)}" rx="${f1(30 * k)}" ry="${f1(13 * k)}"/><ellipse cx="${f1(x - 4 * k)}" cy="${f1(y - 64 * k)}" rx="${f1(15 * k)}" ry="${f1(14 * k)}"/><path d="M${t(22, -60)} C${t(34, -62)} ${t(34, -74)} ${t(38, -84)} L${t(46, -86)} L${t(50, -80)} L${t(42, -78)} C${t(40, -66)} ${t(38, -54)} ${t(26, -48)} Z"/>${legs}</g>`;
}
