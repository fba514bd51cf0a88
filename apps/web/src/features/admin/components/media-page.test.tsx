// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { INGEST_TEXTS, type MediaJob } from '@bosphorus/contract';
import { mockFetch, type Answer, type FetchCall } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { MediaPage } from './media-page';

// The console's Media page (issue 17): what the server says about ffmpeg,
// the jobs with their progress and reasons, and Retry on a failed job.

const job = (over: Partial<MediaJob>): MediaJob => ({
  id: 1,
  kind: 'transcode',
  video_type: 'episode',
  video_id: 5,
  video_title: 'Yalı · Bölüm 1',
  upload_id: 'a'.repeat(32),
  file_name: 'bolum1.mkv',
  state: 'running',
  progress: 0.42,
  attempts: 1,
  error: null,
  worker: 'host:1',
  created_at: '2026-11-26T18:00:00.000Z',
  finished_at: null,
  ...over,
});

let route: (call: FetchCall) => Answer;
const fetchMock = mockFetch((call) => route(call));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  signIn({ user_id: 1, user_name: 'Operatör' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MediaPage', () => {
  it('says plainly when ffmpeg is missing, shows progress and the reason of a failure, and retries', async () => {
    const failed = job({ id: 2, state: 'failed', progress: 0, error: 'ffmpeg failed: Invalid data found' });
    route = ({ method, path }) => {
      if (path === '/admin/media/status')
        return { status: 200, body: { body: { ffmpeg: null, concurrency: 1, max_upload_bytes: 1 } } };
      if (path === '/admin/media/jobs') return { status: 200, body: { body: { jobs: [failed, job({})] } } };
      if (method === 'POST' && path === '/admin/media/jobs/2/retry')
        return { status: 200, body: { body: { ...failed, state: 'queued' } } };
      return { status: 404, body: { error: 'not found' } };
    };
    renderWithProviders(<MediaPage />, { url: '/admin/media' });
    expect(await screen.findByText(INGEST_TEXTS.ffmpegMissing)).toBeTruthy();
    expect(await screen.findByText('ffmpeg failed: Invalid data found')).toBeTruthy();
    expect(screen.getByText(INGEST_TEXTS.states.running)).toBeTruthy();
    expect(screen.getByLabelText('42%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: INGEST_TEXTS.retry }));
    await waitFor(() =>
      expect(fetchMock.calls.some((c) => c.method === 'POST' && c.path === '/admin/media/jobs/2/retry')).toBe(true),
    );
  });
});
