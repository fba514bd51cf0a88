import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  focusDirectionOfKey,
  PLAYER_MESSAGE_SOURCE,
  type FocusDirection,
  type ParentRemoteMessage,
} from '@bosphorus/contract';
import { isSmartTv } from '../../../lib/smart-tv';
import {
  findNext,
  isBackKey,
  isTextField,
  moveFocusFrom,
  pickNext,
  somethingOpen,
  type Box,
} from '../../../lib/spatial-nav';

// The watch page's half of the remote across the player frame (issue 14,
// decision 0044; the protocol is in contract player-protocol.ts and
// apps/web/src/player/README.md). Key events go to whichever document has
// focus:
// - in the frame, the player moves its own focus and, past the edge of its
//   controls, says 'focus-exit' with a direction: we move the focus to our
//   nearest player button that way (the site's spatial-navigation geometry,
//   lib/spatial-nav pickNext, over the frame and these buttons only) (Main/Backup Server, Reload Player,
//   Report), or to the one the viewer left last, if it lies that way;
// - on those buttons, the arrows move between them and onto the frame:
//   then the frame's element and window take the focus and the player is
//   asked to show its controls ('focus-controls'), so its keys work;
// - Back in the frame with nothing open there says 'back': the page goes
//   back (to the title's page when the watch page was opened directly).
// Arrows we act on are marked handled (preventDefault), so a page-wide
// spatial navigation can leave them alone.
//
// In TV mode the player fills the screen (issue 26, decision 0122) and the
// rest of the watch page is a tray below it (player.css): Down from the
// player's controls reaches it; Back, or Up past its top, gives the focus
// back to the player's controls; the arrows never leave the page's main
// (its data-nav-tv-scope).

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
};

/** The element of `elements` nearest `from` in the direction (lib/spatial-nav geometry), or null. */
function nearestInDirection<T extends Element>(from: Box, elements: readonly T[], direction: FocusDirection): T | null {
  // Equal costs go to the first in page order: Down from the frame lands on Main Server.
  const index = pickNext(from, elements.map(boxOf), direction, undefined, 'first');
  return index < 0 ? null : elements[index]!;
}

/** The buttons of the group a remote can reach: shown and enabled. */
function reachableButtons(group: HTMLElement): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>('button, a[href]')].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );
}

export interface PlayerRemoteInput {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The origin of the page in the frame, the only one the focus message goes to. */
  frameOrigin: string;
  /** Where Back goes when the watch page was the first page of the visit (the title's page). */
  backTo: string;
}

export interface PlayerRemote {
  /** On the element around the player's buttons (PlayerControls). */
  controlsRef: RefObject<HTMLDivElement | null>;
  /** The frame's 'focus-exit' (wired to the bridge, which checks who sent it). */
  onFocusExit: (direction: FocusDirection) => void;
  /** The frame's 'back'. */
  onBack: () => void;
  /** Give the frame the focus and ask the player to show its controls. */
  focusFrame: () => void;
}

export function usePlayerRemote({ frameRef, frameOrigin, backTo }: PlayerRemoteInput): PlayerRemote {
  const controlsRef = useRef<HTMLDivElement>(null);
  /** The button the viewer left for the frame: coming back out goes there when it lies that way. */
  const lastButton = useRef<HTMLElement | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const firstPage = location.key === 'default';

  /** The frame's window takes the keys and the player shows its controls. */
  const handKeysToFrame = useCallback(() => {
    const win = frameRef.current?.contentWindow;
    if (!win || !frameOrigin) return;
    win.focus();
    const message: ParentRemoteMessage = { source: PLAYER_MESSAGE_SOURCE, type: 'focus-controls' };
    win.postMessage(message, frameOrigin);
  }, [frameRef, frameOrigin]);

  const focusFrame = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // Already focused: no focusin follows, so hand the keys over here.
    if (document.activeElement === frame) handKeysToFrame();
    else frame.focus({ preventScroll: true });
  }, [frameRef, handKeysToFrame]);

  const onFocusExit = useCallback(
    (direction: FocusDirection) => {
      const frame = frameRef.current;
      const group = controlsRef.current;
      if (!frame || !group) return;
      const from = boxOf(frame);
      const buttons = reachableButtons(group);
      const remembered = lastButton.current;
      if (remembered && buttons.includes(remembered) && nearestInDirection(from, [remembered], direction)) {
        remembered.focus();
        return;
      }
      const target = nearestInDirection(from, buttons, direction);
      // No player button that way (the header above, the episode list
      // below): the site-wide navigation moves on from the frame's box.
      if (target) target.focus();
      else moveFocusFrom(frame, direction);
    },
    [frameRef],
  );

  const onBack = useCallback(() => {
    if (firstPage) void navigate(backTo, { replace: true });
    else void navigate(-1);
  }, [navigate, firstPage, backTo]);

  // Whoever moves the focus onto the frame (our arrows, the site-wide
  // navigation, a click), the player inside gets the keys.
  useEffect(() => {
    function onFocusIn(e: FocusEvent) {
      if (e.target && e.target === frameRef.current) handKeysToFrame();
    }
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [frameRef, handKeysToFrame]);

  // TV mode: the page behind the full-screen player never scrolls.
  useEffect(() => {
    if (!isSmartTv()) return;
    const html = document.documentElement;
    html.classList.add('tv-watching');
    window.scrollTo(0, 0);
    return () => html.classList.remove('tv-watching');
  }, []);

  // TV mode: Back in the tray, or Up past its top, returns to the player.
  useEffect(() => {
    if (!isSmartTv()) return;
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented) return;
      const frame = frameRef.current;
      const active = document.activeElement as HTMLElement | null;
      const tray = frame?.closest('main');
      if (!frame || !active || active === frame || !tray || !tray.contains(active)) return;
      if (somethingOpen()) return;
      const back = isBackKey(e, isTextField(active));
      const upPastTop = !e.shiftKey && focusDirectionOfKey(e) === 'up' && findNext(active, 'up') === null;
      if (!back && !upPastTop) return;
      e.preventDefault();
      focusFrame();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [frameRef, focusFrame]);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented) return;
      const group = controlsRef.current;
      const frame = frameRef.current;
      const active = document.activeElement as HTMLElement | null;
      const direction = e.shiftKey ? null : focusDirectionOfKey(e);
      if (!direction || !group || !frame || !active || !group.contains(active)) return;
      const candidates = [frame as HTMLElement, ...reachableButtons(group)].filter((el) => el !== active);
      const target = nearestInDirection(boxOf(active), candidates, direction);
      if (!target) return;
      e.preventDefault();
      if (target === frame) {
        lastButton.current = active;
        focusFrame();
      } else target.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [frameRef, focusFrame]);

  return { controlsRef, onFocusExit, onBack, focusFrame };
}
