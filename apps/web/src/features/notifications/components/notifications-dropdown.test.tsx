// @vitest-environment happy-dom
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_TEXTS, type NotificationsBody } from '@bosphorus/contract';
import { clearToasts, useToasts } from '../../../components/ui/toast';
import { mockFetch } from '../../../test/fetch';
import { Location, renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { NotificationsDropdown, relativeTimeFallback, timeAgo } from './notifications-dropdown';

const LIST: NotificationsBody = {
  notifications: [
    {
      id: 8,
      item_id: 41,
      title: 'Kuruluş Osman',
      content: 'S6 E3 · The Oath is now available',
      is_read: '0',
      created_at: new Date(Date.now() - 5 * 60_000).toISOString().slice(0, 19) + 'Z',
      kind: 'episode',
    },
    {
      id: 7,
      item_id: 40,
      title: '<img src=x onerror=alert(1)>',
      content: 'S6 E2 · Two is now available',
      is_read: '1',
      created_at: '2026-01-01T10:00:00Z',
      kind: 'episode',
    },
  ],
  unread_count: 1,
};

let listBody: NotificationsBody = LIST;
let markStatus = 200;
let deleteStatus = 200;
const fetchMock = mockFetch(({ path, method }) => {
  if (path === '/user/1/notifications' && method === 'GET') return { status: 200, body: { body: listBody } };
  if (path === '/user/1/notifications') {
    return { status: markStatus, body: markStatus === 200 ? { message: 'ok' } : { error: 'Broken' } };
  }
  if (path === '/user/1/notifications/deleteall') {
    return { status: deleteStatus, body: deleteStatus === 200 ? { message: 'done' } : { error: 'Broken' } };
  }
  return { status: 200, body: { body: { public_key: null } } };
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  listBody = LIST;
  markStatus = 200;
  deleteStatus = 200;
  signIn({ user_id: 1, user_name: 'A', user_email: 'a@b.c', user_status: '1' });
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function Harness() {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toasts = useToasts();
  return (
    <>
      <NotificationsDropdown
        userId={1}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        onClose={() => setOpen(false)}
        panelId="panel"
        wrapRef={wrapRef}
        buttonRef={buttonRef}
      />
      <Location />
      <ul data-testid="toasts">
        {toasts.map((t) => (
          <li key={t.id}>{t.message}</li>
        ))}
      </ul>
    </>
  );
}

function renderBell() {
  return renderWithProviders(<Harness />);
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://l').pathname === path && (init?.method ?? 'GET') === method,
  );

describe('NotificationsDropdown (spec §2 Header bell, §8)', () => {
  it('shows the unread count on the bell and lists notifications as text, newest first', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: NOTIFICATION_TEXTS.bellLabel(1) });
    expect(within(bell).getByText('1')).toBeTruthy();
    fireEvent.click(bell);
    const list = screen.getByRole('list', { name: NOTIFICATION_TEXTS.title });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Unread: Kuruluş OsmanS6 E3 · The Oath is now available'),
      expect.stringContaining('<img src=x onerror=alert(1)>S6 E2 · Two is now available'),
    ]);
    expect(list.querySelector('img')).toBeNull();
    // Opening moves focus into the panel; arrow keys walk its controls.
    expect(document.activeElement?.textContent).toBe(NOTIFICATION_TEXTS.deleteAll);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
  });

  it('opening one marks it read and plays the episode, also when marking fails', async () => {
    markStatus = 500;
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.bellLabel(1) }));
    fireEvent.click(screen.getByRole('button', { name: /The Oath/ }));
    expect(screen.getByTestId('location').textContent).toBe('/watchEpisodes/41');
    await waitFor(() => expect(calls('POST', '/api/user/1/notifications')).toHaveLength(1));
    const form = calls('POST', '/api/user/1/notifications')[0]![1]!.body as URLSearchParams;
    expect(String(form)).toBe('notification_id=8&user_id=1');
  });

  it('Delete All empties the list with the spec toast, says so when it fails, and does nothing when empty', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.bellLabel(1) }));
    listBody = { notifications: [], unread_count: 0 };
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.deleteAll }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.deletedAll)).toBeTruthy();
    expect(await screen.findByText(NOTIFICATION_TEXTS.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.deleteAll }));
    expect(calls('POST', '/api/user/1/notifications/deleteall')).toHaveLength(1);

    cleanup();
    clearToasts();
    listBody = LIST;
    deleteStatus = 500;
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.bellLabel(1) }));
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.deleteAll }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.deleteFailed)).toBeTruthy();
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(timeAgo('2026-05-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-04-30T12:00:00Z', now)).toBe('yesterday');
  });

  it('says it the same way on engines without Intl.RelativeTimeFormat (old TVs)', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const cases: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
      [-5, 'minute'],
      [-1, 'minute'],
      [0, 'minute'],
      [3, 'hour'],
      [-1, 'hour'],
      [-1, 'day'],
      [1, 'day'],
      [0, 'day'],
      [-12, 'day'],
      [0, 'second'],
    ];
    for (const [value, unit] of cases) expect(relativeTimeFallback(value, unit)).toBe(intl.format(value, unit));
  });
});
