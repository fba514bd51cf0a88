// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APP_VERSION, ISSUE_REPORT_FIELDS, PLAYER_MESSAGES } from '@bosphorus/contract';
import { clearToasts } from '../../../components/ui/toast';
import { mockFetch, type Answer } from '../../../test/fetch';
import { TOKEN, renderWatchRoute, signInSubscriber, watchEpisode } from '../test/test-utils';
import { EpisodeWatchPage } from './episode-watch-page';
import { REPORT_DIALOG_TITLE, REPORT_NOTE_LABEL, REPORT_NOTE_REQUIRED, REPORT_SEND } from './report-dialog';

let reportAnswer: () => Promise<Answer>;
let fetchMock: ReturnType<typeof mockFetch>;
const reports = () => fetchMock.calls.filter((c) => c.path === '/report');

async function openReport() {
  renderWatchRoute('/watchEpisodes/102', '/watchEpisodes/:id', <EpisodeWatchPage />);
  fireEvent.click(await screen.findByRole('button', { name: PLAYER_MESSAGES.report }));
  return screen.getByRole('dialog', { name: REPORT_DIALOG_TITLE });
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signInSubscriber('access.token.jwt');
  reportAnswer = async () => ({ status: 200, body: { message: PLAYER_MESSAGES.reportSent } });
  fetchMock = mockFetch((call) => {
    if (call.path === '/episodes') return { status: 200, body: { body: { episode: watchEpisode(), canPlay: true } } };
    if (call.path === '/report') return reportAnswer();
    return { status: 200, body: { message: 'ok' } };
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportDialog (spec §2, §3 Issue report, §5, §8)', () => {
  it('pauses the video in the frame while it is open (issue 15)', async () => {
    renderWatchRoute('/watchEpisodes/102', '/watchEpisodes/:id', <EpisodeWatchPage />);
    const report = await screen.findByRole('button', { name: PLAYER_MESSAGES.report });
    const frame = await waitFor(() => {
      const found = document.querySelector('iframe');
      if (!found?.src) throw new Error('no player frame yet');
      return found;
    });
    // happy-dom loads no frame: a stand-in for the player page's window.
    const posted = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { configurable: true, value: { postMessage: posted } });
    fireEvent.click(report);
    expect(screen.getByRole('dialog', { name: REPORT_DIALOG_TITLE })).toBeTruthy();
    expect(posted).toHaveBeenCalledWith({ source: 'bosphorus-player', type: 'pause' }, new URL(frame.src).origin);
  });

  it('opens as a dialog with the note field focused', async () => {
    const dialog = await openReport();
    const note = within(dialog).getByLabelText(REPORT_NOTE_LABEL);
    expect(document.activeElement).toBe(note);
    expect(dialog.className).toContain('report-dialog');
  });

  it('requires the note: an empty one shows an inline error and sends nothing', async () => {
    const dialog = await openReport();
    fireEvent.input(within(dialog).getByLabelText(REPORT_NOTE_LABEL), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_SEND }));
    expect(within(dialog).getByRole('alert').textContent).toBe(REPORT_NOTE_REQUIRED);
    expect(within(dialog).getByLabelText(REPORT_NOTE_LABEL).getAttribute('aria-invalid')).toBe('true');
    await new Promise((r) => setTimeout(r, 20));
    expect(reports()).toHaveLength(0);
  });

  it('sends every §3 field, never the playback token, and says it was sent', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    reportAnswer = async () => {
      await gate;
      return { status: 200, body: { message: PLAYER_MESSAGES.reportSent } };
    };
    const dialog = await openReport();
    fireEvent.input(within(dialog).getByLabelText(REPORT_NOTE_LABEL), {
      target: { value: 'Subtitles are two seconds late.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_SEND }));

    const sending = await within(dialog).findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(reports()).toHaveLength(1));
    const [call] = reports();
    expect(call!.method).toBe('POST');
    // Every §3 field, and our position_seconds (issue 17: the console opens the player there).
    expect([...call!.form.keys()].sort()).toEqual([...ISSUE_REPORT_FIELDS, 'position_seconds'].sort());
    const form = Object.fromEntries(call!.form);
    expect(form.position_seconds).toMatch(/^\d+$/);
    expect(form).toMatchObject({
      note: 'Subtitles are two seconds late.',
      link: window.location.href,
      usermail: 'ayse@example.com',
      user_id: '7',
      serie_title: 'Diriliş: Ertuğrul',
      episode_title: 'Bölüm 2',
      frontend_version: APP_VERSION,
      has_jwt: 'true',
      network_status: 'online',
    });
    expect(form.current_video_url).toMatch(
      /^https:\/\/media\.example\.com\/player\?cb=\d+&user_id=7&video_id=102&video_type=episode$/,
    );
    expect(call!.init?.body).not.toContain(TOKEN);
    expect(call!.init?.body).not.toContain('access.token.jwt');

    release();
    expect((await screen.findByText(PLAYER_MESSAGES.reportSent)).closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the report failed and keeps the note to send again', async () => {
    reportAnswer = async () => ({ status: 500, body: { error: 'boom' } });
    const dialog = await openReport();
    fireEvent.input(within(dialog).getByLabelText(REPORT_NOTE_LABEL), { target: { value: 'No sound.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_SEND }));
    expect((await screen.findByText(PLAYER_MESSAGES.reportFailed)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: REPORT_DIALOG_TITLE })).toBeTruthy();
    expect((within(dialog).getByLabelText(REPORT_NOTE_LABEL) as HTMLTextAreaElement).value).toBe('No sound.');
    expect((within(dialog).getByRole('button', { name: REPORT_SEND }) as HTMLButtonElement).disabled).toBe(false);
  });
});
