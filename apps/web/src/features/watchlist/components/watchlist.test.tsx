// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import {
  ENGLISH_SUBTITLES_TEXTS,
  LIBRARY_TEXTS,
  type MovieCard,
  type SeriesCard,
  type SeriesDetailBody,
  type WishlistItem,
} from '@bosphorus/contract';
import { Toaster, clearToasts } from '../../../components/ui/toast';
import { TitleCard } from '../../../components/ui/title-card';
import { TitleActionsProvider } from '../../../app/title-actions-provider';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { signIn, storeUser } from '../../../test/session';
import { CardBookmark } from './card-bookmark';
import { DetailActions } from './detail-actions';
import { FavoritesPage } from './favorites-page';

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '1' };
const MOVIE: MovieCard = {
  movie_id: 5,
  movie_title: 'Ayla',
  movie_year: 2017,
  movie_duration: 125,
  movie_image: 'ayla.webp',
  movie_cover: 'ayla-cover.webp',
  avg_rating: 9,
  genre_title: 'Drama',
};
const SERIES: SeriesCard = {
  serie_id: 3,
  serie_title: 'Kuruluş <b>Osman</b>',
  serie_year: 2019,
  serie_image: 'osman.webp',
  serie_cover: 'osman-cover.webp',
  serie_completion: 'ongoing',
  avg_rating: 8,
  genre_title: 'History',
  seasons_count: 5,
};
const savedMovie: WishlistItem = { ...MOVIE, type: 'movie', added_at: '2026-11-20T10:00:00.000Z' };
const savedSeries: WishlistItem = { ...SERIES, type: 'series', added_at: '2026-11-21T10:00:00.000Z' };

let list: WishlistItem[];
let toggleMessage: ((form: URLSearchParams) => string) | null;
const fetchMock = mockFetch(({ path, method, form }) => {
  if (path === '/user/7/wishlist') return { status: 200, body: { body: { wactchLater: list } } };
  if (method === 'POST' && path === '/user/7/user_notifications/3/preference') {
    const preference = form.get('notification_preference');
    const message = `saved ${preference}`;
    return {
      status: 200,
      body: { message, body: { message, is_notification_on: '1', notification_preference: preference } },
    };
  }
  if (method === 'POST' && toggleMessage) {
    const message = toggleMessage(form);
    return { status: 200, body: { message, body: { message } } };
  }
  return { status: 404, body: { error: 'Not found' } };
});
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

function renderWith(ui: React.ReactNode, client = testQueryClient()) {
  renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
    { client },
  );
  return client;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  list = [savedSeries, savedMovie];
  toggleMessage = null;
  signIn(USER);
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Favorites page', () => {
  it('shows the saved cards and filters All / Movies / Series', async () => {
    renderWith(<FavoritesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Favorites' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Favorites' });
    // Titles are text, never markup.
    expect(within(grid).getByRole('heading', { name: 'Kuruluş <b>Osman</b>' })).toBeTruthy();
    expect(within(grid).getByRole('heading', { name: 'Ayla' })).toBeTruthy();
    const all = screen.getByRole('button', { name: 'All' });
    expect(all.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Movies' }));
    expect(screen.getByRole('button', { name: 'Movies' }).getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');
    expect(
      within(screen.getByRole('list', { name: 'Favorites' })).queryByRole('heading', { name: /Osman/ }),
    ).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Favorites' })).getByRole('heading', { name: 'Ayla' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Series' }));
    expect(within(screen.getByRole('list', { name: 'Favorites' })).queryByRole('heading', { name: 'Ayla' })).toBeNull();
  });

  it('has a designed empty state per filter', async () => {
    list = [savedMovie];
    renderWith(<FavoritesPage />);
    await screen.findByRole('list', { name: 'Favorites' });
    fireEvent.click(screen.getByRole('button', { name: 'Series' }));
    expect(screen.getByRole('heading', { name: LIBRARY_TEXTS.emptyFilteredSeries })).toBeTruthy();
    expect(screen.getByRole('link', { name: LIBRARY_TEXTS.browseSeries }).getAttribute('href')).toBe('/allseries');
  });

  it('says so when the list cannot be loaded', async () => {
    // 503: a 404 or 500 on a /user/ path ends the session (spec §8), tested in lib/api.
    fetchMock.mockImplementationOnce(async () => jsonResponse({ status: 503, body: { error: 'Try later' } }));
    renderWith(<FavoritesPage />);
    expect((await screen.findByRole('alert')).textContent).toContain(LIBRARY_TEXTS.loadFailed);
  });
});

describe('card bookmark', () => {
  it('shows the saved state from the wishlist and removes with the §8 toast', async () => {
    toggleMessage = () => 'Ayla removed from watchlist';
    renderWith(<CardBookmark item={{ kind: 'movie', ...MOVIE }} />);
    const button = screen.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor('Ayla') });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    list = [savedSeries];
    fireEvent.click(button);
    expect(await screen.findByText(LIBRARY_TEXTS.toastRemoved('Ayla', 2017))).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(posts()).toHaveLength(1);
    const [input, init] = posts()[0]!;
    expect(new URL(String(input), 'http://x').pathname).toBe('/api/user/7/wishlist/movies/5');
    expect(Object.fromEntries(new URLSearchParams(String(init!.body)))).toEqual({
      user_id: '7',
      movie_id: '5',
      action: 'remove',
    });
  });

  it('appears on cards only for users with a plan', async () => {
    renderWith(
      <TitleActionsProvider>
        <TitleCard item={{ kind: 'movie', ...MOVIE }} />
      </TitleActionsProvider>,
    );
    expect(await screen.findByRole('button', { name: LIBRARY_TEXTS.watchlistFor('Ayla') })).toBeTruthy();
    cleanup();
    storeUser({ ...USER, user_status: '0' });
    renderWith(
      <TitleActionsProvider>
        <TitleCard item={{ kind: 'movie', ...MOVIE }} />
      </TitleActionsProvider>,
    );
    expect(screen.getByRole('link', { name: /Ayla/ })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('detail actions', () => {
  const seriesKey = ['series', 'detail', 3, '7:1'];
  const detail = {
    series: { ...SERIES, is_wishlist: '0', is_notification_on: '0' },
    canPlay: true,
  } as unknown as SeriesDetailBody;

  /** The detail page's part: the flags come from the cached detail answer. */
  function SeriesActions() {
    const { data } = useQuery<SeriesDetailBody>({ queryKey: seriesKey, queryFn: () => detail, staleTime: Infinity });
    if (!data) return null;
    const s = data.series;
    return (
      <DetailActions
        target={{
          kind: 'series',
          id: s.serie_id,
          title: s.serie_title,
          year: s.serie_year,
          isWishlist: s.is_wishlist === '1',
          isNotificationOn: s.is_notification_on === '1',
          notificationPreference: s.notification_preference,
        }}
      />
    );
  }

  it('bookmark: the icon follows the answer and the §8 toast shows', async () => {
    toggleMessage = (form) => (form.get('action') === 'add' ? 'x added to watchlist' : 'x removed from watchlist');
    const client = testQueryClient();
    client.setQueryData(seriesKey, detail);
    renderWith(<SeriesActions />, client);
    const bookmark = screen.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(SERIES.serie_title) });
    expect(bookmark.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bookmark);
    expect(await screen.findByText(LIBRARY_TEXTS.toastAdded(SERIES.serie_title, 2019))).toBeTruthy();
    await waitFor(() => expect(bookmark.getAttribute('aria-pressed')).toBe('true'));
    expect(new URLSearchParams(String(posts()[0]![1]!.body)).get('serie_id')).toBe('3');
  });

  it("bookmark: an answer without 'added' leaves it off", async () => {
    toggleMessage = () => 'x removed from watchlist';
    const client = testQueryClient();
    client.setQueryData(seriesKey, detail);
    renderWith(<SeriesActions />, client);
    fireEvent.click(screen.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(SERIES.serie_title) }));
    expect(await screen.findByText(LIBRARY_TEXTS.toastRemoved(SERIES.serie_title, 2019))).toBeTruthy();
    expect(
      screen.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(SERIES.serie_title) }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it("bell: 'turned on' turns it on with '{title} notifications enabled', then off", async () => {
    toggleMessage = (form) =>
      form.get('action') === 'add' ? 'Notifications turned on for x' : 'Notifications turned off for x';
    const client = testQueryClient();
    client.setQueryData(seriesKey, detail);
    renderWith(<SeriesActions />, client);
    const bell = screen.getByRole('button', { name: LIBRARY_TEXTS.notificationsLabel(SERIES.serie_title) });
    fireEvent.click(bell);
    expect(await screen.findByText(LIBRARY_TEXTS.toastNotificationsOn(SERIES.serie_title))).toBeTruthy();
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('true'));
    expect(new URL(String(posts()[0]![0]), 'http://x').pathname).toBe('/api/user/7/user_notifications/3');
    await waitFor(() => expect(bell.hasAttribute('disabled')).toBe(false));
    fireEvent.click(bell);
    expect(await screen.findByText(LIBRARY_TEXTS.toastNotificationsOff(SERIES.serie_title))).toBeTruthy();
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('false'));
  });

  it('follow choice (issue 28): offered whether following or not, none pressed until following; a choice follows and is saved per follow', async () => {
    toggleMessage = (form) =>
      form.get('action') === 'add' ? 'Notifications turned on for x' : 'Notifications turned off for x';
    const client = testQueryClient();
    client.setQueryData(seriesKey, detail);
    renderWith(<SeriesActions />, client);
    const group = screen.getByRole('group', { name: ENGLISH_SUBTITLES_TEXTS.preferenceLegend });
    const option = (name: string) => within(group).getByRole('button', { name });
    const pressed = () =>
      within(group)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    const { preferences } = ENGLISH_SUBTITLES_TEXTS;
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([preferences.new_episodes, preferences.english_subtitles, preferences.both]);
    // Not following: the choice is there (its room never moves the page), none pressed.
    expect(pressed()).toEqual([]);

    // The bell follows: a new follow hears when English subtitles are ready.
    const bell = screen.getByRole('button', { name: LIBRARY_TEXTS.notificationsLabel(SERIES.serie_title) });
    fireEvent.click(bell);
    await waitFor(() => expect(pressed()).toEqual([preferences.english_subtitles]));

    fireEvent.click(option(preferences.both));
    expect(await screen.findByText(ENGLISH_SUBTITLES_TEXTS.preferenceSaved(SERIES.serie_title, 'both'))).toBeTruthy();
    await waitFor(() => expect(pressed()).toEqual([preferences.both]));
    const saved = posts().at(-1)!;
    expect(new URL(String(saved[0]), 'http://x').pathname).toBe('/api/user/7/user_notifications/3/preference');
    expect(new URLSearchParams(String(saved[1]!.body)).get('notification_preference')).toBe('both');
    expect(client.getQueryData<SeriesDetailBody>(seriesKey)!.series.notification_preference).toBe('both');

    // Unfollowed: nothing pressed, the choice stays.
    await waitFor(() => expect(bell.hasAttribute('disabled')).toBe(false));
    fireEvent.click(bell);
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('false'));
    expect(pressed()).toEqual([]);

    // A choice pressed while not following follows the series with it (the call follows).
    await waitFor(() => expect(option(preferences.new_episodes).hasAttribute('disabled')).toBe(false));
    fireEvent.click(option(preferences.new_episodes));
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('true'));
    expect(pressed()).toEqual([preferences.new_episodes]);
    expect(new URLSearchParams(String(posts().at(-1)![1]!.body)).get('notification_preference')).toBe('new_episodes');
  });
});
