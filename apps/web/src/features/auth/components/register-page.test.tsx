// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  AUTH_LABELS,
  AUTH_MESSAGES,
  REGISTRATION_REDIRECT_MS,
  WATCH_GATE_TEXTS,
  CAPTCHA_TEXTS,
} from '@bosphorus/contract';
import { clearToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer } from '../../../test/fetch';
import { AUTH_USER, OPTIONS, renderAt, type Route_ } from './test-utils';
import { RegisterPage, validateRegistration } from './register-page';

// The real widget needs Web Crypto workers; a stand-in reports a solution.
vi.mock('./altcha-widget', () => ({
  default: ({ onSolved }: { onSolved: (p: string) => void }) => (
    <button type="button" onClick={() => onSolved('altcha-payload')}>
      Solve captcha
    </button>
  ),
}));

let provider: 'altcha' | 'off' | 'recaptcha';
let register: Answer;
let login: Answer;
let route: Route_;
const fetchMock = mockFetch(({ path, form, url }) => route(path, form, url));
const posted = (path: string) =>
  fetchMock.mock.calls
    .filter(([i]) => new URL(String(i), 'http://x').pathname === `/api${path}`)
    .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));

const createButton = () => screen.getByRole('button', { name: AUTH_LABELS.createAccount }) as HTMLButtonElement;
function fill(name = 'Ayşe', email = 'ayse@example.com', password = 'secret-pass') {
  fireEvent.input(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
}
const tickTerms = () => fireEvent.click(screen.getByRole('checkbox', { name: /Terms & Conditions/ }));
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  provider = 'off';
  register = {
    status: 201,
    body: { body: { success: true, banned: false, message: 'Welcome to Bosphorus!', email_verified: '1' } },
  };
  login = { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } };
  route = (path) => {
    if (path === '/auth/options') return OPTIONS(provider);
    if (path === '/auth/register') return register;
    if (path === '/auth/token') return login;
    if (path === '/auth/check-existing-verification-code')
      return { status: 200, body: { body: { success: true, has_existing_code: true, remaining_time: 60 } } };
    return { status: 404 };
  };
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('validateRegistration (spec §5)', () => {
  it('wants every field, and no blank ones', () => {
    expect(validateRegistration({ name: '', email: 'a@b.c', password: 'x' })).toBe(AUTH_MESSAGES.fillAllFields);
    expect(validateRegistration({ name: '   ', email: 'a@b.c', password: 'x' })).toBe(AUTH_MESSAGES.noBlankSpace);
    expect(validateRegistration({ name: 'A', email: 'a@b.c', password: 'x' })).toBeNull();
  });
});

describe('RegisterPage (spec §2 Sign-up, §4 Registration)', () => {
  it('says why it opened for a watch page, and keeps the way back on the sign-in link (decision 0074)', () => {
    renderAt('/register?next=%2Fwatch%2F5', '/register', <RegisterPage />);
    expect(screen.getByRole('status').textContent).toBe(WATCH_GATE_TEXTS.signInToWatch);
    expect(screen.getByRole('link', { name: AUTH_LABELS.logIn }).getAttribute('href')).toBe(
      '/signin?next=%2Fwatch%2F5',
    );
  });

  it('drops a next that is not a path of this site', () => {
    renderAt('/register?next=%2F%2Fevil.example', '/register', <RegisterPage />);
    expect(screen.queryByText(WATCH_GATE_TEXTS.signInToWatch)).toBeNull();
    expect(screen.getByRole('link', { name: AUTH_LABELS.logIn }).getAttribute('href')).toBe('/signin');
  });

  it('links to sign-in and the terms, and keeps the button disabled until the box is ticked', async () => {
    renderAt('/register', '/register', <RegisterPage />);
    const terms = screen.getByRole('link', { name: 'Terms & Conditions (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('/profile/term-condition');
    // A new tab: what was typed here stays (issue 15).
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: AUTH_LABELS.logIn }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('button', { name: /Google/ })).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    await waitFor(() => expect(posted('/auth/options')).toHaveLength(1));
    tickTerms();
    expect(createButton().disabled).toBe(false);
    tickTerms();
    expect(createButton().disabled).toBe(true);
  });

  it('shows the validation messages before calling the server', async () => {
    renderAt('/register', '/register', <RegisterPage />);
    tickTerms();
    fireEvent.click(createButton());
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.fillAllFields);
    fill(' ', 'ayse@example.com', 'pw');
    fireEvent.click(createButton());
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.noBlankSpace);
    expect(posted('/auth/register')).toEqual([]);
  });

  it('wants the ALTCHA solution, sends it as captcha, signs in and goes home after 5 s', async () => {
    provider = 'altcha';
    renderAt('/register', '/register', <RegisterPage />);
    fill();
    tickTerms();
    const solve = await screen.findByRole('button', { name: 'Solve captcha' });
    fireEvent.click(createButton());
    expect(screen.getByRole('alert').textContent).toBe(CAPTCHA_TEXTS.completeSelfHosted);

    fireEvent.click(solve);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(createButton());
    expect(await screen.findByText('Welcome to Bosphorus!')).toBeTruthy();
    expect(posted('/auth/register')).toEqual([
      { user_name: 'Ayşe', user_email: 'ayse@example.com', user_password: 'secret-pass', captcha: 'altcha-payload' },
    ]);
    expect(posted('/auth/token')).toEqual([{ email: 'ayse@example.com', inputPassword: 'secret-pass' }]);
    expect(localStorage.getItem('authToken')).toBe('a.b.c');
    expect(location()).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_REDIRECT_MS));
    expect(location()).toBe('/');
  });

  it('opens the verification popup when the new account must verify its e-mail', async () => {
    register = { status: 201, body: { body: { success: true, banned: false, message: 'ok', email_verified: '0' } } };
    login = { status: 403, body: { error: AUTH_MESSAGES.verificationRequired, email_verified: '0' } };
    renderAt('/register', '/register', <RegisterPage />);
    await waitFor(() => expect(posted('/auth/options')).toHaveLength(1));
    fill();
    tickTerms();
    fireEvent.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: AUTH_LABELS.verificationTitle });
    expect(dialog.textContent).toContain(AUTH_MESSAGES.registrationSuccessfulVerify);
    // The code registration just sent is announced as sent, with the resend countdown (issue 10).
    expect(await screen.findByText(AUTH_MESSAGES.codeSent)).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.existingCode)).toBeNull();
    expect(dialog.textContent).toContain('1:00');
    expect((screen.getByRole('button', { name: AUTH_LABELS.resendCode }) as HTMLButtonElement).disabled).toBe(true);
    // No sign-in the server must refuse first (issue 15: a failed POST /api/auth/token on every registration).
    expect(posted('/auth/token')).toEqual([]);
  });

  it.each([
    [{ status: 403, body: { error: AUTH_MESSAGES.banned, banned: true, is_banned: '1' } }, AUTH_MESSAGES.banned],
    [
      { status: 409, body: { error: 'An account with this e-mail already exists.' } },
      'An account with this e-mail already exists.',
    ],
    [{ status: 500, body: {} }, AUTH_MESSAGES.registrationFailed],
  ])('says why registration failed: %j', async (answer, text) => {
    register = answer;
    renderAt('/register', '/register', <RegisterPage />);
    await waitFor(() => expect(posted('/auth/options')).toHaveLength(1));
    fill();
    tickTerms();
    fireEvent.click(createButton());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(posted('/auth/token')).toEqual([]);
  });

  it("says 'Login failed after registration' when the sign-in after it fails", async () => {
    login = { status: 500, body: {} };
    renderAt('/register', '/register', <RegisterPage />);
    await waitFor(() => expect(posted('/auth/options')).toHaveLength(1));
    fill();
    tickTerms();
    fireEvent.click(createButton());
    expect(await screen.findByText(AUTH_MESSAGES.loginFailedAfterRegistration)).toBeTruthy();
  });

  it('explains that reCAPTCHA cannot load instead of pretending', async () => {
    provider = 'recaptcha';
    renderAt('/register', '/register', <RegisterPage />);
    expect(await screen.findByRole('note')).toBeTruthy();
  });
});
