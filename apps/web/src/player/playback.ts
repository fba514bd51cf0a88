import type { PlayerContext } from './player-context';

// Playing, pausing, seeking and the volume, as the controls, the keys, the
// resume card and a start position ask for them; the first-frame timing of
// the measurement hook (notes R6).

export function createPlayback(ctx: PlayerContext) {
  const { state: s, ui, video, metrics } = ctx;

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
      // server switch, a browser that did not take the Watch Now press as
      // one): the big play button asks for it, focused, so OK is the one
      // press left (issue 26).
      if ((error as DOMException).name === 'NotAllowedError') {
        s.wantPlaying = false;
        ctx.loading.updateBigPlay();
        if (!ui.bigPlay.hidden) ui.bigPlay.focus();
      } else if ((error as DOMException).name === 'AbortError' && s.wantPlaying) {
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
        if (s.wantPlaying && video.paused) void tryPlay();
      }, 0);
      return;
    }
    video.addEventListener(
      'canplay',
      () => {
        if (s.wantPlaying && video.paused) void tryPlay();
      },
      { once: true },
    );
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
        if (s.wantPlaying && video.paused) void tryPlay();
      },
      { once: true },
    );
    void tryPlay();
  }

  function playIntent() {
    if (s.gaveUp) return;
    if (metrics.playIntent === null) {
      metrics.playIntent = performance.now();
      watchFirstFrame();
    }
    s.started = true;
    s.wantPlaying = true;
    ui.resumeCard.hidden = true;
    ctx.loading.updateBigPlay();
    if (!s.engineLoaded) {
      ctx.resume.stopWaiting();
      ctx.loading.loadMedia(0);
      if (!s.engineLoaded) return;
    } else {
      void tryPlay();
    }
    ctx.controls.scheduleHide();
  }

  function pauseByUser() {
    s.wantPlaying = false;
    video.pause();
    ctx.controls.showControls();
  }

  function togglePlay() {
    if (video.paused || video.ended) playIntent();
    else pauseByUser();
  }

  function seekBy(delta: number) {
    if (!s.engineLoaded || !Number.isFinite(video.duration)) return;
    video.currentTime = Math.max(0, Math.min(video.duration - 0.1, video.currentTime + delta));
  }

  function setVolume(value: number) {
    video.volume = Math.max(0, Math.min(1, Math.round(value * 100) / 100));
    video.muted = video.volume === 0;
  }

  return { playWhenReady, playIntent, pauseByUser, togglePlay, seekBy, setVolume };
}

export type Playback = ReturnType<typeof createPlayback>;
