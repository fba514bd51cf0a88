import { describe, expect, it } from 'vitest';
import { watchNowTarget } from './watch-now';

describe('watchNowTarget (spec §4 Watch Now)', () => {
  it('sends a visitor to /signin', () => {
    expect(watchNowTarget({ loggedIn: false, canPlay: false, kind: 'movie', id: 3 })).toBe('/signin');
    expect(watchNowTarget({ loggedIn: false, canPlay: true, kind: 'episode', id: 3 })).toBe('/signin');
  });
  it('sends a user who cannot play to /choosepayment', () => {
    expect(watchNowTarget({ loggedIn: true, canPlay: false, kind: 'movie', id: 3 })).toBe('/choosepayment');
  });
  it('opens the right player when the user can play', () => {
    expect(watchNowTarget({ loggedIn: true, canPlay: true, kind: 'movie', id: 3 })).toBe('/watch/3');
    expect(watchNowTarget({ loggedIn: true, canPlay: true, kind: 'episode', id: 9 })).toBe('/watchEpisodes/9');
  });
});
