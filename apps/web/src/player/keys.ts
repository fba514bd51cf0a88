import { focusDirectionOfKey, type FocusDirection } from '@bosphorus/contract/player-protocol';

// The player's keyboard and remote map (notes/player-payments.md R1). One
// table, so the page, its tests and the help text agree. TV remotes send
// either a `key` name (Chromium on Tizen/webOS for most keys) or only a
// legacy keyCode; both are listed. The arrows are the remote's: ←/→ seek on
// the stage and move along the control bar; ↑/↓ show the controls and move
// between the seek bar, the control bar and the watch page's buttons
// (decision 0044). The volume has M, its slider and the volume keys.

export type PlayerAction =
  | 'toggle-play'
  | 'play'
  | 'pause'
  | 'seek-back'
  | 'seek-forward'
  | 'volume-up'
  | 'volume-down'
  | 'toggle-mute'
  | 'toggle-fullscreen'
  | 'toggle-captions'
  | 'open-settings'
  /** Esc / Backspace / remote Back: close what is open (panel, resume card, full screen), else leave the player. */
  | 'back';

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

const BY_KEY: Record<string, PlayerAction> = {
  ' ': 'toggle-play',
  Spacebar: 'toggle-play',
  k: 'toggle-play',
  K: 'toggle-play',
  MediaPlayPause: 'toggle-play',
  MediaPlay: 'play',
  MediaPause: 'pause',
  MediaStop: 'pause',
  ArrowLeft: 'seek-back',
  j: 'seek-back',
  J: 'seek-back',
  MediaRewind: 'seek-back',
  ArrowRight: 'seek-forward',
  l: 'seek-forward',
  L: 'seek-forward',
  MediaFastForward: 'seek-forward',
  AudioVolumeUp: 'volume-up',
  AudioVolumeDown: 'volume-down',
  m: 'toggle-mute',
  M: 'toggle-mute',
  AudioVolumeMute: 'toggle-mute',
  f: 'toggle-fullscreen',
  F: 'toggle-fullscreen',
  c: 'toggle-captions',
  C: 'toggle-captions',
  // A remote's subtitle key opens the panel: it is how a remote, which has
  // no Tab key, reaches size, colour, timing and the Turkish line.
  s: 'open-settings',
  S: 'open-settings',
  Subtitle: 'open-settings',
  ClosedCaptionToggle: 'open-settings',
  Escape: 'back',
  Esc: 'back',
  // Outside text fields only (isNativeKey): a TV keyboard's delete key must still delete.
  Backspace: 'back',
  GoBack: 'back',
  BrowserBack: 'back',
  XF86Back: 'back',
};

/** Remotes that send only a keyCode (key 'Unidentified'). */
const BY_KEY_CODE: Record<number, PlayerAction> = {
  415: 'play',
  19: 'pause',
  413: 'pause', // stop
  10252: 'toggle-play', // Tizen MediaPlayPause
  417: 'seek-forward',
  412: 'seek-back',
  10009: 'back', // Tizen Return
  461: 'back', // webOS Back
  460: 'open-settings', // webOS Subtitle
  10221: 'open-settings', // Tizen Caption
};

export interface KeyLike {
  key: string;
  keyCode?: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The action of a key press, or null when the key is not the player's (browser shortcuts pass). */
export function actionForKey(e: KeyLike): PlayerAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const byCode = e.keyCode !== undefined ? BY_KEY_CODE[e.keyCode] : undefined;
  if (byCode && (e.key === 'Unidentified' || e.key === '' || !(e.key in BY_KEY))) return byCode;
  return BY_KEY[e.key] ?? null;
}

/** The arrow of a key press (by name, or by keyCode alone on older remotes), or null: the watch page reads arrows the same way. */
export const directionForKey: (e: KeyLike) => FocusDirection | null = focusDirectionOfKey;

interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number']);

/** A field where typing happens (Backspace deletes there; it is not Back). */
export function isTextField(target: TargetLike | null): boolean {
  const tag = target?.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || target?.isContentEditable) return true;
  return tag === 'INPUT' && TEXT_INPUTS.has((target?.type ?? 'text').toLowerCase());
}

/**
 * Whether the focused element handles this key itself: Space and Enter
 * press a focused button (the captions button toggles captions, not
 * playback); Backspace deletes in a text field.
 */
export function isNativeKey(key: string, target: TargetLike | null): boolean {
  const tag = target?.tagName?.toUpperCase();
  if (key === ' ' || key === 'Enter' || key === 'Spacebar') return tag === 'BUTTON' || tag === 'SELECT';
  if (key === 'Backspace') return isTextField(target);
  return false;
}

/** The remote keys the player uses that Tizen delivers only once registered, and their registration (one list for the site and the player). */
export { registerTizenKeys, TIZEN_REMOTE_KEYS as TIZEN_PLAYER_KEYS } from '@bosphorus/contract/player-protocol';
