import { PLAYER_PAGE_TEXTS as T } from '@bosphorus/contract/player-protocol';
import type { SubtitleSettings } from '@bosphorus/contract';
import type { PlayerMarker } from '@bosphorus/contract/player-protocol';
import { formatTime } from './format-time';
import type { PlayerContext } from './player-context';

// The start: the parent's init (saved position, subtitle look, or a start
// position after a server switch), the "Resume from m:ss" / "Start over"
// card, and a framed page that hears nothing preloading from the start.

/** How long a framed page waits for the parent's init before it preloads from the start. */
const INIT_WAIT_MS = 1_500;

export interface InitMessage {
  resumeSeconds: number;
  subtitleSettings: SubtitleSettings;
  startAt?: number;
  markers?: PlayerMarker[];
  autoSkip?: boolean;
}

export function createResume(ctx: PlayerContext) {
  const { state: s, ui, video, link } = ctx;
  let initDone = false;
  let pendingInit: InitMessage | null = null;
  let initTimer: ReturnType<typeof setTimeout> | undefined;

  function handleInit(msg: InitMessage) {
    if (!s.info) {
      pendingInit = msg;
      return;
    }
    ctx.subtitles.applySettings(msg.subtitleSettings);
    ctx.skip.setMarkers(msg.markers ?? [], msg.autoSkip === true);
    if (initDone) return;
    initDone = true;
    clearTimeout(initTimer);
    initCame();
    if (s.started) return;
    const position = msg.startAt ?? msg.resumeSeconds;
    if (s.engineLoaded) video.currentTime = position;
    else ctx.loading.loadMedia(position);
    if (msg.startAt !== undefined) ctx.playback.playIntent();
    else if (msg.resumeSeconds > 0) showResume(msg.resumeSeconds);
  }

  /** info.json is in: an init that came first applies now; unframed, the page starts with the defaults. */
  function onInfoReady() {
    if (pendingInit) handleInit(pendingInit);
    else if (!link.framed) handleInit({ resumeSeconds: 0, subtitleSettings: ctx.subtitles.currentSettings() });
    else if (s.started) ctx.loading.loadMedia(0);
    else
      initTimer = setTimeout(() => {
        initCame();
        if (!s.engineLoaded) ctx.loading.loadMedia(0);
      }, INIT_WAIT_MS);
  }

  /** No more waiting for the init: the big Play button may show. */
  function initCame() {
    s.awaitingInit = false;
    ctx.loading.updateBigPlay();
  }

  /** A play intent before the init came: no more waiting for it. */
  function stopWaiting() {
    clearTimeout(initTimer);
    initCame();
  }

  function showResume(seconds: number) {
    ui.resumeTitle.textContent = s.info?.title ?? '';
    ui.resumeButton.textContent = `${T.resumeFrom} ${formatTime(seconds)}`;
    ui.resumeButton.onclick = () => {
      video.currentTime = seconds;
      ctx.playback.playIntent();
    };
    ui.resumeCard.hidden = false;
    ctx.loading.updateBigPlay();
    ui.resumeButton.focus();
  }

  /** Start over, or Back/Esc on the card: from the beginning (Back does not start playback). */
  function startOver(play: boolean) {
    ui.resumeCard.hidden = true;
    video.currentTime = 0;
    s.lastPosition = 0;
    if (play) ctx.playback.playIntent();
    else {
      ctx.loading.updateBigPlay();
      ui.bigPlay.focus();
    }
  }

  function listen() {
    ui.startOverButton.addEventListener('click', () => startOver(true));
  }

  return { handleInit, onInfoReady, stopWaiting, startOver, listen };
}

export type Resume = ReturnType<typeof createResume>;
