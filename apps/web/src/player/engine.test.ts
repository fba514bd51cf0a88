import { describe, expect, it } from 'vitest';
import { codecSupport, engineOrder, H264_TYPE, linkEstimateBps, startLevelFor, WEBM_TYPE, withWebm } from './engine';

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

describe('codecSupport', () => {
  const probe = (types: string[]) => ({ canPlayType: (t: string) => (types.includes(t) ? 'probably' : '') });
  const mse = (types: string[]) => ({ isTypeSupported: (t: string) => types.includes(t) });

  it('asks the element and Media Source Extensions about H.264/AAC and VP9/Opus', () => {
    // A current Chrome: both, through either.
    expect(codecSupport(probe([H264_TYPE, WEBM_TYPE]), mse([H264_TYPE, WEBM_TYPE]))).toEqual({
      h264: true,
      webm: true,
    });
    // Safari without MSE for WebM: H.264 through the element only.
    expect(codecSupport(probe([H264_TYPE]), undefined)).toEqual({ h264: true, webm: false });
    // An open-source Chromium (the old-engine suite's Chromium 64): no H.264 anywhere.
    expect(codecSupport(probe([WEBM_TYPE]), mse([WEBM_TYPE]))).toEqual({ h264: false, webm: true });
    // MSE alone is enough for hls.js.
    expect(codecSupport(probe([]), mse([H264_TYPE]))).toEqual({ h264: true, webm: false });
  });

  it('names the codecs of the demo ladder and of the WebM', () => {
    expect(H264_TYPE).toBe('video/mp4; codecs="avc1.4d401e, mp4a.40.2"');
    expect(WEBM_TYPE).toBe('video/webm; codecs="vp9, opus"');
  });
});

describe('withWebm', () => {
  const both = { h264: true, webm: true };
  const noH264 = { h264: false, webm: true };
  const noWebm = { h264: true, webm: false };

  it('keeps the H.264 order of a modern browser, with the WebM only as a last try', () => {
    expect(withWebm(engineOrder(false, true, null), both, true, null)).toEqual(['hls', 'mp4', 'webm']);
    expect(withWebm(engineOrder(true, true, null), both, true, null)).toEqual(['native', 'hls', 'mp4', 'webm']);
  });

  it('plays the WebM first where H.264 cannot be decoded', () => {
    expect(withWebm(engineOrder(false, true, null), noH264, true, null)).toEqual(['webm', 'hls', 'mp4']);
    expect(withWebm(engineOrder(false, false, null), noH264, true, null)).toEqual(['webm', 'mp4']);
  });

  it('leaves the WebM out when the title has none or the browser cannot play it', () => {
    expect(withWebm(engineOrder(false, true, null), noH264, false, null)).toEqual(['hls', 'mp4']);
    expect(withWebm(engineOrder(false, true, null), noWebm, true, null)).toEqual(['hls', 'mp4']);
    expect(withWebm(engineOrder(false, true, null), { h264: false, webm: false }, true, 'webm')).toEqual([
      'hls',
      'mp4',
    ]);
  });

  it('puts a forced WebM first when the title and the browser have it', () => {
    expect(engineOrder(false, true, 'webm')).toEqual(['hls', 'mp4']);
    expect(withWebm(engineOrder(false, true, 'webm'), both, true, 'webm')).toEqual(['webm', 'hls', 'mp4']);
    expect(withWebm(engineOrder(true, true, 'mp4'), both, true, 'mp4')).toEqual(['mp4', 'native', 'hls', 'webm']);
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
