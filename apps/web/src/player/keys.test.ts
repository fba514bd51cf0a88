import { describe, expect, it } from 'vitest';
import { actionForKey, directionForKey, isNativeKey, isTextField, registerTizenKeys, TIZEN_PLAYER_KEYS } from './keys';

describe('actionForKey', () => {
  it('maps the keyboard set of the brief', () => {
    expect(actionForKey({ key: ' ' })).toBe('toggle-play');
    expect(actionForKey({ key: 'k' })).toBe('toggle-play');
    expect(actionForKey({ key: 'K' })).toBe('toggle-play');
    expect(actionForKey({ key: 'ArrowLeft' })).toBe('seek-back');
    expect(actionForKey({ key: 'ArrowRight' })).toBe('seek-forward');
    // ↑/↓ belong to the remote's focus moves (directionForKey); the volume has its own keys.
    expect(actionForKey({ key: 'ArrowUp' })).toBeNull();
    expect(actionForKey({ key: 'ArrowDown' })).toBeNull();
    expect(actionForKey({ key: 'AudioVolumeUp' })).toBe('volume-up');
    expect(actionForKey({ key: 'AudioVolumeDown' })).toBe('volume-down');
    expect(actionForKey({ key: 'm' })).toBe('toggle-mute');
    expect(actionForKey({ key: 'f' })).toBe('toggle-fullscreen');
    expect(actionForKey({ key: 'c' })).toBe('toggle-captions');
    expect(actionForKey({ key: 'Escape' })).toBe('back');
  });

  it('maps TV media keys by name and by keyCode alone', () => {
    expect(actionForKey({ key: 'MediaPlayPause' })).toBe('toggle-play');
    expect(actionForKey({ key: 'MediaPlay', keyCode: 415 })).toBe('play');
    expect(actionForKey({ key: 'Unidentified', keyCode: 415 })).toBe('play');
    expect(actionForKey({ key: 'Unidentified', keyCode: 19 })).toBe('pause');
    expect(actionForKey({ key: 'Unidentified', keyCode: 417 })).toBe('seek-forward');
    expect(actionForKey({ key: 'Unidentified', keyCode: 412 })).toBe('seek-back');
    expect(actionForKey({ key: 'Unidentified', keyCode: 10009 })).toBe('back');
    expect(actionForKey({ key: 'Unidentified', keyCode: 461 })).toBe('back');
    expect(actionForKey({ key: 'MediaFastForward' })).toBe('seek-forward');
    expect(actionForKey({ key: 'MediaRewind' })).toBe('seek-back');
  });

  it('prefers the key name when both are known', () => {
    // A keyboard's Pause key (keyCode 19, no name of ours) pauses too.
    expect(actionForKey({ key: 'Pause', keyCode: 19 })).toBe('pause');
    expect(actionForKey({ key: 'k', keyCode: 75 })).toBe('toggle-play');
  });

  it('lets browser shortcuts and unknown keys pass', () => {
    expect(actionForKey({ key: 'f', ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(actionForKey({ key: 'c', metaKey: true })).toBeNull();
    expect(actionForKey({ key: 'Tab' })).toBeNull();
    expect(actionForKey({ key: 'x' })).toBeNull();
    expect(actionForKey({ key: 'Unidentified', keyCode: 1 })).toBeNull();
  });
});

describe('isNativeKey', () => {
  it('leaves Space and Enter to a focused button', () => {
    expect(isNativeKey(' ', { tagName: 'BUTTON' })).toBe(true);
    expect(isNativeKey('Enter', { tagName: 'button' })).toBe(true);
    expect(isNativeKey(' ', { tagName: 'INPUT', type: 'range' })).toBe(false);
    expect(isNativeKey(' ', { tagName: 'DIV' })).toBe(false);
    expect(isNativeKey(' ', null)).toBe(false);
    expect(isNativeKey('k', { tagName: 'BUTTON' })).toBe(false);
  });
});

describe('the remote (issue 14)', () => {
  it('maps every media key of the brief, by name and by Tizen/webOS keyCode', () => {
    expect(actionForKey({ key: 'MediaPlayPause' })).toBe('toggle-play');
    expect(actionForKey({ key: 'MediaPlay' })).toBe('play');
    expect(actionForKey({ key: 'MediaPause' })).toBe('pause');
    expect(actionForKey({ key: 'MediaStop' })).toBe('pause');
    expect(actionForKey({ key: 'MediaFastForward' })).toBe('seek-forward');
    expect(actionForKey({ key: 'MediaRewind' })).toBe('seek-back');
    expect(actionForKey({ key: 'Unidentified', keyCode: 10252 })).toBe('toggle-play');
    expect(actionForKey({ key: 'Unidentified', keyCode: 415 })).toBe('play');
    expect(actionForKey({ key: 'Unidentified', keyCode: 19 })).toBe('pause');
    expect(actionForKey({ key: 'Unidentified', keyCode: 417 })).toBe('seek-forward');
    expect(actionForKey({ key: 'Unidentified', keyCode: 412 })).toBe('seek-back');
    expect(actionForKey({ key: 'Unidentified', keyCode: 413 })).toBe('pause');
  });

  it('maps every Back of the brief: Escape, Backspace, Tizen XF86Back 10009, webOS 461', () => {
    expect(actionForKey({ key: 'Escape' })).toBe('back');
    expect(actionForKey({ key: 'Backspace' })).toBe('back');
    expect(actionForKey({ key: 'XF86Back', keyCode: 10009 })).toBe('back');
    expect(actionForKey({ key: 'Unidentified', keyCode: 10009 })).toBe('back');
    expect(actionForKey({ key: 'GoBack', keyCode: 461 })).toBe('back');
    expect(actionForKey({ key: 'Unidentified', keyCode: 461 })).toBe('back');
  });

  it('leaves Backspace to text fields and nothing else', () => {
    expect(isNativeKey('Backspace', { tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isNativeKey('Backspace', { tagName: 'INPUT' })).toBe(true);
    expect(isNativeKey('Backspace', { tagName: 'TEXTAREA' })).toBe(true);
    expect(isNativeKey('Backspace', { tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isNativeKey('Backspace', { tagName: 'INPUT', type: 'range' })).toBe(false);
    expect(isNativeKey('Backspace', { tagName: 'BUTTON' })).toBe(false);
    expect(isNativeKey('Backspace', null)).toBe(false);
    expect(isTextField({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTextField({ tagName: 'input', type: 'Search' })).toBe(true);
  });

  it('reads the arrows by name and by keyCode alone', () => {
    expect(directionForKey({ key: 'ArrowUp' })).toBe('up');
    expect(directionForKey({ key: 'ArrowDown' })).toBe('down');
    expect(directionForKey({ key: 'ArrowLeft' })).toBe('left');
    expect(directionForKey({ key: 'ArrowRight' })).toBe('right');
    expect(directionForKey({ key: 'Left' })).toBe('left');
    expect(directionForKey({ key: 'Unidentified', keyCode: 38 })).toBe('up');
    expect(directionForKey({ key: 'Unidentified', keyCode: 40 })).toBe('down');
    expect(directionForKey({ key: 'Unidentified', keyCode: 37 })).toBe('left');
    expect(directionForKey({ key: 'Unidentified', keyCode: 39 })).toBe('right');
    // A letter with keyCode 38 ('&' on some layouts) is not an arrow; modifiers pass.
    expect(directionForKey({ key: '&', keyCode: 38 })).toBeNull();
    expect(directionForKey({ key: 'ArrowUp', altKey: true })).toBeNull();
    expect(directionForKey({ key: 'Enter', keyCode: 13 })).toBeNull();
  });

  it('registers the media keys on Tizen only, and goes on past a key the remote lacks', () => {
    const asked: string[] = [];
    const registerKey = (name: string) => {
      asked.push(name);
      if (name === 'MediaStop') throw new Error('InvalidValuesError');
    };
    const win = { tizen: { tvinputdevice: { registerKey } } } as unknown as Window;
    expect(registerTizenKeys(win)).toEqual(TIZEN_PLAYER_KEYS.filter((k) => k !== 'MediaStop'));
    expect(asked).toEqual([...TIZEN_PLAYER_KEYS]);
    expect(TIZEN_PLAYER_KEYS).toEqual([
      'MediaPlayPause',
      'MediaPlay',
      'MediaPause',
      'MediaStop',
      'MediaFastForward',
      'MediaRewind',
    ]);
    expect(registerTizenKeys({} as Window)).toEqual([]);
    expect(registerTizenKeys({ tizen: {} } as unknown as Window)).toEqual([]);
  });
});
