// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { DETAIL_CAROUSEL_SLIDES, LATEST_EPISODES_LIMIT, RECENT_ROW_LIMIT, slidesForWidth } from '@bosphorus/contract';
import fs from 'node:fs';
import { CAROUSEL_LAYOUT_CSS_FILE } from '../../../build/carousel-layout';
import { loadEmbla } from '../../lib/hooks/use-embla';
import { cssValueAt, parseSheet } from '../../test/css-cascade';
import { Carousel, type CarouselProps } from './carousel';
import { RowOnFirstScreenContext, useSlideImagesWanted } from './slide-images';

// Decision 0108: a row's markup names its layout, never a width, and the
// generated stylesheet lays it out at each width (read here through its
// rules: the test document applies no media queries). Decision 0095: a
// row's cards get their pictures once the row is near the screen, those in
// view first, every one once the row is moved.

let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];

class FakeObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed.push({ callback, options });
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** A card whose picture has an address only when wanted, as ResponsiveImage's `deferred`. */
function Card({ n }: { n: number }) {
  const wanted = useSlideImagesWanted();
  return (
    <a href={`/c${n}`}>
      <img alt="" src={wanted ? `/p${n}.webp` : undefined} />
      {`card ${n} ${wanted ? 'wanted' : 'waiting'}`}
    </a>
  );
}

function row(cards: number, props: Partial<CarouselProps> = {}): ReactNode {
  return (
    <Carousel label="Top Series" table="top" {...props}>
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i} n={i} />
      ))}
    </Carousel>
  );
}

const RouterWrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

const firstScreen = (ui: ReactNode) => (
  <RowOnFirstScreenContext.Provider value={true}>{ui}</RowOnFirstScreenContext.Provider>
);

const states = () => screen.getAllByRole('link').map((a) => a.textContent!.replace(/^card \d+ /, ''));
const section = () => document.querySelector<HTMLElement>('section.carousel')!;

/** The stylesheet carousel.tsx imports (build/carousel-layout.test.ts checks it is the tables'). */
const sheet = parseSheet(fs.readFileSync(CAROUSEL_LAYOUT_CSS_FILE, 'utf8'));

/** The row as the stylesheet lays it out at `width`. */
function layoutAt(width: number) {
  const slide = section().querySelector('.carousel__slide')!;
  const controls = section().querySelector('.carousel__controls');
  const pictures = [...section().querySelectorAll('img')];
  return {
    slides: Number(cssValueAt(sheet, slide, '--slides', width)),
    peek: Number(cssValueAt(sheet, slide, '--peek', width) || 0),
    buttons: controls !== null && cssValueAt(sheet, controls, '--carousel-controls', width) === 'flex',
    picturesShown: pictures.filter((img) => cssValueAt(sheet, img, 'display', width) !== 'none').length,
  };
}

const nearScreen = () =>
  act(() => observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));

beforeEach(() => {
  observed = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Carousel layout (spec §9, decisions 0070 and 0108)', () => {
  it('lays a top row out by the stylesheet: a card and a peek at 390 px, four at 1440 px, five at 1920 px', () => {
    render(row(8));
    expect(section().getAttribute('data-layout')).toBe('top');
    expect(layoutAt(390)).toMatchObject({ slides: 1, peek: 0.25, buttons: true });
    expect(layoutAt(1440)).toMatchObject({ slides: 4, peek: 0, buttons: true });
    expect(layoutAt(1920)).toMatchObject({ slides: 5, peek: 0, buttons: true });
  });

  it('caps the recent rows and the latest episodes, and a detail row follows its own table', () => {
    render(row(8, { maxSlides: RECENT_ROW_LIMIT }));
    expect(layoutAt(1920).slides).toBe(RECENT_ROW_LIMIT);
    cleanup();
    render(row(8, { maxSlides: LATEST_EPISODES_LIMIT }));
    expect(layoutAt(1920).slides).toBe(LATEST_EPISODES_LIMIT);
    expect(layoutAt(390).slides).toBe(1);
    cleanup();
    render(row(8, { table: 'detail' }));
    for (const width of [390, 600, 1440, 1920]) {
      expect(layoutAt(width).slides, `${width} px`).toBe(slidesForWidth(DETAIL_CAROUSEL_SLIDES, width));
    }
  });

  it('a row that fits shows neither the buttons nor a peek there', () => {
    // Two cards and "See all": more than fits on a phone, not from 770 px.
    render(row(2, { table: 'detail', seeAll: { to: '/allmovies', shape: 'poster' } }), { wrapper: RouterWrapper });
    expect(layoutAt(390)).toMatchObject({ slides: 1, peek: 0.25, buttons: true });
    expect(layoutAt(1440)).toMatchObject({ slides: 3, peek: 0, buttons: false });
  });

  it('writes the same markup on the server and in the browser at any width (hydration keeps it)', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    for (const ui of [row(8), firstScreen(row(8, { maxSlides: RECENT_ROW_LIMIT }))]) {
      // The server has no IntersectionObserver (nor a screen).
      vi.stubGlobal('IntersectionObserver', undefined);
      const html = renderToString(ui);
      vi.stubGlobal('IntersectionObserver', FakeObserver);
      // The page's CSP refuses style attributes in the served HTML.
      expect(html).not.toMatch(/ style="/);
      const container = document.createElement('div');
      container.innerHTML = html;
      const served = container.innerHTML;
      document.body.append(container);
      const mismatches: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(container, ui, { onRecoverableError: (error) => mismatches.push(error) }),
      );
      try {
        expect(mismatches).toEqual([]);
        expect(container.innerHTML).toBe(served);
      } finally {
        act(() => root.unmount());
        container.remove();
      }
    }
  });
});

describe('Carousel pictures (decision 0095)', () => {
  it('wants no picture until the row is near the screen, then those of the cards in view at some width', () => {
    render(row(8));
    expect(states()).toEqual(Array(8).fill('waiting'));
    expect(observed).toHaveLength(1);
    expect(observed[0]!.options?.rootMargin).toBe('0px 0px 25% 0px');
    nearScreen();
    // At most five whole cards (above 1440 px): the server's HTML cannot know the width.
    expect(states()).toEqual([...Array(5).fill('wanted'), ...Array(3).fill('waiting')]);
    // The stylesheet shows those of the width: 390 px, one whole card and the peek of the next.
    expect(layoutAt(390).picturesShown).toBe(2);
    expect(layoutAt(1440).picturesShown).toBe(4);
    expect(layoutAt(1920).picturesShown).toBe(5);
  });

  it('wants and shows every picture once the row is moved (here: the focus on a card)', () => {
    render(row(8));
    nearScreen();
    fireEvent.focus(screen.getAllByRole('link')[1]!);
    expect(states()).toEqual(Array(8).fill('wanted'));
    expect(layoutAt(390).picturesShown).toBe(8);
  });

  it("wants the pictures in view of a row on the first screen from the first render, as in the server's HTML", () => {
    const html = renderToString(firstScreen(row(8)));
    expect(html.match(/src="\/p\d\.webp"/g)).toHaveLength(5);
    render(firstScreen(row(8)));
    expect(states()).toEqual([...Array(5).fill('wanted'), ...Array(3).fill('waiting')]);
    // Near from the start: nothing to observe.
    expect(observed).toHaveLength(0);
  });

  it('wants every picture in view at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(row(8));
    expect(states()).toEqual([...Array(5).fill('wanted'), ...Array(3).fill('waiting')]);
    // Embla arrives and cannot run there (it needs the observer): the row stays as it is, nothing thrown.
    await act(async () => {
      await loadEmbla();
    });
    expect(states()).toEqual([...Array(5).fill('wanted'), ...Array(3).fill('waiting')]);
  });
});
