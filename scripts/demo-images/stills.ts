// Episode stills (480×270): a wide shot of the series' world or a close
// "scene" shot (two faces, a window, bokeh, a campfire, a road at night, a
// lone figure), at a time of day that changes from episode to episode.

import { hashString } from '../../apps/api/src/db/seed/demo-catalogue-helpers.js';
import { mix } from './colour.js';
import { buildScene } from './compose-scene.js';
import type { Design } from './design.js';
import { f1 } from './markup.js';
import { drawMotif } from './motifs/index.js';
import { pageHtml } from './page.js';
import type { Mood, Palette } from './palette.js';
import { between, int, pick, rngFor } from './random.js';
import { newLayers, ridge, skylineShapes, stars, sunOrMoon, type SceneCtx } from './scene.js';
import { bust, figure, profile } from './silhouettes.js';

type Shot = 'wide' | 'duo' | 'window' | 'bokeh' | 'fire' | 'road' | 'solo' | 'walk';
// Every third still is a wide shot of the series' own world; the others
// cycle through these "scene" shots so neighbouring episodes differ.
const SHOTS: Record<Mood, Shot[]> = {
  epic: ['fire', 'solo', 'walk', 'duo', 'window'],
  love: ['duo', 'solo', 'window', 'bokeh', 'walk'],
  dark: ['road', 'bokeh', 'solo', 'window', 'duo'],
  fear: ['window', 'road', 'fire', 'solo'],
  light: ['duo', 'bokeh', 'walk', 'window', 'solo'],
  drama: ['solo', 'window', 'walk', 'duo', 'bokeh'],
};
const TIMES: { name: string; night: boolean; tint: string; k: number }[] = [
  { name: 'dawn', night: false, tint: '#ffb38a', k: 0.25 },
  { name: 'day', night: false, tint: '#bfe3ff', k: 0.2 },
  { name: 'dusk', night: false, tint: '#ff6f4e', k: 0.3 },
  { name: 'night', night: true, tint: '#1b2a6b', k: 0.45 },
];

export function stillHtml(d: Design, season: number, episode: number, index: number): string {
  const W = 480;
  const H = 270;
  const r = rngFor('still', d.slug, season, episode);
  const shots = SHOTS[d.mood];
  const seed = hashString(d.slug);
  const shot: Shot = index % 3 === seed % 3 ? 'wide' : shots[(index + seed) % shots.length]!;
  const time = TIMES[(index * 3 + season + (hashString(d.slug) % 4)) % TIMES.length]!;
  const base = d.palette;
  const night = base.night || time.night;
  const p: Palette = {
    ...base,
    sky: base.sky.map((c, i) => mix(c, time.tint, time.k * (i === 2 ? 1 : 0.6))) as [string, string, string],
    night,
  };
  const uid = `s`;
  let inner: string;
  if (shot === 'wide') {
    const motifs = d.motifs.filter((m) => m !== 'palace' && m !== 'letters').slice(0, 3);
    const sc = buildScene(
      {
        W,
        H,
        r,
        p,
        mood: d.mood,
        focus: between(r, 0.3, 0.7),
        horizon: H * between(r, 0.58, 0.7),
        s: 0.42,
        night,
        uid,
        kind: 'still',
      },
      motifs,
    );
    inner = sc.back + sc.front;
  } else {
    const L = newLayers();
    const ctx: SceneCtx = {
      W,
      H,
      r,
      p,
      mood: d.mood,
      focus: between(r, 0.35, 0.65),
      horizon: H * 0.7,
      s: 0.45,
      night,
      uid,
      kind: 'still',
    };
    const skyId = `sk${uid}`;
    L.defs.push(
      `<linearGradient id="${skyId}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.6" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>`,
    );
    L.sky.push(`<rect width="${W}" height="${H}" fill="url(#${skyId})"/>`);
    const glow = (cx: number, cy: number, rad: number, color: string, o: number): string => {
      const id = `g${L.defs.length}`;
      L.defs.push(
        `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${o}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
      );
      return `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(rad)}" fill="url(#${id})"/>`;
    };
    if (shot === 'duo') {
      const gx = between(r, 0.35, 0.65) * W;
      L.sky.push(glow(gx, H * 0.45, 200, p.light, 0.75));
      if (r() < 0.5)
        L.sky.push(`<g fill="${mix(p.sky[1], p.ink, 0.5)}">${skylineShapes(ctx, H * 0.78, 0.35, 0, W, night)}</g>`);
      if (r() < 0.7) {
        // Two profiles, close, with a rim light.
        const h = between(r, 200, 240);
        const gap = 45 * (h / 160) + 2;
        const left = profile(gx - gap, H + 4, h, p.ink, r() < 0.3);
        const right = profile(gx + gap, H + 8, h * 0.94, p.ink, true, true);
        const rim = (svg: string, dx: number): string =>
          `<g transform="translate(${f1(dx)},-1.5)" opacity="0.55">${svg.replace(/fill="[^"]+"/, `fill="${p.light}"`)}</g>`;
        L.fg.push(rim(left, -1.6) + rim(right, 1.6) + left + right);
      } else {
        const sep = between(r, 70, 120);
        L.fg.push(bust(gx - sep, H + 10, between(r, 220, 260), p.ink, r() < 0.5, false));
        L.fg.push(bust(gx + sep, H + 10, between(r, 200, 240), p.ink, r() < 0.6, true));
      }
    } else if (shot === 'window') {
      const kind = d.mood === 'epic' || d.mood === 'fear' || r() < 0.3 ? 'arch' : r() < 0.5 ? 'grid' : 'tall';
      const ww = kind === 'tall' ? between(r, 80, 110) : between(r, 120, 160);
      const wx = between(r, 70, W - ww - 70);
      const wy = kind === 'tall' ? 26 : 44;
      const wh = kind === 'tall' ? 200 : 160;
      const pane = mix(p.sky[2], p.light, 0.35);
      L.sky.push(`<rect width="${W}" height="${H}" fill="${mix(p.ink, p.sky[1], 0.22)}"/>`);
      const shape =
        kind === 'arch'
          ? `M${f1(wx)},${wy + wh} L${f1(wx)},${f1(wy + ww * 0.45)} Q${f1(wx)},${wy} ${f1(wx + ww / 2)},${f1(wy - 18)} Q${f1(wx + ww)},${wy} ${f1(wx + ww)},${f1(wy + ww * 0.45)} L${f1(wx + ww)},${wy + wh} Z`
          : `M${f1(wx)},${wy} L${f1(wx + ww)},${wy} L${f1(wx + ww)},${wy + wh} L${f1(wx)},${wy + wh} Z`;
      L.sky.push(`<path d="${shape}" fill="${pane}"/>`);
      // A hint of the outside world through the glass.
      L.sky.push(
        `<g fill="${mix(pane, p.ink, 0.35)}">${skylineShapes({ ...ctx, r }, wy + wh - 10, 0.22, wx, wx + ww - 10, false)}</g>`,
      );
      L.sky.push(glow(wx + ww / 2, wy + wh / 2, 220, p.light, 0.35));
      L.sky.push(
        `<path d="M${f1(wx)},${wy + wh} L${f1(wx + ww)},${wy + wh} L${f1(wx + ww + 170)},${H} L${f1(wx - 70)},${H} Z" fill="${p.light}" opacity="0.15"/>`,
      );
      const bars =
        kind === 'grid'
          ? `<rect x="${f1(wx + ww / 2 - 3)}" y="${wy}" width="6" height="${wh}"/><rect x="${f1(wx)}" y="${f1(wy + wh * 0.45)}" width="${f1(ww)}" height="5"/>`
          : kind === 'tall'
            ? `<rect x="${f1(wx + ww / 2 - 2)}" y="${wy}" width="4" height="${wh}"/>` +
              [0.25, 0.5, 0.75]
                .map((t) => `<rect x="${f1(wx)}" y="${f1(wy + wh * t)}" width="${f1(ww)}" height="4"/>`)
                .join('')
            : `<rect x="${f1(wx + ww / 2 - 2.5)}" y="${f1(wy - 10)}" width="5" height="${wh + 10}"/>`;
      L.sky.push(
        `<g fill="${p.ink}">${bars}<path d="${shape}" fill="none" stroke="${p.ink}" stroke-width="9"/><rect x="${f1(wx - 12)}" y="${wy + wh}" width="${f1(ww + 24)}" height="9"/></g>`,
      );
      // Curtains.
      L.mid.push(
        `<path d="M${f1(wx - 30)},0 Q${f1(wx + 6)},${f1(H * 0.4)} ${f1(wx - 14)},${H} L${f1(wx - 60)},${H} L${f1(wx - 60)},0 Z" fill="${mix(p.ink, p.accent, 0.25)}" opacity="0.9"/><path d="M${f1(wx + ww + 30)},0 Q${f1(wx + ww - 6)},${f1(H * 0.4)} ${f1(wx + ww + 14)},${H} L${f1(wx + ww + 60)},${H} L${f1(wx + ww + 60)},0 Z" fill="${mix(p.ink, p.accent, 0.25)}" opacity="0.9"/>`,
      );
      const fxp = wx + ww * between(r, 0.2, 0.8);
      const female = r() < 0.5;
      L.fg.push(
        figure(female ? 'woman' : 'coat', fxp, H - 10, between(r, 150, 185), p.ink, {
          hair: female ? 'long' : 'short',
        }),
      );
    } else if (shot === 'solo' || shot === 'walk') {
      const hz = H * (shot === 'walk' ? 0.76 : 0.72);
      const c2 = { ...ctx, horizon: hz, s: shot === 'walk' ? 0.35 : 0.3 };
      const sx = between(r, 0.3, 0.7) * W;
      L.sky.push(glow(sx, hz - 30, 240, p.light, 0.7));
      if (!night)
        L.sky.push(
          `<circle cx="${f1(sx)}" cy="${f1(hz - between(r, 20, 60))}" r="${f1(between(r, 16, 26))}" fill="${mix(p.light, '#ffffff', 0.3)}"/>`,
        );
      else sunOrMoon(c2, L, sx, hz - 110, 16);
      for (let i = 0; i < 5; i++)
        L.sky.push(
          `<ellipse cx="${f1(r() * W)}" cy="${f1(between(r, 0.1, 0.5) * H)}" rx="${f1(between(r, 60, 140))}" ry="${f1(between(r, 5, 12))}" fill="${p.light}" opacity="${f1(between(r, 0.06, 0.16))}"/>`,
        );
      const far =
        d.motifs.includes('skyline') || d.motifs.includes('city')
          ? 'skyline'
          : d.motifs.includes('water')
            ? 'water'
            : 'hills';
      if (far === 'skyline')
        L.far.push(`<g fill="${mix(p.sky[2], p.ink, 0.6)}">${skylineShapes(c2, hz + 2, 0.32, 0, W, night)}</g>`);
      else if (far === 'water') drawMotif('water', c2, L);
      else L.far.push(`<path d="${ridge(c2, hz - 10, 34, 0.5, 1)}" fill="${mix(p.sky[2], p.ink, 0.55)}"/>`);
      L.water.push(`<path d="${ridge(c2, hz + 8, 8, 0.3, 3)}" fill="${p.ink}"/>`);
      if (shot === 'solo') {
        const left = r() < 0.5;
        const h = between(r, 230, 270);
        const x = left ? W * 0.2 : W * 0.8;
        const prof = profile(x, H + 6, h, p.ink, r() < 0.45, !left);
        L.fg.push(
          `<g transform="translate(${left ? 1.8 : -1.8},-1.5)" opacity="0.5">${prof.replace(/fill="[^"]+"/, `fill="${p.light}"`)}</g>` +
            prof,
        );
      } else {
        const n = int(r, 1, 3);
        for (let i = 0; i < n; i++) {
          const female = r() < 0.45;
          L.fg.push(
            figure(female ? 'woman' : 'coat', sx - 60 + i * 26 + between(r, -8, 8), hz + 6, between(r, 42, 54), p.ink, {
              hair: female ? 'long' : 'short',
              flip: r() < 0.5,
            }),
          );
        }
      }
    } else if (shot === 'bokeh') {
      const cols = [p.light, p.accent, mix(p.light, p.accent, 0.5), '#ffffff'];
      for (let i = 0; i < 26; i++)
        L.sky.push(glow(r() * W, between(r, 0.1, 0.8) * H, between(r, 12, 46), pick(r, cols), between(r, 0.35, 0.8)));
      L.fg.push(bust(between(r, 0.25, 0.75) * W, H + 6, between(r, 200, 250), p.ink, r() < 0.5, r() < 0.5));
    } else if (shot === 'fire') {
      const cx = between(r, 0.35, 0.65) * W;
      L.sky.push(`<rect width="${W}" height="${H}" fill="${mix(p.ink, p.sky[0], 0.4)}"/>`);
      stars(ctx, L, 30, H * 0.5);
      L.sky.push(glow(cx, H * 0.78, 200, '#ff9a3d', 0.7));
      L.mid.push(
        `<path d="M${f1(cx - 16)},${f1(H * 0.84)} Q${f1(cx - 10)},${f1(H * 0.66)} ${f1(cx)},${f1(H * 0.6)} Q${f1(cx + 4)},${f1(H * 0.7)} ${f1(cx + 16)},${f1(H * 0.84)} Z" fill="#ffd27a"/><path d="M${f1(cx - 8)},${f1(H * 0.84)} Q${f1(cx - 4)},${f1(H * 0.74)} ${f1(cx + 1)},${f1(H * 0.7)} Q${f1(cx + 4)},${f1(H * 0.76)} ${f1(cx + 8)},${f1(H * 0.84)} Z" fill="#fff3c4"/>`,
      );
      for (const side of [-1, 1])
        L.fg.push(
          figure('coat', cx + side * between(r, 70, 130), H * 0.95, between(r, 110, 140), p.ink, {
            flip: side > 0,
            hair: d.mood === 'epic' ? 'helmet' : 'short',
          }),
        );
      L.fg.push(`<rect x="0" y="${f1(H * 0.93)}" width="${W}" height="${f1(H * 0.1)}" fill="${p.ink}"/>`);
    } else {
      // road: a car coming out of the night, headlights in the rain.
      const c2 = { ...ctx, horizon: H * 0.5, s: 0.55 };
      if (night || d.mood === 'dark' || d.mood === 'fear') stars(c2, L, 20, H * 0.4);
      L.far.push(`<g fill="${mix(p.sky[2], p.ink, 0.6)}">${skylineShapes(c2, H * 0.5 + 2, 0.3, 0, W, true)}</g>`);
      drawMotif('headlights', c2, L);
      if (r() < 0.7) drawMotif('rain', c2, L);
    }
    inner = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="position:absolute;inset:0"><defs>${L.defs.join('')}</defs>${L.sky.join('')}${L.far.join('')}${L.water.join('')}${L.mid.join('')}${L.fg.join('')}${L.fx.join('')}</svg>`;
  }
  const bars = r() < 0.45;
  const body = `${inner}
<div class="abs" style="background:radial-gradient(ellipse at 50% 50%, transparent 50%, rgba(0,0,0,0.55) 100%)"></div>
${bars ? '<div style="position:absolute;left:0;right:0;top:0;height:22px;background:#000"></div><div style="position:absolute;left:0;right:0;bottom:0;height:22px;background:#000"></div>' : ''}
<div class="en" lang="en" style="position:absolute;left:12px;top:${bars ? 30 : 10}px;font-size:11px;font-weight:700;letter-spacing:0.14em;color:#fff;background:rgba(0,0,0,0.45);padding:3px 7px;border-radius:3px">S${season} · E${episode}</div>`;
  return pageHtml(W, H, body);
}
