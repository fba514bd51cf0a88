import type { SubtitleSettings } from './playback.js';

// The runtime part of the player contract, without zod: the player page
// (apps/web/src/player) imports this file alone (`@bosphorus/contract/player-protocol`)
// so it stays a few KB and never loads the schema library. The schemas and
// the message types are in playback.ts.

/** Subtitle look, saved per account (the timing offset is per title and device, in the player). */
export const SUBTITLE_SIZES = ['small', 'medium', 'large', 'x-large'] as const;
export const SUBTITLE_COLORS = ['white', 'yellow', 'cyan', 'green'] as const;
export const SUBTITLE_BACKGROUNDS = ['none', 'outline', 'box'] as const;
export const DEFAULT_SUBTITLE_SETTINGS: SubtitleSettings = {
  size: 'medium',
  color: 'white',
  background: 'outline',
  dual: false,
};

export const PLAYER_MESSAGE_SOURCE = 'bosphorus-player';

/**
 * The id of the `<script type="application/json">` in which the server
 * writes a valid token's info.json into the player page it serves (decision
 * 0105): the player starts from it instead of asking for it, a round trip
 * less before it can play. Absent where info.json would be refused: the
 * player then asks, and shows that refusal as before.
 */
export const PLAYER_INFO_ELEMENT_ID = 'player-info';

// ───── The remote across the frame (issue 14, decision 0044) ─────
// Key events go to whichever document has focus: the player page in its
// frame, or the watch page around it. When the remote moves past the edge
// of the frame's controls, the frame says so ('focus-exit') and the watch
// page moves its focus to its nearest control that way; Back with nothing
// open in the frame asks the watch page to leave ('back'). When the watch
// page moves its focus onto the frame, it focuses the frame's window and
// asks it to show its controls ('focus-controls').

export const FOCUS_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type FocusDirection = (typeof FOCUS_DIRECTIONS)[number];

export function isFocusDirection(value: unknown): value is FocusDirection {
  return FOCUS_DIRECTIONS.includes(value as FocusDirection);
}

const ARROWS: Record<string, FocusDirection> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
};
const ARROW_CODES: Record<number, FocusDirection> = { 37: 'left', 38: 'up', 39: 'right', 40: 'down' };

/** The arrow of a key press, by name or (older remotes) by keyCode alone; null for other keys and with a modifier. */
export function focusDirectionOfKey(e: {
  key: string;
  keyCode?: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}): FocusDirection | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const byName = ARROWS[e.key];
  if (byName) return byName;
  return (e.key === 'Unidentified' || e.key === '') && e.keyCode !== undefined
    ? (ARROW_CODES[e.keyCode] ?? null)
    : null;
}

/**
 * Keys a Samsung TV delivers to a page only once registered
 * (`tizen.tvinputdevice.registerKey`); the arrows, OK and Return need none.
 * The media keys, which the player uses (play, pause, stop, seek).
 */
export const TIZEN_REMOTE_KEYS = [
  'MediaPlayPause',
  'MediaPlay',
  'MediaPause',
  'MediaStop',
  'MediaFastForward',
  'MediaRewind',
] as const;

interface TizenInputDevice {
  registerKey(name: string): void;
}

/**
 * On Samsung TVs (a `tizen` global), asks for the remote's media keys one at
 * a time: a key the model lacks, or a page without the privilege, is skipped
 * and the others still count. Elsewhere nothing happens. Returns the keys
 * registered. The site (spatial navigation) and the player page both call it.
 */
export function registerTizenKeys(win: object): string[] {
  const device = (win as { tizen?: { tvinputdevice?: TizenInputDevice } }).tizen?.tvinputdevice;
  if (!device || typeof device.registerKey !== 'function') return [];
  const registered: string[] = [];
  for (const name of TIZEN_REMOTE_KEYS) {
    try {
      device.registerKey(name);
      registered.push(name);
    } catch {
      // Not on this remote, or not allowed here.
    }
  }
  return registered;
}

/** Frame → watch page. */
export type PlayerRemoteMessage =
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'focus-exit'; direction: FocusDirection }
  | { source: typeof PLAYER_MESSAGE_SOURCE; type: 'back' };

/** Watch page → frame. */
export type ParentRemoteMessage = { source: typeof PLAYER_MESSAGE_SOURCE; type: 'focus-controls' };

/** A remote message from the frame (source tag, type and direction checked), or null. Origin and window are the caller's checks. */
export function readPlayerRemoteMessage(data: unknown): PlayerRemoteMessage | null {
  if (!data || typeof data !== 'object') return null;
  const msg = data as Record<string, unknown>;
  if (msg.source !== PLAYER_MESSAGE_SOURCE) return null;
  if (msg.type === 'back') return { source: PLAYER_MESSAGE_SOURCE, type: 'back' };
  if (msg.type === 'focus-exit' && isFocusDirection(msg.direction)) {
    return { source: PLAYER_MESSAGE_SOURCE, type: 'focus-exit', direction: msg.direction };
  }
  return null;
}

// ───── The next episode (issue 15, decision 0072) ─────
/** Seconds the next-episode card counts down before the next episode starts by itself. */
export const NEXT_EPISODE_COUNTDOWN_SECONDS = 10;
/** After this many next episodes started by themselves, with no key press or touch, the card asks first. */
export const STILL_WATCHING_AFTER = 3;

export { PLAYER_PAGE_TEXTS } from './player-texts.js';

/**
 * A stretch of an episode the player knows of (issue 28, the episode's
 * markers in seconds of its media): a recap or an intro shows a skip button;
 * the credits' start brings the next-episode card.
 */
export interface PlayerMarker {
  kind: 'recap' | 'intro' | 'credits' | 'preview';
  start: number;
  end: number;
}
