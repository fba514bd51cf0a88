// Spec §4 Watch Now: not logged in → /signin; logged in and canPlay → the
// player; otherwise → /choosepayment. The watch page travels along as
// `?next=` (issue 15, decision 0074): the sign-in and plan screens say why
// they opened, and lead back to it afterwards.

export interface WatchNowInput {
  loggedIn: boolean;
  canPlay: boolean;
  kind: 'movie' | 'episode';
  /** Movie id, or the episode id to start with. */
  id: number;
}

export function watchPath(kind: 'movie' | 'episode', id: number): string {
  return kind === 'movie' ? `/watch/${id}` : `/watchEpisodes/${id}`;
}

/** A gate page (`/signin`, `/choosepayment`) that comes back to `path` afterwards. */
export function gateWithNext(gate: '/signin' | '/choosepayment', path: string): string {
  return `${gate}?${new URLSearchParams({ next: path }).toString()}`;
}

export function watchNowTarget({ loggedIn, canPlay, kind, id }: WatchNowInput): string {
  const target = watchPath(kind, id);
  if (!loggedIn) return gateWithNext('/signin', target);
  if (!canPlay) return gateWithNext('/choosepayment', target);
  return target;
}
