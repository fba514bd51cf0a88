// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { INGEST_TEXTS, type SubtitleTrackBody } from '@bosphorus/contract';
import { mockFetch, type Answer, type FetchCall } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { SubtitlesPage } from './subtitles-page';

// Issue 27 on the console's Subtitles page: replacing a track keeps the
// shift the operator set unless they clear it, and a refused file lists
// every cue that cannot be read.

const TRACK: SubtitleTrackBody = {
  language: 'en',
  label: 'English',
  encoding: null,
  offset_ms: 500,
  cues: [{ number: 1, start_ms: 700, end_ms: 1500, settings: '', text: 'Hello' }],
  warnings: [],
};

let route: (call: FetchCall) => Answer;
const fetchMock = mockFetch((call) => route(call));
const uploads = () => fetchMock.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/subtitles/en'));
const sentForm = (call: FetchCall) => call.init!.body as FormData;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  fetchMock.calls.length = 0;
  localStorage.clear();
  signIn({ user_id: 1, user_name: 'Operatör' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(upload: Answer) {
  route = ({ method, path }) => {
    if (path === '/admin/media/videos/movie/3')
      return {
        status: 200,
        body: {
          body: {
            video_type: 'movie',
            video_id: 3,
            title: 'Film',
            ready: false,
            subtitles: [{ language: 'en', label: 'English' }],
            jobs: [],
          },
        },
      };
    if (method === 'GET' && path === '/admin/media/videos/movie/3/subtitles/en')
      return { status: 200, body: { body: TRACK } };
    if (method === 'POST' && path === '/admin/media/videos/movie/3/subtitles/en') return upload;
    return { status: 404, body: { error: 'not found' } };
  };
}

async function uploadFile() {
  const section = (await screen.findByRole('heading', { name: 'English' })).closest('section')!;
  const input = section.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(['1\n00:00:01,000 --> 00:00:02,000\nHi\n'], 'en-v2.srt', { type: 'application/x-subrip' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.submit(input.closest('form')!);
}

describe('SubtitlesPage', () => {
  it('keeps the track’s shift on a new file unless the operator clears it', async () => {
    answer({ status: 200, body: { body: TRACK } });
    renderWithProviders(<SubtitlesPage />, { url: '/admin/subtitles?type=movie&id=3' });
    expect(await screen.findByText(INGEST_TEXTS.currentOffset(500))).toBeTruthy();
    const keep = screen.getByRole('checkbox', { name: INGEST_TEXTS.keepOffset(500) });
    expect((keep as HTMLInputElement).checked).toBe(true);

    await uploadFile();
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(sentForm(uploads()[0]!).has('offset_ms')).toBe(false);
    expect(sentForm(uploads()[0]!).get('file_name')).toBe('en-v2.srt');

    fireEvent.click(keep);
    await uploadFile();
    await waitFor(() => expect(uploads()).toHaveLength(2));
    expect(sentForm(uploads()[1]!).get('offset_ms')).toBe('0');
  });

  it('lists every cue of a refused file with its number', async () => {
    const cueErrors = [
      { cue: 2, error: 'Cue 2 (00:00:05,000 --> 00:00:04,000): it ends before it starts.' },
      { cue: 4, error: 'Cue 4 (00:00:08,000 --> 00:0x:09,000): the times cannot be read.' },
    ];
    answer({ status: 400, body: { error: INGEST_TEXTS.cueErrors(2, 2), field: 'file', cue_errors: cueErrors } });
    renderWithProviders(<SubtitlesPage />, { url: '/admin/subtitles?type=movie&id=3' });
    await uploadFile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(INGEST_TEXTS.cueErrors(2, 2));
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual(cueErrors.map((e) => e.error));
  });
});
