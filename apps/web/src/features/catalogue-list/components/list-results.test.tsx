// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import type { ListPageData } from '../types';
import { EAGER_CARDS, ListResults } from './list-results';

// The grid is drawn whole in one render, on the server and in the browser
// alike (decision 0107): the first screen's posters are fetched at once, the
// rest only as the viewer scrolls to them.

afterEach(cleanup);

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

describe('ListResults', () => {
  it('draws the whole page at once, in order, the first screen’s posters eager and the rest lazy', () => {
    renderWithProviders(
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
    const items = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem');
    expect(items).toHaveLength(PAGE.items.length);
    expect(screen.getAllByRole('link').at(-1)!.getAttribute('href')).toBe('/seriesdetail/24');
    const loading = items.map((item) => item.querySelector('img')?.getAttribute('loading'));
    expect(loading.slice(0, EAGER_CARDS).every((l) => l !== 'lazy')).toBe(true);
    expect(loading.slice(EAGER_CARDS).every((l) => l === 'lazy')).toBe(true);
  });
});
