// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTag, stringifyParams } from './analytics';

// Spec §7: one global tag function, every value a string, a no-op on TVs.

afterEach(() => {
  delete window.dataLayer;
  vi.restoreAllMocks();
});

describe('analytics tag', () => {
  it('converts every value to a string', () => {
    expect(
      stringifyParams({ id: 12, ok: true, none: null, missing: undefined, list: [1, 2], obj: { a: 1 }, s: 'x' }),
    ).toEqual({ id: '12', ok: 'true', none: '', missing: '', list: '[1,2]', obj: '{"a":1}', s: 'x' });
  });

  it('queues stringified events in dataLayer, and sends nothing anywhere unless an endpoint is configured', () => {
    const beacon = vi.fn().mockReturnValue(true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    createTag({ tv: false, endpoint: undefined })('event', 'page_view', { page_path: '/allseries', page: 2 });
    expect(window.dataLayer).toEqual([{ event: 'page_view', page_path: '/allseries', page: '2' }]);
    expect(beacon).not.toHaveBeenCalled();
    createTag({ tv: false, endpoint: '/collect' })('event', 'play', { video_id: 7 });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe('/collect');
  });

  it('is a no-op on a smart TV', () => {
    const beacon = vi.fn();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    createTag({ tv: true, endpoint: '/collect' })('event', 'page_view', { page_path: '/' });
    expect(window.dataLayer).toBeUndefined();
    expect(beacon).not.toHaveBeenCalled();
  });
});
