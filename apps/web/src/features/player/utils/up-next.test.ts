import { describe, expect, it } from 'vitest';
import { STILL_WATCHING_AFTER } from '@bosphorus/contract';
import { StillWatchingCounter, upNextOf } from './up-next';

const ref = (id: number, season: string, number: number, title: string) => ({
  id,
  season_id: id * 10,
  season_title: season,
  episode_number: number,
  episode_title: title,
});

describe('upNextOf', () => {
  it('is the next episode of the season', () => {
    expect(upNextOf({ next_episode: ref(12, 'Season 1', 3, 'The Bridge'), is_season_final: false })).toEqual({
      id: 12,
      label: 'Next episode',
      title: 'Season 1 · Episode 3: The Bridge',
    });
  });

  it('is the first episode of the next season after a season final', () => {
    expect(upNextOf({ next_episode: ref(20, 'Season 2', 1, 'The Return'), is_season_final: true })).toEqual({
      id: 20,
      label: 'Next season',
      title: 'Season 2 · Episode 1: The Return',
    });
  });

  it('is none at the last episode of the series', () => {
    expect(upNextOf({ next_episode: null, is_season_final: true })).toBeNull();
    expect(upNextOf({ next_episode: null, is_season_final: false })).toBeNull();
  });
});

describe('StillWatchingCounter', () => {
  it('asks after three episodes that started by themselves', () => {
    expect(STILL_WATCHING_AFTER).toBe(3);
    const counter = new StillWatchingCounter();
    expect(counter.shouldAsk()).toBe(false);
    counter.autoAdvanced();
    counter.autoAdvanced();
    expect(counter.shouldAsk()).toBe(false);
    counter.autoAdvanced();
    expect(counter.count).toBe(3);
    expect(counter.shouldAsk()).toBe(true);
  });

  it('starts again at a key press or a touch', () => {
    const counter = new StillWatchingCounter();
    counter.autoAdvanced();
    counter.autoAdvanced();
    counter.input();
    expect(counter.count).toBe(0);
    counter.autoAdvanced();
    counter.autoAdvanced();
    expect(counter.shouldAsk()).toBe(false);
    counter.autoAdvanced();
    expect(counter.shouldAsk()).toBe(true);
    counter.input();
    expect(counter.shouldAsk()).toBe(false);
  });

  it('takes another limit', () => {
    const counter = new StillWatchingCounter(1);
    counter.autoAdvanced();
    expect(counter.shouldAsk()).toBe(true);
  });
});
