// A whole scene for a poster, a cover or a wide still: sky gradient, sun or
// moon, stars, then the title's motifs, returned as the layers behind and in
// front of the title.

import { mix } from './colour.js';
import { f1 } from './markup.js';
import { drawMotif, type Motif } from './motifs/index.js';
import { between } from './random.js';
import { newLayers, rays, stars, sunOrMoon, type SceneCtx } from './scene.js';

interface SceneResult {
  back: string;
  front: string;
}

export function buildScene(ctx: SceneCtx, motifs: Motif[]): SceneResult {
  const { W, H, p, r, uid } = ctx;
  const L = newLayers();
  const skyId = `sky${uid}`;
  L.defs.push(
    `<linearGradient id="${skyId}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="${f1((ctx.horizon / H) * 0.55)}" stop-color="${p.sky[1]}"/><stop offset="${f1(ctx.horizon / H)}" stop-color="${p.sky[2]}"/><stop offset="1" stop-color="${mix(p.sky[2], p.ink, 0.6)}"/></linearGradient>`,
  );
  L.sky.push(`<rect width="${W}" height="${H}" fill="url(#${skyId})"/>`);
  const hasOwnSun = motifs.includes('popsun') || motifs.includes('stripesun') || motifs.includes('space');
  if (ctx.night && !motifs.includes('space')) stars(ctx, L, ctx.kind === 'cover' ? 160 : 70, ctx.horizon * 0.8);
  if (!hasOwnSun) {
    const sx = ctx.focus * W + between(r, -90, 90) * ctx.s;
    const sy = ctx.horizon - between(r, 150, 300) * ctx.s;
    if (!ctx.night && r() < 0.6) rays(ctx, L, sx, sy);
    sunOrMoon(ctx, L, sx, sy, between(r, 34, 60) * ctx.s);
  }
  const landmarks: Motif[] = [
    'yali',
    'haunted',
    'lighthouse',
    'tea',
    'scales',
    'mic',
    'terraces',
    'pillars',
    'lonetree',
    'antenna',
    'bars',
  ];
  if (ctx.shift === undefined)
    ctx.shift = motifs.some((m) => landmarks.includes(m)) ? (r() < 0.5 ? -1 : 1) * 150 * ctx.s : 0;
  for (const m of motifs) drawMotif(m, ctx, L);
  const svg = (inner: string): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="position:absolute;inset:0">${inner}</svg>`;
  return {
    back: svg(`<defs>${L.defs.join('')}</defs>${L.sky.join('')}${L.far.join('')}${L.water.join('')}${L.mid.join('')}`),
    front: svg(`${L.fg.join('')}${L.fx.join('')}`),
  };
}
