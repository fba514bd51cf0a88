// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@bosphorus/contract';
import { mockFetch } from '../../../test/fetch';
import { Location, renderWithProviders } from '../../../test/render';
import { storeUser } from '../../../test/session';
import { HeaderSearch } from './header-search';

const fetchMock = mockFetch(({ path }) =>
  path === '/search'
    ? {
        status: 200,
        body: {
          body: {
            movies: [{ movie_id: 3, movie_title: 'Bergen', movie_year: 2022 }],
            series: [{ serie_id: 5, serie_title: 'Kuruluş Osman', serie_year: 2019 }],
          },
        },
      }
    : { status: 200, body: { message: 'ok' } },
);
const onNavigate = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  onNavigate.mockClear();
  storeUser({ user_id: 1, user_name: 'Ayşe', user_email: 'a@b.c', user_status: '1' });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderSearch() {
  return renderWithProviders(
    <>
      <HeaderSearch open={false} onNavigate={onNavigate} />
      <button type="button">Elsewhere</button>
      <Location search />
    </>,
    { url: '/services' },
  );
}
const searchCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/search'));

async function typeAndWait(value: string) {
  fireEvent.input(screen.getByRole('combobox', { name: 'Search' }), { target: { value } });
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  return screen.findByRole('list', { name: 'Search results' });
}

describe('HeaderSearch (spec §2 Header search, §5)', () => {
  it('searches after the debounce and labels results Movie or Serie with the year', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSearch();
    fireEvent.input(screen.getByRole('combobox', { name: 'Search' }), { target: { value: 'ber' } });
    expect(searchCalls()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    const results = await screen.findByRole('list', { name: 'Search results' });
    const [, init] = searchCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('q=ber');
    expect(
      within(results)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['MovieBergen2022', '/moviedetail/3'],
      ['SerieKuruluş Osman2019', '/seriesdetail/5'],
    ]);
  });

  it('puts the best match first across movies and series (issue 15)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSearch();
    const results = await typeAndWait('osman');
    expect(
      within(results)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/seriesdetail/5', '/moviedetail/3']);
  });

  it("opens the full results of the best match's kind on Enter, and empties the box (issue 15)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSearch();
    await typeAndWait('osman');
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location').textContent).toBe('/allseries?search=osman');
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('opens the series list on Enter before any answer, and ignores Enter on an empty box', () => {
    renderSearch();
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location').textContent).toBe('/services');
    fireEvent.input(screen.getByRole('combobox', { name: 'Search' }), { target: { value: 'Ezel' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location').textContent).toBe('/allseries?search=Ezel');
  });

  it('closes the results on a press outside and on Escape, keeping the text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await typeAndWait('ber');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');

    act(() => box.focus());
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect((box as HTMLInputElement).value).toBe('ber');
  });

  it('following a result empties the box and tells the header', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSearch();
    const results = await typeAndWait('ber');
    fireEvent.click(within(results).getByRole('link', { name: /Bergen/ }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });
});
