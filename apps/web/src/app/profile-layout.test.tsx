// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AUTH_LABELS, PLAYER_MESSAGES } from '@bosphorus/contract';
import { mockFetch } from '../test/fetch';
import { Location, renderWithProviders } from '../test/render';
import { signIn, storeUser } from '../test/session';
import { NO_PLAN_TEXT, PROFILE_ENTRIES, ProfileLayout } from './profile-layout';

const USER = { user_id: 7, user_name: 'Ayşe Yılmaz', user_email: 'ayse@example.com', user_status: '0' };
const fetchMock = mockFetch(() => ({ status: 200 }));

function open(path = '/profile/edit-profile') {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/profile" element={<ProfileLayout />}>
          <Route path="*" element={<main id="main">page</main>} />
        </Route>
        <Route path="*" element={<main>elsewhere</main>} />
      </Routes>
      <Location />
    </>,
    { url: path },
  );
}
const menu = () => screen.getByRole('navigation', { name: 'Profile menu' });
const side = () => screen.getByRole('complementary', { name: 'Profile' });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ProfileLayout (spec §2 Profile area)', () => {
  it('lists every entry in the spec order, then Log Out, and marks the current page', () => {
    storeUser(USER);
    open('/profile/subscription');
    const links = within(menu())
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(PROFILE_ENTRIES.map((e) => [e.name, e.to]));
    expect(links.map(([name]) => name)).toEqual([
      'Favorites',
      'History',
      'Edit profile',
      'Subscription',
      'FAQs',
      'Privacy policy',
      'Copyright policy',
      'Terms and conditions',
      'Contact',
    ]);
    expect(within(menu()).getByRole('button', { name: AUTH_LABELS.logOut })).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Subscription' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu()).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('page');
  });

  it("shows name, e-mail and, with a plan, 'Active until' with the date and the days left rounded up", () => {
    const end = new Date(Date.now() + 2.2 * 86_400_000);
    storeUser({ ...USER, user_status: '1', plan_id: 2, expired_at: end.toISOString() });
    open();
    expect(within(side()).getByText('Ayşe Yılmaz')).toBeTruthy();
    expect(within(side()).getByText('ayse@example.com')).toBeTruthy();
    expect(within(side()).getByText(PLAYER_MESSAGES.activeUntil)).toBeTruthy();
    const date = side().querySelector('time')!;
    expect(date.getAttribute('datetime')).toBe(end.toISOString());
    expect(date.textContent).toBe(
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
        end,
      ),
    );
    expect(within(side()).getByText('3 days left')).toBeTruthy();
    expect(within(side()).queryByText(NO_PLAN_TEXT)).toBeNull();
  });

  it('says 1 day left on the last day', () => {
    const end = new Date(Date.now() + 3_600_000).toISOString();
    storeUser({ ...USER, user_status: '1', plan_id: 2, expired_at: end });
    open();
    expect(within(side()).getByText('1 day left')).toBeTruthy();
  });

  it("without a plan: no 'Active until', and a way to choose one", () => {
    storeUser({ ...USER, expired_at: '2020-01-01T00:00:00Z' });
    open();
    expect(within(side()).queryByText(PLAYER_MESSAGES.activeUntil)).toBeNull();
    expect(within(side()).getByText(NO_PLAN_TEXT)).toBeTruthy();
    expect(within(side()).getByRole('link', { name: PLAYER_MESSAGES.chooseAPlan }).getAttribute('href')).toBe(
      '/choosepayment',
    );
  });

  it('gives a visitor only the public entries and a Login link', () => {
    open('/profile/faq');
    const names = within(menu())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['FAQs', 'Privacy policy', 'Copyright policy', 'Terms and conditions', 'Contact', 'Login']);
    expect(within(menu()).getByRole('link', { name: AUTH_LABELS.login }).getAttribute('href')).toBe('/signin');
    expect(within(menu()).queryByRole('button', { name: AUTH_LABELS.logOut })).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('page');
  });

  it('logs out through the server and goes to /signin', async () => {
    signIn(USER);
    open();
    fireEvent.click(within(menu()).getByRole('button', { name: AUTH_LABELS.logOut }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signin'));
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
    expect(paths).toContain('/api/auth/logout');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
