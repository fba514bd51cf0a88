// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { HISTORY_TEXTS, seeAllLabel, type ContinueBody } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { ContinueRows } from './continue-rows';
import { CONTINUE_ROWS_STORAGE_KEY } from '../../../lib/auth-store';

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '1', plan_id: 2 };
const BODY: ContinueBody = {
  continueWatching: [
    {
      type: 'movie',
      movie_id: 11,
      movie_title: 'Ferry',
      movie_year: 2021,
      movie_image: 'ferry.webp',
      movie_cover: 'ferry-cover.webp',
      movie_duration: 100,
      position_seconds: 3,
      duration_seconds: 12,
      watched_at: '2031-05-04T10:00:00.000Z',
    },
  ],
  nextUp: [
    {
      serie_id: 21,
      serie_title: 'Bazaar Nights',
      serie_year: 2020,
      serie_image: 'bazaar.webp',
      serie_cover: 'bazaar-cover.webp',
      episode_id: 302,
      episode_title: 'A New Season',
      episode_number: 1,
      episode_image: 'still.webp',
      season_id: 6,
      season_title: 'Season 3',
      season_number: 3,
      watched_at: '2031-05-04T09:00:00.000Z',
    },
  ],
};

let answer: Answer;
const fetchMock = mockFetch(({ path }) =>
  path === '/user/7/continue' ? answer : { status: 404, body: { error: 'Not found' } },
);

function open() {
  return renderWithProviders(<ContinueRows userId={7} />);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  signIn(USER);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Continue Watching and Next Up rows (decision 0024)', () => {
  it('shows both rows with cards that open the player, the in-progress one with its progress', async () => {
    answer = { status: 200, body: { body: BODY } };
    open();
    const cont = await screen.findByRole('region', { name: HISTORY_TEXTS.continueWatching });
    // One card, then the row's "See all": the viewer's history (decision 0070).
    const [movie, seeAll, ...more] = within(cont).getAllByRole('link');
    expect(more).toHaveLength(0);
    expect(seeAll!.getAttribute('aria-label')).toBe(seeAllLabel(HISTORY_TEXTS.continueWatching));
    expect(seeAll!.getAttribute('href')).toBe('/profile/history');
    expect(movie!.getAttribute('href')).toBe('/watch/11');
    expect(movie!.textContent).toContain('9 s left');
    expect(movie!.querySelector<HTMLProgressElement>('progress.watch-progress__bar')!.value).toBe(0.25);
    const [next, nextSeeAll, ...others] = within(
      screen.getByRole('region', { name: HISTORY_TEXTS.nextUp }),
    ).getAllByRole('link');
    expect(others).toHaveLength(0);
    expect(nextSeeAll!.getAttribute('href')).toBe('/profile/history');
    expect(next!.getAttribute('href')).toBe('/watchEpisodes/302');
    expect(next!.textContent).toContain('Season 3');
    expect(next!.querySelector('.watch-progress')).toBeNull();
  });

  it('keeps the room of the rows while they load, and remembers the rows it drew for the next first paint (decision 0109)', async () => {
    localStorage.setItem(CONTINUE_ROWS_STORAGE_KEY, 'continue-watching next-up');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = { status: 200, body: { body: { ...BODY, nextUp: [] } } };
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return fetchMock(...args);
    });
    const { container } = open();
    const room = container.querySelector('.home__continue-skeleton')!;
    expect(room.getAttribute('aria-hidden')).toBe('true');
    expect(room.querySelector('.home__continue-skeleton--continue-watching')).not.toBeNull();
    expect(room.querySelector('.home__continue-skeleton--next-up')).not.toBeNull();
    release();
    await screen.findByRole('region', { name: HISTORY_TEXTS.continueWatching });
    expect(container.querySelector('.home__continue-skeleton')).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem(CONTINUE_ROWS_STORAGE_KEY)).toBe('continue-watching'));
    expect(document.documentElement.classList.contains('continue-watching')).toBe(true);
    expect(document.documentElement.classList.contains('next-up')).toBe(false);
  });

  it('shows nothing when there is nothing to continue, or the call fails, and forgets the room', async () => {
    localStorage.setItem(CONTINUE_ROWS_STORAGE_KEY, 'continue-watching');
    answer = { status: 200, body: { body: { continueWatching: [], nextUp: [] } } };
    const { container } = open();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.textContent).toBe(''));
    expect(localStorage.getItem(CONTINUE_ROWS_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.classList.contains('continue-watching')).toBe(false);
    cleanup();
    answer = { status: 403, body: { error: HISTORY_TEXTS.planRequired } };
    const failed = open();
    await vi.waitFor(() => expect(failed.container.textContent).toBe(''));
  });
});
