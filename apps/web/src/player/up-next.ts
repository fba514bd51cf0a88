import { NEXT_EPISODE_COUNTDOWN_SECONDS, PLAYER_PAGE_TEXTS } from '@bosphorus/contract/player-protocol';
import type { PlayerContext } from './player-context';

// The next-episode card (issue 15, decision 0072). The player posts 'ended';
// when a next episode follows, the watch page answers 'up-next' with what
// comes and whether to ask "Are you still watching?" first (it keeps the
// count of episodes that started by themselves). The card counts down and
// then posts 'next' (auto); Play now / Continue watching post 'next' as the
// viewer's choice; Cancel / Stop (and Back, Esc) close it and leave the
// episode at its end. A seek or a play (the viewer went back into the
// episode) closes it too. The first key or touch on the page is posted
// once as 'activity': the watch page starts the count again.

const T = PLAYER_PAGE_TEXTS.upNext;

export interface UpNextOffer {
  label: string;
  title: string;
  ask: boolean;
}

export function createUpNext(ctx: PlayerContext) {
  const { ui, video, link, win } = ctx;
  let timer: ReturnType<typeof setInterval> | undefined;
  let left = 0;
  let activitySent = false;

  const isOpen = () => !ui.nextCard.hidden;

  function renderCountdown() {
    ui.nextCountdown.textContent = T.startsIn(left);
  }

  function stopCountdown() {
    clearInterval(timer);
    timer = undefined;
  }

  function show(offer: UpNextOffer) {
    // The viewer went back into the episode before the answer came (the
    // card shows at the end, or at the credits: issue 28).
    if (!video.ended && !ctx.skip.inCredits()) return;
    stopCountdown();
    ui.nextHeading.textContent = offer.ask ? T.stillWatching : offer.label;
    ui.nextTitle.textContent = offer.title;
    ui.nextPlay.textContent = offer.ask ? T.continue : T.playNow;
    ui.nextCancel.textContent = offer.ask ? T.stop : T.cancel;
    ui.nextCard.dataset.mode = offer.ask ? 'ask' : 'countdown';
    ui.nextCountdown.hidden = offer.ask;
    ui.nextBar.hidden = offer.ask;
    ui.nextCard.hidden = false;
    ctx.loading.updateBigPlay();
    ctx.controls.showControls();
    if (!offer.ask) {
      left = NEXT_EPISODE_COUNTDOWN_SECONDS;
      renderCountdown();
      ui.nextBar.style.setProperty('--countdown', `${NEXT_EPISODE_COUNTDOWN_SECONDS}s`);
      timer = setInterval(() => {
        left -= 1;
        if (left <= 0) go(true);
        else renderCountdown();
      }, 1_000);
    }
    ui.nextPlay.focus({ preventScroll: true });
  }

  function close() {
    stopCountdown();
    ui.nextCard.hidden = true;
    ctx.loading.updateBigPlay();
  }

  function go(auto: boolean) {
    close();
    link.post({ type: 'next', auto });
  }

  /** Cancel, Stop, Back or Esc: the episode stays at its end, the big play button has the focus. */
  function dismiss() {
    close();
    ctx.controls.scheduleHide();
    if (!ui.bigPlay.hidden) ui.bigPlay.focus({ preventScroll: true });
    else ui.playButton.focus({ preventScroll: true });
  }

  function focus() {
    ctx.controls.showControls();
    ui.nextPlay.focus({ preventScroll: true });
  }

  function reportActivity(e: Event) {
    if (activitySent || !e.isTrusted) return;
    activitySent = true;
    link.post({ type: 'activity' });
  }

  function listen() {
    ui.nextPlay.addEventListener('click', () => go(false));
    ui.nextCancel.addEventListener('click', dismiss);
    video.addEventListener('seeking', () => isOpen() && close());
    video.addEventListener('play', () => isOpen() && close());
    win.addEventListener('keydown', reportActivity, true);
    ui.root.addEventListener('pointerdown', reportActivity, true);
  }

  return { show, dismiss, focus, isOpen, listen };
}

export type UpNext = ReturnType<typeof createUpNext>;
