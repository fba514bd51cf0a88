import { describe, expect, it } from 'vitest';
import {
  FOCUS_DIRECTIONS,
  isFocusDirection,
  PLAYER_MESSAGE_SOURCE,
  readPlayerRemoteMessage,
} from './player-protocol.js';

describe('the remote across the player frame', () => {
  it('knows the four directions and nothing else', () => {
    expect(FOCUS_DIRECTIONS).toEqual(['up', 'down', 'left', 'right']);
    for (const d of FOCUS_DIRECTIONS) expect(isFocusDirection(d)).toBe(true);
    for (const d of ['Up', 'north', '', null, undefined, 1, {}]) expect(isFocusDirection(d)).toBe(false);
  });

  it("reads 'focus-exit' with its direction and 'back', as fresh objects of our shape", () => {
    const raw = { source: PLAYER_MESSAGE_SOURCE, type: 'focus-exit', direction: 'down', extra: '<script>' };
    expect(readPlayerRemoteMessage(raw)).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'focus-exit',
      direction: 'down',
    });
    expect(readPlayerRemoteMessage({ source: PLAYER_MESSAGE_SOURCE, type: 'back', direction: 'up' })).toEqual({
      source: PLAYER_MESSAGE_SOURCE,
      type: 'back',
    });
  });

  it('refuses another source, an unknown type or a bad direction', () => {
    expect(readPlayerRemoteMessage({ source: 'other', type: 'back' })).toBeNull();
    expect(readPlayerRemoteMessage({ type: 'back' })).toBeNull();
    expect(readPlayerRemoteMessage({ source: PLAYER_MESSAGE_SOURCE, type: 'focus-exit' })).toBeNull();
    expect(
      readPlayerRemoteMessage({ source: PLAYER_MESSAGE_SOURCE, type: 'focus-exit', direction: 'sideways' }),
    ).toBeNull();
    expect(readPlayerRemoteMessage({ source: PLAYER_MESSAGE_SOURCE, type: 'progress', position: 1 })).toBeNull();
    expect(readPlayerRemoteMessage(null)).toBeNull();
    expect(readPlayerRemoteMessage('back')).toBeNull();
  });
});
