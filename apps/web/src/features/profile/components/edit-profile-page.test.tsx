// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_ERRORS, AUTH_MESSAGES, TOAST_SHORT_MS } from '@bosphorus/contract';
import { Toaster, clearToasts } from '../../../components/ui/toast';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { EditProfilePage, validateProfile } from './edit-profile-page';

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '1', image_url: null };
const fetchMock = mockFetch(() => ({
  status: 200,
  body: {
    message: AUTH_MESSAGES.profileUpdated,
    body: {
      user: {
        ...USER,
        user_name: 'Ayşe Yılmaz',
        email_verified: '1',
        is_banned: '0',
        plan_id: null,
        expired_at: null,
        role: 'user',
        image_url: 'avatar-7.webp',
      },
    },
  },
}));
const reload = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  reload.mockClear();
  signIn(USER);
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open() {
  renderWithProviders(
    <>
      <EditProfilePage reload={reload} />
      <Toaster />
    </>,
  );
}

describe('EditProfilePage (spec §2, §5, §8)', () => {
  it('validates name, password length and the avatar type', () => {
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    const text = new File(['x'], 'a.txt', { type: 'text/plain' });
    expect(validateProfile(' ', '', null)).toBe(`Display name ${AUTH_ERRORS.required}`);
    expect(validateProfile('A', 'short', null)).toBe(`Password ${AUTH_ERRORS.passwordTooShort}`);
    expect(validateProfile('A', '', text)).toBe(`Avatar ${AUTH_ERRORS.avatarType}`);
    expect(validateProfile('A', '', png)).toBeNull();
  });

  it('sends a multipart update, replaces the stored user, says so and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Ayşe');
    fireEvent.input(screen.getByLabelText('Display name'), { target: { value: 'Ayşe Yılmaz' } });
    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Avatar image'), { target: { files: [avatar] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(AUTH_MESSAGES.profileUpdated)).toBeTruthy();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(input), 'http://x').pathname).toBe('/api/auth/update-profile');
    const form = init!.body as FormData;
    expect(form.get('user_id')).toBe('7');
    expect(form.get('user_name')).toBe('Ayşe Yılmaz');
    expect(form.has('user_password')).toBe(false);
    expect((form.get('profile') as File).name).toBe('me.png');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(localStorage.getItem('user')!).image_url).toBe('avatar-7.webp');
    await vi.advanceTimersByTimeAsync(TOAST_SHORT_MS);
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('asks for the current password once a new one is typed, and sends both', async () => {
    open();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.input(screen.getByLabelText('New password (optional)'), { target: { value: 'a-new-password' } });
    const current = screen.getByLabelText('Current password');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_ERRORS.currentPasswordRequired);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.input(current, { target: { value: 'the-old-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const form = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(form.get('user_password')).toBe('a-new-password');
    expect(form.get('current_password')).toBe('the-old-one');
  });

  it("shows the server's answer to a wrong current password", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 400, body: { error: AUTH_ERRORS.currentPasswordWrong, field: 'current_password' } }),
    );
    open();
    fireEvent.input(screen.getByLabelText('New password (optional)'), { target: { value: 'a-new-password' } });
    fireEvent.input(screen.getByLabelText('Current password'), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_ERRORS.currentPasswordWrong);
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the server message when the update fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 413, body: { error: 'profile must be at most 2 MB' } }));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('profile must be at most 2 MB');
    expect(reload).not.toHaveBeenCalled();
  });
});
