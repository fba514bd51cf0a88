// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { REVIEW_TEXTS, type Review } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../test/fetch';
import { setSessionRestoredForTests } from '../lib/session';
import { renderRoute } from '../test/render';
import { signInSubscriber, watchEpisode, watchMovie } from '../features/player/test/test-utils';
import { EpisodeWatchRoute, MovieWatchRoute } from './watch-routes';

// The watch routes compose the watch pages with the reviews feature: the
// reviews come from GET /{movies|series}/{id}/reviews alone, never from a
// whole detail answer (decision 0043).

const review = (id: number, content: string, rating: number, episodeId: number | null): Review => ({
  id,
  user: 'Mehmet',
  content,
  rating,
  published: '2025-01-02T10:00:00Z',
  fk_user_id: 3,
  reviewedBy: { image_url: null },
  reviews_replies: [],
  spoiler: false,
  episode_id: episodeId,
});

let reviewsAnswer: Answer;
let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  setSessionRestoredForTests(true);
  signInSubscriber();
  reviewsAnswer = {
    status: 200,
    body: { body: { reviews: [review(1, 'Slow and beautiful.', 9, null)], avg_rating: 9 } },
  };
  fetchMock = mockFetch((call) => {
    if (call.path === '/movies/11/watch') return { status: 200, body: { body: { movie: watchMovie() } } };
    if (call.path === '/episodes') return { status: 200, body: { body: { episode: watchEpisode(), canPlay: true } } };
    if (call.path === '/movies/11/reviews' || call.path === '/series/5/reviews') return reviewsAnswer;
    return { status: 404, body: { error: 'not here' } };
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('watch routes and their reviews', () => {
  it('shows the movie’s reviews from its reviews call, without the detail answer', async () => {
    renderRoute('/watch/11', '/watch/:id', <MovieWatchRoute />);
    expect(await screen.findByText('Slow and beautiful.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    expect(screen.getByText('1 review')).toBeTruthy();
    expect(fetchMock.calls.some((c) => c.path === '/movies/11')).toBe(false);
  });

  it('shows only the episode’s reviews on the episode player, without the series detail', async () => {
    reviewsAnswer = {
      status: 200,
      body: {
        body: {
          reviews: [review(1, 'About episode 2', 8, 102), review(2, 'About the whole series', 4, null)],
          avg_rating: 6,
        },
      },
    };
    renderRoute('/watchEpisodes/102', '/watchEpisodes/:id', <EpisodeWatchRoute />);
    expect(await screen.findByText('About episode 2')).toBeTruthy();
    expect(screen.queryByText('About the whole series')).toBeNull();
    expect(fetchMock.calls.some((c) => c.path === '/series/5')).toBe(false);
  });

  it('says where the reviews are when they cannot be loaded, and keeps the player', async () => {
    reviewsAnswer = { status: 500, body: { error: 'Something went wrong' } };
    renderRoute('/watchEpisodes/102', '/watchEpisodes/:id', <EpisodeWatchRoute />);
    expect(await screen.findByText("The reviews could not be loaded. They are on the series' page.")).toBeTruthy();
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(screen.queryByText(REVIEW_TEXTS.noEpisodeReviews)).toBeNull();
  });
});
