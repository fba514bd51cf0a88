// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_LABELS, AUTH_MESSAGES, RESEND_COOLDOWN_SECONDS } from '@bosphorus/contract';
import { clearToasts } from '../../../components/ui/toast';
import { mockFetch } from '../../../test/fetch';
import { AUTH_USER, renderAt, type Route_ } from './test-utils';
import { VerificationDialog } from './verification-dialog';

let route: Route_;
const fetchMock = mockFetch(({ path, form, url }) => route(path, form, url));
const posted = (path: string) =>
  fetchMock.mock.calls
    .filter(([i]) => new URL(String(i), 'http://x').pathname === `/api${path}`)
    .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));

const onVerified = vi.fn();
const onClose = vi.fn();
function open() {
  renderAt(
    '/signin',
    '/signin',
    <VerificationDialog email="ayse@example.com" password="secret-pass" onClose={onClose} onVerified={onVerified} />,
  );
}
const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const verifyButton = () => screen.getByRole('button', { name: AUTH_LABELS.verifyEmail }) as HTMLButtonElement;
const resendButton = () => screen.getByRole('button', { name: AUTH_LABELS.resendCode }) as HTMLButtonElement;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  onVerified.mockClear();
  onClose.mockClear();
  localStorage.clear();
  route = (path) =>
    path === '/auth/check-existing-verification-code'
      ? { status: 200, body: { body: { success: true, has_existing_code: false, remaining_time: 0 } } }
      : { status: 404, body: { error: 'Not found' } };
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerificationDialog (spec §2, §4, §5)', () => {
  it('is a labelled modal dialog with six one-digit boxes and focus in the first', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: AUTH_LABELS.verificationTitle });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(boxes()).toHaveLength(6);
    expect(document.activeElement).toBe(boxes()[0]);
    await waitFor(() =>
      expect(posted('/auth/check-existing-verification-code')).toEqual([{ email: 'ayse@example.com' }]),
    );
  });

  it('advances on typing, goes back on Backspace, and fills every box from a pasted code', () => {
    open();
    fireEvent.input(boxes()[0]!, { target: { value: '4' } });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1]!, { key: 'Backspace' });
    expect(boxes()[0]!.value).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);

    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => ' 123 456 ' } });
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(verifyButton().disabled).toBe(false);
  });

  it('keeps Verify Email disabled until six digits are in and says why on Enter', () => {
    open();
    expect(verifyButton().disabled).toBe(true);
    fireEvent.input(boxes()[0]!, { target: { value: '1' } });
    expect(verifyButton().disabled).toBe(true);
    fireEvent.keyDown(boxes()[1]!, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.completeCode);
    expect(posted('/auth/verify-email')).toEqual([]);
  });

  it('puts an existing code on the countdown and disables Resend Code until it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    route = (path) =>
      path === '/auth/check-existing-verification-code'
        ? { status: 200, body: { body: { success: true, has_existing_code: true, remaining_time: 2 } } }
        : { status: 404 };
    open();
    expect(await screen.findByText(AUTH_MESSAGES.existingCode)).toBeTruthy();
    expect(resendButton().disabled).toBe(true);
    expect(screen.getByText('You can request a new code in 0:02')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(resendButton().disabled).toBe(false);
  });

  it('resends a code and starts the 60-s cooldown', async () => {
    open();
    await waitFor(() => expect(posted('/auth/check-existing-verification-code')).toHaveLength(1));
    route = () => ({ status: 200, body: { body: { success: true } } });
    fireEvent.click(resendButton());
    expect(await screen.findByText(AUTH_MESSAGES.codeSent)).toBeTruthy();
    expect(posted('/auth/resend-verification-code')).toEqual([{ email: 'ayse@example.com' }]);
    expect(resendButton().disabled).toBe(true);
    expect(
      screen.getByText(`You can request a new code in ${Math.floor(RESEND_COOLDOWN_SECONDS / 60)}:00`),
    ).toBeTruthy();
  });

  it('shows the server message for a wrong code', async () => {
    open();
    route = (path) =>
      path === '/auth/verify-email'
        ? { status: 400, body: { error: AUTH_MESSAGES.invalidCode, field: 'verification_code' } }
        : { status: 200, body: { body: { success: true, has_existing_code: false, remaining_time: 0 } } };
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '000000' } });
    fireEvent.click(verifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.invalidCode);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('verifies, says so, signs in with the credentials and hands over', async () => {
    open();
    route = (path) => {
      if (path === '/auth/verify-email') return { status: 200, body: { body: { success: true } } };
      if (path === '/auth/token') return { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } };
      return { status: 200, body: { body: { success: true, has_existing_code: false, remaining_time: 0 } } };
    };
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(verifyButton());
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(screen.getByText(AUTH_MESSAGES.emailVerified)).toBeTruthy();
    expect(posted('/auth/verify-email')).toEqual([{ email: 'ayse@example.com', verification_code: '123456' }]);
    expect(posted('/auth/token')).toEqual([{ email: 'ayse@example.com', inputPassword: 'secret-pass' }]);
    expect(JSON.parse(localStorage.getItem('user')!).user_id).toBe(7);
    expect(localStorage.getItem('authToken')).toBe('a.b.c');
  });

  it('closes on Escape and traps Tab inside', () => {
    open();
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
