// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BILLING_ERRORS,
  MESSAGES,
  PLAYER_MESSAGE_SOURCE,
  PLAYER_MESSAGES,
  RELOAD_PLAYER_DELAY_MS,
} from '@bosphorus/contract';
import { mockFetch, type Answer } from '../../../test/fetch';
import {
  BACKUP,
  MAIN,
  SEASON_FINAL,
  SEASON_START,
  TOKEN,
  renderWatchRoute,
  signInSubscriber,
  watchEpisode,
} from '../test/test-utils';
import { EpisodeWatchPage } from './episode-watch-page';
import { PLAYER_FRAME_ALLOW } from './player-stage';

let answer: Answer;
let tokenAnswer: Answer;
let fetchMock: ReturnType<typeof mockFetch>;

function renderEpisode(id = 102) {
  return renderWatchRoute(`/watchEpisodes/${id}`, '/watchEpisodes/:id', <EpisodeWatchPage />);
}
const frame = () => document.querySelector('iframe');
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  signInSubscriber();
  answer = { status: 200, body: { body: { episode: watchEpisode(), canPlay: true } } };
  tokenAnswer = { status: 500, body: { error: 'not expected' } };
  fetchMock = mockFetch((call) =>
    call.path === '/episodes'
      ? answer
      : call.path === '/playback-token'
        ? tokenAnswer
        : { status: 200, body: { message: 'ok' } },
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EpisodeWatchPage (spec §2 Episode player)', () => {
  it('asks for the episode with a cache-buster and shows series, season and episode titles', async () => {
    renderEpisode();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bölüm 2' })).toBeTruthy();
    expect(screen.getByText('Episode 2', { selector: 'p' })).toBeTruthy();
    const call = fetchMock.calls.find((c) => c.path === '/episodes')!;
    expect(call.url.searchParams.get('episodeId')).toBe('102');
    expect(Number(call.url.searchParams.get('cb'))).toBeGreaterThan(0);
    expect(call.url.searchParams.get('user_id')).toBe('7');
    expect(screen.getByRole('link', { name: 'Diriliş: Ertuğrul' }).getAttribute('href')).toBe('/seriesdetail/5');
    expect(screen.getAllByText('Season 1').length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.seasonFinale, { selector: 'p' })).toBeNull();
    expect(document.title).toContain('Diriliş: Ertuğrul · Season 1 · Episode 2');
  });

  it('frames the player at {episode_link}?token&cb&user_id&video_id&video_type=episode', async () => {
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    const iframe = frame()!;
    const src = iframe.getAttribute('src')!;
    expect(src).toMatch(
      new RegExp(
        `^${MAIN}/player\\?token=${TOKEN.replace(/\./g, '\\.')}&cb=\\d+&user_id=7&video_id=102&video_type=episode$`,
      ),
    );
    expect(iframe.getAttribute('allow')).toBe(PLAYER_FRAME_ALLOW);
    // Full screen is allowed through `allow` (no allowfullscreen beside it: Chromium warns, issue 15).
    expect(PLAYER_FRAME_ALLOW.split('; ')).toContain('fullscreen');
    expect(iframe.hasAttribute('allowfullscreen')).toBe(false);
    expect(iframe.getAttribute('title')).toContain('video player');
  });

  it("shows the 'Season Finale' badge and 'Next season' at a season final", async () => {
    answer = { status: 200, body: { body: { episode: SEASON_FINAL(), canPlay: true } } };
    renderEpisode(103);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(MESSAGES.seasonFinale, { selector: 'p' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Episodes before and after' });
    expect(
      within(steps)
        .getByRole('link', { name: /^Previous episode/ })
        .getAttribute('href'),
    ).toBe('/watchEpisodes/102');
    expect(
      within(steps)
        .getByRole('link', { name: /^Next season/ })
        .getAttribute('href'),
    ).toBe('/watchEpisodes/201');
    expect(within(steps).queryByRole('link', { name: /^Next episode/ })).toBeNull();
  });

  it("says 'Previous season' at the first episode of a season", async () => {
    answer = { status: 200, body: { body: { episode: SEASON_START(), canPlay: true } } };
    renderEpisode(201);
    await screen.findByRole('heading', { level: 1 });
    const steps = screen.getByRole('navigation', { name: 'Episodes before and after' });
    expect(
      within(steps)
        .getByRole('link', { name: /^Previous season/ })
        .getAttribute('href'),
    ).toBe('/watchEpisodes/103');
    expect(
      within(steps)
        .getByRole('link', { name: /^Next episode/ })
        .getAttribute('href'),
    ).toBe('/watchEpisodes/202');
  });

  it('keeps a disabled button where there is no previous episode', async () => {
    answer = {
      status: 200,
      body: {
        body: { episode: watchEpisode({ previous_episode: null, is_first_episode_of_season: true }), canPlay: true },
      },
    };
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    const previous = screen.getByRole('button', { name: /^Previous season/ }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
  });

  it('lists the episodes by season, marks the one playing, and links each to its player', async () => {
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    const list = screen.getByRole('region', { name: 'Episodes' });
    const tab1 = within(list).getByRole('tab', { name: 'Season 1' });
    expect(tab1.getAttribute('aria-selected')).toBe('true');
    const current = within(list).getByRole('link', { current: 'page' });
    expect(current.getAttribute('href')).toBe('/watchEpisodes/102');
    expect(current.textContent).toContain('Now playing');
    expect(within(list).getByRole('link', { name: /Episode 3/ }).textContent).toContain(MESSAGES.seasonFinale);
    fireEvent.click(within(list).getByRole('tab', { name: 'Season 2' }));
    expect(
      within(list)
        .getByRole('link', { name: /Episode 1/ })
        .getAttribute('href'),
    ).toBe('/watchEpisodes/201');
    expect(within(list).queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('switches to the backup server: the frame is rebuilt on backup_link and Backup is pressed', async () => {
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const main = screen.getByRole('button', { name: PLAYER_MESSAGES.mainServer });
    const backup = screen.getByRole('button', { name: PLAYER_MESSAGES.backupServer });
    expect(main.getAttribute('aria-pressed')).toBe('true');
    expect(backup.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(backup);
    expect(frame()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_PLAYER_DELAY_MS));
    expect(frame()!.getAttribute('src')!.startsWith(`${BACKUP}/player?token=`)).toBe(true);
    expect(backup.getAttribute('aria-pressed')).toBe('true');
    expect(main.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(main);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_PLAYER_DELAY_MS));
    expect(frame()!.getAttribute('src')!.startsWith(`${MAIN}/player?token=`)).toBe(true);
  });

  it('Reload Player hides the frame and builds a new one after 100 ms', async () => {
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = frame()!;
    fireEvent.click(screen.getByRole('button', { name: PLAYER_MESSAGES.reloadPlayer }));
    expect(frame()).toBeNull();
    expect(screen.getByText('Loading the player…').closest('[role="status"]')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_PLAYER_DELAY_MS - 1));
    expect(frame()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const after = frame()!;
    expect(after).not.toBe(before);
    expect(after.getAttribute('src')!.startsWith(`${MAIN}/player?token=${TOKEN}&cb=`)).toBe(true);
  });

  it('renews the token for the player without rebuilding the frame, and marks Backup after a failover', async () => {
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    const iframe = frame()!;
    const src = iframe.getAttribute('src');
    const player = { postMessage: vi.fn() };
    Object.defineProperty(iframe, 'contentWindow', { value: player, configurable: true });
    const say = (data: Record<string, unknown>) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: MAIN,
            source: player as unknown as Window,
            data: { source: PLAYER_MESSAGE_SOURCE, ...data },
          }),
        );
      });

    tokenAnswer = {
      status: 200,
      body: { body: { playback_token: 'v1.k1.bmV3.c2ln', playback_expires_at: '2999-02-01T00:00:00.000Z' } },
    };
    say({ type: 'token-needed' });
    await waitFor(() =>
      expect(player.postMessage).toHaveBeenCalledWith(
        {
          source: PLAYER_MESSAGE_SOURCE,
          type: 'token',
          token: 'v1.k1.bmV3.c2ln',
          expiresAt: '2999-02-01T00:00:00.000Z',
        },
        MAIN,
      ),
    );
    // The token alone (decision 0043): the episode answer, with every season, is not asked again.
    const renewals = fetchMock.calls.filter((c) => c.path === '/playback-token');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.url.searchParams.get('video_type')).toBe('episode');
    expect(renewals[0]!.url.searchParams.get('video_id')).toBe('102');
    expect(fetchMock.calls.filter((c) => c.path === '/episodes')).toHaveLength(1);
    expect(frame()).toBe(iframe);
    expect(iframe.getAttribute('src')).toBe(src);

    say({ type: 'failover', position: 42 });
    expect(screen.getByRole('button', { name: PLAYER_MESSAGES.backupServer }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(frame()).toBe(iframe);

    // Reload now uses the backup and the renewed token, and starts at the position.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: PLAYER_MESSAGES.reloadPlayer }));
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_PLAYER_DELAY_MS));
    expect(frame()!.getAttribute('src')!.startsWith(`${BACKUP}/player?token=v1.k1.bmV3.c2ln&cb=`)).toBe(true);
  });

  it('renews a spent token before it rebuilds the frame', async () => {
    answer = {
      status: 200,
      body: { body: { episode: watchEpisode({ playback_expires_at: '2020-01-01T00:00:00.000Z' }), canPlay: true } },
    };
    renderEpisode();
    await screen.findByRole('heading', { level: 1 });
    tokenAnswer = {
      status: 200,
      body: { body: { playback_token: 'v1.k1.bmV3.c2ln', playback_expires_at: '2999-02-01T00:00:00.000Z' } },
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: PLAYER_MESSAGES.reloadPlayer }));
    for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(RELOAD_PLAYER_DELAY_MS));
    expect(fetchMock.calls.filter((c) => c.path === '/playback-token')).toHaveLength(1);
    expect(fetchMock.calls.filter((c) => c.path === '/episodes')).toHaveLength(1);
    expect(frame()!.getAttribute('src')!.startsWith(`${MAIN}/player?token=v1.k1.bmV3.c2ln&cb=`)).toBe(true);
  });

  it('sends a user without a plan (403) to /choosepayment with the server message and the way back', async () => {
    answer = { status: 403, body: { error: BILLING_ERRORS.notSubscribed } };
    renderEpisode();
    await waitFor(() => expect(location()).toBe('/choosepayment?next=%2FwatchEpisodes%2F102'));
    expect(screen.getByTestId('choosepayment').textContent).toBe(BILLING_ERRORS.notSubscribed);
  });

  it("prefers the server's message, and says 'Failed to report' when there is no text", async () => {
    answer = { status: 403, body: { message: 'Your plan ended on 1 May.', error: 'Forbidden' } };
    renderEpisode();
    await waitFor(() => expect(screen.getByTestId('choosepayment').textContent).toBe('Your plan ended on 1 May.'));
    cleanup();
    answer = { status: 403, body: {} };
    renderEpisode();
    await waitFor(() => expect(screen.getByTestId('choosepayment').textContent).toBe(PLAYER_MESSAGES.failedToReport));
  });

  it('sends canPlay false to /choosepayment too', async () => {
    answer = { status: 200, body: { body: { episode: watchEpisode(), canPlay: false } } };
    renderEpisode();
    await waitFor(() => expect(location()).toBe('/choosepayment?next=%2FwatchEpisodes%2F102'));
    expect(frame()).toBeNull();
  });

  it('says so for an unknown episode (404) and for a malformed id, without a frame', async () => {
    answer = { status: 404, body: { error: 'Episode not found' } };
    renderEpisode(999);
    expect(await screen.findByRole('heading', { name: 'Episode not found' })).toBeTruthy();
    expect(frame()).toBeNull();
    cleanup();
    fetchMock.calls.length = 0;
    renderWatchRoute('/watchEpisodes/abc', '/watchEpisodes/:id', <EpisodeWatchPage />);
    expect(screen.getByRole('heading', { name: 'Episode not found' })).toBeTruthy();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('offers to try again when the answer fails for another reason', async () => {
    answer = { status: 500, body: { error: 'boom' } };
    renderEpisode();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
