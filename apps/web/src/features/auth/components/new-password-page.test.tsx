// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_ERRORS, AUTH_LABELS, AUTH_MESSAGES } from '@bosphorus/contract';
import { clearToasts } from '../../../components/ui/toast';
import { ForgotPasswordPage } from './forgot-password-page';
import { NewPasswordPage, PASSWORDS_DIFFER } from './new-password-page';
import { mockFetch } from '../../../test/fetch';
import { AUTH_USER, renderAt, type Route_ } from './test-utils';

let route: Route_;
const fetchMock = mockFetch(({ path, form, url }) => route(path, form, url));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it("sends the e-mail and shows the answer's message", async () => {
    route = () => ({ status: 200, body: { message: AUTH_MESSAGES.resetLinkSent } });
    renderAt('/forgotpassword', '/forgotpassword', <ForgotPasswordPage />);
    fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: 'ayse@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: AUTH_LABELS.submit }));
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MESSAGES.resetLinkSent);
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('email=ayse%40example.com');
  });
});

describe('NewPasswordPage', () => {
  const fill = (a: string, b: string) => {
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: a } });
    fireEvent.input(screen.getByLabelText('Confirm password'), { target: { value: b } });
    fireEvent.click(screen.getByRole('button', { name: AUTH_LABELS.submit }));
  };

  it('says the link is invalid without a token', () => {
    renderAt('/newpassword', '/newpassword', <NewPasswordPage />);
    expect(screen.getByRole('alert').textContent).toBe(AUTH_ERRORS.resetTokenInvalid);
  });

  it('checks length and match before calling the server', () => {
    renderAt('/newpassword?token=t1', '/newpassword', <NewPasswordPage />);
    fill('short', 'short');
    expect(screen.getByRole('alert').textContent).toBe(`Password ${AUTH_ERRORS.passwordTooShort}`);
    fill('long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert').textContent).toBe(PASSWORDS_DIFFER);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets with the token, then signs in with the returned e-mail and goes home', async () => {
    route = (path) =>
      path === '/auth/reset'
        ? { status: 200, body: { body: { user: { user_email: 'ayse@example.com' } } } }
        : { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } };
    renderAt('/newpassword?token=t1', '/newpassword', <NewPasswordPage />);
    fill('brand-new-pass', 'brand-new-pass');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const [resetUrl, resetInit] = fetchMock.mock.calls[0]!;
    expect(String(resetUrl)).toBe('/api/auth/reset?token=t1');
    expect(resetInit?.body).toBe('newPassword=brand-new-pass');
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('email=ayse%40example.com&inputPassword=brand-new-pass');
    expect(screen.getByText(AUTH_MESSAGES.passwordReset)).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('a.b.c');
  });
});
