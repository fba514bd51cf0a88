import { TtlCache } from '../../lib/ttl-cache.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { UsersRepository, ViewerStateRow } from './users.repository.js';

// What every signed-in request asks of its account — does it exist, is it
// banned, does it have a plan — held in memory per user (decision 0028).
// The change feed drops a user's entry on every committed ban, deletion or
// subscription change, from any instance or the admin CLI; the TTL only
// bounds memory and is a last guard. While the feed is not live, every call
// reads the database.

export interface ViewerStateOptions {
  repo: Pick<UsersRepository, 'viewerState'>;
  feed: ChangeFeed;
  ttlMs?: number;
  maxEntries?: number;
}

export const VIEWER_STATE_TTL_MS = 60_000;
export const VIEWER_STATE_MAX_ENTRIES = 50_000;

export function createViewerState({
  repo,
  feed,
  ttlMs = VIEWER_STATE_TTL_MS,
  maxEntries = VIEWER_STATE_MAX_ENTRIES,
}: ViewerStateOptions) {
  const cache = new TtlCache<ViewerStateRow | null>(ttlMs, maxEntries);
  feed.on('account', (id) => cache.delete(String(id)));
  feed.onReset(() => cache.clear());
  const read = (id: number) =>
    feed.live ? cache.getOrCompute(String(id), () => repo.viewerState(id)) : repo.viewerState(id);
  const canPlay = (state: { planEndsAt: Date | null } | null) =>
    state?.planEndsAt != null && state.planEndsAt.getTime() > Date.now();
  return {
    /** Existence and ban state (null: deleted), for the guard. */
    async status(id: number): Promise<{ banned: boolean } | null> {
      const state = await read(id);
      return state && { banned: state.banned };
    },
    /** The viewer's own catalogue fields: a plan that has not ended yet. */
    async viewer(id: number): Promise<{ userId: number; canPlay: boolean }> {
      return { userId: id, canPlay: canPlay(await read(id)) };
    },
    /**
     * Whether a playback token issued at `issuedAt` (Unix seconds) still
     * plays (issue 16, decision 0031): not after the account was deleted or
     * banned, nor if it was issued before the user's playback_not_before
     * (sign-out, ban, password change, refund). Every media request asks:
     * the held state answers, with no query while the feed is live.
     */
    async playbackAllowed(id: number, issuedAt: number): Promise<boolean> {
      const state = await read(id);
      if (!state || state.banned) return false;
      return state.playbackNotBefore === null || issuedAt * 1000 >= state.playbackNotBefore.getTime();
    },
    /**
     * Whether an access token issued at `issuedAt` (Unix seconds) may still
     * mint playback tokens: not when it was issued a whole second or more
     * before the user's playback cut-off (a sign-out, ban, password change
     * or refund). A leaked access token then cannot mint links after the
     * sign-out for the rest of its 15 minutes; a client whose own refresh
     * credential still lives answers the 401 with a refresh and goes on
     * (the tolerance keeps a token issued in the cut-off's own second — the
     * one a password change answers with — valid).
     */
    async mintAllowed(id: number, issuedAt: number): Promise<boolean> {
      const state = await read(id);
      if (!state || state.banned) return false;
      return state.playbackNotBefore === null || (issuedAt + 1) * 1000 >= state.playbackNotBefore.getTime();
    },
    /**
     * The same, read from the database now: for the paid-content gate (a
     * playback token), one request per play, where a plan ended a moment ago
     * on another instance must already count.
     */
    async viewerNow(id: number): Promise<{ userId: number; canPlay: boolean }> {
      return { userId: id, canPlay: canPlay(await repo.viewerState(id)) };
    },
  };
}

export type ViewerState = ReturnType<typeof createViewerState>;
