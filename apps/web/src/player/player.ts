import { PLAYER_PAGE_TEXTS as T } from '@bosphorus/contract/player-protocol';
import { codecSupport, loadHls } from './engine';
import { registerTizenKeys } from './keys';
import { initialFailoverState } from './failover';
import { createControls } from './controls';
import { createLoading } from './loading';
import { createPlayback } from './playback';
import type { PlayerContext, PlayerMetrics, PlayerState } from './player-context';
import { createProgress } from './progress';
import { createRemote } from './remote';
import { createParentLink, parseParentMessage } from './protocol';
import { readQuery } from './query';
import { createResume } from './resume';
import { createSubtitleTracks } from './subtitle-tracks';
import { createTokens } from './tokens';
import { buildUi } from './ui';
import { createUpNext } from './up-next';
import { createSkip } from './skip';

// The player page: spec §2 Watch and Episode player (the frame), §4 Player
// (main/backup), §7 Player loading (token, cb, user_id, video_id,
// video_type); issue 8 "The player". It fetches its title's info.json from
// its own origin, plays it, draws the subtitles itself and talks to the web
// page that frames it only through the messages of the contract.
//
// This file builds the page from its parts (README.md): loading and
// failover, tokens, subtitles, playback, controls and the remote, resume
// and progress, which share one context (player-context.ts).

export { readQuery, type PlayerQuery } from './query';
export { RENEW_BEFORE_MS, renewalDelayMs } from './tokens';
export { CONTROLS_HIDE_MS } from './controls';
export { PROGRESS_INTERVAL_MS } from './progress';
export type { PlayerMetrics } from './player-context';

declare global {
  interface Window {
    /** Measurement hook for the bench and e2e (notes R6): timings only, nothing private. */
    __playerMetrics?: PlayerMetrics;
  }
}

export function startPlayer(root: HTMLElement, win: Window = window) {
  const doc = win.document;
  const ui = buildUi(root);
  const { video } = ui;
  const query = readQuery(win.location.search);
  const ownOrigin = win.location.origin;
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;
  // The server writes the app origin and the media origins into the page, so
  // a refusal of info.json itself can still reach the parent and fail over.
  const metaOrigins = (meta('bosphorus:media-origins') ?? '').split(/\s+/).filter(Boolean);
  const state: PlayerState = {
    token: query.token,
    appOrigin: meta('bosphorus:app-origin'),
    info: null,
    failover: initialFailoverState(ownOrigin, metaOrigins.find((o) => o !== ownOrigin) ?? null),
    engine: null,
    engineLoaded: false,
    started: false,
    awaitingInit: win.parent !== win,
    wantPlaying: false,
    gaveUp: false,
    refusedGiveUp: false,
    awaitingToken: false,
    refusalRenewedAt: -Infinity,
    tokenWaitTimer: undefined,
    pendingPosition: 0,
    lastPosition: 0,
  };
  const metrics: PlayerMetrics = { playIntent: null, firstFrame: null, playing: null };
  win.__playerMetrics = metrics;

  // The parts are filled in just below; none calls another before start-up ends.
  const ctx = {
    win,
    doc,
    ui,
    video,
    query,
    ownOrigin,
    link: createParentLink(win, () => state.appOrigin),
    metrics,
    state,
  } as PlayerContext;
  ctx.loading = createLoading(ctx);
  ctx.tokens = createTokens(ctx);
  ctx.subtitles = createSubtitleTracks(ctx);
  ctx.playback = createPlayback(ctx);
  ctx.progress = createProgress(ctx);
  ctx.resume = createResume(ctx);
  ctx.controls = createControls(ctx);
  ctx.remote = createRemote(ctx);
  ctx.upNext = createUpNext(ctx);
  ctx.skip = createSkip(ctx);

  ctx.progress.listen();
  ctx.resume.listen();
  ctx.subtitles.listen();
  ctx.controls.listen();
  ctx.controls.listenFullscreen();
  ctx.subtitles.listenNativeFullscreen();
  ctx.controls.listenVideo();
  ctx.upNext.listen();
  ctx.skip.listen();

  // ───── Messages from the parent ─────
  win.addEventListener('message', (event) => {
    const msg = parseParentMessage(event, state.appOrigin, win.parent);
    if (!msg) return;
    if (msg.type === 'init') ctx.resume.handleInit(msg);
    else if (msg.type === 'token') ctx.tokens.handleToken(msg.token, msg.expiresAt);
    else if (msg.type === 'up-next') ctx.upNext.show(msg);
    else if (msg.type === 'pause') {
      ctx.playback.pauseByUser();
      // The parent's report carries where the video is, whatever happened before.
      ctx.link.post({ type: 'position', position: ctx.loading.currentPosition() });
    } else if (ctx.upNext.isOpen()) ctx.upNext.focus();
    else ctx.remote.focusControls();
  });

  // ───── Start ─────
  ui.root.tabIndex = -1;
  ui.root.setAttribute('aria-label', T.player);
  ctx.subtitles.start();
  ctx.controls.start();
  // Samsung TVs deliver the media keys only once asked for (webOS sends them anyway).
  registerTizenKeys(win);
  // hls.js is needed on most non-Apple devices: fetch it while info.json loads
  // (not where H.264 cannot be decoded: the WebM plays there, decision 0057).
  const h264 = codecSupport(video, typeof MediaSource === 'undefined' ? undefined : MediaSource).h264;
  if (video.canPlayType('application/vnd.apple.mpegurl') === '' && typeof MediaSource !== 'undefined' && h264) {
    void loadHls();
  } else if (query.engine === 'hls') void loadHls();
  void ctx.loading.loadInfo();
}
