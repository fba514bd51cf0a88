import { useMemo, useState } from 'react';
import { searchEpisodes, type EpisodeSummary, type Season } from '@bosphorus/contract';

// Spec §4 Other screens: with an empty search the episodes show by season
// (tabs); a non-empty search replaces the tabs with a flat list of matches
// across all seasons (§5: number as text, or title, Turkish-insensitive).

export interface EpisodeInSeason extends EpisodeSummary {
  season_id: number;
  season_number: number;
}

export type EpisodeView =
  { mode: 'season'; season: Season | null } | { mode: 'results'; query: string; episodes: EpisodeInSeason[] };

export function episodeView(seasons: readonly Season[], query: string, selectedSeasonId: number | null): EpisodeView {
  const q = query.trim();
  if (q) {
    const tagged = seasons.map((s) => ({
      episodes: s.episodes.map((e) => ({ ...e, season_id: s.id, season_number: s.season_number })),
    }));
    return { mode: 'results', query: q, episodes: searchEpisodes(tagged, q) };
  }
  return { mode: 'season', season: seasons.find((s) => s.id === selectedSeasonId) ?? seasons[0] ?? null };
}

/** Where Watch Now starts a series: the first episode of the first season that has one. */
export function firstEpisodeOf(seasons: readonly Season[]): EpisodeSummary | null {
  for (const season of seasons) {
    const [first] = [...season.episodes].sort((a, b) => a.episode_number - b.episode_number);
    if (first) return first;
  }
  return null;
}

/** 'Found 3 episodes' style summary of a search. */
export function resultsSummary(count: number, query: string): string {
  return `${count} ${count === 1 ? 'episode matches' : 'episodes match'} “${query}”`;
}

/** The episodes section's state: the search text and the chosen season tab. */
export function useEpisodeView(seasons: readonly Season[]) {
  const [query, setQuery] = useState('');
  const [selectedSeasonId, setSelectedSeasonId] = useState<number | null>(seasons[0]?.id ?? null);
  const view = useMemo(() => episodeView(seasons, query, selectedSeasonId), [seasons, query, selectedSeasonId]);
  return {
    query,
    setQuery,
    selectedSeasonId: view.mode === 'season' ? (view.season?.id ?? null) : selectedSeasonId,
    setSelectedSeasonId,
    view,
  };
}
