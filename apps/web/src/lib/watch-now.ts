// Spec §4 Watch Now: not logged in → /signin; logged in and canPlay → the
// player; otherwise → /choosepayment.

export interface WatchNowInput {
  loggedIn: boolean;
  canPlay: boolean;
  kind: 'movie' | 'episode';
  /** Movie id, or the episode id to start with. */
  id: number;
}

export function watchNowTarget({ loggedIn, canPlay, kind, id }: WatchNowInput): string {
  if (!loggedIn) return '/signin';
  if (!canPlay) return '/choosepayment';
  return kind === 'movie' ? `/watch/${id}` : `/watchEpisodes/${id}`;
}
