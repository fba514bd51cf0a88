import { DEFAULT_SUBTITLE_SETTINGS, PLAYER_PAGE_TEXTS as T } from '@bosphorus/contract/player-protocol';
import type { PlayerInfo, SubtitleSettings } from '@bosphorus/contract';
import { ENGINE_KINDS, engineOrder, MediaEngine, loadHls, type EngineKind } from './engine';
import {
  decideOnFailure,
  failedOver,
  failureFromStatus,
  initialFailoverState,
  type GiveUpReason,
  type MediaFailure,
} from './failover';
import { formatTime, spokenTime } from './format-time';
import { actionForKey, isNativeKey, SEEK_STEP_SECONDS, VOLUME_STEP, type PlayerAction } from './keys';
import { isWellFormedToken, mediaBase, resolveMediaPath, swapToken } from './media-urls';
import { createParentLink, parseInfo, parseParentMessage } from './protocol';
import {
  CueShifter,
  cueTextToPlain,
  formatOffset,
  offsetStorageKey,
  readOffset,
  stepOffset,
  writeOffset,
  type StorageLike,
} from './subtitles';
import { buildUi, h, ICONS, setIcon, type PlayerUi } from './ui';

// The player page: spec §2 Watch and Episode player (the frame), §4 Player
// (main/backup), §7 Player loading (token, cb, user_id, video_id,
// video_type); issue 8 "The player". It fetches its title's info.json from
// its own origin, plays it, draws the subtitles itself and talks to the web
// page that frames it only through the messages of the contract.

export const CONTROLS_HIDE_MS = 3_000;
/**
 * How often the parent hears the position while playing. The parent saves at
 * most every 10 s, but a server switch or Reload Player rebuilds the frame
 * from the last position it heard: a second keeps that jump small.
 */
export const PROGRESS_INTERVAL_MS = 1_000;
/** Ask for a fresh token this long before the current one ends (notes R3). */
export const RENEW_BEFORE_MS = 10 * 60_000;
/** How long a framed page waits for the parent's init before it preloads from the start. */
const INIT_WAIT_MS = 1_500;
/** A token that came in answer to a refusal and is refused within this time stops the renewals. */
const REFUSAL_WINDOW_MS = 60_000;
/** How long the stage says "Renewing…" before it says the link was refused. */
const TOKEN_WAIT_MS = 15_000;

export interface PlayerQuery {
  token: string | null;
  videoType: string | null;
  videoId: string | null;
  /** Support and tests: 'hls', 'native' or 'mp4' first, when this device has it. */
  engine: EngineKind | null;
}

export function readQuery(search: string): PlayerQuery {
  const q = new URLSearchParams(search);
  const token = q.get('token');
  const engine = q.get('engine');
  return {
    token: isWellFormedToken(token) ? token : null,
    videoType: q.get('video_type'),
    videoId: q.get('video_id'),
    engine: ENGINE_KINDS.includes(engine as EngineKind) ? (engine as EngineKind) : null,
  };
}

/**
 * When to ask for the next token: 10 min before the end, at once for a
 * link that is already that close (an old page), and at half the remaining
 * time for a fresh token shorter than that (a short PLAYBACK_TOKEN_TTL must
 * not turn into a request loop).
 */
export function renewalDelayMs(expiresAt: string, now: number, fresh: boolean): number | null {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  const remaining = end - now;
  if (remaining > RENEW_BEFORE_MS) return remaining - RENEW_BEFORE_MS;
  return fresh ? Math.max(0, remaining / 2) : 0;
}

export interface PlayerMetrics {
  /** performance.now() at the first play intent (click, key, or an init with startAt). */
  playIntent: number | null;
  /** The first frame presented after it (requestVideoFrameCallback, else the first timeupdate past 0). */
  firstFrame: number | null;
  /** The first 'playing' event after it. */
  playing: number | null;
}

declare global {
  interface Window {
    /** Measurement hook for the bench and e2e (notes R6): timings only, nothing private. */
    __playerMetrics?: PlayerMetrics;
  }
}

interface SubTrack {
  el: HTMLTrackElement;
  sub: PlayerInfo['subtitles'][number];
}

function safeLocalStorage(win: Window): StorageLike | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

const GIVE_UP_TEXTS: Record<GiveUpReason, string> = {
  refused: T.errors.refused,
  'not-found': T.errors.notFound,
  unreachable: T.errors.unreachable,
  'server-error': T.errors.serverError,
  'all-servers-failed': T.errors.allServersFailed,
  unsupported: T.errors.unsupported,
};

export function startPlayer(root: HTMLElement, win: Window = window) {
  const doc = win.document;
  const ui: PlayerUi = buildUi(root);
  const { video } = ui;
  const query = readQuery(win.location.search);
  const ownOrigin = win.location.origin;
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;
  // The server writes the app origin and the media origins into the page, so
  // a refusal of info.json itself can still reach the parent and fail over.
  let appOrigin = meta('bosphorus:app-origin');
  const metaOrigins = (meta('bosphorus:media-origins') ?? '').split(/\s+/).filter(Boolean);
  const link = createParentLink(win, () => appOrigin);
  const metrics: PlayerMetrics = { playIntent: null, firstFrame: null, playing: null };
  win.__playerMetrics = metrics;

  let token = query.token;
  let info: PlayerInfo | null = null;
  let failover = initialFailoverState(ownOrigin, metaOrigins.find((o) => o !== ownOrigin) ?? null);
  let awaitingToken = false;
  let refusalRenewedAt = -Infinity;
  let gaveUp = false;
  /** The last give-up was a refused token: a token from the parent may still revive the page. */
  let refusedGiveUp = false;
  let tokenWaitTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingPosition = 0;

  let settings: SubtitleSettings = DEFAULT_SUBTITLE_SETTINGS;
  let captionsOn = true;
  const storage = safeLocalStorage(win);
  const offsetKey = offsetStorageKey(query.videoType, query.videoId);
  let offset = readOffset(storage, offsetKey);
  const shifter = new CueShifter();
  let mainTrack: SubTrack | null = null;
  let secondTrack: SubTrack | null = null;

  let engine: MediaEngine | null = null;
  let engineLoaded = false;
  let started = false;
  let wantPlaying = false;
  let initDone = false;
  let pendingInit: Parameters<typeof handleInit>[0] | null = null;
  let initTimer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let lastPosition = 0;
  let dragging = false;

  const base = () => mediaBase(failover.current, token!);
  const rewrite = (url: string) => (token ? swapToken(url, token) : url);
  const currentPosition = () => (video.currentTime > 0 ? video.currentTime : lastPosition);

  // ───── Stage messages ─────
  function showNotice(text: string | null) {
    ui.notice.textContent = text ?? '';
    ui.notice.hidden = !text;
  }
  function showError(text: string | null) {
    ui.errorText.textContent = text ?? '';
    ui.errorText.hidden = !text;
    ui.root.toggleAttribute('data-error', !!text);
    if (text) {
      showNotice(null);
      ui.spinner.hidden = true;
      ui.bigPlay.hidden = true;
      ui.resumeCard.hidden = true;
    }
  }
  function giveUp(text: string, status?: number) {
    gaveUp = true;
    refusedGiveUp = text === T.errors.refused;
    wantPlaying = false;
    video.pause();
    showError(text);
    link.post({ type: 'error', message: text, ...(status ? { status } : {}) });
  }
  function updateBigPlay() {
    ui.bigPlay.hidden = !info || gaveUp || !ui.resumeCard.hidden || (wantPlaying && !video.ended);
  }

  // ───── info.json ─────
  async function loadInfo() {
    if (!token) return giveUp(T.errors.noToken);
    ui.spinner.hidden = false;
    let res: Response;
    try {
      res = await fetch(`${base()}info.json`, { cache: 'no-store', credentials: 'omit' });
    } catch {
      return handleFailure({ kind: 'network', resource: 'info' });
    }
    if (!res.ok) return handleFailure(failureFromStatus(res.status, 'info'));
    let parsed: PlayerInfo | null;
    try {
      parsed = parseInfo(await res.json());
    } catch {
      parsed = null;
    }
    if (!parsed) return giveUp(T.errors.badInfo);
    onInfo(parsed);
  }

  function onInfo(parsed: PlayerInfo) {
    const first = info === null;
    info = parsed;
    appOrigin = parsed.app_origin;
    const origins = [...new Set([ownOrigin, parsed.backup_origin, failover.current])];
    failover = { ...failover, origins };
    doc.title = parsed.title;
    ui.spinner.hidden = true;
    showNotice(null);
    showError(null);
    if (!first) return;
    scheduleRenewal(parsed.expires_at, false);
    setupTracks();
    const nativeHls = video.canPlayType('application/vnd.apple.mpegurl') !== '';
    const mse = typeof MediaSource !== 'undefined' || 'ManagedMediaSource' in win;
    engine = new MediaEngine(video, { rewrite, onFailure: handleFailure }, engineOrder(nativeHls, mse, query.engine));
    updateBigPlay();
    link.post({ type: 'ready' });
    if (pendingInit) handleInit(pendingInit);
    else if (!link.framed) handleInit({ resumeSeconds: 0, subtitleSettings: settings });
    else if (started) loadMedia(0);
    else initTimer = setTimeout(() => !engineLoaded && loadMedia(0), INIT_WAIT_MS);
  }

  function loadMedia(position: number) {
    if (!info || !engine || !token) return;
    const b = base();
    const hls = resolveMediaPath(b, info.hls);
    const mp4 = resolveMediaPath(b, info.mp4);
    if (!hls || !mp4) return giveUp(T.errors.badInfo);
    engineLoaded = true;
    lastPosition = position;
    void engine.load({ hls, mp4 }, position);
    if (wantPlaying) playWhenReady();
  }

  /**
   * Play now (inside the viewer's gesture when there is one) and again once
   * the new source can play: loading a source (a rebuild, hls.js attaching)
   * drops a play() that was waiting.
   */
  function playWhenReady() {
    video.addEventListener(
      'canplay',
      () => {
        if (wantPlaying && video.paused) void tryPlay();
      },
      { once: true },
    );
    void tryPlay();
  }

  /** After a failover or a new token: the same title again at the same position, playing if it was. */
  function rebuild(position: number) {
    refreshTracks();
    loadMedia(position);
  }

  // ───── Failures: token, failover, give up ─────
  function handleFailure(failure: MediaFailure) {
    if (gaveUp) return;
    const position = currentPosition();
    if (failure.kind === 'media' && engine) {
      void engine.next(position).then((more) => {
        if (!more) giveUp(T.errors.unsupported);
        else if (wantPlaying) playWhenReady();
      });
      return;
    }
    const refusedAfterRenewal = Date.now() - refusalRenewedAt < REFUSAL_WINDOW_MS;
    const decision = decideOnFailure({ ...failover, refusedAfterRenewal }, failure);
    if (decision.action === 'renew-token') {
      const status = failure.kind === 'http' ? failure.status : 403;
      if (!link.framed) return giveUp(T.errors.refused, status);
      awaitingToken = true;
      pendingPosition = position;
      if (!info) {
        // Spec-visible: the stage says what happened while the parent fetches a new link.
        showError(T.errors.refused);
        link.post({ type: 'error', message: T.errors.refused, status });
      } else {
        showNotice(T.renewing);
        clearTimeout(tokenWaitTimer);
        tokenWaitTimer = setTimeout(() => {
          if (!awaitingToken) return;
          awaitingToken = false;
          giveUp(T.errors.refused, status);
        }, TOKEN_WAIT_MS);
      }
      link.post({ type: 'token-needed' });
      return;
    }
    if (decision.action === 'failover') {
      failover = failedOver(failover, decision.origin);
      showNotice(T.switching);
      if (!info) return void loadInfo();
      rebuild(position);
      link.post({ type: 'failover', position: Math.floor(position) });
      return;
    }
    giveUp(GIVE_UP_TEXTS[decision.reason], failure.kind === 'http' ? failure.status : undefined);
  }

  // ───── Token renewal ─────
  function scheduleRenewal(expiresAt: string, fresh: boolean) {
    clearTimeout(renewTimer);
    const delay = renewalDelayMs(expiresAt, Date.now(), fresh);
    if (delay === null) return;
    renewTimer = setTimeout(() => link.post({ type: 'token-needed' }), Math.min(delay, 2 ** 31 - 1));
  }

  function handleToken(next: string, expiresAt: string) {
    const changed = next !== token;
    token = next;
    scheduleRenewal(expiresAt, true);
    if (awaitingToken || (gaveUp && refusedGiveUp)) {
      clearTimeout(tokenWaitTimer);
      awaitingToken = false;
      gaveUp = false;
      refusedGiveUp = false;
      refusalRenewedAt = Date.now();
      showError(null);
      showNotice(null);
      if (!info) return void loadInfo();
      return rebuild(pendingPosition);
    }
    // hls.js puts the newest token into every request (engine xhrSetup); the
    // browser's own HLS and the MP4 keep the URL they started with.
    if (changed && engineLoaded && engine?.kind !== 'hls') rebuild(currentPosition());
  }

  // ───── Subtitles ─────
  function addTrack(sub: SubTrack['sub']): SubTrack | null {
    const src = info && token ? resolveMediaPath(base(), sub.src) : null;
    if (!src) return null;
    const el = h('track', { kind: 'subtitles', srclang: sub.language, label: sub.label, src });
    video.append(el);
    el.track.mode = 'hidden';
    el.addEventListener('load', () => {
      shifter.applyOffset(el.track.cues as unknown as ArrayLike<VTTCue> | null, offset);
      renderCues();
    });
    el.track.addEventListener('cuechange', renderCues);
    return { el, sub };
  }

  function setupTracks() {
    const subs = info?.subtitles ?? [];
    const main = subs.find((s) => s.language === 'en') ?? subs.find((s) => s.default) ?? subs[0];
    const second = subs.find((s) => s.language === 'tr' && s !== main);
    mainTrack = main ? addTrack(main) : null;
    secondTrack = second ? addTrack(second) : null;
    ui.dualButton.disabled = !secondTrack;
    ui.dualNote.hidden = !!secondTrack;
    ui.captionsButton.hidden = !mainTrack;
  }

  /** A track that failed to load (refused token, failed origin) loads again from the current base. */
  function refreshTracks() {
    const again = (t: SubTrack | null) => {
      if (!t || t.el.readyState === HTMLTrackElement.LOADED) return t;
      t.el.track.mode = 'disabled';
      t.el.remove();
      return addTrack(t.sub);
    };
    mainTrack = again(mainTrack);
    secondTrack = again(secondTrack);
  }

  // Tracks of the stream itself (native HLS subtitles) never show: ours do.
  video.textTracks.addEventListener('addtrack', (e) => {
    const track = (e as TrackEvent).track as TextTrack | null;
    if (track && track !== mainTrack?.el.track && track !== secondTrack?.el.track) track.mode = 'disabled';
  });

  function renderLine(line: HTMLElement, track: TextTrack | null | undefined) {
    const texts: string[] = [];
    const cues = track?.activeCues;
    if (cues) {
      for (let i = 0; i < cues.length; i++) {
        const text = (cues[i] as VTTCue).text;
        if (typeof text === 'string') texts.push(cueTextToPlain(text));
      }
    }
    const text = texts.filter(Boolean).join('\n');
    const span = line.firstElementChild as HTMLElement;
    if (span.textContent !== text) span.textContent = text;
    line.hidden = !text;
  }

  function renderCues() {
    renderLine(ui.cueEn, captionsOn ? mainTrack?.el.track : null);
    renderLine(ui.cueTr, captionsOn && settings.dual ? secondTrack?.el.track : null);
  }

  function setOffset(value: number) {
    offset = value;
    writeOffset(storage, offsetKey, offset);
    for (const t of [mainTrack, secondTrack]) {
      if (t) shifter.applyOffset(t.el.track.cues as unknown as ArrayLike<VTTCue> | null, offset);
    }
    ui.offsetValue.textContent = formatOffset(offset);
    renderCues();
  }

  function applySettings(next: SubtitleSettings) {
    settings = next;
    ui.subs.dataset.size = next.size;
    ui.subs.dataset.color = next.color;
    ui.subs.dataset.background = next.background;
    const press = <V extends string>(buttons: Map<V, HTMLButtonElement>, value: V) =>
      buttons.forEach((b, v) => b.setAttribute('aria-pressed', String(v === value)));
    press(ui.sizeButtons, next.size);
    press(ui.colorButtons, next.color);
    press(ui.backgroundButtons, next.background);
    ui.dualButton.setAttribute('aria-pressed', String(next.dual));
    ui.dualButton.textContent = next.dual ? T.on : T.off;
    renderCues();
  }

  function changeSettings(patch: Partial<SubtitleSettings>) {
    applySettings({ ...settings, ...patch });
    link.post({ type: 'settings', settings });
  }

  function setCaptions(on: boolean) {
    captionsOn = on;
    ui.captionsButton.setAttribute('aria-pressed', String(on));
    renderCues();
  }

  // ───── Playback ─────
  function watchFirstFrame() {
    const v = video as HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number };
    if (typeof v.requestVideoFrameCallback === 'function') {
      v.requestVideoFrameCallback(() => {
        metrics.firstFrame ??= performance.now();
      });
      return;
    }
    const onTime = () => {
      if (video.currentTime <= 0) return;
      metrics.firstFrame ??= performance.now();
      video.removeEventListener('timeupdate', onTime);
    };
    video.addEventListener('timeupdate', onTime);
  }

  async function tryPlay() {
    try {
      await video.play();
    } catch (error) {
      // The browser wants a gesture in this frame (an automatic start after a
      // server switch): the big play button asks for it.
      if ((error as DOMException).name === 'NotAllowedError') {
        wantPlaying = false;
        updateBigPlay();
      } else if ((error as DOMException).name === 'AbortError' && wantPlaying) {
        // A new source (hls.js attaching its MediaSource, a rebuild) dropped
        // this play(): ask again once that source can play, or at once if it
        // already can — otherwise the press is lost and the video sits paused.
        retryPlayWhenPlayable();
      }
    }
  }

  function retryPlayWhenPlayable() {
    if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) {
      setTimeout(() => {
        if (wantPlaying && video.paused) void tryPlay();
      }, 0);
      return;
    }
    video.addEventListener(
      'canplay',
      () => {
        if (wantPlaying && video.paused) void tryPlay();
      },
      { once: true },
    );
  }

  function playIntent() {
    if (gaveUp) return;
    if (metrics.playIntent === null) {
      metrics.playIntent = performance.now();
      watchFirstFrame();
    }
    started = true;
    wantPlaying = true;
    ui.resumeCard.hidden = true;
    updateBigPlay();
    if (!engineLoaded) {
      clearTimeout(initTimer);
      loadMedia(0);
      if (!engineLoaded) return;
    } else {
      void tryPlay();
    }
    scheduleHide();
  }

  function pauseByUser() {
    wantPlaying = false;
    video.pause();
    showControls();
  }

  function togglePlay() {
    if (video.paused || video.ended) playIntent();
    else pauseByUser();
  }

  function seekBy(delta: number) {
    if (!engineLoaded || !Number.isFinite(video.duration)) return;
    video.currentTime = Math.max(0, Math.min(video.duration - 0.1, video.currentTime + delta));
  }

  function setVolume(value: number) {
    video.volume = Math.max(0, Math.min(1, Math.round(value * 100) / 100));
    video.muted = video.volume === 0;
  }

  // ───── Progress for the parent (saved per user and title) ─────
  function postProgress() {
    // Nothing before the viewer pressed play: opening a page and leaving must
    // not overwrite the saved position with 0.
    if (!started) return;
    const duration = video.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    link.post({
      type: 'progress',
      position: Math.floor(currentPosition()),
      duration: Math.round(duration),
      at: Date.now(),
    });
  }
  setInterval(() => {
    if (!video.paused && !video.ended) postProgress();
  }, PROGRESS_INTERVAL_MS);
  win.addEventListener('pagehide', postProgress);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') postProgress();
  });

  // ───── Resume card ─────
  function handleInit(msg: { resumeSeconds: number; subtitleSettings: SubtitleSettings; startAt?: number }) {
    if (!info) {
      pendingInit = msg;
      return;
    }
    applySettings(msg.subtitleSettings);
    if (initDone) return;
    initDone = true;
    clearTimeout(initTimer);
    if (started) return;
    const position = msg.startAt ?? msg.resumeSeconds;
    if (engineLoaded) video.currentTime = position;
    else loadMedia(position);
    if (msg.startAt !== undefined) playIntent();
    else if (msg.resumeSeconds > 0) showResume(msg.resumeSeconds);
  }

  function showResume(seconds: number) {
    ui.resumeTitle.textContent = info?.title ?? '';
    ui.resumeButton.textContent = `${T.resumeFrom} ${formatTime(seconds)}`;
    ui.resumeButton.onclick = () => {
      video.currentTime = seconds;
      playIntent();
    };
    ui.resumeCard.hidden = false;
    updateBigPlay();
    ui.resumeButton.focus();
  }

  /** Start over, or Back/Esc on the card: from the beginning (Back does not start playback). */
  function startOver(play: boolean) {
    ui.resumeCard.hidden = true;
    video.currentTime = 0;
    lastPosition = 0;
    if (play) playIntent();
    else {
      updateBigPlay();
      ui.bigPlay.focus();
    }
  }
  ui.startOverButton.addEventListener('click', () => startOver(true));

  // ───── Subtitle panel ─────
  function openPanel() {
    ui.panel.hidden = false;
    ui.settingsButton.setAttribute('aria-expanded', 'true');
    showControls();
    (ui.panel.querySelector<HTMLElement>('[aria-pressed="true"]') ?? ui.closePanel).focus();
  }
  function closePanel() {
    ui.panel.hidden = true;
    ui.settingsButton.setAttribute('aria-expanded', 'false');
    ui.settingsButton.focus();
    scheduleHide();
  }
  ui.settingsButton.addEventListener('click', () => (ui.panel.hidden ? openPanel() : closePanel()));
  ui.closePanel.addEventListener('click', closePanel);
  ui.sizeButtons.forEach((b, size) => b.addEventListener('click', () => changeSettings({ size })));
  ui.colorButtons.forEach((b, color) => b.addEventListener('click', () => changeSettings({ color })));
  ui.backgroundButtons.forEach((b, background) => b.addEventListener('click', () => changeSettings({ background })));
  ui.dualButton.addEventListener('click', () => changeSettings({ dual: !settings.dual }));
  ui.earlier.addEventListener('click', () => setOffset(stepOffset(offset, -1)));
  ui.later.addEventListener('click', () => setOffset(stepOffset(offset, 1)));
  ui.resetOffset.addEventListener('click', () => setOffset(0));

  /** Arrow keys inside the panel or the card move the focus (a remote has no Tab key). */
  function moveFocus(container: HTMLElement, key: string) {
    const rows = [...container.querySelectorAll<HTMLElement>('[data-row]')].filter((r) => !r.hidden);
    if (rows.length === 0) rows.push(container);
    const enabled = (row: HTMLElement) => [...row.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    const active = doc.activeElement as HTMLElement | null;
    let r = rows.findIndex((row) => active && row.contains(active));
    const vertical = key === 'ArrowUp' || key === 'ArrowDown';
    const step = key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 1;
    if (r < 0) return enabled(rows[0]!)[0]?.focus();
    if (vertical && rows.length > 1) {
      for (let i = r + step; i >= 0 && i < rows.length; i += step) {
        const list = enabled(rows[i]!);
        if (list.length) return (list.find((b) => b.getAttribute('aria-pressed') === 'true') ?? list[0]!).focus();
      }
      return;
    }
    const list = enabled(rows[r]!);
    const i = list.indexOf(active as HTMLButtonElement);
    r = Math.max(0, Math.min(list.length - 1, i + step));
    list[r]?.focus();
  }

  // ───── Controls: visibility, keys, pointer ─────
  function showControls() {
    ui.root.removeAttribute('data-idle');
    scheduleHide();
  }
  function scheduleHide() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      if (video.paused || !ui.panel.hidden || !ui.resumeCard.hidden || dragging) return;
      ui.root.setAttribute('data-idle', '');
      // Nothing invisible keeps the focus: keys now act on the stage.
      if (ui.controls.contains(doc.activeElement)) ui.root.focus({ preventScroll: true });
    }, CONTROLS_HIDE_MS);
  }

  function run(action: PlayerAction) {
    switch (action) {
      case 'toggle-play':
        return togglePlay();
      case 'play':
        return playIntent();
      case 'pause':
        return pauseByUser();
      case 'seek-back':
        return seekBy(-SEEK_STEP_SECONDS);
      case 'seek-forward':
        return seekBy(SEEK_STEP_SECONDS);
      case 'volume-up':
        video.muted = false;
        return setVolume(video.volume + VOLUME_STEP);
      case 'volume-down':
        return setVolume(video.volume - VOLUME_STEP);
      case 'toggle-mute':
        video.muted = !video.muted;
        return;
      case 'toggle-fullscreen':
        return void toggleFullscreen();
      case 'toggle-captions':
        return setCaptions(!captionsOn);
      case 'open-settings':
        return ui.panel.hidden ? openPanel() : closePanel();
      case 'back':
        return;
    }
  }

  win.addEventListener('keydown', (e) => {
    showControls();
    const target = e.target as HTMLElement | null;
    const action = actionForKey(e);
    const dialog = !ui.resumeCard.hidden ? ui.resumeCard : !ui.panel.hidden ? ui.panel : null;
    if (dialog) {
      if (action === 'back') {
        e.preventDefault();
        return dialog === ui.panel ? closePanel() : startOver(false);
      }
      if (/^Arrow(Up|Down|Left|Right)$/.test(e.key)) {
        e.preventDefault();
        return moveFocus(dialog, e.key);
      }
    }
    if (!action) {
      const onStage = !target || target === doc.body || target === ui.root || target === video;
      if (e.key === 'Enter' && onStage && !gaveUp) {
        e.preventDefault();
        togglePlay();
      }
      return;
    }
    if (isNativeKey(e.key, target)) return;
    if (action === 'back') {
      // Only when there is something to close: otherwise Back belongs to the TV app.
      if (doc.fullscreenElement) {
        e.preventDefault();
        void doc.exitFullscreen();
      }
      return;
    }
    e.preventDefault();
    run(action);
  });

  let idleAtPointerDown = false;
  ui.root.addEventListener('pointermove', (e) => {
    if (e.pointerType !== 'touch') showControls();
  });
  ui.root.addEventListener(
    'pointerdown',
    (e) => {
      idleAtPointerDown = ui.root.hasAttribute('data-idle');
      showControls();
      if (!ui.panel.hidden && !ui.panel.contains(e.target as Node) && e.target !== ui.settingsButton) closePanel();
    },
    true,
  );
  video.addEventListener('click', (e) => {
    // A tap on a phone first brings the controls back; a click plays or pauses.
    if ((e as PointerEvent).pointerType === 'touch' && idleAtPointerDown) return;
    if (!gaveUp && info) togglePlay();
  });
  video.addEventListener('dblclick', () => void toggleFullscreen());
  ui.bigPlay.addEventListener('click', playIntent);
  ui.playButton.addEventListener('click', togglePlay);
  ui.muteButton.addEventListener('click', () => (video.muted = !video.muted));
  ui.captionsButton.addEventListener('click', () => setCaptions(!captionsOn));
  ui.fullscreenButton.addEventListener('click', () => void toggleFullscreen());
  ui.volume.addEventListener('input', () => setVolume(Number(ui.volume.value)));
  ui.seek.addEventListener('input', () => {
    dragging = true;
    const t = Number(ui.seek.value);
    if (engineLoaded && Number.isFinite(t)) video.currentTime = t;
    updateTime(t);
  });
  ui.seek.addEventListener('change', () => {
    dragging = false;
    scheduleHide();
  });

  // ───── Full screen ─────
  const webkitVideo = video as HTMLVideoElement & { webkitEnterFullscreen?: () => void };
  async function toggleFullscreen() {
    try {
      if (doc.fullscreenElement) await doc.exitFullscreen();
      else if (doc.fullscreenEnabled) await ui.root.requestFullscreen();
      else webkitVideo.webkitEnterFullscreen?.();
    } catch {
      // Refused (no gesture, or the frame lacks allow="fullscreen"): nothing changes.
    }
  }
  ui.fullscreenButton.hidden = !doc.fullscreenEnabled && typeof webkitVideo.webkitEnterFullscreen !== 'function';
  doc.addEventListener('fullscreenchange', () => {
    const full = !!doc.fullscreenElement;
    ui.fullscreenButton.setAttribute('aria-label', full ? T.exitFullscreen : T.fullscreen);
    setIcon(ui.fullscreenButton, full ? ICONS.exitFullscreen : ICONS.fullscreen);
  });
  // iOS plays full screen in its own view, where our overlay cannot draw:
  // the browser draws the English track there instead.
  video.addEventListener('webkitbeginfullscreen', () => {
    if (mainTrack && captionsOn) mainTrack.el.track.mode = 'showing';
  });
  video.addEventListener('webkitendfullscreen', () => {
    if (mainTrack) mainTrack.el.track.mode = 'hidden';
  });

  // ───── Element events → controls ─────
  function updateTime(at = video.currentTime) {
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    ui.time.textContent = `${formatTime(at)} / ${formatTime(duration)}`;
    if (!dragging) ui.seek.value = String(at);
    ui.seek.max = String(duration);
    ui.seek.setAttribute('aria-valuetext', `${spokenTime(at)} of ${spokenTime(duration)}`);
    ui.seek.style.setProperty('--progress', duration > 0 ? `${(at / duration) * 100}%` : '0%');
  }
  video.addEventListener('timeupdate', () => {
    if (video.currentTime > 0) lastPosition = video.currentTime;
    updateTime();
  });
  video.addEventListener('durationchange', () => updateTime());
  video.addEventListener('seeked', postProgress);
  const syncPlayButton = () => {
    const paused = video.paused;
    ui.playButton.setAttribute('aria-label', paused ? T.play : T.pause);
    setIcon(ui.playButton, paused ? ICONS.play : ICONS.pause);
    ui.root.toggleAttribute('data-paused', paused);
  };
  video.addEventListener('play', syncPlayButton);
  video.addEventListener('pause', () => {
    syncPlayButton();
    showControls();
    if (!video.ended) postProgress();
  });
  video.addEventListener('playing', () => {
    if (metrics.playIntent !== null) metrics.playing ??= performance.now();
    // The parent learns at once that this frame plays (a rebuild then plays on).
    postProgress();
    ui.spinner.hidden = true;
    showNotice(null);
  });
  video.addEventListener('waiting', () => {
    if (wantPlaying) ui.spinner.hidden = false;
  });
  video.addEventListener('canplay', () => {
    if (video.paused) ui.spinner.hidden = true;
    if (!awaitingToken) showNotice(null);
  });
  video.addEventListener('ended', () => {
    wantPlaying = false;
    postProgress();
    link.post({ type: 'ended' });
    updateBigPlay();
    showControls();
  });
  video.addEventListener('volumechange', () => {
    const silent = video.muted || video.volume === 0;
    ui.muteButton.setAttribute('aria-label', silent ? T.unmute : T.mute);
    setIcon(ui.muteButton, silent ? ICONS.muted : ICONS.volume);
    ui.volume.value = String(video.muted ? 0 : video.volume);
  });

  // ───── Messages from the parent ─────
  win.addEventListener('message', (event) => {
    const msg = parseParentMessage(event, appOrigin, win.parent);
    if (!msg) return;
    if (msg.type === 'init') handleInit(msg);
    else handleToken(msg.token, msg.expiresAt);
  });

  // ───── Start ─────
  ui.root.tabIndex = -1;
  ui.root.setAttribute('aria-label', T.player);
  applySettings(settings);
  ui.offsetValue.textContent = formatOffset(offset);
  syncPlayButton();
  updateTime(0);
  // hls.js is needed on most non-Apple devices: fetch it while info.json loads.
  if (video.canPlayType('application/vnd.apple.mpegurl') === '' && typeof MediaSource !== 'undefined') {
    void loadHls();
  } else if (query.engine === 'hls') void loadHls();
  void loadInfo();
}
