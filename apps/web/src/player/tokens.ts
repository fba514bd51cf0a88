import type { PlayerContext } from './player-context';

// Playback tokens (notes R3): ask the parent for the next one before the
// current one ends, and take a token from the parent — quietly for hls.js,
// by rebuilding at the same position for the browser's own HLS and the MP4,
// and by starting again when it answers a refusal.

/** Ask for a fresh token this long before the current one ends (notes R3). */
export const RENEW_BEFORE_MS = 10 * 60_000;

/**
 * When to ask for the next token: 10 min before the end, at once for a
 * link that is already that close (an old page), and at half the remaining
 * time for a fresh token shorter than that (a short PLAYBACK_TOKEN_TTL must
 * not turn into a request loop).
 */
export function renewalDelayMs(expiresAt: string, now: number, fresh: boolean): number | null {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  const remaining = end - now;
  if (remaining > RENEW_BEFORE_MS) return remaining - RENEW_BEFORE_MS;
  return fresh ? Math.max(0, remaining / 2) : 0;
}

export function createTokens(ctx: PlayerContext) {
  const { state: s, link } = ctx;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;

  function scheduleRenewal(expiresAt: string, fresh: boolean) {
    clearTimeout(renewTimer);
    const delay = renewalDelayMs(expiresAt, Date.now(), fresh);
    if (delay === null) return;
    renewTimer = setTimeout(() => link.post({ type: 'token-needed' }), Math.min(delay, 2 ** 31 - 1));
  }

  function handleToken(next: string, expiresAt: string) {
    const changed = next !== s.token;
    s.token = next;
    scheduleRenewal(expiresAt, true);
    if (s.awaitingToken || (s.gaveUp && s.refusedGiveUp)) {
      clearTimeout(s.tokenWaitTimer);
      s.awaitingToken = false;
      s.gaveUp = false;
      s.refusedGiveUp = false;
      s.refusalRenewedAt = Date.now();
      ctx.loading.showError(null);
      ctx.loading.showNotice(null);
      if (!s.info) return void ctx.loading.loadInfo();
      return ctx.loading.rebuild(s.pendingPosition);
    }
    // hls.js puts the newest token into every request (engine xhrSetup); the
    // browser's own HLS and the MP4 keep the URL they started with.
    if (changed && s.engineLoaded && s.engine?.kind !== 'hls') ctx.loading.rebuild(ctx.loading.currentPosition());
  }

  return { scheduleRenewal, handleToken };
}

export type Tokens = ReturnType<typeof createTokens>;
