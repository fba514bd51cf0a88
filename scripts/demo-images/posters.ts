// Posters (480×720): the title's scene under one of five layouts (classic,
// framed, top, split, bigtype) with title, tagline, subtitle, year, genres
// and length, and the Original badge.

import { mix, rgba } from './colour.js';
import { buildScene } from './compose-scene.js';
import { isSeries, type Design, type Title } from './design.js';
import { esc } from './markup.js';
import { logoMark, pageHtml } from './page.js';
import { between, rngFor } from './random.js';
import { FONTS, titleLines } from './typography.js';

const GENRE_NAMES: Record<number, string> = {
  1: 'Action',
  2: 'Adventure',
  4: 'Drama',
  5: 'History',
  6: 'Comedy',
  7: 'Biography',
  8: 'Romance',
  9: 'Thriller',
  10: 'Horror',
  11: 'Soap Opera',
};

function metaLine(t: Title): string {
  const genres = t.genres.slice(0, 2).map((g) => GENRE_NAMES[g] ?? '');
  const extra = isSeries(t)
    ? `${t.seasons.length} ${t.seasons.length === 1 ? 'Season' : 'Seasons'}`
    : `${Math.floor(t.duration_minutes / 60)}h ${t.duration_minutes % 60}m`;
  return [String(t.year), ...genres, extra].map(esc).join('<i>•</i>');
}

export function posterHtml(t: Title, d: Design): string {
  const W = 480;
  const H = 720;
  const { palette: p, mood, layout } = d;
  const font = FONTS[mood];
  const r = rngFor('poster', d.slug);
  const horizon =
    layout === 'top' ? H * between(r, 0.66, 0.72) : layout === 'split' ? H * 0.5 : H * between(r, 0.52, 0.6);
  const scene = buildScene(
    {
      W,
      H: layout === 'split' ? Math.round(H * 0.64) : H,
      r,
      p,
      mood,
      focus: between(r, 0.42, 0.58),
      horizon,
      s: layout === 'split' ? 0.8 : 0.95,
      night: p.night,
      uid: 'p',
      kind: 'poster',
    },
    d.motifs,
  );
  const darkText = mood === 'light';
  const textColor = p.text;
  const shadow = darkText
    ? `0 3px 0 ${rgba(p.ink, 0.85)}, 0 8px 24px ${rgba(p.ink, 0.45)}`
    : `0 2px 18px ${rgba(p.ink, 0.7)}`;
  const lines = titleLines(t.title);
  const stacked = lines
    .map(
      (l, i) =>
        `<div class="tline"><span data-fit="${i === 0 && lines.length > 1 && l.length < 9 ? 64 : 92}" data-min="18" style="white-space:nowrap">${esc(l)}</span></div>`,
    )
    .join('');
  const titleStyle = `font-family:${font.family};font-weight:${font.weight};${font.italic ? 'font-style:italic;' : ''}text-transform:${font.upper ? 'uppercase' : 'none'};letter-spacing:${font.spacing};color:${textColor};text-shadow:${shadow};line-height:0.98`;
  const sub = d.subtitle ? `<div class="sub en" lang="en">${esc(d.subtitle)}</div>` : '';
  const tag = `<div class="tag en" lang="en">${esc(d.tagline)}</div>`;
  const meta = `<div class="meta en" lang="en">${metaLine(t)}</div>`;
  const badge = d.original
    ? `<div class="badge en" lang="en">${logoMark(p.accent, 18)}<span>BOSPHORUS ORIGINAL</span></div>`
    : '';
  const commonCss = `
.tline{display:flex;justify-content:center;width:100%}
.title{${titleStyle}}
.sub{font-size:12px;letter-spacing:0.28em;text-transform:uppercase;color:${rgba(textColor, 0.85)};margin-top:10px;text-align:center;font-weight:700}
.tag{font-size:13px;letter-spacing:0.06em;color:${rgba(textColor, 0.92)};text-align:center;font-style:italic;margin-bottom:12px;text-shadow:0 1px 8px ${rgba(p.ink, 0.8)}}
.meta{font-size:11px;letter-spacing:0.2em;text-transform:uppercase;color:${rgba(textColor, 0.78)};text-align:center;margin-top:14px;font-weight:700}
.meta i{font-style:normal;color:${p.accent};margin:0 8px}
.badge{position:absolute;top:18px;left:0;right:0;display:flex;gap:8px;align-items:center;justify-content:center;font-size:10px;letter-spacing:0.32em;color:${rgba(textColor, 0.92)};font-weight:700}
.rule{width:56px;height:3px;background:${p.accent};margin:14px auto 0}
.vig{position:absolute;inset:0;background:radial-gradient(ellipse at 50% 45%, transparent 55%, ${rgba('#000000', 0.55)} 100%)}`;

  let body: string;
  const grain = `<div class="grain" style="opacity:${mood === 'light' ? 0.1 : 0.16}"></div>`;
  if (layout === 'classic' || layout === 'framed') {
    const framed = layout === 'framed';
    body = `${scene.back}${scene.front}
<div class="abs" style="background:linear-gradient(180deg, ${rgba(p.ink, 0.35)} 0%, transparent 22%, transparent 48%, ${rgba(p.ink, 0.82)} 74%, ${p.ink} 100%)"></div>
<div class="vig"></div>${grain}
${framed ? `<div style="position:absolute;inset:14px;border:1.5px solid ${rgba(p.accent, 0.8)}"></div><div style="position:absolute;inset:19px;border:1px solid ${rgba(p.accent, 0.35)}"></div>` : ''}
${badge}
<div style="position:absolute;left:${framed ? 40 : 28}px;right:${framed ? 40 : 28}px;bottom:${framed ? 44 : 34}px">
${tag}<div class="title">${stacked}</div>${sub}${framed ? '<div class="rule"></div>' : ''}${meta}</div>`;
  } else if (layout === 'top') {
    body = `${scene.back}${scene.front}
<div class="abs" style="background:linear-gradient(180deg, ${rgba(p.sky[0], 0.85)} 0%, ${rgba(p.sky[0], 0.25)} 34%, transparent 50%, transparent 76%, ${rgba(p.ink, 0.9)} 100%)"></div>
<div class="vig"></div>${grain}${badge}
<div style="position:absolute;left:28px;right:28px;top:${d.original ? 52 : 40}px"><div class="title">${stacked}</div>${sub}<div class="rule"></div></div>
<div style="position:absolute;left:28px;right:28px;bottom:30px">${tag}${meta}</div>`;
  } else if (layout === 'split') {
    const panelTop = Math.round(H * 0.64);
    body = `<div style="position:absolute;left:0;top:0;width:${W}px;height:${panelTop}px;overflow:hidden">${scene.back}${scene.front}<div class="abs" style="background:linear-gradient(180deg, transparent 60%, ${rgba(p.ink, 0.9)} 100%)"></div></div>
<div style="position:absolute;left:0;right:0;top:${panelTop}px;bottom:0;background:linear-gradient(180deg, ${p.ink}, ${mix(p.ink, p.sky[1], 0.25)})"></div>
<div style="position:absolute;left:0;right:0;top:${panelTop - 2}px;height:4px;background:${p.accent}"></div>
<div class="vig"></div>${grain}${badge}
<div style="position:absolute;left:30px;right:30px;top:${panelTop + 22}px;bottom:26px;display:flex;flex-direction:column;justify-content:space-between">
<div class="title" style="text-align:left"><div style="width:100%"><span data-fit="84" data-min="16" data-maxh="150" style="display:block;line-height:1.02">${esc(t.title)}</span></div></div>
<div>${d.subtitle ? `<div class="sub en" lang="en" style="text-align:left">${esc(d.subtitle)}</div>` : ''}<div class="meta en" lang="en" style="text-align:left;margin-top:10px">${metaLine(t)}</div></div></div>`;
  } else {
    // bigtype: giant stacked title sits between the scene and its foreground.
    const big = lines
      .map(
        (l) =>
          `<div class="tline"><span data-fit="170" data-min="24" style="white-space:nowrap">${esc(l)}</span></div>`,
      )
      .join('');
    body = `${scene.back}
<div style="position:absolute;left:18px;right:18px;top:${Math.round(H * 0.2)}px"><div class="title" style="color:${rgba(textColor, 0.92)};line-height:0.9">${big}</div></div>
${scene.front}
<div class="abs" style="background:linear-gradient(180deg, transparent 0%, transparent 62%, ${rgba(p.ink, 0.85)} 84%, ${p.ink} 100%)"></div>
<div class="vig"></div>${grain}${badge}
<div style="position:absolute;left:28px;right:28px;bottom:30px">${tag}${sub}${meta}</div>`;
  }
  return pageHtml(W, H, body, commonCss);
}
