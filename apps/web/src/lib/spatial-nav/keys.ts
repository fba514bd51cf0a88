import { focusDirectionOfKey } from '@bosphorus/contract/player-protocol';
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

const BACK_KEYS = new Set(['Escape', 'Esc', 'GoBack', 'BrowserBack', 'XF86Back']);
/** 10009: Samsung Tizen's Return; 461: LG webOS's Back. */
export const REMOTE_BACK_KEY_CODES: readonly number[] = [10009, 461];

function withModifier(e: KeyLike): boolean {
  return !!(e.altKey || e.ctrlKey || e.metaKey || e.shiftKey);
}

/** The arrow's direction, or null for any other key (or an arrow with a modifier: the browser's own). One reading of the arrows for the site and the player (contract player-protocol.ts). */
export function directionOf(e: KeyLike): Direction | null {
  return e.shiftKey ? null : focusDirectionOfKey(e);
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

/** The remote's media keys, registered on Samsung TVs (one list for the site and the player). */
export { registerTizenKeys, TIZEN_REMOTE_KEYS as TIZEN_KEYS } from '@bosphorus/contract/player-protocol';
