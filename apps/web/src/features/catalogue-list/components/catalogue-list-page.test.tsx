// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MoviesListBody, SeriesCard, SeriesListBody } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import { Location, renderWithProviders } from '../../../test/render';
import type { ListKind } from '../types';
import { CatalogueListPage } from './catalogue-list-page';

const serie = (id: number, title: string): SeriesCard => ({
  serie_id: id,
  serie_title: title,
  serie_year: 2020,
  serie_image: `s${id}.webp`,
  serie_cover: `s${id}-cover.webp`,
  serie_completion: 'ongoing',
  avg_rating: 8,
  genre_title: 'Drama',
  seasons_count: 2,
});

let answer: (url: URL) => Answer;
const fetchMock = mockFetch(({ url }) => answer(url));

function renderPage(kind: ListKind, url: string) {
  renderWithProviders(
    <>
      <CatalogueListPage kind={kind} />
      <Location search />
    </>,
    { url },
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CatalogueListPage', () => {
  it('asks the API for the filters in the address and shows the cards', async () => {
    answer = () => ({
      status: 200,
      body: { body: { series: [serie(1, 'Kuruluş'), serie(2, 'Çukur')], total_pages: 3 } satisfies SeriesListBody },
    });
    renderPage('series', '/allseries?genre=4,5&year=2024&status=ended&sortby=A-Z&page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'All Series' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(list)
        .getByRole('link', { name: /Kuruluş/ })
        .getAttribute('href'),
    ).toBe('/seriesdetail/1');
    expect(screen.queryByRole('status')).toBeNull();

    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/series');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      genre: '4,5',
      year: '2024',
      status: 'ended',
      sortby: 'A-Z',
      page: '2',
    });
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // The pagination links keep the list's filters (they work without JavaScript).
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/allseries?genre=4,5&year=2024&status=ended&sortby=A-Z&page=3',
    );
  });

  it('uses the movies call on All Movies and never sends a status', async () => {
    answer = () => ({ status: 200, body: { body: { movies: [], total_pages: 0 } satisfies MoviesListBody } });
    renderPage('movies', '/allmovies?status=ended&search=K%C4%B1%C5%9F');
    expect(screen.getByRole('heading', { level: 1, name: 'All Movies' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'No Results' });
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/movies/filters');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'Kış', page: '1' });
    expect(screen.queryByRole('button', { name: 'Status' })).toBeNull();
  });

  it('shows No Results with a Clear filters button that clears filters and search', async () => {
    answer = (url) =>
      url.searchParams.has('genre')
        ? { status: 200, body: { body: { series: [], total_pages: 0 } } }
        : { status: 200, body: { body: { series: [serie(1, 'Kuruluş')], total_pages: 1 } } };
    renderPage('series', '/allseries?genre=10&search=zzz&sortby=Z-A');
    await screen.findByRole('heading', { name: 'No Results' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('list', { name: 'Results' });
    expect(screen.getByTestId('location').textContent).toBe('/allseries?sortby=Z-A');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('goes back to page 1 when a filter changes', async () => {
    answer = () => ({ status: 200, body: { body: { series: [serie(1, 'Kuruluş')], total_pages: 9 } } });
    renderPage('series', '/allseries?page=4');
    await screen.findByRole('list', { name: 'Results' });
    fireEvent.click(screen.getByRole('button', { name: 'Genre' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Drama' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/allseries?genre=4'));
  });

  it('moves to the chosen page and to the top of the results', async () => {
    answer = () => ({ status: 200, body: { body: { series: [serie(1, 'Kuruluş')], total_pages: 9 } } });
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderPage('series', '/allseries?sortby=A-Z');
    await screen.findByRole('list', { name: 'Results' });
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(screen.getByTestId('location').textContent).toBe('/allseries?sortby=A-Z&page=2');
    expect(scroll).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Series results' }));
  });

  it('lands on the last page when the address points past it', async () => {
    answer = (url) =>
      url.searchParams.get('page') === '3'
        ? { status: 200, body: { body: { series: [serie(1, 'Kuruluş')], total_pages: 3 } } }
        : { status: 200, body: { body: { series: [], total_pages: 3 } } };
    renderPage('series', '/allseries?page=40');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/allseries?page=3'));
    await screen.findByRole('list', { name: 'Results' });
  });

  it('on a failed fetch logs it, stops the spinner and offers Try again (spec §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => ({ status: 500, body: { error: 'boom' } });
    renderPage('series', '/allseries');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We couldn’t load the series' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(log).toHaveBeenCalledWith('Loading the series list failed', expect.any(Error));

    answer = () => ({ status: 200, body: { body: { series: [serie(5, 'Yargı')], total_pages: 1 } } });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Results' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
