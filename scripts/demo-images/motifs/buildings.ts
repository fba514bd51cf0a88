// Scene motifs, buildings and landmarks: skylines, the waterside mansion, a
// palace arch, the city at night, towers, walls, a bridge, prison bars.

import { mix } from '../colour.js';
import { f1 } from '../markup.js';
import { between } from '../random.js';
import { ridge, skylineShapes } from '../scene.js';
import { figure } from '../silhouettes.js';
import type { DrawMotif } from './frame.js';

export const buildingMotifs = {
  skyline({ ctx, L, W, s, hz, fx, haze, haze2 }) {
    L.far.push(`<g fill="${haze}">${skylineShapes(ctx, hz + 2, 0.75 * s, -20, W + 20, false)}</g>`);
    L.mid.push(`<g fill="${haze2}">${skylineShapes(ctx, hz + 4, 1.05 * s, fx - 260 * s, fx + 280 * s, ctx.night)}</g>`);
  },

  yali({ L, r, p, s, hz, fx, ink }) {
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
  },

  lighthouse({ ctx, L, W, p, s, hz, fx, ink }) {
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
  },

  palace({ ctx, L, W, H, p, s, fx, ink }) {
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
  },

  city({ ctx, L, W, r, p, s, hz, fx, ink, haze, haze2 }) {
    const out: string[] = [];
    const wins: string[] = [];
    for (let layer = 0; layer < 2; layer++) {
      const col = layer === 0 ? haze : mix(haze2, ink, 0.5);
      const base = hz + (layer ? 30 : 0) * s;
      for (let x = -10; x < W + 10;) {
        const w = between(r, 24, 70) * s;
        const h = between(r, 50, layer ? 260 : 180) * s * (1 - 0.4 * Math.abs(x / W - ctx.focus));
        out.push(`<rect x="${f1(x)}" y="${f1(base - h)}" width="${f1(w)}" height="${f1(h + 400 * s)}" fill="${col}"/>`);
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
  },

  haunted({ ctx, L, p, s, hz, fx, ink }) {
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
  },

  terraces({ L, r, p, s, hz, fx, ink }) {
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
  },

  walls({ L, W, H, r, p, s, hz, fx, haze2 }) {
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
  },

  pillars({ ctx, L, s, hz, fx, ink, haze }) {
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
  },

  bridge({ L, W, p, s, hz, fx, haze2 }) {
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
  },

  antenna({ ctx, L, p, s, hz, fx, ink }) {
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
  },

  bars({ L, p, s, hz, fx, ink }) {
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
  },
} satisfies Record<string, DrawMotif>;
