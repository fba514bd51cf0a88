// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { PLAYER_MESSAGES, type CheckoutStatus } from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { CHECKOUT_POLL_INTERVAL_MS, CHECKOUT_POLL_TIMEOUT_MS } from '../api/get-checkout-status';
import { CHECKOUT_RETURN_STORAGE_KEY } from '../utils/checkout-return';
import { COMPLETE_TEXTS, CheckoutCompletePage, checkoutReference } from './checkout-complete-page';

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'ayse@example.com', user_status: '0', expired_at: null };
const END = '2031-05-04T10:00:00.000Z';

/** The checkout-status answers in order; the last one repeats. */
let statuses: Answer[];
let statusCalls: URL[];
const fetchMock = mockFetch(({ path, url }) => {
  if (path === '/subscriptions/7/checkout-status') {
    statusCalls.push(url);
    return statuses.length > 1 ? statuses.shift()! : statuses[0]!;
  }
  if (path === '/user/7') {
    return { status: 200, body: { body: { user: { ...USER, user_status: '1', plan_id: 2, expired_at: END } } } };
  }
  return { status: 404, body: { error: 'Not found' } };
});
const status = (s: CheckoutStatus['status'], message = ''): Answer => ({ status: 200, body: { status: s, message } });

function open(url: string) {
  renderWithProviders(
    <Routes>
      <Route path="/choosepayment/complete" element={<CheckoutCompletePage />} />
    </Routes>,
    { url },
  );
}
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
/** Waits (on the advancing fake clock) for the view with this heading. */
const findView = (name: string) => screen.findByRole('heading', { level: 1, name });
const tick = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  statusCalls = [];
  signIn(USER);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('checkoutReference', () => {
  it('reads Stripe session_id and PayPal token, with or without provider', () => {
    const ref = (q: string) => checkoutReference(new URLSearchParams(q));
    expect(ref('provider=stripe&session_id=cs_1')).toEqual({ provider: 'stripe', reference: 'cs_1' });
    expect(ref('session_id=cs_1')).toEqual({ provider: 'stripe', reference: 'cs_1' });
    expect(ref('provider=paypal&token=ORDER1&PayerID=P')).toEqual({ provider: 'paypal', reference: 'ORDER1' });
    expect(ref('token=ORDER1')).toEqual({ provider: 'paypal', reference: 'ORDER1' });
    expect(ref('provider=paypal&session_id=cs_1')).toBeNull();
    expect(ref('')).toBeNull();
  });
});

describe('CheckoutCompletePage (return from checkout)', () => {
  it('waits while pending, then refreshes the account and offers to watch', async () => {
    sessionStorage.setItem(CHECKOUT_RETURN_STORAGE_KEY, '/moviedetail/5');
    statuses = [
      status('pending', 'Waiting'),
      status('pending', 'Waiting'),
      status('active', 'Your subscription is active.'),
    ];
    open('/choosepayment/complete?provider=stripe&session_id=cs_test_1');
    expect(heading()).toBe(COMPLETE_TEXTS.confirming);
    await tick(0);
    expect(statusCalls).toHaveLength(1);
    expect(statusCalls[0]!.searchParams.get('provider')).toBe('stripe');
    expect(statusCalls[0]!.searchParams.get('session_id')).toBe('cs_test_1');

    await tick(CHECKOUT_POLL_INTERVAL_MS);
    expect(statusCalls).toHaveLength(2);
    expect(heading()).toBe(COMPLETE_TEXTS.confirming);
    await tick(CHECKOUT_POLL_INTERVAL_MS);
    expect(statusCalls).toHaveLength(3);
    await findView(COMPLETE_TEXTS.confirmed);
    expect(screen.getByText('Your subscription is active.')).toBeTruthy();
    expect(screen.getByRole('link', { name: COMPLETE_TEXTS.startWatching }).getAttribute('href')).toBe(
      '/moviedetail/5',
    );
    expect(screen.getByRole('link', { name: COMPLETE_TEXTS.viewSubscription }).getAttribute('href')).toBe(
      '/profile/subscription',
    );
    // The stored user now has the plan (the player guard reads it).
    const stored = JSON.parse(localStorage.getItem('user')!);
    expect([stored.user_status, stored.plan_id, stored.expired_at]).toEqual(['1', 2, END]);
    expect(sessionStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBeNull();
    // No more asking once active.
    await tick(CHECKOUT_POLL_INTERVAL_MS * 3);
    expect(statusCalls).toHaveLength(3);
  });

  it('asks with the PayPal token and goes home when nothing was remembered', async () => {
    statuses = [status('active', 'Your subscription is active.')];
    open('/choosepayment/complete?provider=paypal&token=ORDER1&PayerID=XYZ');
    await findView(COMPLETE_TEXTS.confirmed);
    expect(statusCalls[0]!.searchParams.get('token')).toBe('ORDER1');
    expect(statusCalls[0]!.searchParams.has('session_id')).toBe(false);
    expect(screen.getByRole('link', { name: COMPLETE_TEXTS.startWatching }).getAttribute('href')).toBe('/');
  });

  it('shows the message of a failed payment and leads back to the plans', async () => {
    statuses = [status('pending'), status('failed', 'Your card was declined.')];
    open('/choosepayment/complete?provider=stripe&session_id=cs_test_2');
    await tick(0);
    await tick(CHECKOUT_POLL_INTERVAL_MS);
    await findView(COMPLETE_TEXTS.failed);
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: PLAYER_MESSAGES.chooseAPlan }).getAttribute('href')).toBe('/choosepayment');
    await tick(CHECKOUT_POLL_INTERVAL_MS * 3);
    expect(statusCalls).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('user')!).user_status).toBe('0');
  });

  it('says it takes longer than usual after a minute, stops asking, and can check again', async () => {
    statuses = [status('pending')];
    open('/choosepayment/complete?session_id=cs_slow');
    await tick(0);
    await tick(CHECKOUT_POLL_TIMEOUT_MS);
    await findView(COMPLETE_TEXTS.slow);
    const asked = statusCalls.length;
    expect(asked).toBeGreaterThanOrEqual(CHECKOUT_POLL_TIMEOUT_MS / CHECKOUT_POLL_INTERVAL_MS - 1);
    await tick(CHECKOUT_POLL_INTERVAL_MS * 4);
    expect(statusCalls).toHaveLength(asked);

    statuses = [status('active', 'Your subscription is active.')];
    fireEvent.click(screen.getByRole('button', { name: COMPLETE_TEXTS.checkAgain }));
    await findView(COMPLETE_TEXTS.confirmed);
    expect(statusCalls.length).toBe(asked + 1);
  });

  it("shows the server's refusal of a checkout it does not know (a made-up session_id) and stops", async () => {
    statuses = [{ status: 404, body: { error: 'This checkout does not exist.' } }];
    open('/choosepayment/complete?provider=stripe&session_id=cs_fake');
    await findView(COMPLETE_TEXTS.failed);
    expect(screen.getByText('This checkout does not exist.')).toBeTruthy();
    await tick(CHECKOUT_POLL_INTERVAL_MS * 3);
    expect(statusCalls).toHaveLength(1);
  });

  it('says there is nothing to confirm without a checkout reference, and asks nothing', async () => {
    statuses = [status('active')];
    open('/choosepayment/complete');
    await tick(CHECKOUT_POLL_INTERVAL_MS);
    expect(heading()).toBe(COMPLETE_TEXTS.nothing);
    expect(statusCalls).toHaveLength(0);
  });
});
