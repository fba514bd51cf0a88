// Scene motifs, the emblems a title is known by: scales, microphone, tea
// glass, letters, clapperboard, serpent.

import { mix } from '../colour.js';
import { f1 } from '../markup.js';
import { between } from '../random.js';
import { ridge } from '../scene.js';
import { figure } from '../silhouettes.js';
import type { DrawMotif } from './frame.js';

export const propMotifs = {
  scales({ L, p, s, hz, fx }) {
    const cx = fx;
    const top = hz - 300 * s;
    const k = 1.25 * s;
    const g = `stroke="${p.accent}" stroke-width="${f1(3.2 * k)}" fill="none" stroke-linecap="round"`;
    const pan = (x: number, y: number): string =>
      `<path d="M${f1(x)},${f1(y)} L${f1(x - 34 * k)},${f1(y + 90 * k)} M${f1(x)},${f1(y)} L${f1(x + 34 * k)},${f1(y + 90 * k)}" ${g} stroke-width="${f1(1.4 * k)}"/><path d="M${f1(x - 42 * k)},${f1(y + 90 * k)} Q${f1(x)},${f1(y + 124 * k)} ${f1(x + 42 * k)},${f1(y + 90 * k)} Z" fill="${p.accent}"/>`;
    L.mid.push(
      `<g opacity="0.92"><path d="M${f1(cx)},${f1(top)} L${f1(cx)},${f1(top + 250 * k)}" ${g}/><path d="M${f1(cx - 110 * k)},${f1(top + 22 * k)} L${f1(cx + 110 * k)},${f1(top - 8 * k)}" ${g}/><circle cx="${f1(cx)}" cy="${f1(top - 8 * k)}" r="${f1(8 * k)}" fill="${p.accent}"/><path d="M${f1(cx - 50 * k)},${f1(top + 262 * k)} L${f1(cx + 50 * k)},${f1(top + 262 * k)} L${f1(cx + 30 * k)},${f1(top + 246 * k)} L${f1(cx - 30 * k)},${f1(top + 246 * k)} Z" fill="${p.accent}"/>${pan(cx - 110 * k, top + 22 * k)}${pan(cx + 110 * k, top - 8 * k)}</g>`,
    );
  },

  mic({ ctx, L, H, p, s, hz, fx, ink }) {
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
  },

  tea({ ctx, L, p, s, hz, fx, ink }) {
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
  },

  letters({ ctx, L, W, H, r, p, s, hz, fx, ink }) {
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
  },

  clapper({ L, p, s, hz, fx, ink }) {
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
  },

  serpent({ ctx, L, p, s, hz, fx, ink }) {
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
  },
} satisfies Record<string, DrawMotif>;
