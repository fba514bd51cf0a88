// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { BILLING_ERRORS, PLAYER_MESSAGES } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import { MAIN, TOKEN, renderWatchRoute, signInSubscriber, watchMovie } from '../test/test-utils';
import { MovieWatchPage } from './movie-watch-page';

let watchAnswer: Answer;
let fetchMock: ReturnType<typeof mockFetch>;

function renderMovie(id = 11) {
  return renderWatchRoute(`/watch/${id}`, '/watch/:id', <MovieWatchPage />);
}
const frame = () => document.querySelector('iframe');

beforeEach(() => {
  localStorage.clear();
  signInSubscriber();
  watchAnswer = { status: 200, body: { body: { movie: watchMovie() } } };
  fetchMock = mockFetch((call) => {
    if (call.path === '/movies/11/watch') return watchAnswer;
    return { status: 404, body: { error: 'not here' } };
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MovieWatchPage (spec §2 Watch)', () => {
  it('asks for the watch answer with movieId and a cache-buster, and shows the title', async () => {
    renderMovie();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kış Uykusu' })).toBeTruthy();
    const call = fetchMock.calls.find((c) => c.path === '/movies/11/watch')!;
    expect(call.url.searchParams.get('movieId')).toBe('11');
    expect(Number(call.url.searchParams.get('cb'))).toBeGreaterThan(0);
    expect(document.title).toBe('Watch Kış Uykusu (2014) — Bosphorus');
  });

  it('frames the player at {movie_link}?token&user_id&video_id&video_type=movie', async () => {
    renderMovie();
    await screen.findByRole('heading', { level: 1 });
    expect(frame()!.getAttribute('src')).toBe(`${MAIN}/player?token=${TOKEN}&user_id=7&video_id=11&video_type=movie`);
    expect(screen.getByRole('button', { name: PLAYER_MESSAGES.mainServer }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: PLAYER_MESSAGES.reloadPlayer })).toBeTruthy();
    expect(screen.getByRole('button', { name: PLAYER_MESSAGES.report })).toBeTruthy();
  });

  it('shows the share buttons (the reviews come from the route: app/watch-routes.test.tsx)', async () => {
    renderMovie();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('group', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on Facebook' }).getAttribute('href')).toContain(
      encodeURIComponent('/moviedetail/11'),
    );
  });

  it('sends a user without a plan (403) to /choosepayment with the server message and the way back', async () => {
    watchAnswer = { status: 403, body: { error: BILLING_ERRORS.notSubscribed } };
    renderMovie();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/choosepayment?next=%2Fwatch%2F11'));
    expect(screen.getByTestId('choosepayment').textContent).toBe(BILLING_ERRORS.notSubscribed);
  });

  it("says 'Title not found' for an unknown movie", async () => {
    watchAnswer = { status: 404, body: { error: 'Movie not found' } };
    renderMovie();
    expect(await screen.findByRole('heading', { name: 'Title not found' })).toBeTruthy();
    expect(frame()).toBeNull();
  });

  it('shows the stage-shaped skeleton while the answer is on its way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    fetchMock.mockImplementationOnce(async () => {
      await gate;
      return new Response(JSON.stringify({ body: { movie: watchMovie() } }), { status: 200 });
    });
    renderMovie();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading the movie')).toBeTruthy();
    expect(frame()).toBeNull();
    release();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
