import type { FocusDirection } from '@bosphorus/contract/player-protocol';
import type { PlayerContext } from './player-context';

// The remote's arrows on the player page (issue 14, decision 0044). Three
// places take the focus: the stage (the picture, the big play button), the
// seek bar and the control bar under it.
// - Stage: ←/→ seek (keys.ts), ↑/↓ show the controls with the focus on Play.
// - Seek bar: ←/→ seek, ↓ to the control bar, ↑ leaves the frame upwards.
// - Control bar: ←/→ along its buttons, ↑ to the seek bar, ↓ leaves the frame
//   downwards (the watch page's Main/Backup Server, Reload Player, Report).
// Leaving the frame, or ←/→ past the bar's ends, is a 'focus-exit' message:
// the watch page moves its focus on. The subtitle panel and the resume card
// move their own focus (controls.ts).

export function createRemote(ctx: PlayerContext) {
  const { ui, link } = ctx;

  /** The control bar's buttons a remote can reach, left to right (the volume slider is the pointer's). */
  const barButtons = () =>
    [...ui.controls.querySelectorAll<HTMLButtonElement>('.bp-bar button')].filter((b) => !b.hidden && !b.disabled);

  /** Show the controls and put the focus on Play (or the bar button that had it last). */
  let lastBarButton: HTMLButtonElement | null = null;
  function focusControls() {
    ctx.controls.showControls();
    const buttons = barButtons();
    const target = lastBarButton && buttons.includes(lastBarButton) ? lastBarButton : ui.playButton;
    target.focus({ preventScroll: true });
  }

  function exit(direction: FocusDirection) {
    if (link.framed) link.post({ type: 'focus-exit', direction });
  }

  /**
   * Moves the focus for an arrow; false when the arrow is not a move here
   * (←/→ on the stage and on the seek bar seek instead).
   */
  function move(direction: FocusDirection, target: Element | null): boolean {
    // The skip button (skip.ts): every arrow goes on to the controls.
    if (target === ui.skipButton) {
      focusControls();
      return true;
    }
    const onSeek = target === ui.seek;
    const buttons = barButtons();
    const inBar = !!target && buttons.includes(target as HTMLButtonElement);
    if (inBar) {
      lastBarButton = target as HTMLButtonElement;
      const i = buttons.indexOf(target as HTMLButtonElement);
      if (direction === 'up') ui.seek.focus({ preventScroll: true });
      else if (direction === 'down') exit('down');
      else {
        const next = buttons[i + (direction === 'left' ? -1 : 1)];
        if (next) {
          next.focus({ preventScroll: true });
          lastBarButton = next;
        } else exit(direction);
      }
      return true;
    }
    if (onSeek) {
      if (direction === 'down') focusControls();
      else if (direction === 'up') exit('up');
      else return false;
      return true;
    }
    // The stage (or anything else of the page that is not a control).
    if (direction === 'up' || direction === 'down') {
      focusControls();
      return true;
    }
    return false;
  }

  return { move, focusControls };
}

export type Remote = ReturnType<typeof createRemote>;
