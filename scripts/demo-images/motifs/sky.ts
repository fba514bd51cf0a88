// Scene motifs in the sky and the air: a planet, suns, snow, rain, fog,
// lightning, confetti, butterflies, string lights.

import { hueShift, mix } from '../colour.js';
import { f1 } from '../markup.js';
import { between, pick } from '../random.js';
import { ridge, stars } from '../scene.js';
import type { DrawMotif } from './frame.js';

export const skyMotifs = {
  space({ ctx, L, p, s, hz, fx, ink }) {
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
  },

  popsun({ L, W, p, s, hz, fx }) {
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
  },

  stripesun({ ctx, L, p, s, hz, fx }) {
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
  },

  snow({ ctx, L, W, H, r, s }) {
    const out: string[] = [];
    const n = ctx.kind === 'cover' ? 260 : ctx.kind === 'still' ? 60 : 140;
    for (let i = 0; i < n; i++)
      out.push(
        `<circle cx="${f1(r() * W)}" cy="${f1(r() * H)}" r="${f1(between(r, 0.6, 2.6) * s)}" opacity="${f1(between(r, 0.25, 0.9))}"/>`,
      );
    L.fx.push(`<g fill="#ffffff">${out.join('')}</g>`);
  },

  rain({ ctx, L, W, H, r, p, s }) {
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
  },

  fog({ ctx, L, W, p, s, hz }) {
    const id = `fog${ctx.uid}`;
    L.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}" stop-opacity="0"/><stop offset="0.5" stop-color="${p.light}" stop-opacity="0.16"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></linearGradient>`,
    );
    L.fx.push(`<rect x="0" y="${f1(hz - 120 * s)}" width="${W}" height="${f1(260 * s)}" fill="url(#${id})"/>`);
  },

  lightning({ L, W, H, r, p, s, hz, fx }) {
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
  },

  confetti({ ctx, L, W, H, r, p, s }) {
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
  },

  butterflies({ ctx, L, W, H, r, p, s, ink }) {
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
  },

  lights({ L, W, H, r, p, s, ink }) {
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
  },
} satisfies Record<string, DrawMotif>;
