import { PLAYER_PAGE_TEXTS as T } from '@bosphorus/contract/player-protocol';
import { formatTime, spokenTime } from './format-time';
import { actionForKey, directionForKey, isNativeKey, SEEK_STEP_SECONDS, VOLUME_STEP, type PlayerAction } from './keys';
import type { PlayerContext } from './player-context';
import { ICONS, setIcon } from './ui';

// The controls: shown on any key or pointer move and hidden after a while of
// playing; the keyboard and remote (keys.ts, the arrows' focus moves in
// remote.ts), the pointer, full screen, and the bar kept in step with the
// video element (time, seek, play, volume).

export const CONTROLS_HIDE_MS = 3_000;

const ARROW_KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' } as const;

export function createControls(ctx: PlayerContext) {
  const { state: s, ui, video, doc, win, metrics, link } = ctx;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let dragging = false;

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

  // ───── Visibility ─────
  function showControls() {
    ui.root.removeAttribute('data-idle');
    scheduleHide();
  }
  function scheduleHide() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      if (video.paused || !ui.panel.hidden || !ui.resumeCard.hidden || !ui.nextCard.hidden || dragging) return;
      ui.root.setAttribute('data-idle', '');
      // Nothing invisible keeps the focus: keys now act on the stage.
      if (ui.controls.contains(doc.activeElement)) ui.root.focus({ preventScroll: true });
    }, CONTROLS_HIDE_MS);
  }

  function run(action: PlayerAction) {
    const p = ctx.playback;
    switch (action) {
      case 'toggle-play':
        return p.togglePlay();
      case 'play':
        return p.playIntent();
      case 'pause':
        return p.pauseByUser();
      case 'seek-back':
        return p.seekBy(-SEEK_STEP_SECONDS);
      case 'seek-forward':
        return p.seekBy(SEEK_STEP_SECONDS);
      case 'volume-up':
        video.muted = false;
        return p.setVolume(video.volume + VOLUME_STEP);
      case 'volume-down':
        return p.setVolume(video.volume - VOLUME_STEP);
      case 'toggle-mute':
        video.muted = !video.muted;
        return;
      case 'toggle-fullscreen':
        return void toggleFullscreen();
      case 'toggle-captions':
        return ctx.subtitles.toggleCaptions();
      case 'open-settings':
        return ctx.subtitles.togglePanel();
      case 'back':
        return;
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    showControls();
    const target = e.target as HTMLElement | null;
    const direction = directionForKey(e);
    let action = actionForKey(e);
    const dialog = !ui.resumeCard.hidden
      ? ui.resumeCard
      : !ui.nextCard.hidden
        ? ui.nextCard
        : !ui.panel.hidden
          ? ui.panel
          : null;
    if (dialog) {
      if (action === 'back') {
        e.preventDefault();
        if (dialog === ui.panel) return ctx.subtitles.closePanel();
        return dialog === ui.nextCard ? ctx.upNext.dismiss() : ctx.resume.startOver(false);
      }
      if (direction) {
        e.preventDefault();
        return moveFocus(dialog, ARROW_KEYS[direction]);
      }
    }
    if (direction && ctx.remote.move(direction, target)) {
      e.preventDefault();
      return;
    }
    // ←/→ that are not a focus move seek, also from a remote that sends only keyCodes.
    if (direction === 'left' || direction === 'right') action ??= direction === 'left' ? 'seek-back' : 'seek-forward';
    if (!action) {
      const onStage = !target || target === doc.body || target === ui.root || target === video;
      if (e.key === 'Enter' && onStage && !s.gaveUp) {
        e.preventDefault();
        ctx.playback.togglePlay();
      }
      return;
    }
    if (isNativeKey(e.key, target)) return;
    if (action === 'back') {
      if (doc.fullscreenElement) {
        e.preventDefault();
        void doc.exitFullscreen();
      } else if (link.framed) {
        // Nothing open: leave the player, so the watch page goes back. Opened
        // alone (no watch page around it), Back stays the browser's or the TV's.
        e.preventDefault();
        link.post({ type: 'back' });
      }
      return;
    }
    e.preventDefault();
    run(action);
  }

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

  // ───── Element events → controls ─────
  function updateTime(at = video.currentTime) {
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    ui.time.textContent = `${formatTime(at)} / ${formatTime(duration)}`;
    if (!dragging) ui.seek.value = String(at);
    ui.seek.max = String(duration);
    ui.seek.setAttribute('aria-valuetext', `${spokenTime(at)} of ${spokenTime(duration)}`);
    ui.seek.style.setProperty('--progress', duration > 0 ? `${(at / duration) * 100}%` : '0%');
  }
  const syncPlayButton = () => {
    const paused = video.paused;
    ui.playButton.setAttribute('aria-label', paused ? T.play : T.pause);
    setIcon(ui.playButton, paused ? ICONS.play : ICONS.pause);
    ui.root.toggleAttribute('data-paused', paused);
  };

  /** Keys, pointer and buttons. */
  function listen() {
    const p = ctx.playback;
    win.addEventListener('keydown', onKeyDown);

    let idleAtPointerDown = false;
    ui.root.addEventListener('pointermove', (e) => {
      if (e.pointerType !== 'touch') showControls();
    });
    ui.root.addEventListener(
      'pointerdown',
      (e) => {
        idleAtPointerDown = ui.root.hasAttribute('data-idle');
        showControls();
        if (!ui.panel.hidden && !ui.panel.contains(e.target as Node) && e.target !== ui.settingsButton) {
          ctx.subtitles.closePanel();
        }
      },
      true,
    );
    video.addEventListener('click', (e) => {
      // A tap on a phone first brings the controls back; a click plays or pauses.
      if ((e as PointerEvent).pointerType === 'touch' && idleAtPointerDown) return;
      if (!s.gaveUp && s.info) p.togglePlay();
    });
    video.addEventListener('dblclick', () => void toggleFullscreen());
    ui.bigPlay.addEventListener('click', p.playIntent);
    ui.playButton.addEventListener('click', p.togglePlay);
    ui.muteButton.addEventListener('click', () => (video.muted = !video.muted));
    ui.captionsButton.addEventListener('click', ctx.subtitles.toggleCaptions);
    ui.fullscreenButton.addEventListener('click', () => void toggleFullscreen());
    ui.volume.addEventListener('input', () => p.setVolume(Number(ui.volume.value)));
    ui.seek.addEventListener('input', () => {
      dragging = true;
      const t = Number(ui.seek.value);
      if (s.engineLoaded && Number.isFinite(t)) video.currentTime = t;
      updateTime(t);
    });
    ui.seek.addEventListener('change', () => {
      dragging = false;
      scheduleHide();
    });
  }

  /** Full screen state and its button. */
  function listenFullscreen() {
    ui.fullscreenButton.hidden = !doc.fullscreenEnabled && typeof webkitVideo.webkitEnterFullscreen !== 'function';
    doc.addEventListener('fullscreenchange', () => {
      const full = !!doc.fullscreenElement;
      ui.fullscreenButton.setAttribute('aria-label', full ? T.exitFullscreen : T.fullscreen);
      setIcon(ui.fullscreenButton, full ? ICONS.exitFullscreen : ICONS.fullscreen);
    });
  }

  /** The video element's events: the bar, the spinner, the notice, progress and the end. */
  function listenVideo() {
    const { postProgress } = ctx.progress;
    video.addEventListener('timeupdate', () => {
      if (video.currentTime > 0) s.lastPosition = video.currentTime;
      updateTime();
    });
    video.addEventListener('durationchange', () => updateTime());
    video.addEventListener('seeked', postProgress);
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
      ctx.loading.showNotice(null);
    });
    video.addEventListener('waiting', () => {
      if (s.wantPlaying) ui.spinner.hidden = false;
    });
    video.addEventListener('canplay', () => {
      if (video.paused) ui.spinner.hidden = true;
      if (!s.awaitingToken) ctx.loading.showNotice(null);
    });
    video.addEventListener('ended', () => {
      s.wantPlaying = false;
      postProgress();
      ctx.link.post({ type: 'ended' });
      ctx.loading.updateBigPlay();
      showControls();
    });
    video.addEventListener('volumechange', () => {
      const silent = video.muted || video.volume === 0;
      ui.muteButton.setAttribute('aria-label', silent ? T.unmute : T.mute);
      setIcon(ui.muteButton, silent ? ICONS.muted : ICONS.volume);
      ui.volume.value = String(video.muted ? 0 : video.volume);
    });
  }

  // ───── The subtitles' room ─────
  // The cue lines sit above the control bar while it shows (UI.md: never
  // clipped by controls). Its height is measured, not assumed: the bar's
  // CSS sizes change with the frame (phone, web, TV) and the font, so the
  // overlay's bottom follows the bar's real top (player.css --bar-top).
  function measureBar() {
    const height = ui.controls.getBoundingClientRect().height;
    if (height > 0) ui.root.style.setProperty('--bar-top', `${Math.ceil(height)}px`);
  }
  function watchBar() {
    measureBar();
    win.addEventListener('resize', measureBar);
    // Chromium 63 (older TVs) has no ResizeObserver: the resize listener and the CSS default serve there.
    const Observer = (win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
    if (Observer) new Observer(measureBar).observe(ui.controls);
  }

  /** The bar as the page starts. */
  function start() {
    syncPlayButton();
    updateTime(0);
    watchBar();
  }

  return { showControls, scheduleHide, listen, listenFullscreen, listenVideo, start };
}

export type Controls = ReturnType<typeof createControls>;
