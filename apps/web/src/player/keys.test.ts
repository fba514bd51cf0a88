import { describe, expect, it } from 'vitest';
import { actionForKey, isNativeKey } from './keys';

describe('actionForKey', () => {
  it('maps the keyboard set of the brief', () => {
    expect(actionForKey({ key: ' ' })).toBe('toggle-play');
    expect(actionForKey({ key: 'k' })).toBe('toggle-play');
    expect(actionForKey({ key: 'K' })).toBe('toggle-play');
    expect(actionForKey({ key: 'ArrowLeft' })).toBe('seek-back');
    expect(actionForKey({ key: 'ArrowRight' })).toBe('seek-forward');
    expect(actionForKey({ key: 'ArrowUp' })).toBe('volume-up');
    expect(actionForKey({ key: 'ArrowDown' })).toBe('volume-down');
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
