// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, useNavigationType } from 'react-router';
import { EMPTY_FILTERS, type FilterCriteria } from '@bosphorus/contract';
import type { ListKind, ListUrlState } from '../types';
import { toggleOption } from '../utils/filter-rules';
import { parseListUrlState, SEARCH_MAX_LENGTH, serializeListUrlState, useListUrlState } from './use-list-url-state';

const parse = (query: string, kind: ListKind = 'series') => parseListUrlState(new URLSearchParams(query), kind);

describe('parseListUrlState', () => {
  it('reads an empty query as the whole catalogue, page 1', () => {
    expect(parse('')).toEqual({ filters: EMPTY_FILTERS, search: '', page: 1 });
  });

  it('reads every filter, the search and the page', () => {
    expect(parse('search=a%C5%9Fk&genre=4,5&year=2024,2016-2020&status=ended&sortby=A-Z&page=2')).toEqual({
      filters: { year: ['2024', '2016-2020'], genre: [4, 5], rating: null, sortby: 'A-Z', status: 'ended' },
      search: 'aşk',
      page: 2,
    });
  });

  it('reads commas whether or not they were encoded', () => {
    expect(parse('genre=4%2C5').filters.genre).toEqual([4, 5]);
  });

  it('puts multi-valued filters in option-list order and drops repeats', () => {
    const state = parse('genre=11,4,4&year=2001-2010,2025,2025');
    expect(state.filters.genre).toEqual([4, 11]);
    expect(state.filters.year).toEqual(['2025', '2001-2010']);
  });

  it('drops values it does not know, keeping the good ones', () => {
    const state = parse('genre=3,4,abc,-1,1.5&year=2019,2024,2016-2021&status=paused&sortby=rating');
    expect(state.filters).toEqual({ ...EMPTY_FILTERS, genre: [4], year: ['2024'] });
  });

  it.each(['0', '-2', '1.5', 'abc', '', '1e3', '99999999999'])('falls back to page 1 for page=%s', (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it('ignores a status on the movies list', () => {
    expect(parse('status=ended', 'movies').filters.status).toBe('');
  });

  it('trims the search and cuts it to the API limit', () => {
    expect(parse('search=%20%20Diri%20').search).toBe('Diri');
    expect(parse(`search=${'x'.repeat(SEARCH_MAX_LENGTH + 20)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it('drops control characters from the search (a NUL the API refuses, from a crafted link)', () => {
    expect(parse('search=%00').search).toBe('');
    expect(parse('search=Diri%00li%C5%9F%0A%1F%7F').search).toBe('Diriliş');
    expect(parse('search=%00%20osman%20').search).toBe('osman');
    expect(SEARCH_MAX_LENGTH).toBe(100);
  });

  it('never reads a rating from the address', () => {
    expect(parse('rating=8').filters.rating).toBeNull();
  });
});

describe('serializeListUrlState', () => {
  type StateOverrides = Omit<Partial<ListUrlState>, 'filters'> & { filters?: Partial<FilterCriteria> };
  const state = (over: StateOverrides = {}): ListUrlState => ({
    search: over.search ?? '',
    page: over.page ?? 1,
    filters: { ...EMPTY_FILTERS, ...over.filters },
  });

  it('writes nothing for the whole catalogue on page 1', () => {
    expect(serializeListUrlState(state(), 'series')).toBe('');
  });

  it('writes readable comma lists and leaves page 1 out', () => {
    expect(
      serializeListUrlState(
        state({ filters: { genre: [4, 5], year: ['2024', '2016-2020'], status: 'ended', sortby: 'Z-A' } }),
        'series',
      ),
    ).toBe('?genre=4,5&year=2024,2016-2020&status=ended&sortby=Z-A');
  });

  it('writes the page from 2 on and the encoded search', () => {
    expect(serializeListUrlState(state({ search: ' aşk & savaş ', page: 3 }), 'movies')).toBe(
      '?search=a%C5%9Fk%20%26%20sava%C5%9F&page=3',
    );
  });

  it('never writes a status for movies', () => {
    expect(serializeListUrlState(state({ filters: { status: 'ongoing' } }), 'movies')).toBe('');
  });

  it('round-trips through parse', () => {
    const original = state({
      search: 'Çukur, İstanbul',
      page: 7,
      filters: { genre: [1, 11], year: ['2025', '2011-2015'], status: 'ongoing', sortby: 'A-Z' },
    });
    expect(parse(serializeListUrlState(original, 'series').slice(1))).toEqual(original);
  });
});

describe('useListUrlState', () => {
  function setup(initial: string, kind: ListKind = 'series') {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
    );
    return renderHook(
      () => ({ list: useListUrlState(kind), location: useLocation(), navigationType: useNavigationType() }),
      { wrapper },
    );
  }

  it('reads the state from the address', () => {
    const { result } = setup('/allseries?genre=4&page=3');
    expect(result.current.list.state.filters.genre).toEqual([4]);
    expect(result.current.list.state.page).toBe(3);
  });

  it('a filter change goes back to page 1 and keeps the search', () => {
    const { result } = setup('/allseries?search=ask&page=3');
    act(() => result.current.list.setFilters({ ...EMPTY_FILTERS, year: ['2024'], sortby: 'A-Z' }));
    expect(result.current.location.pathname).toBe('/allseries');
    expect(result.current.location.search).toBe('?search=ask&year=2024&sortby=A-Z');
  });

  it('a new search goes back to page 1 and keeps the filters', () => {
    const { result } = setup('/allmovies?genre=6&page=2', 'movies');
    act(() => result.current.list.setSearch('Kış'));
    expect(result.current.location.search).toBe('?search=K%C4%B1%C5%9F&genre=6');
  });

  it('a page change keeps everything else', () => {
    const { result } = setup('/allseries?status=ended&sortby=Z-A');
    act(() => result.current.list.setPage(4));
    expect(result.current.location.search).toBe('?status=ended&sortby=Z-A&page=4');
  });

  it("a page's address keeps everything else, page 1 without a page", () => {
    const { result } = setup('/allseries?search=ask&genre=4,5&sortby=Z-A&page=3');
    expect(result.current.list.pageHref(4)).toBe('/allseries?search=ask&genre=4,5&sortby=Z-A&page=4');
    expect(result.current.list.pageHref(1)).toBe('/allseries?search=ask&genre=4,5&sortby=Z-A');
  });

  it('clearing keeps only the sort order', () => {
    const { result } = setup('/allseries?search=x&genre=4&year=2024&status=ongoing&sortby=A-Z&page=5');
    act(() => result.current.list.clearAll());
    expect(result.current.location.search).toBe('?sortby=A-Z');
  });

  it('a filter change is a new history entry; refining a search replaces it', () => {
    const { result } = setup('/allseries');
    act(() => result.current.list.setFilters({ ...EMPTY_FILTERS, genre: [4] }));
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.setSearch('a'));
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.setSearch('ab'));
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.location.search).toBe('?search=ab&genre=4');
    act(() => result.current.list.setPage(2));
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.setPage(1, { replace: true }));
    expect(result.current.navigationType).toBe('REPLACE');
  });
});

describe('useListUrlState with the browser-style (data) router', () => {
  // The data router applies a navigation a few microtasks later; the hook
  // shows the new state meanwhile, and must drop it once the address moves
  // on, so Back shows the older address's state. (The same-frame tick itself
  // is checked in the browser: happy-dom does not revert controlled inputs.)
  function Probe() {
    const { state, setFilters } = useListUrlState('series');
    return (
      <>
        <input
          type="checkbox"
          aria-label="Drama"
          checked={state.filters.genre.includes(4)}
          onChange={() => setFilters(toggleOption(state.filters, 'genre', '4'))}
        />
        <span data-testid="page">{state.page}</span>
      </>
    );
  }

  it('shows the new state, then the older state after Back', async () => {
    const router = createMemoryRouter([{ path: '/allseries', element: <Probe /> }], {
      initialEntries: ['/allseries?page=3'],
    });
    render(<RouterProvider router={router} />);
    const box = screen.getByRole('checkbox', { name: 'Drama' }) as HTMLInputElement;

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(screen.getByTestId('page').textContent).toBe('1');
    await waitFor(() => expect(router.state.location.search).toBe('?genre=4'));
    expect(box.checked).toBe(true);

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=3');
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('page').textContent).toBe('3');
    cleanup();
  });
});
