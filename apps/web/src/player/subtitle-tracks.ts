import { DEFAULT_SUBTITLE_SETTINGS, PLAYER_PAGE_TEXTS as T } from '@bosphorus/contract/player-protocol';
import type { PlayerInfo, SubtitleSettings } from '@bosphorus/contract';
import { resolveMediaPath } from './media-urls';
import type { PlayerContext } from './player-context';
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
import { h } from './ui';

// Subtitles on the page: the sidecar <track>s (kept hidden), our overlay
// drawn from their active cues, the look (size, colour, background, the
// Turkish line) from the parent or the panel, captions on/off, the timing
// offset per title, and the subtitle panel itself.

interface SubTrack {
  el: HTMLTrackElement;
  sub: PlayerInfo['subtitles'][number];
}

/**
 * Issue 28: an episode that plays without its English track says "English
 * subtitles coming" (and, with a Turkish track, that it shows meanwhile);
 * null when there is nothing to say.
 */
export function englishNoteFor(videoType: string | null, subs: PlayerInfo['subtitles']): string | null {
  if (videoType !== 'episode' || subs.some((t) => t.language === 'en')) return null;
  return subs.some((t) => t.language === 'tr') ? `${T.englishComing} · ${T.turkishMeanwhile}` : T.englishComing;
}

function safeLocalStorage(win: Window): StorageLike | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

export function createSubtitleTracks(ctx: PlayerContext) {
  const { state: s, ui, video, link, win, query } = ctx;
  let settings: SubtitleSettings = DEFAULT_SUBTITLE_SETTINGS;
  let captionsOn = true;
  const storage = safeLocalStorage(win);
  const offsetKey = offsetStorageKey(query.videoType, query.videoId);
  let offset = readOffset(storage, offsetKey);
  const shifter = new CueShifter();
  let mainTrack: SubTrack | null = null;
  let secondTrack: SubTrack | null = null;

  function addTrack(sub: SubTrack['sub']): SubTrack | null {
    const src = s.info && s.token ? resolveMediaPath(ctx.loading.base(), sub.src) : null;
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
    const subs = s.info?.subtitles ?? [];
    const main = subs.find((t) => t.language === 'en') ?? subs.find((t) => t.default) ?? subs[0];
    const second = subs.find((t) => t.language === 'tr' && t !== main);
    mainTrack = main ? addTrack(main) : null;
    secondTrack = second ? addTrack(second) : null;
    ui.dualButton.disabled = !secondTrack;
    // The Turkish track as the main one (English not out yet) is not "no Turkish subtitles".
    ui.dualNote.hidden = !!secondTrack || main?.language === 'tr';
    ui.captionsButton.hidden = !mainTrack;
    const note = englishNoteFor(query.videoType, subs);
    ui.englishNote.textContent = note ?? '';
    ui.englishNote.hidden = note === null;
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
  const toggleCaptions = () => setCaptions(!captionsOn);

  // ───── Subtitle panel ─────
  function openPanel() {
    ui.panel.hidden = false;
    ui.settingsButton.setAttribute('aria-expanded', 'true');
    ctx.controls.showControls();
    (ui.panel.querySelector<HTMLElement>('[aria-pressed="true"]') ?? ui.closePanel).focus();
  }
  function closePanel() {
    ui.panel.hidden = true;
    ui.settingsButton.setAttribute('aria-expanded', 'false');
    ui.settingsButton.focus();
    ctx.controls.scheduleHide();
  }
  const togglePanel = () => (ui.panel.hidden ? openPanel() : closePanel());

  /** Listeners of the panel's buttons (player.ts adds them in the page's order). */
  function listen() {
    ui.settingsButton.addEventListener('click', togglePanel);
    ui.closePanel.addEventListener('click', closePanel);
    ui.sizeButtons.forEach((b, size) => b.addEventListener('click', () => changeSettings({ size })));
    ui.colorButtons.forEach((b, color) => b.addEventListener('click', () => changeSettings({ color })));
    ui.backgroundButtons.forEach((b, background) => b.addEventListener('click', () => changeSettings({ background })));
    ui.dualButton.addEventListener('click', () => changeSettings({ dual: !settings.dual }));
    ui.earlier.addEventListener('click', () => setOffset(stepOffset(offset, -1)));
    ui.later.addEventListener('click', () => setOffset(stepOffset(offset, 1)));
    ui.resetOffset.addEventListener('click', () => setOffset(0));
  }

  /** iOS plays full screen in its own view, where our overlay cannot draw: the browser draws the English track there instead. */
  function listenNativeFullscreen() {
    video.addEventListener('webkitbeginfullscreen', () => {
      if (mainTrack && captionsOn) mainTrack.el.track.mode = 'showing';
    });
    video.addEventListener('webkitendfullscreen', () => {
      if (mainTrack) mainTrack.el.track.mode = 'hidden';
    });
  }

  /** The look and offset as the page starts. */
  function start() {
    applySettings(settings);
    ui.offsetValue.textContent = formatOffset(offset);
  }

  return {
    setupTracks,
    refreshTracks,
    applySettings,
    currentSettings: () => settings,
    toggleCaptions,
    openPanel,
    closePanel,
    togglePanel,
    listen,
    listenNativeFullscreen,
    start,
  };
}

export type SubtitleTracks = ReturnType<typeof createSubtitleTracks>;
