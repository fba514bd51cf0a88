import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BILLING_ERRORS, PLAYER_MESSAGES } from '@bosphorus/contract';
import { ApiError } from '../../../lib/api';
import { gateWithNext } from '../../../lib/watch-now';

// Spec §8: "Episode load failure redirects to /choosepayment and shows the
// server message, the error, or 'Failed to report' (15 s)". A 403 from a
// watch answer means the account has no active plan (it may have ended
// since the page was opened); the choose-plan page shows
// `location.state.message` as a 15-second toast.

export interface ChoosePaymentState {
  message: string;
}

/** True when the watch answer says "choose a plan first". */
export function needsPlan(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

export function planRequiredMessage(error: unknown): string {
  const data = error instanceof ApiError ? error.data : null;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v : '');
  return pick(data?.message) || pick(data?.error) || PLAYER_MESSAGES.failedToReport;
}

/**
 * Sends the viewer to /choosepayment when the answer is a 403 (or an
 * episode answer with canPlay false), carrying the message for the toast
 * and this watch page in `?next=` for the way back (decision 0074).
 */
export function usePlanRedirect(error: unknown, canPlay = true) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const blocked = needsPlan(error) || !canPlay;
  const message = needsPlan(error) ? planRequiredMessage(error) : BILLING_ERRORS.notSubscribed;
  useEffect(() => {
    if (!blocked) return;
    const state: ChoosePaymentState = { message };
    void navigate(gateWithNext('/choosepayment', pathname + search), { replace: true, state });
  }, [blocked, message, navigate, pathname, search]);
  return blocked;
}
