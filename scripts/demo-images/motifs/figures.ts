// Scene motifs, people: warriors, soldiers, couples, families, crews, a lone
// figure, a caravan, a hero, a man and his robot.

import { mix } from '../colour.js';
import { f1 } from '../markup.js';
import { between } from '../random.js';
import { ridge } from '../scene.js';
import { camel, figure, profile } from '../silhouettes.js';
import type { DrawMotif } from './frame.js';

export const figureMotifs = {
  warriors({ ctx, L, r, p, s, hz, fx, ink }) {
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
  },

  soldiers({ ctx, L, r, s, hz, fx, ink }) {
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
  },

  couple({ ctx, L, s, hz, hx, ink }) {
    const y = hz + 70 * s;
    const h = 200 * s;
    L.fg.push(
      figure('coat', hx - 26 * s, y, h, ink) +
        figure('woman', hx + 22 * s, y, h * 0.93, ink, { hair: 'long' }) +
        `<path d="${ridge(ctx, y + 2 * s, 10 * s, 0.3, 6)}" fill="${ink}"/>`,
    );
  },

  family({ ctx, L, s, hz, hx, ink }) {
    const y = hz + 70 * s;
    L.fg.push(
      figure('coat', hx - 60 * s, y, 190 * s, ink) +
        figure('woman', hx - 8 * s, y, 175 * s, ink, { hair: 'long' }) +
        figure('man', hx + 44 * s, y, 110 * s, ink) +
        `<path d="${ridge(ctx, y + 2 * s, 10 * s, 0.3, 7)}" fill="${ink}"/>`,
    );
  },

  figure({ ctx, L, r, s, hz, hx, ink }) {
    const y = hz + 80 * s;
    const female = r() < 0.4;
    L.fg.push(
      (female ? figure('woman', hx, y, 200 * s, ink, { hair: 'long' }) : figure('coat', hx, y, 215 * s, ink)) +
        `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 8)}" fill="${ink}"/>`,
    );
  },

  child({ ctx, L, W, H, s, hz, fx, ink }) {
    const y = hz + 90 * s;
    L.fg.push(
      figure('man', ctx.focus * W - 40 * s, y, 180 * s, ink, { extra: '' }) +
        figure('woman', ctx.focus * W + 30 * s, y, 95 * s, ink, { hair: 'long' }) +
        `<path d="M${f1(fx - 22 * s)},${f1(y - 80 * s)} Q${f1(fx - 5 * s)},${f1(y - 66 * s)} ${f1(fx + 16 * s)},${f1(y - 50 * s)}" stroke="${ink}" stroke-width="${f1(5 * s)}" fill="none"/>` +
        `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H - y)}" fill="${ink}"/>`,
    );
  },

  duo({ ctx, L, H, p, s, hz, fx, ink }) {
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
  },

  woman({ ctx, L, s, hz, hx, ink }) {
    const y = hz + 80 * s;
    L.fg.push(
      figure('woman', hx, y, 210 * s, ink, { hair: 'long' }) +
        `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 8)}" fill="${ink}"/>`,
    );
  },

  brothers({ ctx, L, s, hz, hx, ink }) {
    const y = hz + 80 * s;
    L.fg.push(
      figure('coat', hx - 34 * s, y, 215 * s, ink) +
        figure('coat', hx + 34 * s, y, 200 * s, ink, { flip: true }) +
        `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 11)}" fill="${ink}"/>`,
    );
  },

  crew({ ctx, L, p, s, hz, hx, ink }) {
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
  },

  fatherson({ ctx, L, s, hz, hx, ink }) {
    const y = hz + 80 * s;
    L.fg.push(
      figure('coat', hx - 26 * s, y, 215 * s, ink) +
        figure('man', hx + 30 * s, y, 112 * s, ink) +
        `<path d="M${f1(hx - 8 * s)},${f1(y - 95 * s)} Q${f1(hx + 6 * s)},${f1(y - 70 * s)} ${f1(hx + 20 * s)},${f1(y - 62 * s)}" stroke="${ink}" stroke-width="${f1(5 * s)}" fill="none"/>` +
        `<path d="${ridge(ctx, y + 2 * s, 12 * s, 0.3, 15)}" fill="${ink}"/>`,
    );
  },

  girl({ L, s, hz, hx, ink }) {
    L.fg.push(figure('woman', hx + 40 * s, hz + 80 * s, 78 * s, ink, { hair: 'long' }));
  },

  hero({ L, W, H, s, hz, fx, ink }) {
    const y = hz + 60 * s;
    L.fg.push(
      figure('cape', fx, y, 230 * s, ink) +
        `<path d="M${f1(fx + 16 * s)},${f1(y - 170 * s)} L${f1(fx + 70 * s)},${f1(y - 240 * s)} L${f1(fx + 78 * s)},${f1(y - 232 * s)} L${f1(fx + 22 * s)},${f1(y - 160 * s)} Z" fill="${ink}"/>` +
        `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H)}" fill="${ink}"/>`,
    );
  },

  spotlight({ ctx, L, W, H, p, s, hz, fx, ink }) {
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
  },

  camels({ ctx, L, s, hz, fx, ink }) {
    const y = hz + 24 * s;
    const out: string[] = [];
    for (let i = 0; i < 5; i++) out.push(camel(fx - 260 * s + i * 110 * s, y - i * 6 * s, 110 * s, ink));
    out.push(figure('coat', fx - 260 * s + 4 * s, y - 62 * s, 70 * s, ink, { hair: 'cap' }));
    L.mid.push(out.join('') + `<path d="${ridge(ctx, y + 2 * s, 8 * s, 0.2, 14)}" fill="${ink}"/>`);
  },

  robot({ L, W, H, p, s, hz, fx, ink }) {
    const x = fx + 70 * s;
    const y = hz + 80 * s;
    const k = 1.5 * s;
    L.fg.push(
      `<g fill="${ink}"><rect x="${f1(x - 18 * k)}" y="${f1(y - 110 * k)}" width="${f1(36 * k)}" height="${f1(28 * k)}" rx="${f1(5 * k)}"/><rect x="${f1(x - 1 * k)}" y="${f1(y - 124 * k)}" width="${f1(2 * k)}" height="${f1(14 * k)}"/><circle cx="${f1(x)}" cy="${f1(y - 126 * k)}" r="${f1(3 * k)}" fill="${p.accent}"/><rect x="${f1(x - 22 * k)}" y="${f1(y - 78 * k)}" width="${f1(44 * k)}" height="${f1(44 * k)}" rx="${f1(6 * k)}"/><rect x="${f1(x - 32 * k)}" y="${f1(y - 76 * k)}" width="${f1(8 * k)}" height="${f1(36 * k)}" rx="${f1(4 * k)}"/><rect x="${f1(x + 24 * k)}" y="${f1(y - 76 * k)}" width="${f1(8 * k)}" height="${f1(36 * k)}" rx="${f1(4 * k)}"/><rect x="${f1(x - 16 * k)}" y="${f1(y - 34 * k)}" width="${f1(10 * k)}" height="${f1(34 * k)}"/><rect x="${f1(x + 6 * k)}" y="${f1(y - 34 * k)}" width="${f1(10 * k)}" height="${f1(34 * k)}"/></g><circle cx="${f1(x - 8 * k)}" cy="${f1(y - 96 * k)}" r="${f1(4 * k)}" fill="${p.light}"/><circle cx="${f1(x + 8 * k)}" cy="${f1(y - 96 * k)}" r="${f1(4 * k)}" fill="${p.light}"/>` +
        figure('coat', fx - 40 * s, y, 210 * s, ink) +
        `<rect x="0" y="${f1(y)}" width="${W}" height="${f1(H)}" fill="${ink}"/>`,
    );
  },
} satisfies Record<string, DrawMotif>;
