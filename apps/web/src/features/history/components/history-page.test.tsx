// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HISTORY_TEXTS, TOAST_SHORT_MS, type HistoryEntry } from '@bosphorus/contract';
import { Toaster, clearToasts, useToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer as FetchAnswer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { filterHistory, HistoryPage } from './history-page';

type Answer = FetchAnswer | 'offline';

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '1', plan_id: 2 };
const MOVIE: HistoryEntry = {
  type: 'movie',
  movie_id: 11,
  movie_title: 'Ferry <b>Tale</b>',
  movie_year: 2021,
  movie_image: 'ferry.webp',
  movie_cover: 'ferry-cover.webp',
  movie_duration: 100,
  position_seconds: 1500,
  duration_seconds: 6000,
  watched_at: '2031-05-04T10:00:00.000Z',
};
const SERIES: HistoryEntry = {
  type: 'series',
  serie_id: 21,
  serie_title: 'Bazaar Nights',
  serie_year: 2020,
  serie_image: 'bazaar.webp',
  serie_cover: 'bazaar-cover.webp',
  episode_id: 301,
  episode_title: 'The Letter',
  episode_number: 4,
  episode_image: 'still.webp',
  season_id: 5,
  season_title: 'Season 2',
  season_number: 2,
  position_seconds: 600,
  duration_seconds: 2400,
  watched_at: '2031-05-04T11:00:00.000Z',
};

let history: Answer;
let remove: Answer;
const fetchMock = mockFetch(({ path, method }) => {
  let answer: Answer = { status: 404, body: { error: 'Not found' } };
  if (path === '/user/7/history' && method === 'GET') answer = history;
  else if (path === '/user/7/history/all' && method === 'POST') answer = remove;
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return answer;
});

function open(url = '/profile/history') {
  renderWithProviders(
    <>
      <HistoryPage />
      <Toaster />
    </>,
    { url },
  );
}
const cards = () => within(screen.getByRole('list', { name: HISTORY_TEXTS.title })).getAllByRole('link');
const filterButton = (name: string) => screen.getByRole('button', { name });

let toastLog: { message: string; durationMs: number }[] = [];
function ToastSpy() {
  toastLog = useToasts().map((t) => ({ message: t.message, durationMs: t.durationMs }));
  return null;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  history = { status: 200, body: { body: { history: [SERIES, MOVIE] } } };
  remove = { status: 200, body: { message: HISTORY_TEXTS.deletedAll } };
  signIn(USER);
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('HistoryPage (spec §2 History, §4 history filter, §8, §9)', () => {
  it('shows each entry once with its progress, linking to the player; markup in titles is text', async () => {
    open();
    await screen.findByRole('list', { name: HISTORY_TEXTS.title });
    const [series, movie] = cards();
    expect(series!.getAttribute('href')).toBe('/watchEpisodes/301');
    expect(series!.textContent).toContain('Bazaar Nights');
    expect(series!.textContent).toContain('S2 · E4 · The Letter');
    expect(series!.textContent).toContain('30 min left');
    expect(series!.querySelector<HTMLProgressElement>('progress.watch-progress__bar')!.value).toBe(0.25);
    expect(movie!.getAttribute('href')).toBe('/watch/11');
    expect(movie!.textContent).toContain('Ferry <b>Tale</b>');
    expect(movie!.querySelector('b')).toBeNull();
  });

  it('filters All / Movies / Series with pressed buttons, and says No Results for an empty filter', async () => {
    open();
    await screen.findByRole('list', { name: HISTORY_TEXTS.title });
    expect(filterButton(HISTORY_TEXTS.filterAll).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(filterButton(HISTORY_TEXTS.filterMovies));
    expect(filterButton(HISTORY_TEXTS.filterMovies).getAttribute('aria-pressed')).toBe('true');
    expect(filterButton(HISTORY_TEXTS.filterAll).getAttribute('aria-pressed')).toBe('false');
    expect(cards().map((a) => a.getAttribute('href'))).toEqual(['/watch/11']);
    fireEvent.click(filterButton(HISTORY_TEXTS.filterSeries));
    expect(cards().map((a) => a.getAttribute('href'))).toEqual(['/watchEpisodes/301']);
    cleanup();

    history = { status: 200, body: { body: { history: [MOVIE] } } };
    open('/profile/history?type=series');
    expect(await screen.findByRole('heading', { name: HISTORY_TEXTS.emptyFiltered })).toBeTruthy();
    expect(filterHistory([MOVIE, SERIES], 'all')).toHaveLength(2);
  });

  it('shows the empty state without a Delete all button', async () => {
    history = { status: 200, body: { body: { history: [] } } };
    open();
    expect(await screen.findByRole('heading', { name: HISTORY_TEXTS.empty })).toBeTruthy();
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.deleteAllButton })).toBeNull();
  });

  it('deletes all after confirming, with the 3-s success toast, and shows the empty state', async () => {
    render(<ToastSpy />);
    open();
    await screen.findByRole('list', { name: HISTORY_TEXTS.title });
    fireEvent.click(screen.getByRole('button', { name: HISTORY_TEXTS.deleteAllButton }));
    const dialog = screen.getByRole('dialog', { name: HISTORY_TEXTS.confirmTitle });
    // Cancel deletes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: HISTORY_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: HISTORY_TEXTS.deleteAllButton }));
    history = { status: 200, body: { body: { history: [] } } };
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: HISTORY_TEXTS.confirmDelete }));
    expect(await screen.findByText(HISTORY_TEXTS.deletedAll)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[1]!.body)).toContain('_method=DELETE');
    expect(toastLog).toContainEqual({ message: HISTORY_TEXTS.deletedAll, durationMs: TOAST_SHORT_MS });
    expect(await screen.findByRole('heading', { name: HISTORY_TEXTS.empty })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when deleting fails, and keeps the history', async () => {
    render(<ToastSpy />);
    remove = { status: 500, body: { error: 'boom' } };
    open();
    await screen.findByRole('list', { name: HISTORY_TEXTS.title });
    fireEvent.click(screen.getByRole('button', { name: HISTORY_TEXTS.deleteAllButton }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: HISTORY_TEXTS.confirmDelete }));
    expect(await screen.findByText(HISTORY_TEXTS.deleteFailed)).toBeTruthy();
    expect(toastLog).toContainEqual({ message: HISTORY_TEXTS.deleteFailed, durationMs: TOAST_SHORT_MS });
    await waitFor(() => expect(cards()).toHaveLength(2));
  });
});
