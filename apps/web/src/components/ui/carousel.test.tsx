// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TOP_CAROUSEL_SLIDES } from '@bosphorus/contract';
import { loadEmbla } from '../../lib/hooks/use-embla';
import { Carousel } from './carousel';
import { useSlideImagesWanted } from './slide-images';

// Decision 0095: a row's cards get their pictures once the row is near the
// screen, the ones in view first (the whole cards and the one that peeks),
// every one once the row is moved.

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

function Card({ n }: { n: number }) {
  const wanted = useSlideImagesWanted();
  return <a href={`/c${n}`}>{`card ${n} ${wanted ? 'wanted' : 'waiting'}`}</a>;
}

function renderRow() {
  return render(
    <Carousel label="Top Series" slides={TOP_CAROUSEL_SLIDES}>
      {Array.from({ length: 8 }, (_, i) => (
        <Card key={i} n={i} />
      ))}
    </Carousel>,
  );
}

const states = () => screen.getAllByRole('link').map((a) => a.textContent!.replace(/^card \d+ /, ''));

beforeEach(() => {
  observed = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Carousel pictures (decision 0095)', () => {
  it('wants no picture until the row is near the screen, then the card in view and the one that peeks', () => {
    renderRow();
    expect(states()).toEqual(Array(8).fill('waiting'));
    expect(observed).toHaveLength(1);
    expect(observed[0]!.options?.rootMargin).toBe('0px 0px 25% 0px');
    act(() =>
      observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    // 390 px: one whole card and the peek of the next.
    expect(states()).toEqual(['wanted', 'wanted', ...Array(6).fill('waiting')]);
  });

  it('wants every picture once the row is moved (here: the focus on a card)', () => {
    renderRow();
    act(() =>
      observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    fireEvent.focus(screen.getAllByRole('link')[1]!);
    expect(states()).toEqual(Array(8).fill('wanted'));
  });

  it('wants every picture in view at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderRow();
    expect(states()).toEqual(['wanted', 'wanted', ...Array(6).fill('waiting')]);
    // Embla arrives and cannot run there (it needs the observer): the row stays as it is, nothing thrown.
    await act(async () => {
      await loadEmbla();
    });
    expect(states()).toEqual(['wanted', 'wanted', ...Array(6).fill('waiting')]);
  });
});
