// The HTML page every image is captured from (stage, grain overlay, text
// fitting) and the Bosphorus logo mark that posters and covers carry.

import { FIT_TEXT_SCRIPT, SANS } from './typography.js';

// Film grain, a PNG data URL drawn once in Chromium before the first page is
// built (render.ts); every page can overlay it with class="grain".
let grainDataUrl = '';

export function setGrainTexture(dataUrl: string): void {
  grainDataUrl = dataUrl;
}

export function pageHtml(W: number, H: number, body: string, css = ''): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><style>
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:${W}px;height:${H}px;overflow:hidden;background:#000}
.stage{position:relative;width:${W}px;height:${H}px;overflow:hidden}
.abs{position:absolute;inset:0}
.grain{position:absolute;inset:0;background-image:url(${grainDataUrl});background-size:160px 160px;mix-blend-mode:overlay;pointer-events:none}
.en{font-family:${SANS}}
${css}
</style></head><body><div class="stage">${body}</div>${FIT_TEXT_SCRIPT}</body></html>`;
}

export function logoMark(color: string, size: number): string {
  // Crescent + wave: the Bosphorus mark.
  return `<svg width="${size}" height="${size}" viewBox="0 0 40 40"><defs><mask id="lm"><rect width="40" height="40" fill="#fff"/><circle cx="24" cy="15" r="11" fill="#000"/></mask></defs><circle cx="19" cy="18" r="13" fill="${color}" mask="url(#lm)"/><path d="M4,33 q6,-5 12,0 t12,0 t12,0" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/></svg>`;
}
