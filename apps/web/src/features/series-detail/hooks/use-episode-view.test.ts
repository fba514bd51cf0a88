import { describe, expect, it } from 'vitest';
import type { EpisodeSummary, Season } from '@bosphorus/contract';
import { episodeView, firstEpisodeOf, resultsSummary } from './use-episode-view';

let nextId = 1;
const episode = (episode_number: number, episode_title: string): EpisodeSummary => ({
  episode_id: nextId++,
  episode_title,
  episode_number,
  episode_date: '2024-03-04',
  episode_image: 'still.webp',
  episode_duration: 45,
  season_finale: 0,
  story_minutes: null,
  english_subtitles_coming: false,
});
const season = (id: number, season_number: number, episodes: EpisodeSummary[]): Season => ({
  id,
  season_number,
  title: `Season ${season_number}`,
  episodes,
});

const seasons = [
  season(10, 1, [episode(1, 'The Young Bey'), episode(2, 'Bala Hatun')]),
  season(11, 2, [episode(1, 'Söğüt Burns'), episode(2, 'The Council Divided'), episode(12, 'Bey of Beys')]),
];

describe('episodeView', () => {
  it('shows the selected season when the search is empty', () => {
    expect(episodeView(seasons, '', 11)).toEqual({ mode: 'season', season: seasons[1] });
    expect(episodeView(seasons, '   ', 11)).toEqual({ mode: 'season', season: seasons[1] });
  });

  it('falls back to the first season when none (or an unknown one) is selected', () => {
    expect(episodeView(seasons, '', null)).toEqual({ mode: 'season', season: seasons[0] });
    expect(episodeView(seasons, '', 99)).toEqual({ mode: 'season', season: seasons[0] });
    expect(episodeView([], '', null)).toEqual({ mode: 'season', season: null });
  });

  it('replaces the seasons with a flat list of matches across all seasons', () => {
    const view = episodeView(seasons, 'bey', 10);
    expect(view.mode).toBe('results');
    if (view.mode !== 'results') return;
    expect(view.query).toBe('bey');
    expect(view.episodes.map((e) => [e.season_number, e.episode_number, e.episode_title])).toEqual([
      [1, 1, 'The Young Bey'],
      [2, 12, 'Bey of Beys'],
    ]);
    expect(view.episodes[1]!.season_id).toBe(11);
  });

  it('matches episode numbers as text and Turkish titles without the accents', () => {
    const byNumber = episodeView(seasons, '12', null);
    expect(byNumber.mode === 'results' && byNumber.episodes.map((e) => e.episode_title)).toEqual(['Bey of Beys']);
    const folded = episodeView(seasons, 'sogut', null);
    expect(folded.mode === 'results' && folded.episodes.map((e) => e.episode_title)).toEqual(['Söğüt Burns']);
  });

  it('gives an empty result list when nothing matches', () => {
    expect(episodeView(seasons, 'dragon', 10)).toEqual({ mode: 'results', query: 'dragon', episodes: [] });
  });
});

describe('firstEpisodeOf', () => {
  it('is the lowest-numbered episode of the first season with episodes', () => {
    const a = episode(2, 'Second');
    const b = episode(1, 'First');
    expect(firstEpisodeOf([season(1, 1, []), season(2, 2, [a, b])])).toBe(b);
    expect(firstEpisodeOf([season(1, 1, [])])).toBeNull();
  });
});

describe('resultsSummary', () => {
  it('counts in words', () => {
    expect(resultsSummary(1, 'bey')).toBe('1 episode matches “bey”');
    expect(resultsSummary(3, 'bey')).toBe('3 episodes match “bey”');
  });
});
