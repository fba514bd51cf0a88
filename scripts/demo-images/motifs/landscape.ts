// Scene motifs, the land a scene stands on: water, mountains, hills, fields,
// fairy chimneys, dunes, desert, grass and trees.

import { mix } from '../colour.js';
import { f1 } from '../markup.js';
import { between, int } from '../random.js';
import { ridge } from '../scene.js';
import { figure } from '../silhouettes.js';
import type { DrawMotif } from './frame.js';

export const landscapeMotifs = {
  water({ ctx, L, W, H, r, p, s, hz, fx, ink }) {
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
  },

  mountains({ ctx, L, p, s, hz, haze, haze2 }) {
    L.far.push(
      `<path d="${ridge(ctx, hz - 120 * s, 150 * s, 0.9, 0.3)}" fill="${mix(p.sky[2], p.sky[1], 0.45)}" opacity="0.9"/>`,
    );
    L.far.push(`<path d="${ridge(ctx, hz - 40 * s, 110 * s, 0.8, 1.4)}" fill="${haze}"/>`);
    L.far.push(`<path d="${ridge(ctx, hz + 10 * s, 60 * s, 0.6, 2.8)}" fill="${haze2}"/>`);
  },

  hills({ ctx, L, s, hz, haze, haze2 }) {
    L.far.push(`<path d="${ridge(ctx, hz - 30 * s, 60 * s, 0.5, 0.8)}" fill="${haze}"/>`);
    L.far.push(`<path d="${ridge(ctx, hz + 14 * s, 34 * s, 0.4, 2.1)}" fill="${haze2}"/>`);
  },

  fields({ L, W, H, r, p, s, hz, fx, ink, haze2 }) {
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
  },

  chimneys({ L, W, H, r, s, hz, ink, haze, haze2 }) {
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
  },

  dunes({ ctx, L, p, s, hz, fx, ink }) {
    L.far.push(`<path d="${ridge(ctx, hz - 20 * s, 70 * s, 0.25, 0.5)}" fill="${mix(p.sky[2], p.accent, 0.25)}"/>`);
    L.far.push(`<path d="${ridge(ctx, hz + 30 * s, 50 * s, 0.2, 1.9)}" fill="${mix(p.sky[2], ink, 0.45)}"/>`);
    const ax = fx + 140 * s;
    const ay = hz + 10 * s;
    const k = 1.2 * s;
    L.far.push(
      `<path fill-rule="evenodd" fill="${mix(p.sky[2], ink, 0.6)}" d="M${f1(ax - 60 * k)},${f1(ay)} L${f1(ax - 60 * k)},${f1(ay - 90 * k)} L${f1(ax + 60 * k)},${f1(ay - 90 * k)} L${f1(ax + 60 * k)},${f1(ay)} Z M${f1(ax - 26 * k)},${f1(ay)} L${f1(ax - 26 * k)},${f1(ay - 44 * k)} Q${f1(ax - 26 * k)},${f1(ay - 72 * k)} ${f1(ax)},${f1(ay - 78 * k)} Q${f1(ax + 26 * k)},${f1(ay - 72 * k)} ${f1(ax + 26 * k)},${f1(ay - 44 * k)} L${f1(ax + 26 * k)},${f1(ay)} Z"/>`,
    );
  },

  desert({ L, W, H, s, hz, fx, ink, haze }) {
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
  },

  grass({ ctx, L, W, H, r, p, s, hz, ink, haze2 }) {
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
  },

  cypress({ L, W, H, r, s, hz, fx, ink, haze2 }) {
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
  },

  lonetree({ L, r, s, hz, fx, ink }) {
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
  },

  trees({ ctx, L, W, H, r, s, ink }) {
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
  },
} satisfies Record<string, DrawMotif>;
