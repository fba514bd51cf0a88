import { PLAYER_INFO_ELEMENT_ID, PLAYER_PAGE_TEXTS as T } from '@bosphorus/contract/player-protocol';
import type { PlayerInfo } from '@bosphorus/contract';
import { codecSupport, engineOrder, MediaEngine, withWebm } from './engine';
import { decideOnFailure, failedOver, failureFromStatus, type GiveUpReason, type MediaFailure } from './failover';
import { mediaBase, resolveMediaPath, swapToken } from './media-urls';
import type { PlayerContext } from './player-context';
import { parseInfo } from './protocol';

// Loading and failover: info.json from this origin, the engine, the media at
// a position; a failed request renews the token, moves to the other origin
// at the same position, or gives up with a message on the stage (and to the
// parent). The stage's notice, error and big play button are drawn here.

/** A token that came in answer to a refusal and is refused within this time stops the renewals. */
const REFUSAL_WINDOW_MS = 60_000;
/** How long the stage says "Renewing…" before it says the link was refused. */
const TOKEN_WAIT_MS = 15_000;

const GIVE_UP_TEXTS: Record<GiveUpReason, string> = {
  refused: T.errors.refused,
  'not-found': T.errors.notFound,
  unreachable: T.errors.unreachable,
  'server-error': T.errors.serverError,
  'all-servers-failed': T.errors.allServersFailed,
  unsupported: T.errors.unsupported,
};

export function createLoading(ctx: PlayerContext) {
  const { state: s, ui, video, link, win, doc, ownOrigin, query } = ctx;

  const base = () => mediaBase(s.failover.current, s.token!);
  const rewrite = (url: string) => (s.token ? swapToken(url, s.token) : url);
  const currentPosition = () => (video.currentTime > 0 ? video.currentTime : s.lastPosition);

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
    s.gaveUp = true;
    s.refusedGiveUp = text === T.errors.refused;
    s.wantPlaying = false;
    video.pause();
    showError(text);
    link.post({ type: 'error', message: text, ...(status ? { status } : {}) });
  }
  function updateBigPlay() {
    ui.bigPlay.hidden =
      !s.info ||
      s.awaitingInit ||
      s.gaveUp ||
      !ui.resumeCard.hidden ||
      !ui.nextCard.hidden ||
      (s.wantPlaying && !video.ended);
  }

  // ───── info.json ─────
  /**
   * The info.json the server wrote into this page for its token (decision
   * 0105): taken out by the first load, at start, on the page's own origin;
   * a later load (a new token, the other origin) finds none and asks.
   */
  function infoInPage(): PlayerInfo | null {
    const el = doc.getElementById(PLAYER_INFO_ELEMENT_ID);
    if (!el) return null;
    el.remove();
    try {
      return parseInfo(JSON.parse(el.textContent ?? ''));
    } catch {
      return null;
    }
  }

  async function loadInfo() {
    if (!s.token) return giveUp(T.errors.noToken);
    const written = infoInPage();
    if (written) return onInfo(written);
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
    const first = s.info === null;
    s.info = parsed;
    s.appOrigin = parsed.app_origin;
    const origins = [...new Set([ownOrigin, parsed.backup_origin, s.failover.current])];
    s.failover = { ...s.failover, origins };
    doc.title = parsed.title;
    ui.heading.textContent = parsed.title;
    ui.spinner.hidden = true;
    showNotice(null);
    showError(null);
    if (!first) return;
    ctx.tokens.scheduleRenewal(parsed.expires_at, false);
    ctx.subtitles.setupTracks();
    const nativeHls = video.canPlayType('application/vnd.apple.mpegurl') !== '';
    const mse = typeof MediaSource !== 'undefined' || 'ManagedMediaSource' in win;
    const codecs = codecSupport(video, typeof MediaSource === 'undefined' ? undefined : MediaSource);
    const order = withWebm(engineOrder(nativeHls, mse, query.engine), codecs, parsed.webm !== undefined, query.engine);
    s.engine = new MediaEngine(video, { rewrite, onFailure: handleFailure }, order);
    updateBigPlay();
    link.post({ type: 'ready' });
    ctx.resume.onInfoReady();
  }

  function loadMedia(position: number) {
    if (!s.info || !s.engine || !s.token) return;
    const b = base();
    const hls = resolveMediaPath(b, s.info.hls);
    const mp4 = resolveMediaPath(b, s.info.mp4);
    const webm = s.info.webm === undefined ? undefined : resolveMediaPath(b, s.info.webm);
    if (!hls || !mp4 || webm === null) return giveUp(T.errors.badInfo);
    s.engineLoaded = true;
    s.lastPosition = position;
    void s.engine.load({ hls, mp4, webm }, position);
    if (s.wantPlaying) ctx.playback.playWhenReady();
  }

  /** After a failover or a new token: the same title again at the same position, playing if it was. */
  function rebuild(position: number) {
    ctx.subtitles.refreshTracks();
    loadMedia(position);
  }

  // ───── Failures: token, failover, give up ─────
  function handleFailure(failure: MediaFailure) {
    if (s.gaveUp) return;
    const position = currentPosition();
    if (failure.kind === 'media' && s.engine) {
      void s.engine.next(position).then((more) => {
        if (!more) giveUp(T.errors.unsupported);
        else if (s.wantPlaying) ctx.playback.playWhenReady();
      });
      return;
    }
    const refusedAfterRenewal = Date.now() - s.refusalRenewedAt < REFUSAL_WINDOW_MS;
    const decision = decideOnFailure({ ...s.failover, refusedAfterRenewal }, failure);
    if (decision.action === 'renew-token') {
      const status = failure.kind === 'http' ? failure.status : 403;
      if (!link.framed) return giveUp(T.errors.refused, status);
      s.awaitingToken = true;
      s.pendingPosition = position;
      if (!s.info) {
        // Spec-visible: the stage says what happened while the parent fetches a new link.
        showError(T.errors.refused);
        link.post({ type: 'error', message: T.errors.refused, status });
      } else {
        showNotice(T.renewing);
        clearTimeout(s.tokenWaitTimer);
        s.tokenWaitTimer = setTimeout(() => {
          if (!s.awaitingToken) return;
          s.awaitingToken = false;
          giveUp(T.errors.refused, status);
        }, TOKEN_WAIT_MS);
      }
      link.post({ type: 'token-needed' });
      return;
    }
    if (decision.action === 'failover') {
      s.failover = failedOver(s.failover, decision.origin);
      showNotice(T.switching);
      if (!s.info) return void loadInfo();
      rebuild(position);
      link.post({ type: 'failover', position: Math.floor(position) });
      return;
    }
    giveUp(GIVE_UP_TEXTS[decision.reason], failure.kind === 'http' ? failure.status : undefined);
  }

  return {
    base,
    currentPosition,
    showNotice,
    showError,
    updateBigPlay,
    loadInfo,
    loadMedia,
    rebuild,
  };
}

export type Loading = ReturnType<typeof createLoading>;
