import { describe, expect, it } from 'vitest';
import { clock, playerLinkOf } from './player-link';

describe('playerLinkOf', () => {
  it('opens the console’s player of the reported title at the reported position', () => {
    expect(playerLinkOf({ link: 'https://bosphorus.example/watchEpisodes/12', position_seconds: '125' })).toEqual({
      to: '/admin/subtitles?type=episode&id=12&t=125',
      position: '2:05',
    });
    expect(playerLinkOf({ link: 'https://bosphorus.example/watch/3?x=1' })).toEqual({
      to: '/admin/subtitles?type=movie&id=3',
      position: null,
    });
  });

  it('never follows a report elsewhere', () => {
    expect(playerLinkOf({ link: 'https://evil.example/profile' })).toBeNull();
    expect(playerLinkOf({ link: 'javascript:alert(1)' })).toBeNull();
    expect(playerLinkOf({ link: null })).toBeNull();
    expect(playerLinkOf({ link: '/watch/3', position_seconds: '-5' })).toEqual({
      to: '/admin/subtitles?type=movie&id=3',
      position: null,
    });
    expect(playerLinkOf({ link: 'https://bosphorus.example/watch/3/../../admin' })).toBeNull();
  });

  it('formats hours', () => {
    expect(clock(3725)).toBe('1:02:05');
  });
});
