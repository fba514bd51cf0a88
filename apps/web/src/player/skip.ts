import { PLAYER_PAGE_TEXTS, type PlayerMarker } from '@bosphorus/contract/player-protocol';
import type { PlayerContext } from './player-context';

// The episode's markers in the player (issue 28; the parent sends them in
// 'init'). Over a recap or an intro a button "Skip recap" / "Skip intro"
// shows and takes the focus (a remote's OK or Enter presses it; arrows go on
// to the controls, remote.ts); pressed, the video goes to the stretch's end.
// With the viewer's automatic skip (init's autoSkip), the video goes past
// each recap and intro by itself, once per stretch.
// Reaching the credits posts 'credits' once: the watch page answers
// 'up-next' and the next-episode card shows there, not at the very end.

const T = PLAYER_PAGE_TEXTS.skip;
/** The button goes this close to a stretch's end (there is nothing left to skip). */
const END_MARGIN_SECONDS = 1;

/** The recap or intro playing at `t`, or null. */
export function skippableAt(markers: readonly PlayerMarker[], t: number): PlayerMarker | null {
  return (
    markers.find((m) => (m.kind === 'recap' || m.kind === 'intro') && t >= m.start && t < m.end - END_MARGIN_SECONDS) ??
    null
  );
}

export function createSkip(ctx: PlayerContext) {
  const { ui, video, link, doc, state: s } = ctx;
  let markers: PlayerMarker[] = [];
  let current: PlayerMarker | null = null;
  let creditsPosted = false;
  let auto = false;
  const autoSkipped = new Set<PlayerMarker>();

  function show(m: PlayerMarker) {
    const kind = m.kind as keyof typeof T;
    ui.skipButton.textContent = T[kind];
    ui.skipButton.dataset.kind = kind;
    ui.skipButton.hidden = false;
    // It takes the focus unless the viewer is in a dialog of the page.
    const busy = !ui.panel.hidden || !ui.resumeCard.hidden || ctx.upNext.isOpen();
    if (!busy) ui.skipButton.focus({ preventScroll: true });
  }

  function hide() {
    const hadFocus = doc.activeElement === ui.skipButton;
    ui.skipButton.hidden = true;
    if (hadFocus) ui.root.focus({ preventScroll: true });
  }

  function update() {
    const t = video.currentTime;
    const next = s.started ? skippableAt(markers, t) : null;
    if (next !== current) {
      current = next;
      if (next && auto && !autoSkipped.has(next) && !video.paused) {
        autoSkipped.add(next);
        skip();
      } else if (next) show(next);
      else hide();
    }
    const credits = markers.find((m) => m.kind === 'credits');
    if (!credits) return;
    if (t < credits.start) creditsPosted = false;
    else if (!creditsPosted && s.started && !video.paused && t < credits.end) {
      creditsPosted = true;
      link.post({ type: 'credits' });
    }
  }

  function skip() {
    if (!current) return;
    const to = current.end;
    current = null;
    hide();
    video.currentTime = to;
    s.lastPosition = to;
  }

  function setMarkers(list: PlayerMarker[], autoSkip = false) {
    markers = list;
    auto = autoSkip;
    update();
  }

  function listen() {
    ui.skipButton.addEventListener('click', skip);
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    video.addEventListener('playing', update);
  }

  /** True at the credits (the next-episode card may show before the end). */
  const inCredits = () => {
    const credits = markers.find((m) => m.kind === 'credits');
    return !!credits && video.currentTime >= credits.start;
  };

  return { setMarkers, listen, inCredits, skip };
}

export type Skip = ReturnType<typeof createSkip>;
