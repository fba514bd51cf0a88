import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  INGEST_TEXTS,
  MESSAGES,
  SUBTITLE_LANGUAGES,
  type SubtitleCue,
  type SubtitleErrorBody,
  type SubtitleLanguage,
  type SubtitleTrackBody,
} from '@bosphorus/contract';
import {
  useMediaVideo,
  usePreview,
  useShiftSubtitles,
  useSubtitles,
  useUploadSubtitles,
  type VideoRef,
} from '../api/media-video';
import { ApiError } from '../../../lib/api';
import { MarkersTimeline } from './markers-timeline';
import './ingest.css';

// The console's subtitle management (issue 17): a title's English and
// Turkish tracks uploaded as SRT or WebVTT in any encoding (the server
// converts and reports what it read), a whole-file offset, and the cue list
// previewed against the video: the cue under the playhead is marked, a
// click on a cue seeks there. An episode's recap, intro, credits and preview
// sit beside the preview on a timeline an operator can fix (issue 28,
// markers-timeline.tsx).

const LANGUAGES = Object.keys(SUBTITLE_LANGUAGES) as SubtitleLanguage[];

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};
/** The cue text as the player shows it: WebVTT's tags and entities gone. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

function Picker({ current }: { current: VideoRef | null }) {
  const [, setParams] = useSearchParams();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setParams({ type: String(data.get('type')), id: String(data.get('id')) });
  };
  return (
    <form className="ingest__fields" onSubmit={submit} key={`${current?.type}-${current?.id}`}>
      <label>
        {INGEST_TEXTS.videoType}
        <select name="type" defaultValue={current?.type ?? 'episode'}>
          <option value="episode">Episode</option>
          <option value="movie">Movie</option>
        </select>
      </label>
      <label>
        {INGEST_TEXTS.videoId}
        <input name="id" inputMode="numeric" pattern="[0-9]+" required defaultValue={current?.id ?? ''} />
      </label>
      <button type="submit" className="btn btn--secondary">
        {INGEST_TEXTS.open}
      </button>
    </form>
  );
}

function CueList({ track, now, onSeek }: { track: SubtitleTrackBody; now: number; onSeek: (ms: number) => void }) {
  return (
    <ol className="ingest__cues" aria-label={`${track.label}: ${INGEST_TEXTS.cues(track.cues.length)}`}>
      {track.cues.map((cue: SubtitleCue) => {
        const on = now >= cue.start_ms && now < cue.end_ms;
        return (
          <li key={cue.number} className={on ? 'ingest__cue ingest__cue--on' : 'ingest__cue'}>
            <button type="button" onClick={() => onSeek(cue.start_ms)}>
              <span className="ingest__dim">
                {clock(cue.start_ms)} → {clock(cue.end_ms)}
              </span>
              <span className="ingest__cue-text">{plain(cue.text)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

function Track({
  video,
  language,
  exists,
  now,
  onSeek,
}: {
  video: VideoRef;
  language: SubtitleLanguage;
  exists: boolean;
  now: number;
  onSeek: (ms: number) => void;
}) {
  const track = useSubtitles(video, language, exists);
  const upload = useUploadSubtitles(video);
  const shift = useShiftSubtitles(video);
  const [offset, setOffset] = useState('0');
  const shown = upload.data?.language === language ? upload.data : track.data;
  // The track's shift is kept when its file is replaced, unless the operator clears it (issue 27).
  const currentOffset = shown?.offset_ms ?? 0;
  const [keepOffset, setKeepOffset] = useState(true);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    if (file && file.size > 0)
      upload.mutate({ language, file, offsetMs: currentOffset !== 0 && !keepOffset ? 0 : null });
  };
  const error = upload.error ?? shift.error;
  // A refused file: every cue that cannot be read, with its number.
  const cueErrors = error instanceof ApiError ? (error.data as SubtitleErrorBody | null)?.cue_errors : undefined;
  return (
    <section className="ingest__track" aria-labelledby={`track-${language}`}>
      <h3 id={`track-${language}`}>{SUBTITLE_LANGUAGES[language]}</h3>
      <form className="ingest__fields" onSubmit={send}>
        <label className="ingest__file">
          {INGEST_TEXTS.subtitleFile}
          <input name="file" type="file" accept=".srt,.vtt,text/vtt,application/x-subrip" required />
        </label>
        {currentOffset !== 0 && (
          <label className="ingest__check">
            <input
              type="checkbox"
              name="keep_offset"
              checked={keepOffset}
              onChange={(e) => setKeepOffset(e.target.checked)}
            />
            {INGEST_TEXTS.keepOffset(currentOffset)}
          </label>
        )}
        <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
          {INGEST_TEXTS.uploadSubtitles}
        </button>
      </form>
      {shown && currentOffset !== 0 && <p className="ingest__dim">{INGEST_TEXTS.currentOffset(currentOffset)}</p>}
      {shown && (
        <form
          className="ingest__fields"
          onSubmit={(e) => {
            e.preventDefault();
            shift.mutate({ language, offsetMs: Number(offset) || 0 });
          }}
        >
          <label>
            {INGEST_TEXTS.offset}
            <input
              name="offset_ms"
              type="number"
              step={100}
              value={offset}
              onChange={(e) => setOffset(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--secondary" disabled={shift.isPending}>
            {INGEST_TEXTS.applyOffset}
          </button>
        </form>
      )}
      {error && (
        <div role="alert" className="ingest__alert">
          <p>{error.message}</p>
          {cueErrors && cueErrors.length > 1 && (
            <ul className="ingest__cue-errors">
              {cueErrors.map((e) => (
                <li key={e.cue}>{e.error}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {upload.data?.language === language && (
        <p role="status">
          {upload.data.encoding && INGEST_TEXTS.encodingWas(upload.data.encoding)}{' '}
          {INGEST_TEXTS.cues(upload.data.cues.length)}
          {upload.data.warnings.map((w) => (
            <span key={w} className="ingest__warning">
              {' '}
              {w}
            </span>
          ))}
        </p>
      )}
      {shown ? <CueList track={shown} now={now} onSeek={onSeek} /> : !exists && <p>{INGEST_TEXTS.noSubtitles}</p>}
    </section>
  );
}

export function SubtitlesPage() {
  const [params] = useSearchParams();
  const type = params.get('type');
  const id = Number(params.get('id'));
  const ref: VideoRef | null = (type === 'movie' || type === 'episode') && id > 0 ? { type, id } : null;
  // `t`: where to start, in seconds (an issue report's moment, utils/player-link.ts).
  const t = params.get('t') ?? '';
  const startAt = /^\d{1,6}$/.test(t) ? Number(t) : null;
  const started = useRef(false);
  const video = useMediaVideo(ref);
  const preview = usePreview(ref, video.data?.ready ?? false);
  const player = useRef<HTMLVideoElement>(null);
  const [now, setNow] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const seek = (ms: number) => {
    if (player.current) {
      player.current.currentTime = ms / 1000;
      setNow(ms);
    }
  };

  return (
    <main id="main" className="console-page ingest">
      <h1>{INGEST_TEXTS.subtitles}</h1>
      <Picker current={ref} />
      {ref && video.isPending && <p role="status">{MESSAGES.loading}</p>}
      {video.isError && <p role="alert">{video.error.message}</p>}
      {ref && video.data && (
        <>
          <h2>
            {INGEST_TEXTS.subtitlesOf} {video.data.title}
          </h2>
          <div className={ref.type === 'episode' ? 'ingest__preview ingest__preview--markers' : 'ingest__preview'}>
            {preview.data ? (
              <video
                ref={player}
                src={preview.data.video_url}
                controls
                preload="metadata"
                onLoadedMetadata={(e) => {
                  if (startAt === null || started.current) return;
                  started.current = true;
                  const el = e.currentTarget;
                  el.currentTime = Math.min(startAt, Math.max(0, el.duration - 0.5));
                  // Plays at once where the browser lets it; otherwise it waits there for a press.
                  el.play().catch(() => {});
                }}
                onDurationChange={(e) =>
                  setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : null)
                }
                onTimeUpdate={(e) => setNow(Math.round(e.currentTarget.currentTime * 1000))}
                onSeeked={(e) => setNow(Math.round(e.currentTarget.currentTime * 1000))}
              />
            ) : (
              !video.data.ready && <p className="ingest__dim">{INGEST_TEXTS.notReady}</p>
            )}
            {ref.type === 'episode' && (
              <MarkersTimeline
                key={ref.id}
                episodeId={ref.id}
                duration={duration}
                now={now / 1000}
                onSeek={(seconds) => seek(Math.round(seconds * 1000))}
              />
            )}
          </div>
          <div className="ingest__tracks">
            {LANGUAGES.map((language) => (
              <Track
                key={`${ref.type}-${ref.id}-${language}`}
                video={ref}
                language={language}
                exists={video.data.subtitles.some((s) => s.language === language)}
                now={now}
                onSeek={seek}
              />
            ))}
          </div>
        </>
      )}
    </main>
  );
}
