// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION, AUTH_MESSAGES, BANNED_POLL_INTERVAL_MS, TOKEN_CHECK_INTERVAL_MS } from '@bosphorus/contract';
import { getHeaderNotice, onSessionEvent, setHeaderNotice, type SessionEvent } from './auth-store';
import {
  checkToken,
  getStoredUser,
  isSubscribed,
  logout,
  pollBanned,
  refreshAccount,
  signIn,
  startSession,
  tokenNeedsRefresh,
} from './session';
import { mockFetch, type Answer } from '../test/fetch';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;
const NOW = 1_750_000_000_000;
const nowS = NOW / 1000;

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'a@b.c', user_status: '1' };

let answer: (url: URL, init?: RequestInit) => Answer;
const fetchMock = mockFetch(({ url, init }) => answer(url, init));
const paths = () =>
  fetchMock.mock.calls.map(([i, init]) => `${init?.method} ${new URL(String(i), 'http://x').pathname}`);

let events: SessionEvent[] = [];
let off: () => void;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  setHeaderNotice(null);
  events = [];
  off = onSessionEvent((e) => events.push(e));
});
afterEach(() => {
  off();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('token check rules (spec §4)', () => {
  it('refreshes a missing, malformed, exp-less or sub-less token', () => {
    expect(tokenNeedsRefresh(null, NOW)).toBe(true);
    expect(tokenNeedsRefresh('', NOW)).toBe(true);
    expect(tokenNeedsRefresh('a.b', NOW)).toBe(true);
    expect(tokenNeedsRefresh('a.!!!.c', NOW)).toBe(true);
    expect(tokenNeedsRefresh(jwt({ sub: '7' }), NOW)).toBe(true);
    expect(tokenNeedsRefresh(jwt({ exp: nowS + 900 }), NOW)).toBe(true);
  });

  it('refreshes under 300 s left and keeps a token with more', () => {
    expect(tokenNeedsRefresh(jwt({ sub: '7', exp: nowS + 299 }), NOW)).toBe(true);
    expect(tokenNeedsRefresh(jwt({ sub: '7', exp: nowS - 10 }), NOW)).toBe(true);
    expect(tokenNeedsRefresh(jwt({ sub: '7', exp: nowS + 300 }), NOW)).toBe(false);
    expect(tokenNeedsRefresh(jwt({ sub: '7', exp: nowS + 900 }), NOW)).toBe(false);
  });

  it('calls the refresh only when needed and only with a stored user', async () => {
    answer = () => ({ status: 200, body: { body: { token: jwt({ sub: '7', exp: nowS + 900 }) } } });
    await checkToken(NOW);
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('authToken', jwt({ sub: '7', exp: nowS + 900 }));
    await checkToken(NOW);
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('authToken', jwt({ sub: '7', exp: nowS + 100 }));
    await checkToken(NOW);
    expect(paths()).toEqual(['POST /api/auth/refresh-token']);
  });
});

describe('stored session', () => {
  it('clears a corrupt stored user', () => {
    localStorage.setItem('user', '{not json');
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    localStorage.setItem('user', JSON.stringify({ user_name: 'no id' }));
    expect(getStoredUser()).toBeNull();
  });

  it('stores user, token and a 24-hour cookie on sign in', () => {
    signIn('tok', { ...USER, user_status: '0' });
    expect(getStoredUser()).toMatchObject({ user_id: 7 });
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(document.cookie).toContain('authToken=tok');
    expect(isSubscribed(getStoredUser())).toBe(false);
    expect(isSubscribed(USER)).toBe(true);
  });

  it('logs out: tells the server, forgets the push device, clears user, tokens and cookie', async () => {
    signIn('tok', USER);
    localStorage.setItem('device_id', 'dev-1');
    localStorage.setItem('fcm_token', 'push');
    localStorage.setItem('verification_email', 'a@b.c');
    localStorage.setItem('app_version', APP_VERSION);
    answer = () => ({ status: 200, body: { message: 'ok' } });
    await logout();
    expect(paths().sort()).toEqual(['DELETE /api/fcm', 'POST /api/auth/logout']);
    const fcm = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(fcm[1]!.body).toBe('device_id=dev-1');
    expect((fcm[1]!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    for (const key of ['user', 'authToken', 'fcm_token', 'verification_email'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('app_version')).toBe(APP_VERSION);
    expect(document.cookie).not.toContain('authToken=tok');
  });
  it('logs out without a push device: one call, nothing refused (issue 10)', async () => {
    signIn('tok', USER);
    answer = () => ({ status: 200, body: { message: 'ok' } });
    await logout();
    expect(paths()).toEqual(['POST /api/auth/logout']);
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('banned poll and account refresh (spec §4, §8)', () => {
  beforeEach(() => {
    signIn('tok', USER);
  });

  it("shows the header message and logs out when GET /user/{id} says is_banned '1'", async () => {
    answer = () => ({ status: 200, body: { body: { user: { ...USER, is_banned: '1' } } } });
    await pollBanned();
    expect(paths()).toEqual(['GET /api/user/7']);
    expect(getHeaderNotice()).toBe(AUTH_MESSAGES.bannedHeader);
    expect(getStoredUser()).toBeNull();
    expect(events).toEqual([{ type: 'ended', message: AUTH_MESSAGES.banned, redirect: '/signin' }]);
  });

  it('keeps a user who is not banned', async () => {
    answer = () => ({ status: 200, body: { body: { user: { ...USER, is_banned: '0' } } } });
    await pollBanned();
    expect(getStoredUser()).not.toBeNull();
  });

  it('refreshes the stored user with POST /user/{id}?uid={id}', async () => {
    answer = () => ({ status: 200, body: { body: { user: { ...USER, user_name: 'Ayşe Y.', is_banned: '0' } } } });
    await refreshAccount();
    const [input, init] = fetchMock.mock.calls[0]!;
    const url = new URL(String(input), 'http://x');
    expect(init?.method).toBe('POST');
    expect(url.pathname).toBe('/api/user/7');
    expect(url.searchParams.get('uid')).toBe('7');
    expect(getStoredUser()?.user_name).toBe('Ayşe Y.');
  });

  it.each([404, 500])("logs out with 'Your account was not found…' on %i", async (status) => {
    answer = () => ({ status, body: { error: 'Not found' } });
    await refreshAccount();
    expect(getStoredUser()).toBeNull();
    expect(events).toEqual([{ type: 'ended', message: AUTH_MESSAGES.accountNotFound, redirect: '/signin' }]);
  });

  it("says 'Server connection error' for 15 s when there is no answer", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await refreshAccount();
    expect(getStoredUser()).not.toBeNull();
    expect(events).toEqual([{ type: 'notice', message: AUTH_MESSAGES.serverConnectionError, durationMs: 15_000 }]);
  });

  it('start: app_version, token check every 5 minutes, banned poll every 30 s', async () => {
    vi.useFakeTimers({ now: NOW });
    localStorage.setItem('authToken', jwt({ sub: '7', exp: nowS + 3600 }));
    answer = () => ({ status: 200, body: { body: { user: { ...USER, is_banned: '0' } } } });
    const stop = startSession();
    expect(localStorage.getItem('app_version')).toBe(APP_VERSION);
    await vi.advanceTimersByTimeAsync(10);
    expect(paths()).toEqual(['POST /api/user/7']);
    await vi.advanceTimersByTimeAsync(BANNED_POLL_INTERVAL_MS);
    expect(paths()).toEqual(['POST /api/user/7', 'GET /api/user/7']);
    // Five minutes on, 3300 s are left: no refresh. A malformed token is refreshed at the next check.
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS - BANNED_POLL_INTERVAL_MS);
    expect(paths().filter((p) => p.includes('refresh'))).toEqual([]);
    localStorage.setItem('authToken', 'malformed');
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    expect(paths().filter((p) => p.includes('refresh'))).toEqual(['POST /api/auth/refresh-token']);
    stop();
  });
});
