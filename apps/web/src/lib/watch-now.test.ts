import { describe, expect, it } from 'vitest';
import { isPlayNow, PLAY_NOW, playNowStateFor, watchNowTarget } from './watch-now';

describe('watchNowTarget (spec §4 Watch Now)', () => {
  it('sends a visitor to /signin, with the player to come back to', () => {
    expect(watchNowTarget({ loggedIn: false, canPlay: false, kind: 'movie', id: 3 })).toBe('/signin?next=%2Fwatch%2F3');
    expect(watchNowTarget({ loggedIn: false, canPlay: true, kind: 'episode', id: 3 })).toBe(
      '/signin?next=%2FwatchEpisodes%2F3',
    );
  });
  it('sends a user who cannot play to /choosepayment, with the player to come back to', () => {
    expect(watchNowTarget({ loggedIn: true, canPlay: false, kind: 'movie', id: 3 })).toBe(
      '/choosepayment?next=%2Fwatch%2F3',
    );
  });
  it('opens the right player when the user can play', () => {
    expect(watchNowTarget({ loggedIn: true, canPlay: true, kind: 'movie', id: 3 })).toBe('/watch/3');
    expect(watchNowTarget({ loggedIn: true, canPlay: true, kind: 'episode', id: 9 })).toBe('/watchEpisodes/9');
  });
  it("opens the player, whose route decides, while a signed-in viewer's own answer is not in yet", () => {
    expect(watchNowTarget({ loggedIn: true, canPlay: null, kind: 'movie', id: 3 })).toBe('/watch/3');
    expect(watchNowTarget({ loggedIn: false, canPlay: null, kind: 'movie', id: 3 })).toBe('/signin?next=%2Fwatch%2F3');
  });
});

describe('the play intent a press on Play carries (issue 26)', () => {
  it('is given to a watch page only, never to a gate', () => {
    expect(playNowStateFor('/watch/3')).toEqual({ autoplay: true });
    expect(playNowStateFor('/watchEpisodes/9')).toEqual({ autoplay: true });
    expect(playNowStateFor('/signin?next=%2Fwatch%2F3')).toBeUndefined();
    expect(playNowStateFor('/choosepayment?next=%2Fwatch%2F3')).toBeUndefined();
  });
  it('is read from the history state', () => {
    expect(isPlayNow(PLAY_NOW)).toBe(true);
    expect(isPlayNow({ autoplay: 'yes' })).toBe(false);
    expect(isPlayNow(null)).toBe(false);
    expect(isPlayNow(undefined)).toBe(false);
  });
});
