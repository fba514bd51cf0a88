// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { SUPPORT_TEXTS, type Page } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PolicyPage } from './policy-page';

const TERMS: Page = {
  slug: 'term-condition',
  title: 'Terms of Use',
  updated_at: '2025-07-16T00:00:00.000Z',
  blocks: [
    { type: 'paragraph', content: [{ text: 'Last modified: July 16, 2025.' }] },
    { type: 'heading', level: 2, text: 'Who may use <Bosphorus>' },
    {
      type: 'list',
      ordered: false,
      items: [[{ text: 'You must be 18 or older.' }], [{ text: 'See the ' }, { text: 'FAQ', href: '/profile/faq' }]],
    },
    {
      type: 'paragraph',
      content: [
        { text: 'Write to ' },
        { text: 'copyright@bosphorus.tv', href: 'mailto:copyright@bosphorus.tv' },
        { text: ' or ' },
        { text: 'click me', href: 'javascript:alert(1)' },
      ],
    },
    { type: 'list', ordered: true, items: [[{ text: 'One' }], [{ text: 'Two' }]] },
  ],
};

let answer: Answer;
const fetchMock = mockFetch(() => answer);

function open() {
  renderWithProviders(<PolicyPage slug="term-condition" />);
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PolicyPage (decision 0025)', () => {
  it('renders the blocks as elements and text, with only safe links', async () => {
    answer = { status: 200, body: { body: { page: TERMS } } };
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)![0 as never])).toContain('/api/pages/term-condition');
    expect(screen.getByRole('heading', { level: 2, name: 'Who may use <Bosphorus>' })).toBeTruthy();
    expect(screen.getByText('Last modified: July 16, 2025.')).toBeTruthy();
    expect(screen.getByText('Jul 16, 2025').getAttribute('datetime')).toBe(TERMS.updated_at);
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/profile/faq');
    expect(screen.getByRole('link', { name: 'copyright@bosphorus.tv' }).getAttribute('href')).toBe(
      'mailto:copyright@bosphorus.tv',
    );
    // A javascript: target is dropped: the words stay, the link does not.
    expect(screen.getByText('click me').closest('a')).toBeNull();
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(document.querySelector('ol')!.textContent).toBe('OneTwo');
  });

  it('says when the page does not exist', async () => {
    answer = { status: 404, body: { error: 'Not found' } };
    open();
    expect(await screen.findByText(SUPPORT_TEXTS.pageNotFound)).toBeTruthy();
  });
});
