// What a motif drawer is handed: the scene and its layers, plus the positions
// and tones most motifs need, worked out once per motif.

import { mix } from '../colour.js';
import type { Palette } from '../palette.js';
import type { Rng } from '../random.js';
import type { SceneCtx, SceneLayers } from '../scene.js';

export interface MotifFrame {
  ctx: SceneCtx;
  L: SceneLayers;
  W: number;
  H: number;
  r: Rng;
  p: Palette;
  /** Scale of silhouettes (1 = poster 720 px tall). */
  s: number;
  /** y of the horizon in px. */
  hz: number;
  /** x of the centre of interest in px. */
  fx: number;
  /** x where people stand: beside a landmark rather than in front of it. */
  hx: number;
  ink: string;
  /** Far and near haze: the sky's horizon colour sinking into the ink. */
  haze: string;
  haze2: string;
}

export type DrawMotif = (frame: MotifFrame) => void;

export function motifFrame(ctx: SceneCtx, L: SceneLayers): MotifFrame {
  const { W, H, r, p, s, horizon: hz, focus } = ctx;
  const fx = focus * W;
  const ink = p.ink;
  return {
    ctx,
    L,
    W,
    H,
    r,
    p,
    s,
    hz,
    fx,
    hx: fx + (ctx.shift ?? 0),
    ink,
    haze: mix(p.sky[2], ink, 0.55),
    haze2: mix(p.sky[2], ink, 0.78),
  };
}
