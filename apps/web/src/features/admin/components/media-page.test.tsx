// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { INGEST_TEXTS, type MediaJob, type MediaUpload } from '@bosphorus/contract';
import { mockFetch, type Answer, type FetchCall } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { MediaPage } from './media-page';

// The tus upload itself is tus-js-client's (its own suite, and the e2e run):
// here it has arrived, with this id.
const uploaded = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../api/upload-video', () => ({
  uploadVideo: (...args: unknown[]) => {
    uploaded.calls.push(args);
    return { done: Promise.resolve('c'.repeat(32)), abort: () => {} };
  },
}));

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
  heartbeat_seconds_ago: 1,
  attention: null,
  created_at: '2026-11-26T18:00:00.000Z',
  finished_at: null,
  ...over,
});

const DISK = {
  total_bytes: 100 * 1024 ** 3,
  free_bytes: 40 * 1024 ** 3,
  media_bytes: 12 * 1024 ** 3,
  incoming_bytes: 38 * 1024 ** 2,
  low: false,
};
const status = (over: object = {}) => ({
  status: 200,
  body: { body: { ffmpeg: '5.1.9', concurrency: 1, max_upload_bytes: 1, keep_originals: false, disk: DISK, ...over } },
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
      if (path === '/admin/media/status') return status({ ffmpeg: null });
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
      if (path === '/admin/media/status') return status({ concurrency: 0 });
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

  it('when the upload arrived but its job was not made, offers to try that step again', async () => {
    let failing = true;
    route = ({ method, path }) => {
      if (path === '/admin/media/jobs' && method === 'POST') {
        if (failing) throw new TypeError('Failed to fetch');
        return { status: 201, body: { body: job({ id: 9, state: 'queued' }) } };
      }
      if (path === '/admin/media/jobs') return { status: 200, body: { body: { jobs: [], workers: [] } } };
      return { status: 404, body: { error: 'not found' } };
    };
    renderWithProviders(<MediaPage />, { url: '/admin/media?type=movie&id=3' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['x'], 'film.mkv', { type: 'video/x-matroska' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    fireEvent.submit(input.closest('form')!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(INGEST_TEXTS.queueFailed(''));
    // The title goes with the upload, so the server can list it with it.
    expect(uploaded.calls.at(-1)![2]).toEqual({ type: 'movie', id: '3' });
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: INGEST_TEXTS.retryQueue }));
    await waitFor(() => expect(screen.queryByRole('button', { name: INGEST_TEXTS.retryQueue })).toBeNull());
    const posts = fetchMock.calls.filter((c) => c.method === 'POST' && c.path === '/admin/media/jobs');
    expect(posts).toHaveLength(2);
    expect(Object.fromEntries(posts[1]!.form)).toEqual({
      upload_id: 'c'.repeat(32),
      video_type: 'movie',
      video_id: '3',
    });
  });

  it('lists uploads without a job, with Use (prefilled with their title) and Delete (asked once)', async () => {
    const stranded: MediaUpload[] = [
      {
        id: 'd'.repeat(32),
        file_name: 'bolum7.mkv',
        size: 38 * 1024 * 1024,
        received: 38 * 1024 * 1024,
        complete: true,
        video_type: 'episode',
        video_id: 842,
        video_title: 'Yalı · Bölüm 7',
        created_at: '2026-11-26T18:00:00.000Z',
      },
      {
        id: 'e'.repeat(32),
        file_name: 'yarim.mp4',
        size: 1000,
        received: 430,
        complete: false,
        video_type: null,
        video_id: null,
        video_title: null,
        created_at: '2026-11-26T18:00:00.000Z',
      },
    ];
    route = ({ method, path }) => {
      if (path === '/admin/media/uploads') return { status: 200, body: { body: { uploads: stranded } } };
      if (method === 'DELETE')
        return { status: 200, body: { body: { message: INGEST_TEXTS.uploadDeleted('yarim.mp4') } } };
      if (path === '/admin/media/jobs' && method === 'POST') return { status: 201, body: { body: job({ id: 9 }) } };
      if (path === '/admin/media/jobs') return { status: 200, body: { body: { jobs: [], workers: [] } } };
      return { status: 404, body: { error: 'not found' } };
    };
    renderWithProviders(<MediaPage />, { url: '/admin/media' });
    const first = (await screen.findByText('bolum7.mkv')).closest('tr')!;
    expect(first.textContent).toContain(INGEST_TEXTS.forTitle('episode', 842, 'Yalı · Bölüm 7'));
    const second = screen.getByText('yarim.mp4').closest('tr')!;
    expect(second.textContent).toContain(INGEST_TEXTS.incomplete(43));
    // A stopped upload cannot be used, only deleted.
    expect(second.querySelector('button[aria-label^="Use"]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: INGEST_TEXTS.assignUpload('bolum7.mkv') }));
    const panel = await screen.findByRole('dialog', { name: INGEST_TEXTS.assignUpload('bolum7.mkv') });
    expect((panel.querySelector('select[name="video_type"]') as HTMLSelectElement).value).toBe('episode');
    expect((panel.querySelector('input[name="video_id"]') as HTMLInputElement).value).toBe('842');
    fireEvent.submit(panel.querySelector('form')!);
    await waitFor(() =>
      expect(fetchMock.calls.some((c) => c.method === 'POST' && c.path === '/admin/media/jobs')).toBe(true),
    );

    const deleteButton = [...second.querySelectorAll('button')].find(
      (b) => b.textContent === INGEST_TEXTS.deleteUpload,
    )!;
    fireEvent.click(deleteButton);
    expect(second.textContent).toContain(INGEST_TEXTS.confirmDeleteUpload('yarim.mp4'));
    expect(fetchMock.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = [...second.querySelectorAll('button')].find((b) => b.textContent === INGEST_TEXTS.deleteUpload)!;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(
        fetchMock.calls.some((c) => c.method === 'DELETE' && c.path === `/admin/media/uploads/${'e'.repeat(32)}`),
      ).toBe(true),
    );
    expect(await screen.findByText(INGEST_TEXTS.uploadDeleted('yarim.mp4'))).toBeTruthy();
  });

  it('shows the media disk’s use and free space, warns below 10% free, and keeps originals when asked', async () => {
    let keep = false;
    let low = false;
    route = ({ method, path, form }) => {
      if (path === '/admin/media/status')
        return status({
          keep_originals: keep,
          disk: low ? { ...DISK, free_bytes: 9 * 1024 ** 3, low: true } : DISK,
        });
      if (method === 'POST' && path === '/admin/media/settings') {
        keep = form.get('keep_originals') === 'true';
        return { status: 200, body: { body: { message: INGEST_TEXTS.settingSaved } } };
      }
      if (path === '/admin/media/jobs') return { status: 200, body: { body: { jobs: [], workers: [] } } };
      return { status: 404, body: { error: 'not found' } };
    };
    const { unmount } = renderWithProviders(<MediaPage />, { url: '/admin/media' });
    expect(await screen.findByText(INGEST_TEXTS.diskUse('12.0 GB', '38.0 MB', '40.0 GB', '100.0 GB'))).toBeTruthy();
    expect(screen.queryByText(INGEST_TEXTS.diskLow('40.0 GB', 40))).toBeNull();
    const box = screen.getByRole('checkbox', { name: INGEST_TEXTS.keepOriginals }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(keep).toBe(true));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: INGEST_TEXTS.keepOriginals }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    unmount();

    low = true;
    renderWithProviders(<MediaPage />, { url: '/admin/media' });
    const alert = await screen.findByText(INGEST_TEXTS.diskLow('9.0 GB', 9));
    expect(alert.getAttribute('role')).toBe('alert');
  });
});
