// Every motif a scene can hold, by name, and the one call that draws a motif
// into a scene's layers. The drawers live with their kind: landscape,
// buildings, vehicles, figures, props, sky.

import type { SceneCtx, SceneLayers } from '../scene.js';
import { buildingMotifs } from './buildings.js';
import { figureMotifs } from './figures.js';
import { motifFrame } from './frame.js';
import { landscapeMotifs } from './landscape.js';
import { propMotifs } from './props.js';
import { skyMotifs } from './sky.js';
import { vehicleMotifs } from './vehicles.js';

const MOTIF_DRAWERS = {
  ...landscapeMotifs,
  ...buildingMotifs,
  ...vehicleMotifs,
  ...figureMotifs,
  ...propMotifs,
  ...skyMotifs,
};

export type Motif = keyof typeof MOTIF_DRAWERS;

export function drawMotif(m: Motif, ctx: SceneCtx, L: SceneLayers): void {
  MOTIF_DRAWERS[m](motifFrame(ctx, L));
}
