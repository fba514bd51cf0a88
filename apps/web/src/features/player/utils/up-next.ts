import { STILL_WATCHING_AFTER, type WatchEpisode } from '@bosphorus/contract';
import { describeRef, nextStep } from './episode-nav';

// The next-episode card's two decisions (issue 15, decision 0072), kept
// pure so they are tested alone: which episode comes next, and whether the
// card asks "Are you still watching?" before it plays on.

export interface UpNext {
  /** The episode to open. */
  id: number;
  /** 'Next episode', or 'Next season' at a season's last episode. */
  label: string;
  /** 'Season 2 · Episode 1: The Return'. */
  title: string;
}

/**
 * What plays after this episode: the watch answer's next episode, which the
 * server puts in the order of play (the next one in the season, then the
 * first of the next season); none at the series' last episode.
 */
export function upNextOf(episode: Pick<WatchEpisode, 'next_episode' | 'is_season_final'>): UpNext | null {
  const step = nextStep(episode);
  if (!step.target) return null;
  return { id: step.target.id, label: step.label, title: describeRef(step.target) };
}

/**
 * The episodes that started by themselves since the viewer last pressed a
 * key or touched the screen. After STILL_WATCHING_AFTER of them the card
 * asks before the next one. One count per tab, across the watch pages of
 * the visit (the player frame is new for every episode).
 */
export class StillWatchingCounter {
  private autoStarts = 0;

  constructor(private readonly limit = STILL_WATCHING_AFTER) {}

  /** A key press, a touch or a click on the watch page or in the player: the viewer is there. */
  input(): void {
    this.autoStarts = 0;
  }

  /** The countdown ran out and the next episode started by itself. */
  autoAdvanced(): void {
    this.autoStarts += 1;
  }

  /** At the end of an episode: ask "Are you still watching?" instead of counting down. */
  shouldAsk(): boolean {
    return this.autoStarts >= this.limit;
  }

  get count(): number {
    return this.autoStarts;
  }
}

/** The tab's count (module state: it outlives each watch page, not the tab). */
export const stillWatching = new StillWatchingCounter();
