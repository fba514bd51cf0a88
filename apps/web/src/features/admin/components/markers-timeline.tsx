import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import {
  INGEST_TEXTS,
  MARKER_KINDS,
  MESSAGES,
  MARKERS_TEXTS,
  UNSURE_MARKER_CONFIDENCE,
  type AdminEpisodeMarker,
  type MarkerKind,
} from '@bosphorus/contract';
import { ApiError } from '../../../lib/api';
import { useDetectMarkers, useEpisodeMarkers, useWriteMarker } from '../api/episode-markers';
import { clampTenth, markerClock, parseMarkerClock } from '../utils/marker-time';
import { ConfirmButton, Outcome } from './console-ui';
import './markers.css';

// An episode's recap, intro, credits and preview in the console (issue 28,
// decision 0140), beside its preview on the Subtitles page: the whole
// episode as a timeline (each marker a stretch with its confidence, the
// playhead; a stretch plays from its start), then one card per marker with
// a track of its own (the stretch and about a minute around it) whose two
// ends are sliders — dragged with the mouse, moved with the arrow keys —
// and Start/End fields to type. A change is a draft until Save (or Enter);
// Undo or Escape drops it. The API audits every save, removal and addition,
// and detection never replaces what an operator set (decision 0126).

const T = MARKERS_TEXTS.console;
const name = (kind: MarkerKind) => MARKERS_TEXTS.kinds[kind];
/** The smallest marker the sliders allow (seconds). */
const MIN_SPAN = 0.5;
const STEP = 0.5;
const BIG_STEP = 5;

interface Span {
  start: number;
  end: number;
}

const pct = (t: number, from: number, to: number) =>
  `${((Math.min(to, Math.max(from, t)) - from) / (to - from)) * 100}%`;

/** The whole episode: every marker's stretch, the playhead; a stretch plays from its start, a click elsewhere seeks. */
function Overview({
  markers,
  length,
  now,
  onSeek,
}: {
  markers: AdminEpisodeMarker[];
  length: number;
  now: number;
  onSeek: (seconds: number) => void;
}) {
  return (
    <div className="markers__overview">
      <div
        className="markers__lane"
        role="group"
        aria-label={T.timeline}
        onClick={(e) => {
          if (e.target !== e.currentTarget) return;
          const box = e.currentTarget.getBoundingClientRect();
          onSeek(((e.clientX - box.left) / box.width) * length);
        }}
      >
        {markers.map((m) => (
          <button
            key={m.kind}
            type="button"
            className={`markers__stretch markers__stretch--${m.kind}${m.confidence < UNSURE_MARKER_CONFIDENCE ? ' markers__stretch--unsure' : ''}`}
            data-kind={m.kind}
            style={{
              left: pct(m.start_seconds, 0, length),
              width: `${((Math.min(length, m.end_seconds) - m.start_seconds) / length) * 100}%`,
            }}
            aria-label={T.seekTo(name(m.kind), markerClock(m.start_seconds), markerClock(m.end_seconds))}
            title={`${name(m.kind)} · ${markerClock(m.start_seconds)}–${markerClock(m.end_seconds)} · ${
              m.source === 'operator' ? MARKERS_TEXTS.sources.operator : T.confidence(m.confidence)
            }`}
            onClick={() => onSeek(m.start_seconds)}
          />
        ))}
        <span className="markers__playhead" style={{ left: pct(now, 0, length) }} aria-hidden="true" />
      </div>
      <div className="markers__scale" aria-hidden="true">
        <span>{markerClock(0)}</span>
        <span>{markerClock(length / 2)}</span>
        <span>{markerClock(length)}</span>
      </div>
    </div>
  );
}

/** One end of a marker on its track: a slider (pointer drag, arrow keys, Home/End). */
function Handle({
  kind,
  end,
  value,
  min,
  max,
  from,
  to,
  onMove,
  onDragEnd,
  onEnter,
  onEscape,
}: {
  kind: MarkerKind;
  end: 'start' | 'end';
  value: number;
  min: number;
  max: number;
  from: number;
  to: number;
  onMove: (v: number, dragged: boolean) => void;
  onDragEnd: () => void;
  onEnter: () => void;
  onEscape: () => void;
}) {
  const dragging = useRef(false);
  const at = (e: PointerEvent<HTMLSpanElement>) => {
    const track = e.currentTarget.parentElement!.getBoundingClientRect();
    // Within the track's window too: a drag past its edge stops there (the window follows when it ends).
    const t = from + ((e.clientX - track.left) / track.width) * (to - from);
    return clampTenth(t, Math.max(min, from), Math.min(max, to));
  };
  const keys = (e: KeyboardEvent<HTMLSpanElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: value - step,
      ArrowDown: value - step,
      ArrowRight: value + step,
      ArrowUp: value + step,
      PageDown: value - 10 * step,
      PageUp: value + 10 * step,
      Home: min,
      End: max,
    };
    if (e.key === 'Enter') onEnter();
    else if (e.key === 'Escape') onEscape();
    else if (e.key in next) onMove(clampTenth(next[e.key]!, min, max), false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <span
      role="slider"
      tabIndex={0}
      className={`markers__handle markers__handle--${end}`}
      style={{ left: pct(value, from, to) }}
      aria-label={T.handle(name(kind), end)}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={markerClock(value)}
      aria-orientation="horizontal"
      onKeyDown={keys}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.focus();
        e.currentTarget.setPointerCapture(e.pointerId);
        dragging.current = true;
      }}
      onPointerMove={(e) => {
        if (dragging.current) onMove(at(e), true);
      }}
      onPointerUp={(e) => {
        if (!dragging.current) return;
        dragging.current = false;
        e.currentTarget.releasePointerCapture(e.pointerId);
        onDragEnd();
      }}
    />
  );
}

/** The window a marker's own track shows: its stretch and about a minute around it. */
function windowOf(span: Span, length: number): Span {
  const pad = Math.max(30, (span.end - span.start) * 0.5);
  return { start: Math.max(0, span.start - pad), end: Math.min(length, span.end + pad) };
}

function TimeField({
  label,
  text,
  error,
  onText,
}: {
  label: string;
  text: string;
  error: string | null;
  onText: (text: string) => void;
}) {
  const id = useId();
  return (
    <label>
      {label}
      <input
        name={label.toLowerCase()}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        onChange={(e) => onText(e.target.value)}
      />
      {error && (
        <span id={id} className="markers__field-error">
          {error}
        </span>
      )}
    </label>
  );
}

function MarkerCard({
  episodeId,
  marker,
  length,
  now,
  onSeek,
  onDone,
}: {
  episodeId: number;
  marker: AdminEpisodeMarker;
  length: number;
  now: number;
  onSeek: (seconds: number) => void;
  onDone: (text: string) => void;
}) {
  const write = useWriteMarker(episodeId);
  const saved: Span = { start: marker.start_seconds, end: marker.end_seconds };
  const [span, setSpanState] = useState<Span>(saved);
  const [texts, setTexts] = useState({ start: markerClock(saved.start), end: markerClock(saved.end) });
  const [errors, setErrors] = useState<{ start: string | null; end: string | null }>({ start: null, end: null });
  const [view, setView] = useState<Span>(() => windowOf(saved, length));
  /** The track's window moves only when the stretch leaves it (a key, a typed time) or a drag ends. */
  const follow = (next: Span) =>
    setView((v) => (next.start >= v.start && next.end <= v.end ? v : windowOf(next, length)));

  // A new answer (a save here, detection, another operator): the card shows
  // it. A new length (the preview's metadata, which can come after the first
  // keys) only moves the track's window: the draft stays.
  const [basis, setBasis] = useState({ ...saved, length });
  if (basis.start !== saved.start || basis.end !== saved.end) {
    setBasis({ ...saved, length });
    setSpanState(saved);
    setTexts({ start: markerClock(saved.start), end: markerClock(saved.end) });
    setErrors({ start: null, end: null });
    setView(windowOf(saved, length));
  } else if (basis.length !== length) {
    setBasis({ ...saved, length });
    setView(windowOf(span, length));
  }

  const setSpan = (next: Span, dragged = false) => {
    if (write.isError) write.reset();
    setSpanState(next);
    setTexts({ start: markerClock(next.start), end: markerClock(next.end) });
    setErrors({ start: null, end: null });
    if (!dragged) follow(next);
  };
  const typed = (end: 'start' | 'end', text: string) => {
    if (write.isError) write.reset();
    setTexts((t) => ({ ...t, [end]: text }));
    const value = parseMarkerClock(text);
    if (value === null || value > length) {
      setErrors((e) => ({ ...e, [end]: T.badTime }));
      return;
    }
    setErrors((e) => ({ ...e, [end]: null }));
    const next = { ...span, [end]: value };
    setSpanState(next);
    if (next.end > next.start) follow(next);
  };
  const changed = span.start !== saved.start || span.end !== saved.end;
  const order = span.end > span.start ? null : T.endBeforeStart;
  const undo = () => setSpan(saved);
  const save = () => {
    if (!changed || errors.start || errors.end || order || write.isPending) return;
    write.mutate(
      { action: 'edit', kind: marker.kind, start: span.start, end: span.end },
      { onSuccess: () => onDone(T.saved(name(marker.kind))) },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };
  // The API's 400 names its field: the message goes under that field.
  const apiError = write.error instanceof ApiError ? write.error : null;
  const fieldError = (end: 'start' | 'end') =>
    errors[end] ?? (end === 'end' ? order : null) ?? (apiError?.field === `${end}_seconds` ? apiError.message : null);
  const unsure = marker.source === 'detected' && marker.confidence < UNSURE_MARKER_CONFIDENCE;
  const headingId = `marker-${marker.kind}`;

  return (
    <section
      className={`markers__card markers__card--${marker.kind}`}
      aria-labelledby={headingId}
      data-kind={marker.kind}
    >
      <div className="markers__card-head">
        <h4 id={headingId}>{name(marker.kind)}</h4>
        <span className="ingest__dim" data-testid="marker-source">
          {marker.source === 'operator'
            ? MARKERS_TEXTS.sources.operator
            : `${MARKERS_TEXTS.sources.detected} · ${T.confidence(marker.confidence)}`}
        </span>
        {unsure && <span className="markers__unsure">{T.unsure}</span>}
      </div>
      <div
        className="markers__track"
        role="group"
        aria-label={T.track(name(marker.kind))}
        onClick={(e) => {
          if (e.target !== e.currentTarget) return;
          const box = e.currentTarget.getBoundingClientRect();
          onSeek(view.start + ((e.clientX - box.left) / box.width) * (view.end - view.start));
        }}
      >
        <span
          className={`markers__span markers__stretch--${marker.kind}`}
          style={{
            left: pct(span.start, view.start, view.end),
            right: `calc(100% - ${pct(span.end, view.start, view.end)})`,
          }}
          aria-hidden="true"
        />
        <span
          className="markers__playhead"
          style={{ left: pct(now, view.start, view.end) }}
          aria-hidden="true"
          hidden={now < view.start || now > view.end}
        />
        {(['start', 'end'] as const).map((end) => (
          <Handle
            key={end}
            kind={marker.kind}
            end={end}
            value={span[end]}
            min={end === 'start' ? 0 : span.start + MIN_SPAN}
            max={end === 'start' ? span.end - MIN_SPAN : length}
            from={view.start}
            to={view.end}
            onMove={(v, dragged) => setSpan({ ...span, [end]: v }, dragged)}
            onDragEnd={() => setView(windowOf(span, length))}
            onEnter={save}
            onEscape={undo}
          />
        ))}
      </div>
      <div className="markers__scale" aria-hidden="true">
        <span>{markerClock(view.start)}</span>
        <span>{markerClock(view.end)}</span>
      </div>
      <form
        className="ingest__fields markers__fields"
        onSubmit={submit}
        onKeyDown={(e) => e.key === 'Escape' && undo()}
      >
        <div className="markers__times">
          {(['start', 'end'] as const).map((which) => (
            <div key={which} className="markers__time">
              <TimeField
                label={which === 'start' ? T.start : T.end}
                text={texts[which]}
                error={fieldError(which)}
                onText={(t) => typed(which, t)}
              />
              <button
                type="button"
                className="btn btn--secondary btn--small"
                aria-label={T.atPlayhead(which === 'start' ? T.start : T.end)}
                onClick={() =>
                  setSpan(
                    which === 'start'
                      ? { start: clampTenth(now, 0, span.end - MIN_SPAN), end: span.end }
                      : { start: span.start, end: clampTenth(now, span.start + MIN_SPAN, length) },
                  )
                }
              >
                {T.playhead}
              </button>
            </div>
          ))}
        </div>
        {/* Save and Undo while there is a change to keep or drop. */}
        {changed && (
          <>
            <button type="submit" className="btn btn--primary" disabled={write.isPending}>
              {T.save}
            </button>
            <button type="button" className="btn btn--secondary" onClick={undo}>
              {T.undo}
            </button>
          </>
        )}
        <ConfirmButton
          label={`${T.remove} ${name(marker.kind).toLowerCase()}`}
          question={T.confirmRemove(name(marker.kind))}
          disabled={write.isPending}
          onConfirm={() =>
            write.mutate(
              { action: 'remove', kind: marker.kind },
              { onSuccess: () => onDone(T.removed(name(marker.kind))) },
            )
          }
        />
      </form>
      {write.isError && !apiError?.field && <Outcome text={write.error.message} error />}
    </section>
  );
}

function AddMarker({
  episodeId,
  kinds,
  length,
  now,
  onDone,
}: {
  episodeId: number;
  kinds: MarkerKind[];
  length: number;
  now: number;
  onDone: (text: string) => void;
}) {
  const write = useWriteMarker(episodeId);
  const [kind, setKind] = useState<MarkerKind>(kinds[0]!);
  const [texts, setTexts] = useState<{ start: string; end: string } | null>(null);
  const shown = texts ?? { start: markerClock(now), end: markerClock(Math.min(length, now + 30)) };
  const start = parseMarkerClock(shown.start);
  const end = parseMarkerClock(shown.end);
  const apiError = write.error instanceof ApiError ? write.error : null;
  const error = (which: 'start' | 'end') => {
    const v = which === 'start' ? start : end;
    if (texts && (v === null || v > length)) return T.badTime;
    if (which === 'end' && start !== null && end !== null && end <= start) return T.endBeforeStart;
    return apiError?.field === `${which}_seconds` ? apiError.message : null;
  };
  const chosen = kinds.includes(kind) ? kind : kinds[0]!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (start === null || end === null || end <= start || start > length || end > length) return;
    write.mutate(
      { action: 'add', kind: chosen, start, end },
      {
        onSuccess: () => {
          setTexts(null);
          onDone(T.added(name(chosen)));
        },
      },
    );
  };
  return (
    <form className="markers__add" onSubmit={submit} aria-labelledby="markers-add">
      <h4 id="markers-add">{T.add}</h4>
      <div className="ingest__fields markers__fields">
        <label>
          {T.kind}
          <select name="kind" value={chosen} onChange={(e) => setKind(e.target.value as MarkerKind)}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {name(k)}
              </option>
            ))}
          </select>
        </label>
        <TimeField
          label={T.start}
          text={shown.start}
          error={error('start')}
          onText={(t) => setTexts({ ...shown, start: t })}
        />
        <TimeField label={T.end} text={shown.end} error={error('end')} onText={(t) => setTexts({ ...shown, end: t })} />
        <button type="submit" className="btn btn--primary" disabled={write.isPending}>
          {T.addButton}
        </button>
      </div>
      {write.isError && !apiError?.field && <Outcome text={write.error.message} error />}
    </form>
  );
}

export function MarkersTimeline({
  episodeId,
  duration,
  now,
  onSeek,
}: {
  episodeId: number;
  /** The preview's length in seconds, once it is known. */
  duration: number | null;
  /** The playhead, in seconds. */
  now: number;
  onSeek: (seconds: number) => void;
}) {
  const markers = useEpisodeMarkers(episodeId);
  const detect = useDetectMarkers(episodeId);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (markers.isPending) return <p role="status">{MESSAGES.loading}</p>;
  if (markers.isError) return <p role="alert">{markers.error.message}</p>;
  const { markers: list, removed, jobs } = markers.data;
  const length = Math.max(duration ?? 0, ...list.map((m) => m.end_seconds), 1);
  const missing = MARKER_KINDS.filter((k) => !list.some((m) => m.kind === k));
  const job = jobs[0];
  return (
    <section className="markers" aria-labelledby="markers-title">
      <h3 id="markers-title">{T.title}</h3>
      <p className="ingest__hint">{T.hint}</p>
      <Overview markers={list} length={length} now={now} onSeek={onSeek} />
      {list.length === 0 && <p className="ingest__dim">{T.none}</p>}
      {list.map((m) => (
        <MarkerCard
          key={m.kind}
          episodeId={episodeId}
          marker={m}
          length={length}
          now={now}
          onSeek={onSeek}
          onDone={setOutcome}
        />
      ))}
      {removed.length > 0 && (
        <p className="ingest__dim">{T.removedKinds(removed.map((k) => name(k).toLowerCase()).join(', '))}</p>
      )}
      {missing.length > 0 && (
        <AddMarker episodeId={episodeId} kinds={missing} length={length} now={now} onDone={setOutcome} />
      )}
      <div className="ingest__fields markers__detect">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={detect.isPending}
          onClick={() => detect.mutate()}
        >
          {T.detect}
        </button>
        <span className="ingest__dim">
          {job ? `${T.job(INGEST_TEXTS.states[job.state])} · ` : ''}
          {T.detectHint}
        </span>
      </div>
      <Outcome text={detect.isError ? detect.error.message : outcome} error={detect.isError} />
    </section>
  );
}
