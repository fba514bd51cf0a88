// @vitest-environment happy-dom
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DETAIL_CAROUSEL_SLIDES,
  LATEST_EPISODES_LIMIT,
  LAYOUT_BREAKPOINT_PX,
  RECENT_ROW_LIMIT,
  slidesForWidth,
  TOP_CAROUSEL_SLIDES,
} from '@bosphorus/contract';
import {
  CAROUSEL_PICTURES,
  carouselLayout,
  carouselLayouts,
  carouselRowAttributes,
  PEEK_SLIDES,
  type CarouselLayout,
} from '../src/components/ui/carousel-layout';
import { cssValueAt, parseSheet } from '../src/test/css-cascade';
import { CAROUSEL_LAYOUT_CSS_FILE, carouselLayoutCss, SLIDE_VISIBILITY_PROPERTY } from './carousel-layout';

// Decision 0108: a row's layout by width comes from the stylesheet alone.
// Each row the site has, read through the generated rules at every border
// of the spec §9 tables and of the layout breakpoint, against the contract's
// own slidesForWidth: the count of whole cards, the peek below the
// breakpoint, the buttons and the pictures shown before the row moves.

const ROWS: Array<{ what: string; layout: CarouselLayout; table: typeof TOP_CAROUSEL_SLIDES; cap?: number }> = [
  { what: 'top rows', layout: carouselLayout('top'), table: TOP_CAROUSEL_SLIDES },
  {
    what: 'recent rows',
    layout: carouselLayout('top', RECENT_ROW_LIMIT),
    table: TOP_CAROUSEL_SLIDES,
    cap: RECENT_ROW_LIMIT,
  },
  {
    what: 'latest episodes',
    layout: carouselLayout('top', LATEST_EPISODES_LIMIT),
    table: TOP_CAROUSEL_SLIDES,
    cap: LATEST_EPISODES_LIMIT,
  },
  { what: 'detail rows', layout: carouselLayout('detail'), table: DETAIL_CAROUSEL_SLIDES },
];

/** Both sides of every border: the tables' (426, 769, 1025, 1440) and the layout breakpoint's. */
const WIDTHS = [
  320,
  390,
  426,
  427,
  769,
  770,
  LAYOUT_BREAKPOINT_PX - 1,
  LAYOUT_BREAKPOINT_PX,
  1025,
  1026,
  1440,
  1441,
  1920,
];
/** Rows shorter than, as long as and longer than what any width shows (the "See all" slide counts). */
const ITEM_COUNTS = [1, 2, 3, 4, 5, 6, 7, 13];

const sheet = parseSheet(carouselLayoutCss());

function row(layout: CarouselLayout, items: number, pictures: string): HTMLElement {
  const section = document.createElement('section');
  section.className = 'carousel';
  for (const [name, value] of Object.entries(carouselRowAttributes(layout, items))) {
    section.setAttribute(name, String(value));
  }
  section.setAttribute('data-pictures', pictures);
  const slide = '<div class="carousel__slide"><a href="/t"><div><img alt=""></div></a></div>';
  section.innerHTML = `<div class="row__head"><div class="carousel__controls"></div></div><div class="carousel__viewport"><div class="carousel__container">${slide.repeat(items)}</div></div>`;
  document.body.replaceChildren(section);
  return section;
}

/** How many pictures show, after checking they are the row's first ones. */
function picturesShown(section: HTMLElement, width: number): number {
  const shown = [...section.querySelectorAll('img')].map((img) => cssValueAt(sheet, img, 'display', width) !== 'none');
  const count = shown.filter(Boolean).length;
  expect(shown, 'the pictures shown are the first cards').toEqual(shown.map((_, i) => i < count));
  return count;
}

it('src/components/ui/carousel-layout.css is what the tables make (npx tsx apps/web/build/carousel-layout.ts)', () => {
  expect(fs.readFileSync(CAROUSEL_LAYOUT_CSS_FILE, 'utf8')).toBe(carouselLayoutCss());
});

it('has rules for every layout a row can have, and no other', () => {
  expect(carouselLayouts().map((l) => l.name)).toEqual(ROWS.map((r) => r.layout.name));
  expect(ROWS.map((r) => r.layout.name)).toEqual([
    'top',
    `top-${RECENT_ROW_LIMIT}`,
    `top-${LATEST_EPISODES_LIMIT}`,
    'detail',
  ]);
});

describe.each(ROWS)('$what ($layout.name)', ({ layout, table, cap }) => {
  it('shows the whole cards of slidesForWidth at every border, whatever the row holds', () => {
    for (const width of WIDTHS) {
      for (const items of ITEM_COUNTS) {
        const section = row(layout, items, CAROUSEL_PICTURES.inView);
        expect(cssValueAt(sheet, section.querySelector('.carousel__slide')!, '--slides', width), `${width} px`).toBe(
          String(slidesForWidth(table, width, cap)),
        );
        expect(cssValueAt(sheet, section, '--gap', width)).toBe('16px');
      }
    }
  });

  it('peeks at the next card below the layout breakpoint only, in a row holding more than fits', () => {
    for (const width of WIDTHS) {
      const slides = slidesForWidth(table, width, cap);
      for (const items of ITEM_COUNTS) {
        const section = row(layout, items, CAROUSEL_PICTURES.inView);
        const peek = width < LAYOUT_BREAKPOINT_PX && items > slides ? String(PEEK_SLIDES) : '';
        expect(
          cssValueAt(sheet, section.querySelector('.carousel__slide')!, '--peek', width),
          `${items} at ${width} px`,
        ).toBe(peek);
      }
    }
  });

  it('shows the previous/next buttons only where the row holds more than fits', () => {
    for (const width of WIDTHS) {
      const slides = slidesForWidth(table, width, cap);
      for (const items of ITEM_COUNTS) {
        const section = row(layout, items, CAROUSEL_PICTURES.inView);
        const controls = section.querySelector('.carousel__controls')!;
        expect(cssValueAt(sheet, controls, '--carousel-controls', width), `${items} at ${width} px`).toBe(
          items > slides ? 'flex' : '',
        );
      }
    }
  });

  it("shows the pictures of the cards in view (and the peek's) until the row moves, then every card's", () => {
    for (const width of WIDTHS) {
      const slides = slidesForWidth(table, width, cap);
      const inView = slides + (width < LAYOUT_BREAKPOINT_PX ? 1 : 0);
      for (const items of ITEM_COUNTS) {
        const resting = row(layout, items, CAROUSEL_PICTURES.inView);
        expect(picturesShown(resting, width), `${items} at ${width} px`).toBe(Math.min(items, inView));
        // The server's HTML has the pictures of the most cards any width shows.
        expect(layout.mostInView).toBeGreaterThanOrEqual(Math.min(items, inView));
        const moved = row(layout, items, CAROUSEL_PICTURES.all);
        expect(picturesShown(moved, width), `${items} at ${width} px, moved`).toBe(items);
      }
    }
  });

  it('leaves the cards beyond the first view to be drawn near the screen, moved or not, and never the first ones', () => {
    for (const width of WIDTHS) {
      const inView = slidesForWidth(table, width, cap) + (width < LAYOUT_BREAKPOINT_PX ? 1 : 0);
      for (const items of ITEM_COUNTS) {
        for (const pictures of Object.values(CAROUSEL_PICTURES)) {
          const slides = [...row(layout, items, pictures).querySelectorAll('.carousel__slide')];
          expect(
            slides.map((slide) => cssValueAt(sheet, slide, SLIDE_VISIBILITY_PROPERTY, width)),
            `${items} at ${width} px, pictures ${pictures}`,
          ).toEqual(slides.map((_, i) => (i < inView ? '' : 'auto')));
        }
      }
    }
  });
});
