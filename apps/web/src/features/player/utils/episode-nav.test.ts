import { describe, expect, it } from 'vitest';
import { describeRef, nextStep, previousStep } from './episode-nav';

const ref = { id: 201, episode_number: 1, episode_title: 'Yeni Yol', season_id: 2, season_title: 'Season 2' };

describe('previous/next labels (spec §2 Episode player)', () => {
  it("says 'episode' inside a season", () => {
    const middle = {
      previous_episode: ref,
      next_episode: ref,
      is_first_episode_of_season: false,
      is_season_final: false,
    };
    expect(previousStep(middle).label).toBe('Previous episode');
    expect(nextStep(middle).label).toBe('Next episode');
  });

  it("says 'season' at the borders: previous at the first episode, next at the season final", () => {
    const first = {
      previous_episode: ref,
      next_episode: ref,
      is_first_episode_of_season: true,
      is_season_final: false,
    };
    expect(previousStep(first).label).toBe('Previous season');
    expect(nextStep(first).label).toBe('Next episode');
    const final = {
      previous_episode: ref,
      next_episode: ref,
      is_first_episode_of_season: false,
      is_season_final: true,
    };
    expect(previousStep(final).label).toBe('Previous episode');
    expect(nextStep(final).label).toBe('Next season');
  });

  it('has no target where there is no episode', () => {
    const only = {
      previous_episode: null,
      next_episode: null,
      is_first_episode_of_season: true,
      is_season_final: true,
    };
    expect(previousStep(only).target).toBeNull();
    expect(nextStep(only).target).toBeNull();
  });

  it('describes where a step leads', () => {
    expect(describeRef(ref)).toBe('Season 2 · Episode 1: Yeni Yol');
  });
});
