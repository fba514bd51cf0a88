import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  INGEST_TEXTS,
  MARKERS_TEXTS,
  MESSAGES,
  VIDEO_UPLOAD_ACCEPT,
  WORKER_COMMAND,
  type MediaJob,
  type MediaUpload,
  type MediaWorker,
} from '@bosphorus/contract';
import { startTranscode, useMediaJobs, useRetryJob } from '../api/media-jobs';
import { refreshMediaLists, useDeleteUpload, useStrandedUploads } from '../api/media-uploads';
import { useKeepOriginals, useMediaStatus } from '../api/media-status';
import { uploadVideo } from '../api/upload-video';
import { ConfirmButton, Outcome, SidePanel } from './console-ui';
import './ingest.css';

// The console's Media section (issue 17): is ffmpeg there, upload a video
// for a movie or an episode (resumable), and the transcode jobs with their
// live progress (polled; it is the database's, so a reload keeps it) and a
// retry for a failed one; the live workers, each job's heartbeat, and in
// plain words a job no worker takes or whose worker stopped (issue 27).

/** Bytes as the console shows them: "38.0 MB", "1.2 GB". */
export function bytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  return `${(n / 1024 ** 2).toFixed(1)} MB`;
}

/** The title a video is for: its kind and its id (the upload form and an upload's Use). */
function TitleFields(props: {
  type: 'movie' | 'episode';
  id: string;
  onType: (type: 'movie' | 'episode') => void;
  onId: (id: string) => void;
}) {
  return (
    <>
      <label>
        {INGEST_TEXTS.videoType}
        <select
          name="video_type"
          value={props.type}
          onChange={(e) => props.onType(e.target.value as 'movie' | 'episode')}
        >
          <option value="episode">Episode</option>
          <option value="movie">Movie</option>
        </select>
      </label>
      <label>
        {INGEST_TEXTS.videoId}
        <input
          name="video_id"
          inputMode="numeric"
          pattern="[0-9]+"
          required
          value={props.id}
          onChange={(e) => props.onId(e.target.value)}
        />
      </label>
    </>
  );
}

function StatusLine() {
  const status = useMediaStatus();
  const keep = useKeepOriginals();
  if (!status.data) return null;
  const { ffmpeg, concurrency, disk, keep_originals: keepOriginals } = status.data;
  return (
    <div className="ingest__status">
      {ffmpeg === null ? (
        <p role="alert" className="ingest__alert">
          {INGEST_TEXTS.ffmpegMissing}
        </p>
      ) : (
        <p>
          {INGEST_TEXTS.ffmpegVersion(ffmpeg)} · {INGEST_TEXTS.concurrency(concurrency)}
        </p>
      )}
      <p>
        {INGEST_TEXTS.diskUse(
          bytes(disk.media_bytes),
          bytes(disk.incoming_bytes),
          bytes(disk.free_bytes),
          bytes(disk.total_bytes),
        )}
      </p>
      {disk.low && (
        <p role="alert" className="ingest__alert">
          {INGEST_TEXTS.diskLow(
            bytes(disk.free_bytes),
            Math.floor((disk.free_bytes / Math.max(1, disk.total_bytes)) * 100),
          )}
        </p>
      )}
      <label className="ingest__check">
        <input
          type="checkbox"
          name="keep_originals"
          checked={keepOriginals}
          disabled={keep.isPending}
          onChange={(e) => keep.mutate(e.target.checked)}
        />
        {INGEST_TEXTS.keepOriginals}
      </label>
      <Outcome text={keep.isError ? keep.error.message : null} error />
    </div>
  );
}

function UploadForm() {
  const client = useQueryClient();
  // The Catalogue's link to a movie's or an episode's media names it.
  const [params] = useSearchParams();
  const [type, setType] = useState<'movie' | 'episode'>(params.get('type') === 'movie' ? 'movie' : 'episode');
  const [id, setId] = useState(/^\d{1,15}$/.test(params.get('id') ?? '') ? params.get('id')! : '');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The upload arrived but its job was not made: only that step is tried again
  // (after a reload, the upload is in the list of uploads without a job).
  const [unqueued, setUnqueued] = useState<{ uploadId: string; type: string; id: string } | null>(null);
  const [queueing, setQueueing] = useState(false);
  const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

  const queue = async (step: { uploadId: string; type: string; id: string }) => {
    setQueueing(true);
    try {
      await startTranscode({ uploadId: step.uploadId, videoType: step.type, videoId: step.id });
      setUnqueued(null);
      setError(null);
      return true;
    } catch (e) {
      setUnqueued(step);
      setError(INGEST_TEXTS.queueFailed(why(e)));
      return false;
    } finally {
      setQueueing(false);
      refreshMediaLists(client);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !id) return;
    const form = event.target as HTMLFormElement;
    setError(null);
    setUnqueued(null);
    setProgress(0);
    let uploadId: string;
    try {
      uploadId = await uploadVideo(file, setProgress, { type, id }).done;
    } catch (e) {
      setError(INGEST_TEXTS.uploadFailed(why(e)));
      return;
    } finally {
      setProgress(null);
    }
    if (await queue({ uploadId, type, id })) {
      setFile(null);
      form.reset();
    }
  };

  return (
    <form className="ingest__form" onSubmit={(e) => void submit(e)}>
      <h2>{INGEST_TEXTS.uploadTitle}</h2>
      <p className="ingest__hint">{INGEST_TEXTS.uploadHint}</p>
      <div className="ingest__fields">
        <TitleFields type={type} id={id} onType={setType} onId={setId} />
        <label className="ingest__file">
          {INGEST_TEXTS.file}
          <input
            name="file"
            type="file"
            accept={VIDEO_UPLOAD_ACCEPT}
            required
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={progress !== null}>
          {INGEST_TEXTS.upload}
        </button>
      </div>
      {progress !== null && (
        <p role="status" className="ingest__progress-text">
          {INGEST_TEXTS.uploading(Math.floor(progress * 100))}
          <progress max={1} value={progress} />
        </p>
      )}
      {error && (
        <div role="alert" className="ingest__alert">
          <p>{error}</p>
          {unqueued && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={queueing}
              onClick={() => void queue(unqueued)}
            >
              {INGEST_TEXTS.retryQueue}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

function JobRow({ job }: { job: MediaJob }) {
  const retry = useRetryJob();
  const percent = Math.round(job.progress * 100);
  return (
    <tr data-job={job.id} data-state={job.state}>
      <td>{job.id}</td>
      <td>
        <Link to={`/admin/subtitles?type=${job.video_type}&id=${job.video_id}`}>{job.video_title}</Link>
        <div className="ingest__dim">
          {job.video_type} {job.video_id}
        </div>
      </td>
      <td className="ingest__file-name">{job.kind === 'markers' ? MARKERS_TEXTS.jobName : job.file_name}</td>
      <td>
        <span className={`ingest__state ingest__state--${job.state}`}>{INGEST_TEXTS.states[job.state]}</span>
        {job.state === 'running' && (
          <span className="ingest__bar">
            <progress max={100} value={percent} aria-label={`${percent}%`} /> {percent}%
          </span>
        )}
        {job.state === 'running' && job.heartbeat_seconds_ago !== null && (
          <div className="ingest__dim">{INGEST_TEXTS.heartbeat(job.heartbeat_seconds_ago)}</div>
        )}
        {job.attempts > 1 && <div className="ingest__dim">{INGEST_TEXTS.attempt(job.attempts)}</div>}
        {job.attention === 'no_worker' && (
          <div role="alert" className="ingest__error">
            {INGEST_TEXTS.noWorkerTaken} <code>{WORKER_COMMAND}</code>
          </div>
        )}
        {job.attention === 'worker_stopped' && (
          <div role="alert" className="ingest__error">
            {INGEST_TEXTS.workerStopped}
          </div>
        )}
        {job.error && <div className={job.state === 'failed' ? 'ingest__error' : 'ingest__dim'}>{job.error}</div>}
      </td>
      <td>
        {job.state === 'failed' && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={retry.isPending}
            onClick={() => retry.mutate(job.id)}
          >
            {INGEST_TEXTS.retry}
          </button>
        )}
      </td>
    </tr>
  );
}

function Workers({ workers }: { workers: MediaWorker[] }) {
  return (
    <>
      <h2>{INGEST_TEXTS.workers}</h2>
      {workers.length === 0 ? (
        <p className="ingest__alert">
          {INGEST_TEXTS.noWorkers} <code>{WORKER_COMMAND}</code>
        </p>
      ) : (
        <div className="console-table__wrap">
          <table className="console-table console-table--small">
            <thead>
              <tr>
                <th scope="col">{INGEST_TEXTS.workerHost}</th>
                <th scope="col">{INGEST_TEXTS.workerPid}</th>
                <th scope="col">{INGEST_TEXTS.workerJobs}</th>
                <th scope="col">{INGEST_TEXTS.workerSeen}</th>
              </tr>
            </thead>
            <tbody>
              {workers.map((w) => (
                <tr key={w.name} data-worker={w.name}>
                  <td>{w.host}</td>
                  <td>{w.pid}</td>
                  <td>{w.jobs.length ? w.jobs.map((id) => `#${id}`).join(', ') : INGEST_TEXTS.idle}</td>
                  <td>{INGEST_TEXTS.secondsAgo(w.seen_seconds_ago)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** "Use": the upload's job for a title, in a side panel (prefilled with the title it was sent for). */
function UsePanel({ upload, onClose }: { upload: MediaUpload; onClose: () => void }) {
  const client = useQueryClient();
  const [type, setType] = useState<'movie' | 'episode'>(upload.video_type ?? 'episode');
  const [id, setId] = useState(upload.video_id !== null ? String(upload.video_id) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await startTranscode({ uploadId: upload.id, videoType: type, videoId: id });
      refreshMediaLists(client);
      onClose();
    } catch (e) {
      setError(INGEST_TEXTS.queueFailed(e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SidePanel title={INGEST_TEXTS.assignUpload(upload.file_name)} onClose={onClose}>
      <form className="ingest__fields" onSubmit={(e) => void submit(e)}>
        <TitleFields type={type} id={id} onType={setType} onId={setId} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {INGEST_TEXTS.startTranscode}
        </button>
      </form>
      <Outcome text={error} error />
    </SidePanel>
  );
}

function StrandedUploads() {
  const uploads = useStrandedUploads();
  const remove = useDeleteUpload();
  const [using, setUsing] = useState<MediaUpload | null>(null);
  if (!uploads.data || uploads.data.uploads.length === 0) return null;
  return (
    <section aria-labelledby="stranded-uploads">
      <h2 id="stranded-uploads">{INGEST_TEXTS.stranded}</h2>
      <p className="ingest__hint">{INGEST_TEXTS.strandedHint}</p>
      <div className="console-table__wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{INGEST_TEXTS.file}</th>
              <th scope="col">Size</th>
              <th scope="col">Title</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {uploads.data.uploads.map((u) => (
              <tr key={u.id} data-upload={u.id}>
                <td className="ingest__file-name">{u.file_name}</td>
                <td>
                  {bytes(u.size)}
                  {!u.complete && (
                    <div className="ingest__dim">
                      {INGEST_TEXTS.incomplete(Math.floor((u.received / Math.max(1, u.size)) * 100))}
                    </div>
                  )}
                </td>
                <td>
                  {u.video_type !== null && u.video_id !== null
                    ? INGEST_TEXTS.forTitle(u.video_type, u.video_id, u.video_title)
                    : '—'}
                </td>
                <td className="console-table__actions">
                  {u.complete && (
                    <button
                      type="button"
                      className="btn btn--secondary"
                      aria-label={INGEST_TEXTS.assignUpload(u.file_name)}
                      onClick={() => setUsing(u)}
                    >
                      {INGEST_TEXTS.use}
                    </button>
                  )}
                  <ConfirmButton
                    label={INGEST_TEXTS.deleteUpload}
                    question={INGEST_TEXTS.confirmDeleteUpload(u.file_name)}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(u.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Outcome text={remove.isError ? remove.error.message : (remove.data?.message ?? null)} error={remove.isError} />
      {using && <UsePanel upload={using} onClose={() => setUsing(null)} />}
    </section>
  );
}

export function MediaPage() {
  const jobs = useMediaJobs();
  return (
    <main id="main" className="console-page ingest">
      <h1>{INGEST_TEXTS.media}</h1>
      <StatusLine />
      <UploadForm />
      <StrandedUploads />
      {jobs.data && <Workers workers={jobs.data.workers} />}
      <h2>{INGEST_TEXTS.jobs}</h2>
      {jobs.isPending ? (
        <p role="status">{MESSAGES.loading}</p>
      ) : jobs.isError ? (
        <p role="alert">{jobs.error.message}</p>
      ) : jobs.data.jobs.length === 0 ? (
        <p>{INGEST_TEXTS.noJobs}</p>
      ) : (
        <div className="console-table__wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Title</th>
                <th scope="col" className="ingest__file-name">
                  File
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">{INGEST_TEXTS.retry}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.jobs.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
