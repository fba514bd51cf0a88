// The shared scene pieces: the drawing context and its layers, and the shapes
// many motifs and shots reuse (ridges, the Istanbul skyline, sun or moon,
// stars, light rays).

import { mix } from './colour.js';
import { f1 } from './markup.js';
import type { Mood, Palette } from './palette.js';
import { between, int, type Rng } from './random.js';

export interface SceneCtx {
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

export interface SceneLayers {
  defs: string[];
  sky: string[];
  far: string[];
  water: string[];
  mid: string[];
  fg: string[];
  fx: string[];
}

export const newLayers = (): SceneLayers => ({ defs: [], sky: [], far: [], water: [], mid: [], fg: [], fx: [] });

export function ridge(ctx: SceneCtx, y: number, amp: number, rough: number, seedShift: number): string {
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

export function skylineShapes(
  ctx: SceneCtx,
  baseY: number,
  scale: number,
  x0: number,
  x1: number,
  lit: boolean,
): string {
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

export function sunOrMoon(ctx: SceneCtx, L: SceneLayers, cx: number, cy: number, radius: number): void {
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

export function stars(ctx: SceneCtx, L: SceneLayers, count: number, maxY: number): void {
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

export function rays(ctx: SceneCtx, L: SceneLayers, cx: number, cy: number): void {
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
