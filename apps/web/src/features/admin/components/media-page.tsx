import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { INGEST_TEXTS, MARKERS_TEXTS, MESSAGES, VIDEO_UPLOAD_ACCEPT, type MediaJob } from '@bosphorus/contract';
import { MEDIA_JOBS_KEY, startTranscode, useMediaJobs, useRetryJob } from '../api/media-jobs';
import { useMediaStatus } from '../api/media-status';
import { uploadVideo } from '../api/upload-video';
import './ingest.css';

// The console's Media section (issue 17): is ffmpeg there, upload a video
// for a movie or an episode (resumable), and the transcode jobs with their
// live progress (polled; it is the database's, so a reload keeps it) and a
// retry for a failed one.

function StatusLine() {
  const status = useMediaStatus();
  if (!status.data) return null;
  const { ffmpeg, concurrency } = status.data;
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !id) return;
    setError(null);
    setProgress(0);
    try {
      const uploadId = await uploadVideo(file, setProgress).done;
      await startTranscode({ uploadId, videoType: type, videoId: id });
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (e) {
      setError(INGEST_TEXTS.uploadFailed(e instanceof Error ? e.message : String(e)));
    } finally {
      setProgress(null);
      void client.invalidateQueries({ queryKey: MEDIA_JOBS_KEY });
    }
  };

  return (
    <form className="ingest__form" onSubmit={(e) => void submit(e)}>
      <h2>{INGEST_TEXTS.uploadTitle}</h2>
      <p className="ingest__hint">{INGEST_TEXTS.uploadHint}</p>
      <div className="ingest__fields">
        <label>
          {INGEST_TEXTS.videoType}
          <select name="video_type" value={type} onChange={(e) => setType(e.target.value as 'movie' | 'episode')}>
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
            value={id}
            onChange={(e) => setId(e.target.value)}
          />
        </label>
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
        <p role="alert" className="ingest__alert">
          {error}
        </p>
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
        {job.attempts > 1 && <div className="ingest__dim">{INGEST_TEXTS.attempt(job.attempts)}</div>}
        {job.error && <div className="ingest__error">{job.error}</div>}
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

export function MediaPage() {
  const jobs = useMediaJobs();
  return (
    <main id="main" className="console-page ingest">
      <h1>{INGEST_TEXTS.media}</h1>
      <StatusLine />
      <UploadForm />
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
