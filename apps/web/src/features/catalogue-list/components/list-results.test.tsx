// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_EAGER_CARDS } from '@bosphorus/contract';
import type { ListPageData } from '../types';

// Decision 0103: the visit's first view draws the list's grid a few cards
// per task (the first screen's, then as many more per step); a later view
// draws the whole page at once.

let results: typeof import('./list-results');
let steps: typeof import('../../../lib/hooks/use-after-first-view');
// With the router and the query client of the same fresh module graph.
let providers: typeof import('../../../test/render');
let tl: typeof import('@testing-library/react');

beforeEach(async () => {
  vi.useFakeTimers();
  // No frames in this document: each step is a task of its own.
  vi.stubGlobal('requestAnimationFrame', undefined);
  vi.resetModules();
  steps = await import('../../../lib/hooks/use-after-first-view');
  results = await import('./list-results');
  providers = await import('../../../test/render');
  tl = await import('@testing-library/react');
});

afterEach(() => {
  tl.cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PAGE: ListPageData = {
  totalPages: 3,
  items: Array.from({ length: 24 }, (_, i) => ({
    kind: 'series' as const,
    serie_id: i + 1,
    serie_title: `Series ${i + 1}`,
    serie_year: 2020,
    serie_image: `s${i + 1}.webp`,
    serie_cover: `s${i + 1}-cover.webp`,
    serie_completion: 'ongoing' as const,
    avg_rating: 8,
    genre_title: 'Drama',
    seasons_count: 2,
  })),
};

function renderResults() {
  const { ListResults } = results;
  providers.renderWithProviders(
    <ListResults
      data={PAGE}
      loading={false}
      stale={false}
      error={null}
      search=""
      hasFilters={false}
      noun={{ one: 'series', other: 'series' }}
      page={1}
      onRetry={() => {}}
      onClearFilters={() => {}}
    />,
    { url: '/allseries' },
  );
}

const cards = () => tl.within(tl.screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem').length;

describe('ListResults on the first view', () => {
  it('draws the first screen’s cards, then as many more per task, until the page is whole', () => {
    renderResults();
    const seen = [cards()];
    for (let i = 0; i < results.FIRST_VIEW_CARDS.length; i++) {
      tl.act(() => {
        vi.advanceTimersToNextTimer();
      });
      seen.push(cards());
    }
    // Steps of the first screen's size: none of them draws more than one screen's cards.
    expect(seen).toEqual([LIST_EAGER_CARDS, 2 * LIST_EAGER_CARDS, 3 * LIST_EAGER_CARDS, PAGE.items.length]);
    // The cards keep their order: the last one drawn is the page's last.
    expect(tl.screen.getAllByRole('link').at(-1)!.getAttribute('href')).toBe('/seriesdetail/24');
  });

  it('draws the whole page at once after the first view', () => {
    steps.firstViewDrawn();
    tl.act(() => {
      vi.runAllTimers();
    });
    renderResults();
    expect(cards()).toBe(PAGE.items.length);
  });
});
