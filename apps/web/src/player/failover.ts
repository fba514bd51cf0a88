// What the player does when a media request fails (spec §4 Player, issue 8:
// "when the main origin fails mid-play, the player moves to the backup by
// itself and keeps the position"). Pure, so every branch is tested.

export type MediaFailure =
  /** The server answered with this error status. */
  | { kind: 'http'; status: number; resource: 'info' | 'media' }
  /** No answer: connection refused, DNS, timeout, a CORS refusal. */
  | { kind: 'network'; resource: 'info' | 'media' }
  /** The bytes arrived but this browser cannot decode them: no other server helps. */
  | { kind: 'media' };

export type GiveUpReason =
  'refused' | 'not-found' | 'unreachable' | 'server-error' | 'all-servers-failed' | 'unsupported';

export type FailureDecision =
  /** 401/403: the parent fetches a fresh token; the page rebuilds at the same position. */
  | { action: 'renew-token' }
  /** Move every later request to this origin and rebuild at the same position. */
  | { action: 'failover'; origin: string }
  | { action: 'give-up'; reason: GiveUpReason };

export interface FailoverState {
  /** The origin the media comes from now. */
  current: string;
  /** Every origin the page may use, its own first (the backup from info.json next). */
  origins: readonly string[];
  /** Origins already left after a failure: one switch per origin, never a loop. */
  failed: readonly string[];
  /** A token that arrived after a refusal was refused too: renewing again would loop. */
  refusedAfterRenewal: boolean;
}

export function initialFailoverState(ownOrigin: string, backupOrigin: string | null): FailoverState {
  const origins = [ownOrigin];
  if (backupOrigin && backupOrigin !== ownOrigin) origins.push(backupOrigin);
  return { current: ownOrigin, origins, failed: [], refusedAfterRenewal: false };
}

export function decideOnFailure(state: FailoverState, failure: MediaFailure): FailureDecision {
  if (failure.kind === 'media') return { action: 'give-up', reason: 'unsupported' };
  if (failure.kind === 'http' && (failure.status === 401 || failure.status === 403)) {
    return state.refusedAfterRenewal ? { action: 'give-up', reason: 'refused' } : { action: 'renew-token' };
  }
  // The title's description is the same on every server: a 404 there means
  // the title is not playable, not that this server is broken.
  if (failure.kind === 'http' && failure.resource === 'info' && (failure.status === 404 || failure.status === 410)) {
    return { action: 'give-up', reason: 'not-found' };
  }
  const failed = new Set([...state.failed, state.current]);
  const next = state.origins.find((o) => !failed.has(o));
  if (next) return { action: 'failover', origin: next };
  if (state.origins.length > 1) return { action: 'give-up', reason: 'all-servers-failed' };
  return { action: 'give-up', reason: failure.kind === 'network' ? 'unreachable' : 'server-error' };
}

/** The state after moving to `origin`. */
export function failedOver(state: FailoverState, origin: string): FailoverState {
  return { ...state, failed: [...new Set([...state.failed, state.current])], current: origin };
}

/**
 * How a loader's status reads: 0 or none is no answer at all (network or
 * CORS), anything from 400 an error answer.
 */
export function failureFromStatus(status: number | undefined, resource: 'info' | 'media'): MediaFailure {
  return status && status >= 400 ? { kind: 'http', status, resource } : { kind: 'network', resource };
}
