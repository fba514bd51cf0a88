// Spec §4 Watch Now: not logged in → /signin; logged in and canPlay → the
// player; otherwise → /choosepayment. A signed-in viewer whose own answer is
// not in yet (the page still shows the visitor's, decision 0107) goes to the
// player, whose route sends one without a plan to /choosepayment: a
// subscriber's quick press is never sent to the plans. The watch page travels along as
// `?next=` (issue 15, decision 0074): the sign-in and plan screens say why
// they opened, and lead back to it afterwards.

export interface WatchNowInput {
  loggedIn: boolean;
  /** null: the signed-in viewer's own answer is not in yet. */
  canPlay: boolean | null;
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
  if (canPlay === false) return gateWithNext('/choosepayment', target);
  return target;
}

/**
 * The history state of a watch page opened by a press on Play: Watch Now,
 * a Continue Watching card, an episode's card, the next-episode card
 * (issue 26, decision 0120). The press is the viewer's gesture: the player
 * starts at once, at the saved position, with no second press.
 */
export interface PlayNowState {
  autoplay: true;
}

export const PLAY_NOW: PlayNowState = { autoplay: true };

/** Was the page opened by a press on Play (its history state)? */
export function isPlayNow(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { autoplay?: unknown }).autoplay === true;
}

/** The state to open `to` with: a play intent when it is a watch page, nothing for a gate (sign-in, plans). */
export function playNowStateFor(to: string): PlayNowState | undefined {
  return /^\/(watch|watchEpisodes)\//.test(to) ? PLAY_NOW : undefined;
}
