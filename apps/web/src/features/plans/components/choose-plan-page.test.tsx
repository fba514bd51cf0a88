// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import {
  BILLING_ERRORS,
  PLAN_FEATURES,
  PLAYER_MESSAGES,
  TOAST_DEFAULT_MS,
  TOAST_LONG_MS,
  WATCH_GATE_TEXTS,
} from '@bosphorus/contract';
import { clearToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { signIn, storeUser } from '../../../test/session';
import { CHECKOUT_RETURN_STORAGE_KEY } from '../utils/checkout-return';
import { CANCELED_NOTE, ChoosePlanPage } from './choose-plan-page';

type Handler = (method: string, path: string, form: URLSearchParams, url: URL) => Answer | Promise<Answer>;

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '0', expired_at: null };
const PACKAGES = [
  { id: 1, title: 'Weekly pass', amount: 3, amount_minor: 299, currency: 'usd', duration: 7, type: 'days' },
  { id: 2, title: 'Monthly', amount: 10, amount_minor: 999, currency: 'usd', duration: 1, type: 'monthly' },
  { id: 3, title: 'Yearly', amount: 96, amount_minor: 9599, currency: 'usd', duration: 1, type: 'yearly' },
];

let handler: Handler;
const fetchMock = mockFetch(({ method, path, form, url }) => handler(method, path, form, url));

/** The answers of a normal visit; `overrides` wins for the paths it names. */
function answers(overrides: Handler = () => undefined as unknown as Answer): Handler {
  return async (method, path, form, url) => {
    const own = await overrides(method, path, form, url);
    if (own) return own;
    if (path === '/packages') return { status: 200, body: { body: { packages: PACKAGES } } };
    if (path === '/user/7') return { status: 200, body: { body: { user: JSON.parse(localStorage.getItem('user')!) } } };
    return { status: 404, body: { error: 'Not found' } };
  };
}

const redirect = vi.fn();
function open(entry: InitialEntry = '/choosepayment') {
  return renderRoute(entry, '/choosepayment', <ChoosePlanPage redirect={redirect} />, { search: true });
}

const checkoutCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/create-checkout-session'));
const payButton = () => screen.getByRole('button', { name: PLAYER_MESSAGES.payAndEnter }) as HTMLButtonElement;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  redirect.mockClear();
  handler = answers();
  signIn(USER);
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChoosePlanPage (spec §2 Choose plan, §4 Plan payment, §5 Plan, §8, §9)', () => {
  it('lists every plan with a whole-dollar price, its duration with units and the plan features', async () => {
    open();
    const monthly = await screen.findByRole('radio', { name: 'Monthly' });
    expect(screen.getByRole('heading', { level: 1, name: PLAYER_MESSAGES.chooseAPlan })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: /pass|Monthly|Yearly/ })).toHaveLength(3);
    // The price and duration describe each radio: "$3 for 7 days".
    const described = (name: string) => {
      const radio = screen.getByRole('radio', { name });
      return radio
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent)
        .join(' ');
    };
    expect(described('Weekly pass')).toBe('$3 for 7 days');
    expect(described('Monthly')).toBe('$10 for 1 month');
    expect(described('Yearly')).toBe('$96 for 1 year');
    expect(monthly.getAttribute('aria-describedby')).toBeTruthy();
    for (const title of ['Weekly pass', 'Monthly', 'Yearly']) {
      const features = screen.getByRole('list', { name: `${title} includes` });
      expect(
        within(features)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([...PLAN_FEATURES]);
    }
    // The cheapest per month is the yearly plan (8 $/month), and only it says so.
    expect(screen.getAllByText('Best value')).toHaveLength(1);
    expect(screen.getByText('Best value').closest('label')!.textContent).toContain('Yearly');
    // No plan is chosen for the person.
    expect(screen.getAllByRole('radio', { checked: true }).map((r) => r.getAttribute('value'))).toEqual(['stripe']);
  });

  it('preselects the plan named by ?plan_id= and ignores one that does not exist', async () => {
    open('/choosepayment?plan_id=2');
    const monthly = (await screen.findByRole('radio', { name: 'Monthly' })) as HTMLInputElement;
    expect(monthly.checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Order summary' }).textContent).toContain('Monthly$10 for 1 month');
    cleanup();
    open('/choosepayment?plan_id=99');
    await screen.findByRole('radio', { name: 'Monthly' });
    expect(screen.getAllByRole('radio', { checked: true }).map((r) => r.getAttribute('value'))).toEqual(['stripe']);
    expect(screen.getByText('No plan chosen yet')).toBeTruthy();
  });

  it("says 'Please choose a plan' and sends nothing when no plan is chosen", async () => {
    open();
    await screen.findByRole('radio', { name: 'Monthly' });
    fireEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(PLAYER_MESSAGES.pleaseChoosePlan);
    expect(checkoutCalls()).toHaveLength(0);
    expect(screen.getByRole('radio', { name: 'Weekly pass' }).getAttribute('aria-invalid')).toBe('true');
    // Choosing a plan clears the message.
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.queryByText(PLAYER_MESSAGES.pleaseChoosePlan)).toBeNull();
  });

  it('keeps Pay & Enter disabled while the request runs, then goes to session_url by card (the default)', async () => {
    let answer!: (a: Answer) => void;
    handler = answers((method, path) =>
      path.endsWith('/create-checkout-session') ? new Promise<Answer>((resolve) => (answer = resolve)) : undefined!,
    );
    open({ pathname: '/choosepayment', search: '?plan_id=2&next=%2Fmoviedetail%2F5' });
    await screen.findByRole('radio', { name: 'Monthly' });
    fireEvent.click(payButton());
    await waitFor(() => expect(payButton().disabled).toBe(true));
    fireEvent.click(payButton());
    await waitFor(() => expect(checkoutCalls()).toHaveLength(1));

    const [input, init] = checkoutCalls()[0]!;
    expect(new URL(String(input), 'http://x').pathname).toBe('/api/subscriptions/7/2/stripe/create-checkout-session');
    expect(init!.method).toBe('POST');
    const form = new URLSearchParams(String(init!.body));
    expect(form.get('user_id')).toBe('7');
    expect(form.get('package_id')).toBe('2');

    await act(async () => answer({ status: 200, body: { session_url: 'https://checkout.example/c/cs_1' } }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.example/c/cs_1'));
    // Still disabled while the browser leaves, and the title waits for the way back.
    expect(payButton().disabled).toBe(true);
    expect(sessionStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBe('/moviedetail/5');
  });

  it('pays with the online wallet through the paypal path', async () => {
    handler = answers((method, path) =>
      path === '/subscriptions/7/3/paypal/create-checkout-session'
        ? { status: 200, body: { session_url: '/demo-pay/paypal/ORDER1' } }
        : undefined!,
    );
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    fireEvent.click(screen.getByRole('radio', { name: /Online wallet/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/demo-pay/paypal/ORDER1'));
    expect(checkoutCalls()).toHaveLength(1);
    const form = new URLSearchParams(String(checkoutCalls()[0]![1]!.body));
    expect([form.get('user_id'), form.get('package_id')]).toEqual(['7', '3']);
  });

  it("shows 'Payment initialization failed. Please try again.' on failure and lets the person retry", async () => {
    handler = answers((method, path) =>
      path.endsWith('/create-checkout-session') ? { status: 500, body: { error: 'boom' } } : undefined!,
    );
    open('/choosepayment?plan_id=1');
    await screen.findByRole('radio', { name: 'Weekly pass' });
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PLAYER_MESSAGES.paymentInitFailed);
    expect(redirect).not.toHaveBeenCalled();
    expect(payButton().disabled).toBe(false);
    // A 500's own text is not shown beside it.
    expect(screen.queryByText('boom')).toBeNull();
  });

  it("adds the server's reason to the failure toast for a 409 and reads the account again", async () => {
    handler = answers((method, path) =>
      path.endsWith('/create-checkout-session')
        ? { status: 409, body: { error: BILLING_ERRORS.checkoutInProgress } }
        : undefined!,
    );
    open('/choosepayment?plan_id=1');
    await screen.findByRole('radio', { name: 'Weekly pass' });
    const refreshesBefore = fetchMock.mock.calls.filter(([i]) => String(i).includes('/user/7')).length;
    fireEvent.click(payButton());
    expect(await screen.findByText(PLAYER_MESSAGES.paymentInitFailed)).toBeTruthy();
    expect(screen.getByText(BILLING_ERRORS.checkoutInProgress).getAttribute('role')).toBe('alert');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([i]) => String(i).includes('/user/7')).length).toBe(refreshesBefore + 1),
    );
  });

  it('says why it opened for Watch Now (?next=) and keeps the player for after paying (decision 0074)', async () => {
    open('/choosepayment?next=%2Fwatch%2F5');
    expect((await screen.findByText(WATCH_GATE_TEXTS.choosePlanToWatch)).closest('[role="status"]')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Monthly' }));
    handler = answers((method, path) =>
      path.endsWith('/create-checkout-session')
        ? { status: 200, body: { session_url: 'https://pay.example/cs_1' } }
        : undefined!,
    );
    fireEvent.click(payButton());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(sessionStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBe('/watch/5');
  });

  it('ignores a ?next= that leaves the site', async () => {
    open('/choosepayment?next=%2F%2Fevil.example');
    await screen.findByRole('button', { name: PLAYER_MESSAGES.payAndEnter });
    expect(screen.queryByText(WATCH_GATE_TEXTS.choosePlanToWatch)).toBeNull();
  });

  it('says calmly that a canceled checkout charged nothing', async () => {
    open('/choosepayment?canceled=1');
    expect((await screen.findByText(CANCELED_NOTE)).closest('[role="status"]')).toBeTruthy();
  });

  it("shows a player's server message for 15 s, once (spec §8 episode load failure)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const message = BILLING_ERRORS.notSubscribed;
    open({ pathname: '/choosepayment', state: { message } });
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(TOAST_DEFAULT_MS + 1000));
    expect(screen.queryByText(message)).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(TOAST_LONG_MS - TOAST_DEFAULT_MS));
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getAllByText(PLAYER_MESSAGES.chooseAPlan).length).toBeGreaterThan(0);
  });

  it('offers to watch instead of selling a second plan to an account that has one', async () => {
    const end = new Date(Date.now() + 2.2 * 86_400_000).toISOString();
    storeUser({ ...USER, user_status: '1', plan_id: 2, expired_at: end });
    open({ pathname: '/choosepayment', search: '?next=%2Fwatch%2F5' });
    expect(await screen.findByRole('heading', { name: BILLING_ERRORS.alreadySubscribed })).toBeTruthy();
    expect(screen.getByText(/3 days left/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start watching' }).getAttribute('href')).toBe('/watch/5');
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe('/profile/subscription');
    expect(screen.queryByRole('button', { name: PLAYER_MESSAGES.payAndEnter })).toBeNull();
  });

  it('shows the plan list once the account refresh says the plan has ended', async () => {
    storeUser({ ...USER, user_status: '1', plan_id: 2, expired_at: '2020-01-01T00:00:00Z' });
    handler = answers((method, path) =>
      path === '/user/7' ? { status: 200, body: { body: { user: { ...USER, user_status: '0' } } } } : undefined!,
    );
    open();
    expect(await screen.findByRole('radio', { name: 'Monthly' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: BILLING_ERRORS.alreadySubscribed })).toBeNull();
  });
});
