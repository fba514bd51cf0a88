// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_ERRORS, AUTH_LABELS, AUTH_MESSAGES, WATCH_GATE_TEXTS } from '@bosphorus/contract';
import { clearToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer } from '../../../test/fetch';
import { AUTH_USER, OPTIONS, renderAt, type Route_ } from './test-utils';
import { SignInPage } from './sign-in-page';

// The real widget needs Web Crypto workers; a stand-in reports a solution.
vi.mock('./altcha-widget', () => ({
  default: ({ onSolved }: { onSolved: (p: string) => void }) => (
    <button type="button" onClick={() => onSolved('altcha-payload')}>
      Solve captcha
    </button>
  ),
}));

let login: Answer;
let route: Route_;
const fetchMock = mockFetch(({ path, form, url }) => route(path, form, url));

function open(url = '/signin') {
  renderAt(url, '/signin', <SignInPage />);
}
function logIn(email = 'ayse@example.com', password = 'secret-pass') {
  fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: AUTH_LABELS.logIn }));
}
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  route = (path) => {
    if (path === '/auth/options') return OPTIONS();
    if (path === '/auth/token') return login;
    if (path === '/auth/check-existing-verification-code')
      return { status: 200, body: { body: { success: true, has_existing_code: false, remaining_time: 0 } } };
    return { status: 404, body: { error: 'Not found' } };
  };
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
});

describe('SignInPage (spec §2 Sign-in)', () => {
  it('shows every element of the screen', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: AUTH_LABELS.welcomeBack })).toBeTruthy();
    expect(screen.getByText(AUTH_LABELS.enterDetails)).toBeTruthy();
    expect(screen.getByText(AUTH_LABELS.or)).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).type).toBe('email');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
    expect(screen.getByRole('link', { name: AUTH_LABELS.forgotPassword }).getAttribute('href')).toBe('/forgotpassword');
    expect(screen.getByText(AUTH_LABELS.noAccount, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    const google = screen.getByRole('button', { name: /Google/ }) as HTMLButtonElement;
    await waitFor(() => expect(google.disabled).toBe(false));
  });

  it('disables the Google button and says why when the server has no Google client', async () => {
    route = (path) => (path === '/auth/options' ? OPTIONS('off', false) : { status: 404 });
    open();
    expect(await screen.findByText(AUTH_ERRORS.googleUnavailable)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Google/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('signs in, stores user and token, and goes home', async () => {
    login = { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } };
    open();
    logIn();
    await waitFor(() => expect(location()).toBe('/'));
    expect(JSON.parse(localStorage.getItem('user')!).user_name).toBe('Ayşe');
    expect(localStorage.getItem('authToken')).toBe('a.b.c');
    const [, init] = fetchMock.mock.calls.find(([i]) => String(i).startsWith('/api/auth/token'))!;
    expect(init?.body).toBe('email=ayse%40example.com&inputPassword=secret-pass');
  });

  it('says why it opened for a watch page and returns there after signing in (decision 0074)', async () => {
    login = { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } };
    open('/signin?next=%2Fwatch%2F5');
    expect(screen.getByRole('status').textContent).toBe(WATCH_GATE_TEXTS.signInToWatch);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?next=%2Fwatch%2F5');
    logIn();
    await waitFor(() => expect(location()).toBe('/watch/5'));
  });

  it.each(['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example%2F', '%2F%255Cevil.example', '%2Fsignin'])(
    'ignores next=%s: no reason shown, home afterwards',
    async (next) => {
      login = { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } };
      open(`/signin?next=${next}`);
      expect(screen.queryByText(WATCH_GATE_TEXTS.signInToWatch)).toBeNull();
      expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
      logIn();
      await waitFor(() => expect(location()).toBe('/'));
    },
  );

  it('returns to next after a Google sign-in', async () => {
    route = (path) =>
      path === '/auth/google-profile'
        ? { status: 200, body: { body: { token: 'g.h.i', user: AUTH_USER } } }
        : OPTIONS();
    open('/signin?token=one-time&next=%2FwatchEpisodes%2F12');
    await waitFor(() => expect(location()).toBe('/watchEpisodes/12'));
  });

  it.each([
    [{ status: 404, body: { error: 'User not found' } }, AUTH_MESSAGES.userNotFound],
    [{ status: 400, body: { error: 'email is required', field: 'email' } }, AUTH_MESSAGES.invalidRequest],
    [{ status: 500, body: {} }, AUTH_MESSAGES.internalServerError],
    [{ status: 401, body: { error: AUTH_MESSAGES.invalidPasswordServer } }, AUTH_MESSAGES.invalidPassword],
    [{ status: 429, body: { error: AUTH_MESSAGES.accountLocked } }, AUTH_MESSAGES.accountLocked],
    [{ status: 403, body: { error: AUTH_MESSAGES.banned, is_banned: '1' } }, AUTH_MESSAGES.banned],
  ])('toasts %j as the spec says', async (answer, text) => {
    login = answer;
    open();
    logIn();
    const toast = await screen.findByText(text);
    expect(toast.closest('.toaster')).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
    expect(location()).toBe('/signin');
  });

  it('toasts the unexpected error when there is no answer', async () => {
    open();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1)); // the options
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    logIn();
    expect(await screen.findByText(AUTH_MESSAGES.unexpectedError)).toBeTruthy();
  });

  it('opens the verification popup (and no toast) when the e-mail is not verified', async () => {
    login = { status: 403, body: { error: AUTH_MESSAGES.verificationRequired, email_verified: '0' } };
    open();
    logIn();
    expect(await screen.findByRole('dialog', { name: AUTH_LABELS.verificationTitle })).toBeTruthy();
    expect(screen.getByText('ayse@example.com')).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.verificationRequired)).toBeNull();
    expect(document.querySelector('.toaster')!.children).toHaveLength(0);
  });

  it('asks for both fields before calling the server', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: AUTH_LABELS.logIn }));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.fillAllFields);
    expect(fetchMock.mock.calls.some(([i]) => String(i).startsWith('/api/auth/token'))).toBe(false);
  });

  it('shows the unavailable-system message for banned=true and a Google error as given', () => {
    open('/signin?banned=true&error=Google%20said%20no');
    expect(screen.getByText(AUTH_MESSAGES.systemUnavailable)).toBeTruthy();
    expect(screen.getByText('Google said no')).toBeTruthy();
  });

  it('exchanges the Google code once, stores the user and a 7-day cookie, and goes home', async () => {
    route = (path) =>
      path === '/auth/google-profile'
        ? { status: 200, body: { body: { token: 'g.h.i', user: AUTH_USER } } }
        : OPTIONS();
    open('/signin?token=one-time');
    await waitFor(() => expect(location()).toBe('/'));
    const exchanges = fetchMock.mock.calls.filter(([i]) => String(i).startsWith('/api/auth/google-profile'));
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]![1]?.body).toBe('token=one-time');
    expect(localStorage.getItem('authToken')).toBe('g.h.i');
    expect(document.cookie).toContain('authToken=g.h.i');
  });

  it('shows the verification when the server asks for it, and sends the solution with the next try (decision 0111)', async () => {
    const tries: URLSearchParams[] = [];
    route = (path, form) => {
      if (path === '/auth/options') return OPTIONS('altcha');
      if (path !== '/auth/token') return { status: 404, body: { error: 'Not found' } };
      tries.push(form);
      return form.get('captcha')
        ? { status: 200, body: { body: { token: 'a.b.c', user: AUTH_USER } } }
        : { status: 400, body: { error: AUTH_MESSAGES.signInChallenge, field: 'captcha' } };
    };
    open();
    logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.signInChallenge);
    const solve = await screen.findByRole('button', { name: 'Solve captcha' });
    // Not solved yet: the page says so without calling the server again.
    fireEvent.click(screen.getByRole('button', { name: AUTH_LABELS.logIn }));
    expect(tries).toHaveLength(1);
    fireEvent.click(solve);
    fireEvent.click(screen.getByRole('button', { name: AUTH_LABELS.logIn }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(tries).toHaveLength(2);
    expect(tries[1]!.get('captcha')).toBe('altcha-payload');
    expect(tries[1]!.get('inputPassword')).toBe('secret-pass');
    expect(localStorage.getItem('authToken')).toBe('a.b.c');
  });
});
