import { foldTurkish } from './turkish.js';

export interface SearchableEpisode {
  episode_number: number;
  episode_title: string;
}

/**
 * Spec §5: episode search matches the episode number as text, or the title
 * case-insensitively (Turkish rules, so 'sir' finds 'Sır'). An empty query
 * matches nothing; callers show season tabs instead (spec §4).
 */
export function matchesEpisodeQuery(episode: SearchableEpisode, query: string): boolean {
  const q = query.trim();
  if (!q) return false;
  if (String(episode.episode_number).includes(q)) return true;
  const fq = foldTurkish(q);
  return fq.length > 0 && foldTurkish(episode.episode_title).includes(fq);
}

export function searchEpisodes<T extends SearchableEpisode>(
  seasons: ReadonlyArray<{ episodes: readonly T[] }>,
  query: string,
): T[] {
  return seasons.flatMap((s) => s.episodes.filter((e) => matchesEpisodeQuery(e, query)));
}
