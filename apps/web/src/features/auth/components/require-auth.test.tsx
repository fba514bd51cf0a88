// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MESSAGES, PLAYER_MESSAGES } from '@bosphorus/contract';
import { setSessionRestoredForTests } from '../../../lib/session';
import { storeUser } from '../../../test/session';
import { NOT_SUBSCRIBED_TEXT, NOT_SUBSCRIBED_TITLE, RequireAuth, type Requirement } from './require-auth';

function Location() {
  const location = useLocation();
  return (
    <div data-testid="location" data-search={location.search} data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}
function renderGuard(need: Requirement, url = '/protected') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/protected"
          element={
            <RequireAuth need={need}>
              <p>secret page</p>
            </RequireAuth>
          }
        />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
const signInAs = (user_status: string) => storeUser({ user_id: 1, user_name: 'A', user_email: 'a@b.c', user_status });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  setSessionRestoredForTests(true);
});
afterEach(cleanup);

describe('RequireAuth (spec §2 route table, §6)', () => {
  it("shows 'Loading...' while the login state is restoring", () => {
    setSessionRestoredForTests(false);
    renderGuard('login');
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    expect(location()).toBe('/protected');
  });

  it.each<Requirement>(['login', 'player', 'subscribed'])('sends a visitor to /signin (%s)', (need) => {
    renderGuard(need);
    expect(location()).toBe('/signin');
  });

  it('keeps the page asked for in ?next= for after signing in', () => {
    renderGuard('player', '/protected?season=2');
    expect(screen.getByTestId('location').dataset.search).toBe('?next=%2Fprotected%3Fseason%3D2');
  });

  it("sends user_status '0' from a player to /choosepayment and lets a subscriber in", () => {
    signInAs('0');
    renderGuard('player');
    expect(location()).toBe('/choosepayment');
    cleanup();
    signInAs('1');
    renderGuard('player');
    expect(screen.getByText('secret page')).toBeTruthy();
  });

  it("shows the not-subscribed notice on favourites and history for user_status '0'", () => {
    signInAs('0');
    renderGuard('subscribed');
    expect(screen.getByRole('heading', { name: NOT_SUBSCRIBED_TITLE })).toBeTruthy();
    expect(screen.getByText(NOT_SUBSCRIBED_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: PLAYER_MESSAGES.chooseAPlan }).getAttribute('href')).toBe('/choosepayment');
    expect(screen.queryByText('secret page')).toBeNull();
    expect(location()).toBe('/protected');
  });

  it("lets a subscriber into favourites and history, and sends the notice's button to /choosepayment", () => {
    signInAs('1');
    renderGuard('subscribed');
    expect(screen.getByText('secret page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: NOT_SUBSCRIBED_TITLE })).toBeNull();
    cleanup();
    signInAs('0');
    renderGuard('subscribed');
    fireEvent.click(screen.getByRole('link', { name: PLAYER_MESSAGES.chooseAPlan }));
    expect(location()).toBe('/choosepayment');
  });

  it('tells the plan screen which player page sent the person there, in ?next= as Watch Now does', () => {
    signInAs('0');
    renderGuard('player', '/protected?season=2');
    expect(location()).toBe('/choosepayment');
    expect(screen.getByTestId('location').dataset.search).toBe('?next=%2Fprotected%3Fseason%3D2');
  });

  it('lets any signed-in user into a login-only page', () => {
    signInAs('0');
    renderGuard('login');
    expect(screen.getByText('secret page')).toBeTruthy();
  });
});
