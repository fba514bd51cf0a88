// Scene motifs that travel: a ferry, a sailing ship, a train, a car's
// headlights, hot-air balloons.

import { hueShift, mix } from '../colour.js';
import { f1 } from '../markup.js';
import { between, pick } from '../random.js';
import type { DrawMotif } from './frame.js';

export const vehicleMotifs = {
  ferry({ L, r, p, s, hz, fx, ink }) {
    const x = fx + between(r, -160, 40) * s;
    const y = hz + 18 * s;
    const k = 1.4 * s;
    L.mid.push(
      `<g fill="${ink}"><path d="M${f1(x - 60 * k)},${f1(y)} L${f1(x + 62 * k)},${f1(y)} L${f1(x + 55 * k)},${f1(y + 10 * k)} L${f1(x - 56 * k)},${f1(y + 10 * k)} Z"/><rect x="${f1(x - 44 * k)}" y="${f1(y - 9 * k)}" width="${f1(86 * k)}" height="${f1(9 * k)}"/><rect x="${f1(x - 30 * k)}" y="${f1(y - 16 * k)}" width="${f1(56 * k)}" height="${f1(7 * k)}"/><rect x="${f1(x - 4 * k)}" y="${f1(y - 28 * k)}" width="${f1(8 * k)}" height="${f1(12 * k)}"/></g><g fill="${p.light}" opacity="0.8">${Array.from({ length: 12 }, (_, i) => `<rect x="${f1(x - 40 * k + i * 7 * k)}" y="${f1(y - 6 * k)}" width="${f1(3.2 * k)}" height="${f1(2.6 * k)}"/>`).join('')}</g>`,
    );
  },

  ship({ L, r, p, s, hz, fx, ink }) {
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
  },

  train({ L, W, p, s, hz, fx, ink }) {
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
  },

  headlights({ ctx, L, W, H, p, s, hz, fx, ink }) {
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
  },

  balloons({ ctx, L, W, r, p, s, hz, fx, ink }) {
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
  },
} satisfies Record<string, DrawMotif>;
