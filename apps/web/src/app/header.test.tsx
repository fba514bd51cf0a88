// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_LABELS, AUTH_MESSAGES, MESSAGES } from '@bosphorus/contract';
import { setHeaderNotice, SIGNED_IN_ROOT_CLASS } from '../lib/auth-store';
import { mockFetch } from '../test/fetch';
import { Location, renderWithProviders } from '../test/render';
import { storeUser } from '../test/session';
import { Header, NOTIFICATION_TEXTS, PROFILE_MENU_LINKS } from './header';

// The search box itself (debounce, results) is tested in features/search.

// The rules that show a visitor's or a stored user's links until the app
// knows the viewer (the start-up script's html.signed-in) are in the
// document, as in a browser.
let rules: HTMLStyleElement;
beforeAll(() => {
  rules = document.createElement('style');
  rules.textContent = readFileSync(path.join(import.meta.dirname, 'header-viewer.css'), 'utf8');
  document.head.append(rules);
});
afterAll(() => rules.remove());

const fetchMock = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  setHeaderNotice(null);
  document.documentElement.classList.remove(SIGNED_IN_ROOT_CLASS);
  vi.unstubAllGlobals();
});

function renderHeader() {
  return renderWithProviders(
    <>
      <Header />
      <Location />
    </>,
    { url: '/services' },
  );
}
const signInAs = (user_status: string) =>
  storeUser({ user_id: 1, user_name: 'Ayşe', user_email: 'a@b.c', user_status });

const linkNames = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((a) => a.textContent);

/** Spec §2: a user's links in the bar, and no Sign in to press. */
function expectUserLinksWithoutSignIn() {
  expect(linkNames(screen.getByRole('navigation', { name: 'Main' }))).toEqual([
    'Turkish Series',
    'Turkish Movies',
    'Favorites',
  ]);
  expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
}

describe('Header (spec §2, ui-contract "Everywhere")', () => {
  it('offers a visitor the logo, Home, Services and Sign in, and nothing of a member', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Bosphorus home' }).getAttribute('href')).toBe('/');
    expect(linkNames(screen.getByRole('navigation', { name: 'Main' }))).toEqual(['Home', 'Services']);
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
  });

  it("shows a stored user's links from the first paint, before the app knows them, and keeps Sign in's place unseen", () => {
    // What the start-up script does for a stored user; the app has no user yet.
    document.documentElement.classList.add(SIGNED_IN_ROOT_CLASS);
    renderHeader();
    expectUserLinksWithoutSignIn();
    expect(screen.getByText('Sign in', { selector: 'a' })).toBeTruthy();
  });

  it('marks the current page', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers a subscriber the member links, search, bell and profile menu', async () => {
    signInAs('1');
    renderHeader();
    expectUserLinksWithoutSignIn();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByPlaceholderText(MESSAGES.searchPlaceholder)).toBeTruthy();
    // The bell's code is a chunk of its own (decision 0093): its first import can take a while on a busy machine.
    expect(await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ayşe/ })).toBeTruthy();
  });

  it("hides the bell for user_status '0' but keeps search and the profile menu", () => {
    signInAs('0');
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ayşe/ })).toBeTruthy();
  });

  it('opens the notification dropdown with its title, Delete All and the empty state', async () => {
    signInAs('1');
    renderHeader();
    const bell = await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5000 });
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('heading', { name: NOTIFICATION_TEXTS.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: NOTIFICATION_TEXTS.deleteAll })).toBeTruthy();
    // The list arrives from GET /user/{id}/notifications (features/notifications).
    expect(await screen.findByText(NOTIFICATION_TEXTS.empty)).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell);
  });

  it('lists the profile menu entries and logs out to /signin', async () => {
    signInAs('1');
    localStorage.setItem('authToken', 'tok');
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /Ayşe/ }));
    const menu = document.getElementById(screen.getByRole('button', { name: /Ayşe/ }).getAttribute('aria-controls')!)!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(PROFILE_MENU_LINKS.map(({ name, to }) => [name, to]));
    expect(PROFILE_MENU_LINKS.map((l) => l.name)).toEqual([
      'History',
      'Favorites',
      'Edit profile',
      'Subscription',
      'Contact Us',
      'FAQs',
      'Privacy Policy',
      'Terms & Conditions',
    ]);
    fireEvent.click(within(menu).getByRole('button', { name: AUTH_LABELS.logOut }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signin'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the banned message in the header', () => {
    setHeaderNotice(AUTH_MESSAGES.bannedHeader);
    renderHeader();
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.bannedHeader);
  });

  it('opens and closes the menu with one button whose name and state follow', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(nav.hasAttribute('data-open')).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(nav.hasAttribute('data-open')).toBe(true);
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Home' }));

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.hasAttribute('data-open')).toBe(false);
  });

  it('closes the menu on Escape and returns focus to the button', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the menu when a link is followed or someone presses outside', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the mobile search from its own button', () => {
    signInAs('1');
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle.getAttribute('aria-controls')).toBe(screen.getByRole('search').id);
    fireEvent.click(toggle);
    expect(screen.getByRole('search').hasAttribute('data-open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search' }));
  });
});
