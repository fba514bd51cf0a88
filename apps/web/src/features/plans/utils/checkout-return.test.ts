// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_RETURN_STORAGE_KEY,
  forgetCheckoutReturn,
  readCheckoutReturn,
  rememberCheckoutReturn,
  safeReturnPath,
} from './checkout-return';

afterEach(() => sessionStorage.clear());

describe('checkout return path', () => {
  it('accepts only paths of this site, never the plan screens themselves', () => {
    expect(safeReturnPath('/moviedetail/3')).toBe('/moviedetail/3');
    expect(safeReturnPath('/watchEpisodes/9?x=1')).toBe('/watchEpisodes/9?x=1');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil',
      'watch/1',
      '/choosepayment',
      '/choosepayment/complete',
      '/choosepayment?plan_id=2',
      42,
      null,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('keeps the path in this tab until it is used, and ignores a tampered one', () => {
    rememberCheckoutReturn('/watch/4');
    expect(readCheckoutReturn()).toBe('/watch/4');
    forgetCheckoutReturn();
    expect(readCheckoutReturn()).toBeNull();
    rememberCheckoutReturn(null);
    expect(sessionStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBeNull();
    sessionStorage.setItem(CHECKOUT_RETURN_STORAGE_KEY, '//evil.example');
    expect(readCheckoutReturn()).toBeNull();
  });
});
