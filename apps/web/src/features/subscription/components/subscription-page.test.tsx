// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BILLING_ERRORS, PLAYER_MESSAGES, type CurrentSubscription } from '@bosphorus/contract';
import { Toaster, clearToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer as FetchAnswer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn, storeUser } from '../../../test/session';
import { SUBSCRIPTION_TEXTS, SubscriptionPage } from './subscription-page';

type Answer = FetchAnswer | 'offline';

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '1', plan_id: 2 };
const NONE: CurrentSubscription = {
  source: null,
  status: 'none',
  plan_name: null,
  plan_id: null,
  price: null,
  interval: null,
  end_date: null,
  cancel_at_period_end: false,
  message: BILLING_ERRORS.noActiveSubscriptionMessage,
};
/** 2.2 days from now: 3 days left, rounded up (spec §9). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const active = (over: Partial<CurrentSubscription> = {}): CurrentSubscription => ({
  source: 'stripe',
  status: 'active',
  plan_name: 'Monthly',
  plan_id: 2,
  price: 10,
  interval: '1 month',
  end_date: inDays(2.2),
  cancel_at_period_end: false,
  message: BILLING_ERRORS.activeMessage,
  ...over,
});

let current: Answer;
let manage: Answer;
const fetchMock = mockFetch(({ path, method }) => {
  let answer: Answer = { status: 404, body: { error: 'Not found' } };
  if (path === '/subscriptions/7/current') answer = current;
  else if (path === '/subscriptions/7/manage' && method === 'POST') answer = manage;
  else if (path === '/user/7') answer = { status: 200, body: { body: { user: USER } } };
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return answer;
});
const redirect = vi.fn();

function open() {
  renderWithProviders(
    <>
      <SubscriptionPage redirect={redirect} />
      <Toaster />
    </>,
  );
}
const manageCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/manage'));
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  redirect.mockClear();
  manage = { status: 200, body: { url: 'https://billing.example/p/session_1' } };
  signIn(USER);
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('SubscriptionPage (spec §2 Subscription, §4 Subscription screen, §8, §9)', () => {
  it('shows the plan, whole-dollar price, interval, end date and days left rounded up', async () => {
    const sub = active({ end_date: '2031-05-04T10:00:00.000Z' });
    current = { status: 200, body: sub };
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: SUBSCRIPTION_TEXTS.title })).toBeTruthy();
    expect(fact('Price')).toBe('$10');
    expect(fact('Interval')).toBe('1 month');
    expect(fact(PLAYER_MESSAGES.activeUntil)).toBe('May 4, 2031');
    const badges = screen.getByRole('list', { name: 'Plan status' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Active', 'Card']);
    expect(screen.getByText(BILLING_ERRORS.activeMessage)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();

    current = { status: 200, body: active({ end_date: inDays(2.2) }) };
    open();
    await screen.findByRole('heading', { level: 2, name: 'Monthly' });
    expect(fact('Days left')).toBe('3 days');
    cleanup();
    current = { status: 200, body: active({ end_date: inDays(0.1) }) };
    open();
    await screen.findByRole('heading', { level: 2, name: 'Monthly' });
    expect(fact('Days left')).toBe('1 day');
  });

  it('warns when the plan will not renew (cancel_at_period_end)', async () => {
    current = { status: 200, body: active({ cancel_at_period_end: true, end_date: '2031-05-04T10:00:00.000Z' }) };
    open();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(SUBSCRIPTION_TEXTS.cancelWarning('May 4, 2031'));
  });

  it("says 'No Active Subscription' with a 'Choose a plan' button when there is none", async () => {
    current = { status: 200, body: NONE };
    storeUser({ ...USER, user_status: '0', plan_id: null });
    open();
    expect(await screen.findByRole('heading', { name: PLAYER_MESSAGES.noActiveSubscription })).toBeTruthy();
    expect(screen.getByRole('link', { name: PLAYER_MESSAGES.chooseAPlan }).getAttribute('href')).toBe('/choosepayment');
    expect(screen.queryByRole('button', { name: SUBSCRIPTION_TEXTS.manage })).toBeNull();
  });

  it('opens the management page from the manage button', async () => {
    current = { status: 200, body: active() };
    open();
    const button = (await screen.findByRole('button', { name: SUBSCRIPTION_TEXTS.manage })) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://billing.example/p/session_1'));
    expect(manageCalls()).toHaveLength(1);
    expect(manageCalls()[0]![1]!.method).toBe('POST');
    expect(button.disabled).toBe(true);
  });

  it("shows the server's error when manage fails, else 'Failed to redirect to subscription management page'", async () => {
    current = { status: 200, body: active() };
    manage = { status: 503, body: { error: BILLING_ERRORS.providerUnavailable } };
    open();
    fireEvent.click(await screen.findByRole('button', { name: SUBSCRIPTION_TEXTS.manage }));
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_ERRORS.providerUnavailable);
    expect(redirect).not.toHaveBeenCalled();
    act(() => clearToasts());

    manage = { status: 500 };
    fireEvent.click(screen.getByRole('button', { name: SUBSCRIPTION_TEXTS.manage }));
    expect((await screen.findByRole('alert')).textContent).toBe(PLAYER_MESSAGES.manageFailed);
    act(() => clearToasts());

    manage = 'offline';
    fireEvent.click(screen.getByRole('button', { name: SUBSCRIPTION_TEXTS.manage }));
    expect((await screen.findByRole('alert')).textContent).toBe(PLAYER_MESSAGES.manageFailed);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('labels a demo plan and keeps its manage button', async () => {
    current = { status: 200, body: active({ source: 'demo' }) };
    open();
    const badges = await screen.findByRole('list', { name: 'Plan status' });
    expect(within(badges).getByText('Demo plan')).toBeTruthy();
    expect(screen.getByText(/no real money was taken/)).toBeTruthy();
    expect(screen.getByRole('button', { name: SUBSCRIPTION_TEXTS.manage })).toBeTruthy();
  });

  it('has no manage button where there is nothing to manage (a gift, a PayPal pass, a plan paid once)', async () => {
    const pass = { message: BILLING_ERRORS.passMessage, interval: '7 days', plan_name: 'Weekly pass' };
    current = { status: 200, body: active({ ...pass, source: 'complimentary', price: 0 }) };
    open();
    const badges = await screen.findByRole('list', { name: 'Plan status' });
    expect(within(badges).getByText('Complimentary')).toBeTruthy();
    expect(screen.queryByRole('button', { name: SUBSCRIPTION_TEXTS.manage })).toBeNull();
    cleanup();
    current = { status: 200, body: active({ ...pass, source: 'paypal' }) };
    open();
    expect(within(await screen.findByRole('list', { name: 'Plan status' })).getByText('PayPal')).toBeTruthy();
    expect(screen.getByText(BILLING_ERRORS.passMessage)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SUBSCRIPTION_TEXTS.manage })).toBeNull();
    // The demo checkout's days plan, and the card's: paid once, they just end.
    for (const source of ['demo', 'stripe'] as const) {
      cleanup();
      current = { status: 200, body: active({ ...pass, source }) };
      open();
      await screen.findByRole('heading', { level: 2, name: 'Weekly pass' });
      expect(screen.queryByRole('button', { name: SUBSCRIPTION_TEXTS.manage }), source).toBeNull();
    }
  });

  it('reads the account again when the stored user disagrees with the server', async () => {
    current = { status: 200, body: NONE };
    open();
    await screen.findByRole('heading', { name: PLAYER_MESSAGES.noActiveSubscription });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/user/7'))).toBe(true));
  });

  it('offers to try again when the subscription cannot be loaded', async () => {
    current = 'offline';
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/could not be loaded/);
    current = { status: 200, body: active() };
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly' })).toBeTruthy();
  });
});
