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
  heartbeat_seconds_ago: 1,
  attention: null,
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
      if (path === '/admin/media/jobs')
        return { status: 200, body: { body: { jobs: [failed, job({})], workers: [] } } };
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

  it('lists the live workers, each job’s heartbeat, and says plainly when no worker takes a job or its worker stopped', async () => {
    const waiting = job({
      id: 3,
      state: 'queued',
      progress: 0,
      worker: null,
      heartbeat_seconds_ago: null,
      attention: 'no_worker',
    });
    const stopped = job({ id: 4, heartbeat_seconds_ago: 12, attention: 'worker_stopped', progress: 0.51 });
    let workers: unknown[] = [];
    route = ({ path }) => {
      if (path === '/admin/media/status')
        return { status: 200, body: { body: { ffmpeg: '5.1.9', concurrency: 0, max_upload_bytes: 1 } } };
      if (path === '/admin/media/jobs')
        return {
          status: 200,
          body: { body: { jobs: [stopped, waiting, job({ id: 5, worker: 'box:42:aa' })], workers } },
        };
      return { status: 404, body: { error: 'not found' } };
    };
    const { unmount } = renderWithProviders(<MediaPage />, { url: '/admin/media' });
    expect(await screen.findByText(INGEST_TEXTS.noWorkers, { exact: false })).toBeTruthy();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('No worker has taken this job: start npm run worker');
    expect(alerts).toContain(INGEST_TEXTS.workerStopped);
    expect(screen.getByText('last heartbeat 12 s ago')).toBeTruthy();
    expect(screen.getByText('last heartbeat 1 s ago')).toBeTruthy();
    unmount();

    workers = [
      {
        name: 'box:42:aa',
        host: 'box',
        pid: 42,
        concurrency: 1,
        jobs: [5],
        started_at: '2026-11-26T18:00:00.000Z',
        seen_seconds_ago: 1,
      },
      {
        name: 'box:43:bb',
        host: 'box',
        pid: 43,
        concurrency: 1,
        jobs: [],
        started_at: '2026-11-26T18:00:00.000Z',
        seen_seconds_ago: 0,
      },
    ];
    renderWithProviders(<MediaPage />, { url: '/admin/media' });
    const row = (await screen.findByText('42')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['box', '42', '#5', '1 s ago']);
    const idle = screen.getByText('43').closest('tr')!;
    expect(idle.textContent).toContain(INGEST_TEXTS.idle);
    expect(screen.queryByText(INGEST_TEXTS.noWorkers, { exact: false })).toBeNull();
  });
});
