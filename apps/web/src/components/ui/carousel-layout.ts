import {
  DETAIL_CAROUSEL_SLIDES,
  LATEST_EPISODES_LIMIT,
  LAYOUT_BREAKPOINT_PX,
  RECENT_ROW_LIMIT,
  slidesForWidth,
  TOP_CAROUSEL_SLIDES,
} from '@bosphorus/contract';

// A row's layout by width (spec §9 slides per view, the phone's peek of
// decision 0070) as the stylesheet's media queries, never as a width read by
// script: the server renders the page without knowing the screen, and
// hydration keeps whatever markup the server wrote (decision 0108). So a
// row's markup names only what does not depend on the width — its table and
// cap (`data-layout`), the counts of whole cards it holds more than
// (`data-more-than`), its gap, whether it has moved (`data-pictures`) — and
// carousel-layout.css, generated from the same tables by
// build/carousel-layout.ts, turns them into --slides, --peek, the
// previous/next buttons and which cards show their pictures at each width.

/** The share of a slide that shows beyond the whole cards on phones and tablets (decision 0070). */
export const PEEK_SLIDES = 0.25;

/** The spec §9 slide tables, by the name a row's markup carries. */
export const CAROUSEL_TABLES = {
  top: TOP_CAROUSEL_SLIDES,
  detail: DETAIL_CAROUSEL_SLIDES,
} as const;
export type CarouselTable = keyof typeof CAROUSEL_TABLES;

/**
 * The caps rows put on their table (spec §9: recent rows, latest episodes).
 * Only these have rules in the stylesheet; the type keeps any other out.
 */
export const CAROUSEL_CAPS = [RECENT_ROW_LIMIT, LATEST_EPISODES_LIMIT] as const;
export type CarouselCap = (typeof CAROUSEL_CAPS)[number];

/** The gaps between slides the stylesheet has rules for, in CSS px; the first is a row's own. */
export const CAROUSEL_GAPS_PX = [16] as const;
export type CarouselGap = (typeof CAROUSEL_GAPS_PX)[number];

/** Widths from `minWidthPx` (0: none below) to `maxWidthPx` (Infinity: none above), both included. */
export interface CarouselRange {
  minWidthPx: number;
  maxWidthPx: number;
  /** Whole slides in view: the table's, capped. */
  slides: number;
  /** Below the layout breakpoint: a row holding more than `slides` shows a peek of the next one. */
  peek: boolean;
}

export interface CarouselLayout {
  /** `data-layout`: the table's name, with the cap when it takes effect ('top', 'top-4', 'detail'). */
  name: string;
  table: CarouselTable;
  cap: number;
  /** Narrowest first, covering every width, neighbours differing in `slides` or `peek`. */
  ranges: readonly CarouselRange[];
  /** The most cards in view before the row moves, at any width (whole ones and the peek). */
  mostInView: number;
  /** The fewest whole cards in view, at any width: a row holding no more never needs its buttons. */
  fewestSlides: number;
}

function rangesOf(table: CarouselTable, cap: number): CarouselRange[] {
  // The table's borders and the layout breakpoint's (the peek stops there).
  const borders = [...new Set([...CAROUSEL_TABLES[table].map(([max]) => max), LAYOUT_BREAKPOINT_PX - 1, Infinity])];
  borders.sort((a, b) => a - b);
  const ranges: CarouselRange[] = [];
  for (const maxWidthPx of borders) {
    const slides = slidesForWidth(CAROUSEL_TABLES[table], maxWidthPx, cap);
    const peek = maxWidthPx < LAYOUT_BREAKPOINT_PX;
    // Not .at(): the modern bundle has no polyfills, and Chromium 80–91 run it.
    const last = ranges[ranges.length - 1];
    if (last && last.slides === slides && last.peek === peek) {
      last.maxWidthPx = maxWidthPx;
      continue;
    }
    // The stylesheet's rules for a count also hold at every narrower width
    // (build/carousel-layout.ts): right only while counts never fall as the screen widens.
    if (last && slides < last.slides) throw new Error(`${table}: fewer slides above ${last.maxWidthPx} px`);
    ranges.push({ minWidthPx: last ? last.maxWidthPx + 1 : 0, maxWidthPx, slides, peek });
  }
  return ranges;
}

const layouts = new Map<string, CarouselLayout>();

/** The layout of a row following `table` with at most `cap` slides in view. */
export function carouselLayout(table: CarouselTable, cap?: CarouselCap): CarouselLayout {
  const most = Math.max(...CAROUSEL_TABLES[table].map(([, slides]) => slides));
  const effective = cap !== undefined && cap < most ? cap : most;
  const name = effective < most ? `${table}-${effective}` : table;
  let layout = layouts.get(name);
  if (!layout) {
    const ranges = rangesOf(table, effective);
    layout = {
      name,
      table,
      cap: effective,
      ranges,
      mostInView: Math.max(...ranges.map((r) => r.slides + (r.peek ? 1 : 0))),
      fewestSlides: Math.min(...ranges.map((r) => r.slides)),
    };
    layouts.set(name, layout);
  }
  return layout;
}

/** Every layout a row can have: each table, alone and with each cap (the stylesheet's list). */
export function carouselLayouts(): CarouselLayout[] {
  const all = (Object.keys(CAROUSEL_TABLES) as CarouselTable[]).flatMap((table) => [
    carouselLayout(table),
    ...CAROUSEL_CAPS.map((cap) => carouselLayout(table, cap)),
  ]);
  return [...new Map(all.map((layout) => [layout.name, layout])).values()];
}

/**
 * `data-pictures`: until the row moves, the stylesheet shows the pictures of
 * the cards in view at the width only; once it has, every card's.
 */
export const CAROUSEL_PICTURES = { inView: 'in-view', all: 'all' } as const;

export interface CarouselRowAttributes {
  'data-layout': string;
  'data-more-than': string;
  'data-gap': CarouselGap;
}

/**
 * The attributes the stylesheet lays a row out by: its layout, and each
 * count of whole cards the row holds more than (`itemCount` slides, the
 * "See all" one included; Infinity for a skeleton standing in for a full row).
 */
export function carouselRowAttributes(
  layout: CarouselLayout,
  itemCount: number,
  gapPx: CarouselGap = CAROUSEL_GAPS_PX[0],
): CarouselRowAttributes {
  const counts = [...new Set(layout.ranges.map((r) => r.slides))].filter((slides) => itemCount > slides);
  return { 'data-layout': layout.name, 'data-more-than': counts.join(' '), 'data-gap': gapPx };
}
