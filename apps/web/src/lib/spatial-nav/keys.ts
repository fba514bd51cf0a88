import type { Direction } from './geometry';

// The remote's keys as the site reads them. TV browsers send a `key` name
// for most keys, some only a legacy keyCode (Tizen's Return 10009, webOS's
// Back 461), so both are read.

export interface KeyLike {
  key: string;
  keyCode?: number;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

const DIRECTION_BY_KEY: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  // Pre-standard names some TV engines still send.
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
};
const DIRECTION_BY_CODE: Record<number, Direction> = { 38: 'up', 40: 'down', 37: 'left', 39: 'right' };

const BACK_KEYS = new Set(['Escape', 'Esc', 'GoBack', 'BrowserBack', 'XF86Back']);
/** 10009: Samsung Tizen's Return; 461: LG webOS's Back. */
export const REMOTE_BACK_KEY_CODES: readonly number[] = [10009, 461];

function withModifier(e: KeyLike): boolean {
  return !!(e.altKey || e.ctrlKey || e.metaKey || e.shiftKey);
}

/** The arrow's direction, or null for any other key (or an arrow with a modifier: the browser's own). */
export function directionOf(e: KeyLike): Direction | null {
  if (withModifier(e)) return null;
  return DIRECTION_BY_KEY[e.key] ?? (e.keyCode !== undefined ? DIRECTION_BY_CODE[e.keyCode] : undefined) ?? null;
}

/**
 * A Back key: Escape, the remotes' Back (10009, 461), the browser's Back key;
 * Backspace only outside text fields (the caller says).
 */
export function isBackKey(e: KeyLike, inTextField: boolean): boolean {
  if (withModifier(e)) return false;
  if (BACK_KEYS.has(e.key)) return true;
  if (e.keyCode !== undefined && REMOTE_BACK_KEY_CODES.indexOf(e.keyCode) >= 0) return true;
  return !inTextField && (e.key === 'Backspace' || (e.key === 'Unidentified' && e.keyCode === 8));
}

export function isEnterKey(e: KeyLike): boolean {
  return !withModifier(e) && (e.key === 'Enter' || e.keyCode === 13);
}

/**
 * Keys a Samsung TV delivers to a page only once registered
 * (`tizen.tvinputdevice.registerKey`); the arrows, Enter and Return need no
 * registration. The media keys are the player's (play, pause, seek).
 */
export const TIZEN_KEYS: readonly string[] = [
  'MediaPlayPause',
  'MediaPlay',
  'MediaPause',
  'MediaStop',
  'MediaFastForward',
  'MediaRewind',
];

interface TizenGlobal {
  tvinputdevice?: { registerKey(name: string): void };
}

/** Registers the remote keys the site uses on Samsung TVs; does nothing elsewhere. */
export function registerTizenKeys(win: Window = window): string[] {
  const tizen = (win as unknown as { tizen?: TizenGlobal }).tizen;
  const device = tizen?.tvinputdevice;
  if (!device || typeof device.registerKey !== 'function') return [];
  const registered: string[] = [];
  for (const name of TIZEN_KEYS) {
    try {
      device.registerKey(name);
      registered.push(name);
    } catch {
      // A model without that key: the others still count.
    }
  }
  return registered;
}
