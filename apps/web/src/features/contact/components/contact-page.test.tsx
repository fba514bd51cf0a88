// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES, CAPTCHA_TEXTS, SUPPORT_TEXTS } from '@bosphorus/contract';
import { Toaster, clearToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { storeUser } from '../../../test/session';
import { ContactPage, INVALID_EMAIL, validateContact, type CaptchaProvider } from './contact-page';

let answer: Answer;
const fetchMock = mockFetch(() => answer);
const L = SUPPORT_TEXTS.contactLabels;

/** A stand-in captcha: a button that "solves" it. */
function open(provider: CaptchaProvider | null = 'altcha') {
  renderWithProviders(
    <>
      <ContactPage
        captchaProvider={provider}
        renderCaptcha={(onSolved) => (
          <button type="button" onClick={() => onSolved('solved-payload')}>
            Solve the check
          </button>
        )}
      />
      <Toaster />
    </>,
  );
}

function fill(values: Partial<Record<keyof typeof L, string>>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.input(screen.getByLabelText(L[field as keyof typeof L]), { target: { value } });
  }
}
const send = () => fireEvent.click(screen.getByRole('button', { name: SUPPORT_TEXTS.contactSend }));
const FULL = { name: 'Ayşe', email: 'ayse@example.com', subject: 'Subtitles', message: 'Late by 2 s.' };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('validateContact (spec §5 Contact)', () => {
  it('wants all four fields, not blank, and an e-mail address', () => {
    expect(validateContact({ ...FULL, subject: '' })).toBe(AUTH_MESSAGES.fillAllFields);
    expect(validateContact({ ...FULL, message: '   ' })).toBe(AUTH_MESSAGES.noBlankSpace);
    expect(validateContact({ ...FULL, email: 'ayse' })).toBe(INVALID_EMAIL);
    expect(validateContact(FULL)).toBeNull();
  });
});

describe('ContactPage (spec §2 Contact, §7 POST /mail, §8)', () => {
  it('has four labelled fields and refuses an incomplete form without a request', async () => {
    open();
    for (const label of Object.values(L)) expect(screen.getByLabelText(label)).toBeTruthy();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.fillAllFields);
    fill(FULL);
    send();
    // The self-hosted check is not reCAPTCHA: the message does not name it (issue 15).
    expect((await screen.findByRole('alert')).textContent).toBe(CAPTCHA_TEXTS.completeSelfHosted);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("names reCAPTCHA only when reCAPTCHA is the server's captcha (spec §8)", async () => {
    open('recaptcha');
    fill(FULL);
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.completeCaptcha);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends name, email, message, subject and the captcha, then says Email Send successfully and clears', async () => {
    answer = { status: 200, body: { message: SUPPORT_TEXTS.emailSent } };
    open();
    fill(FULL);
    fireEvent.click(screen.getByRole('button', { name: 'Solve the check' }));
    send();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/mail/);
    expect(init.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({ ...FULL, captcha: 'solved-payload' });
    // Said once (the toast), not twice (issue 15).
    expect(await screen.findAllByText(SUPPORT_TEXTS.emailSent)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(SUPPORT_TEXTS.emailSent)).toHaveLength(1);
    expect((screen.getByLabelText(L.subject) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(L.message) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server error and asks for a new check', async () => {
    answer = { status: 400, body: { error: 'email: must be an e-mail address', field: 'email' } };
    open();
    fill(FULL);
    fireEvent.click(screen.getByRole('button', { name: 'Solve the check' }));
    send();
    expect(await screen.findByText('email: must be an e-mail address')).toBeTruthy();
    // The form is kept; the used captcha answer is not.
    expect((screen.getByLabelText(L.message) as HTMLTextAreaElement).value).toBe(FULL.message);
    send();
    expect(await screen.findByText(CAPTCHA_TEXTS.completeSelfHosted, { selector: '.form-error' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('needs no check when the server has the captcha off, and fills in a signed-in user', async () => {
    storeUser({ user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '0' });
    answer = { status: 200, body: { message: SUPPORT_TEXTS.emailSent } };
    open('off');
    await waitFor(() => expect((screen.getByLabelText(L.name) as HTMLInputElement).value).toBe('Ayşe'));
    expect((screen.getByLabelText(L.email) as HTMLInputElement).value).toBe('ayse@example.com');
    fill({ subject: 'Hi', message: 'Hello' });
    send();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const form = new URLSearchParams(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(form.has('captcha')).toBe(false);
  });
});
