import { describe, expect, it } from 'vitest';
import { engineOrder } from './engine';

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
