// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SUPPORT_TEXTS } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { FaqPage } from './faq-page';

const ITEMS = [
  { id: 3, header: 'What plans are there?', text: 'Weekly, Monthly and Yearly.' },
  { id: 1, header: 'How do I cancel?', text: 'Profile, then <b>Subscription</b>.' },
  { id: 9, header: 'Which subtitles?', text: 'English, and Turkish as a second line.' },
];

let answer: Answer;
const fetchMock = mockFetch(() => answer);

function open() {
  renderWithProviders(<FaqPage />);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FaqPage (spec §2 FAQ accordion, §7 GET /faq, §8)', () => {
  it('lists the questions closed, in the order of the answer', async () => {
    answer = { status: 200, body: { status: 'success', data: ITEMS } };
    open();
    const buttons = await screen.findAllByRole('button', { expanded: false });
    expect(buttons.map((b) => b.textContent)).toEqual(ITEMS.map((i) => i.header));
    expect(String(fetchMock.mock.calls[0]![0 as never])).toContain('/api/faq');
    for (const button of buttons) {
      const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(panel.hidden).toBe(true);
      expect(panel.getAttribute('aria-labelledby')).toBe(button.id);
    }
  });

  it('opens and closes answers independently; the text stays text', async () => {
    answer = { status: 200, body: { status: 'success', data: ITEMS } };
    open();
    const [plans, cancel] = await screen.findAllByRole('button');
    fireEvent.click(plans!);
    fireEvent.click(cancel!);
    expect(plans!.getAttribute('aria-expanded')).toBe('true');
    expect(cancel!.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'How do I cancel?' });
    expect(region.textContent).toBe('Profile, then <b>Subscription</b>.');
    expect(region.querySelector('b')).toBeNull();
    fireEvent.click(plans!);
    expect(plans!.getAttribute('aria-expanded')).toBe('false');
    expect(cancel!.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between questions with the arrow keys, Home and End', async () => {
    answer = { status: 200, body: { status: 'success', data: ITEMS } };
    open();
    const buttons = await screen.findAllByRole('button');
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('only logs a failure (no toast) and points to the contact form', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = { status: 500, body: { error: 'Something went wrong' } };
    open();
    expect(await screen.findByText(SUPPORT_TEXTS.faqFailed, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: SUPPORT_TEXTS.contactTitle }).getAttribute('href')).toBe(
      '/profile/contact',
    );
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when there are no questions', async () => {
    answer = { status: 200, body: { status: 'success', data: [] } };
    open();
    expect(await screen.findByText(SUPPORT_TEXTS.faqEmpty, { exact: false })).toBeTruthy();
  });
});
