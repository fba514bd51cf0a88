import type { EpisodeRef, WatchEpisode } from '@bosphorus/contract';

// Spec §2 Episode player: previous and next buttons, "labelled 'season'
// instead of 'episode' at season borders". At the first episode of a season
// the previous one belongs to the season before; at the season final the
// next one opens the next season.

export interface EpisodeStep {
  label: string;
  target: EpisodeRef | null;
}

export function previousStep(
  episode: Pick<WatchEpisode, 'previous_episode' | 'is_first_episode_of_season'>,
): EpisodeStep {
  return {
    label: episode.is_first_episode_of_season ? 'Previous season' : 'Previous episode',
    target: episode.previous_episode,
  };
}

export function nextStep(episode: Pick<WatchEpisode, 'next_episode' | 'is_season_final'>): EpisodeStep {
  return {
    label: episode.is_season_final ? 'Next season' : 'Next episode',
    target: episode.next_episode,
  };
}

/** 'Season 2 · Episode 1: The Return': where a previous/next button leads. */
export function describeRef(ref: EpisodeRef): string {
  return `${ref.season_title} · Episode ${ref.episode_number}: ${ref.episode_title}`;
}
