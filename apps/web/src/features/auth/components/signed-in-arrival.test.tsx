// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { AUTH_LABELS } from '@bosphorus/contract';
import { signIn } from '../../../lib/session';
import { mockFetch } from '../../../test/fetch';
import { AUTH_USER, OPTIONS, renderAt } from './test-utils';
import { RegisterPage } from './register-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { SignInPage } from './sign-in-page';

// Issue 10: /register, /signin and /forgotpassword, opened by someone who is
// already signed in, go home; a visitor gets the form.

const fetchMock = mockFetch(() => OPTIONS());
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const pages = [
  ['/register', <RegisterPage key="r" />, AUTH_LABELS.createAccount],
  ['/signin', <SignInPage key="s" />, AUTH_LABELS.welcomeBack],
  ['/forgotpassword', <ForgotPasswordPage key="f" />, null],
] as const;

describe('account pages for someone already signed in', () => {
  it.each(pages)('%s goes home', async (path, page) => {
    signIn('a.b.c', AUTH_USER);
    renderAt(path, path, page);
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });

  it.each(pages)('%s shows its form to a visitor', async (path, page, heading) => {
    renderAt(path, path, page);
    expect(screen.getByTestId('location').textContent).toBe(path);
    expect(screen.queryByText('elsewhere')).toBeNull();
    if (heading) expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });
});
