import { describe, expect, it } from 'vitest';
import { directionOf, isBackKey, isEnterKey, registerTizenKeys, TIZEN_KEYS } from './keys';

describe('remote keys', () => {
  it('reads arrows by name, by old name and by keyCode, never with a modifier', () => {
    expect(directionOf({ key: 'ArrowDown' })).toBe('down');
    expect(directionOf({ key: 'Left' })).toBe('left');
    expect(directionOf({ key: 'Unidentified', keyCode: 39 })).toBe('right');
    expect(directionOf({ key: 'ArrowUp', shiftKey: true })).toBeNull();
    expect(directionOf({ key: 'a', keyCode: 65 })).toBeNull();
  });

  it('knows Escape, Tizen Return (10009), webOS Back (461), and Backspace only outside text fields', () => {
    expect(isBackKey({ key: 'Escape' }, false)).toBe(true);
    expect(isBackKey({ key: 'XF86Back', keyCode: 10009 }, true)).toBe(true);
    expect(isBackKey({ key: 'Unidentified', keyCode: 10009 }, false)).toBe(true);
    expect(isBackKey({ key: 'Unidentified', keyCode: 461 }, false)).toBe(true);
    expect(isBackKey({ key: 'Backspace', keyCode: 8 }, false)).toBe(true);
    expect(isBackKey({ key: 'Backspace', keyCode: 8 }, true)).toBe(false);
    expect(isBackKey({ key: 'ArrowLeft', altKey: true }, false)).toBe(false);
    expect(isEnterKey({ key: 'Enter' })).toBe(true);
    expect(isEnterKey({ key: 'Unidentified', keyCode: 13 })).toBe(true);
  });

  it('registers the media keys on a Samsung TV, and does nothing elsewhere', () => {
    const registered: string[] = [];
    const tizenWindow = {
      tizen: {
        tvinputdevice: {
          registerKey(name: string) {
            if (name === 'MediaStop') throw new Error('not on this model');
            registered.push(name);
          },
        },
      },
    } as unknown as Window;
    expect(registerTizenKeys(tizenWindow)).toEqual(TIZEN_KEYS.filter((k) => k !== 'MediaStop'));
    expect(registered).toContain('MediaPlayPause');
    expect(registerTizenKeys({} as Window)).toEqual([]);
  });
});
