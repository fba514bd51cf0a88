import { describe, expect, it } from 'vitest';
import { matchesEpisodeQuery, searchEpisodes } from './episode-search.js';

const ep = (episode_number: number, episode_title: string) => ({ episode_number, episode_title });

describe('matchesEpisodeQuery (spec §5)', () => {
  it('matches the episode number as text', () => {
    expect(matchesEpisodeQuery(ep(12, 'The Oath'), '12')).toBe(true);
    expect(matchesEpisodeQuery(ep(12, 'The Oath'), '1')).toBe(true);
    expect(matchesEpisodeQuery(ep(3, 'The Oath'), '12')).toBe(false);
  });

  it('matches the title case-insensitively with Turkish rules', () => {
    expect(matchesEpisodeQuery(ep(1, 'Söğüt on the Horizon'), 'sogut')).toBe(true);
    expect(matchesEpisodeQuery(ep(1, 'Söğüt on the Horizon'), 'SÖĞÜT')).toBe(true);
    expect(matchesEpisodeQuery(ep(1, 'Sır Kapısı'), 'sir')).toBe(true);
    expect(matchesEpisodeQuery(ep(1, 'İstanbul Nights'), 'istanbul')).toBe(true);
    expect(matchesEpisodeQuery(ep(1, 'istanbul nights'), 'İSTANBUL')).toBe(true);
    expect(matchesEpisodeQuery(ep(1, 'The Oath'), 'horizon')).toBe(false);
  });

  it('ignores surrounding spaces in the query', () => {
    expect(matchesEpisodeQuery(ep(7, 'Bread for the Tribe'), '  tribe ')).toBe(true);
  });

  it('matches nothing for an empty or blank query', () => {
    expect(matchesEpisodeQuery(ep(1, 'The Oath'), '')).toBe(false);
    expect(matchesEpisodeQuery(ep(1, 'The Oath'), '   ')).toBe(false);
  });

  it('matches nothing on the title for a query of punctuation only', () => {
    expect(matchesEpisodeQuery(ep(1, 'The: Oath'), ':')).toBe(false);
  });
});

describe('searchEpisodes', () => {
  const seasons = [
    { episodes: [ep(1, 'The Young Bey'), ep(2, 'Bala Hatun')] },
    { episodes: [ep(1, 'A Sword for Osman'), ep(2, 'The Council Divided'), ep(12, 'Bey of Beys')] },
  ];

  it('lists matches across all seasons in season order', () => {
    expect(searchEpisodes(seasons, 'bey')).toEqual([ep(1, 'The Young Bey'), ep(12, 'Bey of Beys')]);
    expect(searchEpisodes(seasons, '2')).toEqual([
      ep(2, 'Bala Hatun'),
      ep(2, 'The Council Divided'),
      ep(12, 'Bey of Beys'),
    ]);
  });

  it('gives an empty list for an empty query or no match', () => {
    expect(searchEpisodes(seasons, '')).toEqual([]);
    expect(searchEpisodes(seasons, 'dragon')).toEqual([]);
  });
});
