// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MESSAGES } from '@bosphorus/contract';
import { setSessionRestoredForTests } from '../../../lib/session';
import { NOT_SUBSCRIBED_TITLE, RequireAuth, type Requirement } from './require-auth';

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}
function renderGuard(need: Requirement) {
  render(
    <MemoryRouter initialEntries={['/protected']}>
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
const signInAs = (user_status: string) =>
  localStorage.setItem('user', JSON.stringify({ user_id: 1, user_name: 'A', user_email: 'a@b.c', user_status }));
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
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/choosepayment');
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('lets any signed-in user into a login-only page', () => {
    signInAs('0');
    renderGuard('login');
    expect(screen.getByText('secret page')).toBeTruthy();
  });
});
