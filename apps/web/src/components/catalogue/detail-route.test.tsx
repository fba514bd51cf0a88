// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router';
import type { MovieDetailBody } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../test/fetch';
import { renderRoute } from '../../test/render';
import { signIn } from '../../lib/session';
import { useMovie } from '../../features/movie-detail/api/get-movie';
import { DetailRoute } from './detail-route';

// Decision 0107's placeholder, on the detail route: a viewer who signs in on
// a page drawn for a visitor keeps that page until their own answer is in
// (marked not theirs); a tap to another title never shows the last title
// under the new address (it showed movie 5's page at /moviedetail/3 for as
// long as 3's answer took).

const movie = (id: number, title: string, canPlay: boolean): MovieDetailBody =>
  ({ movie: { movie_id: id, movie_title: title }, canPlay }) as unknown as MovieDetailBody;

let held: Map<string, (answer: Answer) => void>;
const fetchMock = mockFetch(({ path, init }) => {
  const signedIn = new Headers(init?.headers).has('authorization');
  if (path === '/movies/5' && !signedIn) return { status: 200, body: { body: movie(5, 'Beş', false) } };
  return new Promise<Answer>((resolve) => held.set(`${path}${signedIn ? ' signed-in' : ''}`, resolve));
});

function Page() {
  return (
    <DetailRoute kind="movie" useDetail={useMovie} Skeleton={() => <p>skeleton</p>}>
      {(data, own) => (
        <>
          <h1>{data.movie.movie_title}</h1>
          <p>{`${own ? 'own' : 'kept'} · ${data.canPlay ? 'plays' : 'plans'}`}</p>
          <Link to="/moviedetail/3">next</Link>
        </>
      )}
    </DetailRoute>
  );
}

beforeEach(() => {
  held = new Map();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DetailRoute', () => {
  it('shows the next title’s skeleton, not the last title, while the next one loads', async () => {
    renderRoute('/moviedetail/5', '/moviedetail/:id', <Page />);
    expect(await screen.findByRole('heading', { name: 'Beş' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByText('skeleton')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => held.get('/movies/3')!({ status: 200, body: { body: movie(3, 'Üç', false) } }));
    expect(await screen.findByRole('heading', { name: 'Üç' })).toBeTruthy();
    expect(screen.getByText('own · plans')).toBeTruthy();
  });

  it('keeps the visitor’s page, marked not the viewer’s, until the signed-in answer is in', async () => {
    renderRoute('/moviedetail/5', '/moviedetail/:id', <Page />);
    expect(await screen.findByText('own · plans')).toBeTruthy();
    act(() => signIn('tok', { user_id: 9, user_name: 'Elif', user_status: '1' } as never));
    expect(await screen.findByText('kept · plans')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Beş' })).toBeTruthy();
    await vi.waitFor(() => expect(held.has('/movies/5 signed-in')).toBe(true));
    await act(async () => held.get('/movies/5 signed-in')!({ status: 200, body: { body: movie(5, 'Beş', true) } }));
    expect(await screen.findByText('own · plays')).toBeTruthy();
  });
});
