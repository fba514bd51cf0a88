// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@bosphorus/contract';
import { api, ApiError, NetworkError } from './api';
import { onSessionEvent, type SessionEvent } from './auth-store';

type Handler = (req: { url: URL; method: string; headers: Record<string, string>; body: string }) => {
  status: number;
  body?: unknown;
  raw?: string;
};
let handler: Handler;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const body = typeof init?.body === 'string' ? init.body : '';
  const { status, body: answer, raw } = handler({ url, method: init?.method ?? 'GET', headers, body });
  return new Response(raw ?? JSON.stringify(answer ?? {}), { status, headers: { 'content-type': 'application/json' } });
});

const USER = { user_id: 7, user_name: 'Ayşe', user_email: 'a@b.c', user_status: '1' };
let events: SessionEvent[] = [];
let off: () => void;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  events = [];
  off = onSessionEvent((e) => events.push(e));
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
});

const calls = () =>
  fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return { path: url.pathname, url, init: init! };
  });

describe('api client: request hook and headers (spec §7)', () => {
  it('adds user_id when a user is stored and none is given, and the Bearer token', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('authToken', 'tok-1');
    handler = () => ({ status: 200, body: { body: { ok: true } } });
    await expect(api.get('/home')).resolves.toEqual({ ok: true });
    await api.get('/series', { user_id: 99 });
    await api.post('/user/7', {}, undefined, { query: { uid: '7' } });
    const [first, second, third] = calls();
    expect(first!.url.searchParams.get('user_id')).toBe('7');
    expect((first!.init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(first!.init.credentials).toBe('same-origin');
    // Not no-referrer: old TV engines would send `Origin: null` and the sign-in would be refused.
    expect(first!.init.referrerPolicy).toBe('strict-origin');
    expect(second!.url.searchParams.get('user_id')).toBe('99');
    expect(Object.fromEntries(third!.url.searchParams)).toEqual({ uid: '7', user_id: '7' });
  });

  it('sends no user_id and no Authorization for a visitor', async () => {
    handler = () => ({ status: 200, body: { body: [] } });
    await api.get('/home');
    const [call] = calls();
    expect(call!.url.search).toBe('');
    expect((call!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('sends multipart bodies and DELETE with a form', async () => {
    handler = () => ({ status: 200, body: { message: 'ok' } });
    const form = new FormData();
    form.set('user_name', 'x');
    await api.postMultipart('/auth/update-profile', form);
    await api.del('/fcm', { device_id: 'd1' });
    const [multi, del] = calls();
    expect(multi!.init.body).toBe(form);
    expect((multi!.init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect(del!.init.method).toBe('DELETE');
    expect(del!.init.body).toBe('device_id=d1');
  });

  it("reports an unparsable success as 'Invalid response format' and no answer as a NetworkError", async () => {
    handler = () => ({ status: 200, raw: '<html>' });
    await expect(api.get('/home')).rejects.toMatchObject({ message: AUTH_MESSAGES.invalidResponseFormat });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/home')).rejects.toBeInstanceOf(NetworkError);
  });

  it('carries status, field and the server text on errors', async () => {
    handler = () => ({ status: 400, body: { error: 'is required', field: 'email' } });
    const err = (await api.post('/auth/token', {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.field).toBe('email');
    expect(err.serverMessage).toBe('is required');
  });
});

describe('api client: 401 → one refresh (spec §4)', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('authToken', 'old');
  });

  it('refreshes once for concurrent 401s; every request retries with the new token', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    handler = ({ url, headers }) => {
      if (url.pathname === '/api/auth/refresh-token') return { status: 200, body: { body: { token: 'new' } } };
      return headers.authorization === 'Bearer new'
        ? { status: 200, body: { body: url.pathname } }
        : { status: 401, body: { error: 'Please sign in again.' } };
    };
    // Hold the refresh until all three requests have failed once.
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('refresh-token')) await gate;
      return original(input, init);
    });
    const results = Promise.all([api.get('/user/7/wishlist'), api.get('/user/7/history'), api.get('/user/7')]);
    await vi.waitFor(() => expect(calls().filter((c) => c.path !== '/api/auth/refresh-token')).toHaveLength(3));
    release();
    await expect(results).resolves.toEqual(['/api/user/7/wishlist', '/api/user/7/history', '/api/user/7']);
    fetchMock.mockImplementation(original);

    const refreshes = calls().filter((c) => c.path === '/api/auth/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.init.body).toBe('user_id=7');
    expect(localStorage.getItem('authToken')).toBe('new');
    expect(document.cookie).toContain('authToken=new');
    expect(events).toEqual([]);
  });

  it('takes the token another tab refreshed while this one waited for the lock, without refreshing again', async () => {
    const names: string[] = [];
    // Another tab holds the lock, refreshes, stores its token, then releases.
    const locks = {
      request: async (name: string, cb: () => Promise<unknown>) => {
        names.push(name);
        localStorage.setItem('authToken', 'from-other-tab');
        return cb();
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    handler = ({ url, headers }) => {
      if (url.pathname === '/api/auth/refresh-token') return { status: 200, body: { body: { token: 'mine' } } };
      return headers.authorization === 'Bearer from-other-tab'
        ? { status: 200, body: { body: 'ok' } }
        : { status: 401, body: { error: 'Please sign in again.' } };
    };
    await expect(api.get('/user/7')).resolves.toBe('ok');
    expect(names).toEqual(['bosphorus-token-refresh']);
    expect(calls().map((c) => c.path)).toEqual(['/api/user/7', '/api/user/7']);
  });

  it('refreshes under the lock when no other tab did', async () => {
    const locks = { request: async (_name: string, cb: () => Promise<unknown>) => cb() };
    vi.stubGlobal('navigator', { ...navigator, locks });
    handler = ({ url, headers }) => {
      if (url.pathname === '/api/auth/refresh-token') return { status: 200, body: { body: { token: 'mine' } } };
      return headers.authorization === 'Bearer mine'
        ? { status: 200, body: { body: 'ok' } }
        : { status: 401, body: {} };
    };
    await expect(api.get('/user/7')).resolves.toBe('ok');
    expect(calls().map((c) => c.path)).toEqual(['/api/user/7', '/api/auth/refresh-token', '/api/user/7']);
  });

  it('never refreshes for the auth calls themselves', async () => {
    handler = () => ({ status: 401, body: { error: AUTH_MESSAGES.invalidPasswordServer } });
    await expect(api.post('/auth/token', { email: 'a', inputPassword: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(calls().map((c) => c.path)).toEqual(['/api/auth/token']);
  });

  it('logs out to /signin when the refresh fails', async () => {
    handler = ({ url }) =>
      url.pathname === '/api/auth/refresh-token'
        ? { status: 401, body: { error: 'A refresh credential is required.' } }
        : { status: 401, body: { error: 'Please sign in again.' } };
    await expect(api.get('/user/7/wishlist')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(events).toEqual([{ type: 'ended', message: AUTH_MESSAGES.notAuthenticated, redirect: '/signin' }]);
  });

  it("logs out with 'Failed to get token' when the refresh answer has no token", async () => {
    handler = ({ url }) =>
      url.pathname === '/api/auth/refresh-token'
        ? { status: 200, body: { body: {} } }
        : { status: 401, body: { error: 'x' } };
    await expect(api.get('/user/7')).rejects.toMatchObject({ message: AUTH_MESSAGES.failedToGetToken });
    expect(events[0]).toMatchObject({ type: 'ended', message: AUTH_MESSAGES.failedToGetToken });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("logs out with 'Invalid response format' when the refresh answer does not parse", async () => {
    handler = ({ url }) =>
      url.pathname === '/api/auth/refresh-token' ? { status: 200, raw: 'nope' } : { status: 401, body: {} };
    await expect(api.get('/user/7')).rejects.toMatchObject({ message: AUTH_MESSAGES.invalidResponseFormat });
    expect(events[0]).toMatchObject({ message: AUTH_MESSAGES.invalidResponseFormat });
  });

  it('logs out without a refresh call when no user is stored', async () => {
    localStorage.removeItem('user');
    handler = () => ({ status: 401, body: { error: 'x' } });
    await expect(api.get('/user/7')).rejects.toBeInstanceOf(ApiError);
    expect(calls().map((c) => c.path)).toEqual(['/api/user/7']);
    expect(events[0]).toMatchObject({ type: 'ended', redirect: '/signin' });
  });
});

describe('api client: banned and lost accounts (spec §8)', () => {
  it("ends a stored session on any answer with is_banned '1'", async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('anything', 'x');
    handler = () => ({ status: 403, body: { error: AUTH_MESSAGES.banned, is_banned: '1' } });
    const err = (await api.get('/user/7/wishlist').catch((e: unknown) => e)) as ApiError;
    expect(err.banned).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(events).toEqual([{ type: 'ended', message: AUTH_MESSAGES.banned, redirect: '/signin' }]);
  });

  it('leaves a banned sign-in answer to the page when nobody is signed in', async () => {
    handler = () => ({ status: 403, body: { error: AUTH_MESSAGES.banned, is_banned: '1' } });
    await expect(api.post('/auth/token', {})).rejects.toMatchObject({ banned: true });
    expect(events).toEqual([]);
  });

  it('clears the user on 404/500 under /user/ with the account-not-found text', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    handler = () => ({ status: 404, body: { error: 'Not found' } });
    await expect(api.get('/user/7/history')).rejects.toMatchObject({ message: AUTH_MESSAGES.userAccountNotFound });
    expect(localStorage.getItem('user')).toBeNull();
    expect(events[0]).toMatchObject({ message: AUTH_MESSAGES.userAccountNotFound });
  });
});
