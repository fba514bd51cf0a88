import { describe, expect, it } from 'vitest';
import { engineOrder, linkEstimateBps, startLevelFor } from './engine';

describe('engineOrder', () => {
  it('prefers the browser HLS, then hls.js on MSE, then the progressive MP4', () => {
    expect(engineOrder(true, true, null)).toEqual(['native', 'hls', 'mp4']);
    expect(engineOrder(false, true, null)).toEqual(['hls', 'mp4']);
    expect(engineOrder(true, false, null)).toEqual(['native', 'mp4']);
    expect(engineOrder(false, false, null)).toEqual(['mp4']);
  });

  it('puts a forced engine first only when the device has it', () => {
    expect(engineOrder(true, true, 'hls')).toEqual(['hls', 'native', 'mp4']);
    expect(engineOrder(true, true, 'mp4')).toEqual(['mp4', 'native', 'hls']);
    expect(engineOrder(false, true, 'native')).toEqual(['hls', 'mp4']);
  });
});

describe('startLevelFor: the rendition a start can carry', () => {
  // The demo ladder (apps/api/media/demo): 234p at ~88 kb/s, 360p at ~116 kb/s.
  const demo = [88_497, 115_953];

  it('starts on the best rendition that fits in 60 % of the link', () => {
    expect(startLevelFor(demo, 1_600_000)).toBe(1); // the mid-range phone link of issue 15
    expect(startLevelFor([400_000, 1_200_000, 3_000_000], 1_600_000)).toBe(0);
    expect(startLevelFor([400_000, 1_200_000, 3_000_000], 2_000_000)).toBe(1);
    expect(startLevelFor([400_000, 1_200_000, 3_000_000], 10_000_000)).toBe(2);
  });

  it('starts on the lowest when nothing fits or there is no estimate, whatever the order', () => {
    expect(startLevelFor(demo, 100_000)).toBe(0);
    expect(startLevelFor(demo, null)).toBe(0);
    expect(startLevelFor([1_200_000, 400_000, 3_000_000], null)).toBe(1);
    expect(startLevelFor([1_200_000, 400_000, 3_000_000], 300_000)).toBe(1);
    expect(startLevelFor([], 1_600_000)).toBe(0);
  });
});

describe('linkEstimateBps', () => {
  const nav = (connection: unknown) => ({ connection }) as unknown as Navigator;

  it('reads downlink (Mb/s) as bits per second', () => {
    expect(linkEstimateBps(nav({ downlink: 1.6 }))).toBe(1_600_000);
  });

  it('has no estimate without the API, with Save-Data, or with a nonsense value', () => {
    expect(linkEstimateBps(nav(undefined))).toBeNull();
    expect(linkEstimateBps(nav({ downlink: 10, saveData: true }))).toBeNull();
    expect(linkEstimateBps(nav({ downlink: 0 }))).toBeNull();
    expect(linkEstimateBps(nav({ downlink: 'fast' }))).toBeNull();
  });
});
