import type { PlayerContext } from './player-context';

// The position for the parent, which saves it per user and title: on
// 'playing', every second while playing, on pause, on seeked, when the page
// is hidden or left, and at the end.

/**
 * How often the parent hears the position while playing. The parent saves at
 * most every 10 s, but a server switch or Reload Player rebuilds the frame
 * from the last position it heard: a second keeps that jump small.
 */
export const PROGRESS_INTERVAL_MS = 1_000;

export function createProgress(ctx: PlayerContext) {
  const { state: s, video, link, win, doc } = ctx;

  function postProgress() {
    // Nothing before the viewer pressed play: opening a page and leaving must
    // not overwrite the saved position with 0.
    if (!s.started) return;
    const duration = video.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    link.post({
      type: 'progress',
      position: Math.floor(ctx.loading.currentPosition()),
      duration: Math.round(duration),
      at: Date.now(),
    });
  }

  function listen() {
    setInterval(() => {
      if (!video.paused && !video.ended) postProgress();
    }, PROGRESS_INTERVAL_MS);
    win.addEventListener('pagehide', postProgress);
    doc.addEventListener('visibilitychange', () => {
      if (doc.visibilityState === 'hidden') postProgress();
    });
  }

  return { postProgress, listen };
}

export type Progress = ReturnType<typeof createProgress>;
