// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { DEFAULT_SUBTITLE_SETTINGS, PLAYER_MESSAGE_SOURCE, type SubtitleSettings } from '@bosphorus/contract';
import { mockFetch } from '../../../test/fetch';
import { BACKUP, MAIN, signInSubscriber, SUBSCRIBER } from '../test/test-utils';
import { PROGRESS_SAVE_INTERVAL_MS, usePlayerBridge, type PlayerBridgeOptions } from './use-player-bridge';

type Post = ReturnType<typeof vi.fn>;
let frameWindow: { postMessage: Post };
let fetchMock: ReturnType<typeof mockFetch>;
let bridge: ReturnType<typeof usePlayerBridge>;

function Harness(props: Partial<PlayerBridgeOptions>) {
  // happy-dom loads no frames: a stand-in for the iframe and its window.
  const frameRef = useRef({ contentWindow: frameWindow } as unknown as HTMLIFrameElement);
  bridge = usePlayerBridge({
    frameRef,
    allowedOrigins: [MAIN, BACKUP],
    videoType: 'episode',
    videoId: 102,
    userId: SUBSCRIBER.user_id,
    resumeSeconds: 1421,
    subtitleSettings: DEFAULT_SUBTITLE_SETTINGS,
    renewToken: async () => ({ token: 'v1.k1.bmV3.c2ln', expiresAt: '2999-01-01T04:00:00.000Z' }),
    ...props,
  });
  return null;
}

function fromPlayer(data: Record<string, unknown>, { origin = MAIN, source = frameWindow as unknown } = {}) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        source: source as Window,
        data: { source: PLAYER_MESSAGE_SOURCE, ...data },
      }),
    );
  });
}

const saves = () => fetchMock.calls.filter((c) => c.path === '/user/7/progress');
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  localStorage.clear();
  signInSubscriber();
  frameWindow = { postMessage: vi.fn() };
  fetchMock = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePlayerBridge: who may speak', () => {
  it('ignores messages from another origin, another window, or without our source tag', async () => {
    render(<Harness />);
    fromPlayer({ type: 'ready' }, { origin: 'https://evil.example' });
    fromPlayer({ type: 'ready' }, { source: window });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: MAIN,
          source: frameWindow as unknown as Window,
          data: { type: 'ready' },
        }),
      );
    });
    fromPlayer({ type: 'progress', position: 'ten', duration: 100, at: 1 });
    fromPlayer({ type: 'token-needed' }, { origin: 'https://evil.example' });
    await flush();
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('accepts the backup origin too and answers to the origin that spoke', () => {
    render(<Harness />);
    fromPlayer({ type: 'ready' }, { origin: BACKUP });
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(1);
    expect(frameWindow.postMessage.mock.calls[0]![1]).toBe(BACKUP);
  });
});

describe('usePlayerBridge: init', () => {
  it("answers 'ready' with the saved position to offer and the account's subtitle look", () => {
    const look: SubtitleSettings = { size: 'large', color: 'yellow', background: 'box', dual: true };
    render(<Harness subtitleSettings={look} />);
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      { source: PLAYER_MESSAGE_SOURCE, type: 'init', resumeSeconds: 1421, subtitleSettings: look },
      MAIN,
    );
  });

  it('starts a later frame (reload, server switch) where this page was, without asking', async () => {
    render(<Harness />);
    fromPlayer({ type: 'ready' });
    fromPlayer({ type: 'progress', position: 600.7, duration: 2700, at: Date.now() });
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage.mock.calls[1]![0]).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'init',
      resumeSeconds: 0,
      subtitleSettings: DEFAULT_SUBTITLE_SETTINGS,
      startAt: 600,
    });
    expect(bridge.getPosition()).toBe(600.7);
    await flush();
  });

  it('plays a frame rebuilt in the first second on from 0, without the resume question', async () => {
    render(<Harness />);
    fromPlayer({ type: 'ready' });
    // The player reports 'playing' at once, before a whole second has passed.
    fromPlayer({ type: 'progress', position: 0, duration: 12, at: Date.now() });
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage.mock.calls[1]![0]).toMatchObject({ type: 'init', resumeSeconds: 0, startAt: 0 });
    await flush();
  });

  it("starts the first frame at a link's ?t= position, without the resume question (issue 17)", () => {
    render(<Harness resumeSeconds={1421} startAt={125} />);
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage.mock.calls[0]![0]).toMatchObject({ type: 'init', resumeSeconds: 0, startAt: 125 });
  });

  it("keeps the frame's answer to 'pause' as the position a report carries, without saving it", async () => {
    render(<Harness />);
    expect(bridge.getPosition()).toBe(0);
    fromPlayer({ type: 'position', position: 17.04 });
    expect(bridge.getPosition()).toBe(17.04);
    fromPlayer({ type: 'position', position: -3 });
    fromPlayer({ type: 'position', position: 'x' });
    expect(bridge.getPosition()).toBe(17.04);
    await flush();
    expect(saves()).toHaveLength(0);
    // Not a play: a new frame still asks where to start.
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage.mock.calls[0]![0]).not.toHaveProperty('startAt');
  });

  it('after a failover, marks the backup and starts the next frame at that position', () => {
    const onFailover = vi.fn();
    render(<Harness onFailover={onFailover} />);
    fromPlayer({ type: 'failover', position: 321 });
    expect(onFailover).toHaveBeenCalledWith(321);
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage.mock.calls[0]![0]).toMatchObject({ type: 'init', startAt: 321 });
  });
});

describe('usePlayerBridge: token renewal', () => {
  it("fetches the watch answer again on 'token-needed' and posts the fresh token, once for a burst", async () => {
    let resolve!: (v: { token: string; expiresAt: string }) => void;
    const renewToken = vi.fn(() => new Promise<{ token: string; expiresAt: string }>((r) => (resolve = r)));
    render(<Harness renewToken={renewToken} />);
    fromPlayer({ type: 'token-needed' });
    fromPlayer({ type: 'token-needed' });
    expect(renewToken).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ token: 'v1.k1.ZnJlc2g.c2ln', expiresAt: '2026-05-01T14:00:00.000Z' }));
    // The reply follows the renewal's promise chain (finally, then).
    await flush();
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      {
        source: PLAYER_MESSAGE_SOURCE,
        type: 'token',
        token: 'v1.k1.ZnJlc2g.c2ln',
        expiresAt: '2026-05-01T14:00:00.000Z',
      },
      MAIN,
    );
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(2);
  });

  it('treats a refused token (error 403) as a renewal, and reports other errors', async () => {
    const renewToken = vi.fn(async () => ({ token: 't.k.p.s', expiresAt: '2026-05-01T14:00:00.000Z' }));
    const onError = vi.fn();
    render(<Harness renewToken={renewToken} onError={onError} />);
    fromPlayer({ type: 'error', message: 'refused', status: 403 });
    await flush();
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    fromPlayer({ type: 'error', message: 'The video server could not be reached.' });
    expect(onError).toHaveBeenCalledWith('The video server could not be reached.');
    expect(renewToken).toHaveBeenCalledTimes(1);
  });

  it('posts nothing when the renewal fails (the page handles the answer)', async () => {
    render(<Harness renewToken={() => Promise.reject(new Error('403'))} />);
    fromPlayer({ type: 'token-needed' });
    await flush();
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
  });
});

describe('usePlayerBridge: progress', () => {
  it('saves at most every 10 s, and the last position at the end of the interval', async () => {
    render(<Harness />);
    const t0 = Date.now();
    fromPlayer({ type: 'progress', position: 10, duration: 2700, at: t0 });
    await flush();
    expect(saves()).toHaveLength(1);
    expect(Object.fromEntries(saves()[0]!.form)).toEqual({
      video_type: 'episode',
      video_id: '102',
      position_seconds: '10',
      duration_seconds: '2700',
      client_time: String(t0),
    });
    expect(saves()[0]!.method).toBe('POST');

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fromPlayer({ type: 'progress', position: 12, duration: 2700, at: Date.now() });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fromPlayer({ type: 'progress', position: 14.9, duration: 2700, at: Date.now() });
    await flush();
    expect(saves()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_SAVE_INTERVAL_MS - 4_000));
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.form.get('position_seconds')).toBe('14');

    // Nothing new: nothing sent.
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_SAVE_INTERVAL_MS * 2));
    expect(saves()).toHaveLength(2);
  });

  it("keeps nothing before the player knows the duration, and saves at once on 'ended'", async () => {
    render(<Harness />);
    fromPlayer({ type: 'progress', position: 0, duration: 0, at: Date.now() });
    await flush();
    expect(saves()).toHaveLength(0);
    fromPlayer({ type: 'progress', position: 2690, duration: 2700, at: Date.now() });
    await flush();
    fromPlayer({ type: 'ended' });
    await flush();
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.form.get('position_seconds')).toBe('2700');
  });

  it('saves the unsaved position with keepalive when the page goes away', async () => {
    const { unmount } = render(<Harness />);
    fromPlayer({ type: 'progress', position: 100, duration: 2700, at: Date.now() });
    fromPlayer({ type: 'progress', position: 103, duration: 2700, at: Date.now() });
    await flush();
    expect(saves()).toHaveLength(1);
    unmount();
    await flush();
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.form.get('position_seconds')).toBe('103');
    expect(saves()[1]!.init?.keepalive).toBe(true);
  });

  it('saves with keepalive when the tab is hidden (pagehide)', async () => {
    render(<Harness />);
    fromPlayer({ type: 'progress', position: 100, duration: 2700, at: Date.now() });
    fromPlayer({ type: 'progress', position: 104, duration: 2700, at: Date.now() });
    await flush();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await flush();
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.init?.keepalive).toBe(true);
  });
});

describe('usePlayerBridge: subtitle settings', () => {
  it('saves a new look for the account and tells the page', async () => {
    const onSettings = vi.fn();
    render(<Harness onSettings={onSettings} />);
    const look = { size: 'x-large', color: 'cyan', background: 'none', dual: true };
    fromPlayer({ type: 'settings', settings: look });
    await flush();
    expect(onSettings).toHaveBeenCalledWith(look);
    const call = fetchMock.calls.find((c) => c.path === '/user/7/subtitle-settings');
    expect(call?.method).toBe('POST');
    expect(Object.fromEntries(call!.form)).toEqual({
      size: 'x-large',
      color: 'cyan',
      background: 'none',
      dual: 'true',
    });
  });

  it('ignores a look outside the contract', async () => {
    const onSettings = vi.fn();
    render(<Harness onSettings={onSettings} />);
    fromPlayer({ type: 'settings', settings: { size: 'huge', color: 'red', background: 'none', dual: false } });
    await flush();
    expect(onSettings).not.toHaveBeenCalled();
    expect(fetchMock.calls).toHaveLength(0);
  });
});

describe('usePlayerBridge: the remote across the frame', () => {
  it("hands 'focus-exit' with its direction and 'back' to the page, from our frame only", () => {
    const onFocusExit = vi.fn();
    const onBack = vi.fn();
    render(<Harness onFocusExit={onFocusExit} onBack={onBack} />);
    fromPlayer({ type: 'focus-exit', direction: 'down' });
    fromPlayer({ type: 'back' });
    expect(onFocusExit).toHaveBeenCalledWith('down');
    expect(onBack).toHaveBeenCalledTimes(1);
    // Another origin, another window, or a direction we do not know: nothing.
    fromPlayer({ type: 'back' }, { origin: 'https://evil.example' });
    fromPlayer({ type: 'back' }, { source: { postMessage: vi.fn() } });
    fromPlayer({ type: 'focus-exit', direction: 'sideways' });
    fromPlayer({ type: 'focus-exit' });
    expect(onFocusExit).toHaveBeenCalledTimes(1);
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('usePlayerBridge: the next episode (decision 0072)', () => {
  it("answers 'ended' with the card's content when an episode follows, and nothing at the last", () => {
    const offer = { label: 'Next season', title: 'Season 2 · Episode 1: The Return', ask: false };
    render(<Harness onEnded={() => offer} />);
    fromPlayer({ type: 'ended' });
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      { source: PLAYER_MESSAGE_SOURCE, type: 'up-next', ...offer },
      MAIN,
    );
    cleanup();
    frameWindow.postMessage.mockClear();
    render(<Harness onEnded={() => null} />);
    fromPlayer({ type: 'ended' });
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
  });

  it("hands 'next' (auto or chosen) and 'activity' to the page; a 'next' without auto is ignored", () => {
    const onNext = vi.fn();
    const onActivity = vi.fn();
    render(<Harness onNext={onNext} onActivity={onActivity} />);
    fromPlayer({ type: 'next', auto: true });
    fromPlayer({ type: 'next', auto: false });
    fromPlayer({ type: 'next' });
    fromPlayer({ type: 'next', auto: 'yes' });
    fromPlayer({ type: 'activity' });
    fromPlayer({ type: 'next', auto: true }, { origin: 'https://evil.example' });
    expect(onNext.mock.calls).toEqual([[true], [false]]);
    expect(onActivity).toHaveBeenCalledTimes(1);
  });

  it('starts the frame of an episode opened from the card at once, at its resume position', () => {
    render(<Harness autoplay />);
    fromPlayer({ type: 'ready' });
    expect(frameWindow.postMessage.mock.calls[0]![0]).toMatchObject({ type: 'init', startAt: 1421, resumeSeconds: 0 });
  });

  it("answers a frame that says 'ready' in the commit that adds it, with that commit's options (decision 0105)", () => {
    // A player page that carries its info says 'ready' as its script runs,
    // which can be before this page's effects: here, in a layout effect of
    // the commit that made the frame (the next episode, autoplaying).
    function EarlyFrame(props: Partial<PlayerBridgeOptions>) {
      Harness(props);
      useLayoutEffect(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: MAIN,
            source: frameWindow as unknown as Window,
            data: { source: PLAYER_MESSAGE_SOURCE, type: 'ready' },
          }),
        );
      }, [props.videoId]);
      return null;
    }
    const { rerender } = render(<EarlyFrame videoId={102} />);
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(1);
    expect(frameWindow.postMessage.mock.calls[0]![0]).toMatchObject({ type: 'init', resumeSeconds: 1421 });
    rerender(<EarlyFrame videoId={103} autoplay resumeSeconds={0} />);
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(2);
    expect(frameWindow.postMessage.mock.calls[1]![0]).toMatchObject({ type: 'init', startAt: 0, resumeSeconds: 0 });
  });
});
