// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ShareButtons } from './share-buttons';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const URL_ = 'https://bosphorus.example/moviedetail/3';

describe('ShareButtons', () => {
  it('offers five network links opening in a new tab without an opener', () => {
    render(<ShareButtons url={URL_} title="Ayla (2017)" />);
    const group = screen.getByRole('group', { name: 'Share' });
    const links = within(group).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Share on Facebook',
      'Share on X',
      'Share on WhatsApp',
      'Share on Telegram',
      'Share on Reddit',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
      expect(a.getAttribute('href')).toContain(encodeURIComponent(URL_));
    }
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareButtons url={URL_} title="Ayla (2017)" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(screen.getByRole('status').textContent).toBe('Link copied');
  });

  it('tells the person when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareButtons url={URL_} title="Ayla (2017)" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(screen.getByRole('status').textContent).toMatch(/Could not copy/);
  });
});
