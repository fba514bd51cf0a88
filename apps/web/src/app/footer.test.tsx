// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { storeUser } from '../test/session';
import { Footer } from './footer';
import { ANDROID_APP_URL } from './footer-links';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

describe('Footer (spec §1)', () => {
  it('has the five social links, opening in a new tab', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Facebook', 'Twitter', 'YouTube', 'Instagram', 'WhatsApp']) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('has chat links, the Android download and the store badge', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(screen.getByRole('link', { name: 'Chat on Telegram' }).getAttribute('href')).toMatch(/^https:\/\/t\.me\//);
    expect(screen.getByRole('link', { name: 'Download the Android app' }).getAttribute('href')).toBe(ANDROID_APP_URL);
    expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(ANDROID_APP_URL);
  });

  it("shows Company links to everyone and this year's copyright", () => {
    vi.useFakeTimers({ now: new Date('2027-03-04T10:00:00Z'), toFake: ['Date'] });
    renderFooter();
    const company = screen.getByRole('navigation', { name: 'Company' });
    const hrefs = Object.fromEntries(
      within(company)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      'About Us': '/services',
      'Contact Us': '/profile/contact',
      FAQs: '/profile/faq',
      'Privacy Policy': '/profile/privacy-policy',
      'Terms & Conditions': '/profile/term-condition',
      'Copyright Policy': '/profile/copyright-policy',
    });
    expect(screen.getByText('© 2027 Bosphorus. All rights reserved.')).toBeTruthy();
    vi.useRealTimers();
  });

  it('shows Explore links only to a logged-in user', () => {
    renderFooter();
    expect(screen.queryByRole('navigation', { name: 'Explore' })).toBeNull();
    cleanup();

    storeUser({ user_id: 1, user_name: 'Ayşe', user_email: 'a@b.c', user_status: '1' });
    renderFooter();
    const explore = screen.getByRole('navigation', { name: 'Explore' });
    expect(
      within(explore)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Turkish Series', '/allseries'],
      ['Turkish Movies', '/allmovies'],
      ['Favorites', '/profile/favorites'],
      ['History', '/profile/history'],
    ]);
  });
});
