// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Header } from './header';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderHeader() {
  return render(
    <MemoryRouter initialEntries={['/services']}>
      <Header />
    </MemoryRouter>,
  );
}

const linkNames = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Header (spec §2, ui-contract "Everywhere")', () => {
  it('offers a visitor the logo, Home, Services and Sign in', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Bosphorus home' }).getAttribute('href')).toBe('/');
    expect(linkNames(screen.getByRole('navigation', { name: 'Main' }))).toEqual(['Home', 'Services']);
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('marks the current page', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers a logged-in user the member links instead', () => {
    localStorage.setItem(
      'user',
      JSON.stringify({ user_id: 1, user_name: 'Ayşe', user_email: 'a@b.c', user_status: '1' }),
    );
    renderHeader();
    expect(linkNames(screen.getByRole('navigation', { name: 'Main' }))).toEqual([
      'Turkish Series',
      'Turkish Movies',
      'Favorites',
    ]);
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ayşe' }).getAttribute('href')).toBe('/profile');
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
});
