// Covers (1920×1080, plus a 960 px copy): the title's scene wide, its focus
// to the right, darkened on the left where the web app sets the title.

import { rgba } from './colour.js';
import { buildScene } from './compose-scene.js';
import type { Design, Title } from './design.js';
import { logoMark, pageHtml } from './page.js';
import { between, rngFor } from './random.js';

export function coverHtml(t: Title, d: Design): string {
  const W = 1920;
  const H = 1080;
  const r = rngFor('cover', d.slug);
  const { palette: p } = d;
  const scene = buildScene(
    {
      W,
      H,
      r,
      p,
      mood: d.mood,
      focus: between(r, 0.66, 0.72),
      horizon: H * between(r, 0.62, 0.7),
      s: 2.1,
      night: p.night,
      uid: 'c',
      kind: 'cover',
    },
    d.motifs.filter((m) => m !== 'palace'),
  );
  const body = `${scene.back}${scene.front}
<div class="abs" style="background:linear-gradient(90deg, ${rgba(p.ink, 0.97)} 0%, ${rgba(p.ink, 0.86)} 24%, ${rgba(p.ink, 0.45)} 44%, transparent 66%)"></div>
<div class="abs" style="background:linear-gradient(0deg, ${rgba(p.ink, 0.95)} 0%, ${rgba(p.ink, 0.5)} 22%, transparent 48%)"></div>
<div class="abs" style="background:radial-gradient(ellipse at 72% 42%, transparent 40%, ${rgba('#000000', 0.45)} 100%)"></div>
<div class="grain" style="opacity:0.09;background-size:240px 240px"></div>
<div style="position:absolute;right:48px;bottom:40px;opacity:0.55">${logoMark(p.text, 44)}</div>`;
  return pageHtml(W, H, body);
}
