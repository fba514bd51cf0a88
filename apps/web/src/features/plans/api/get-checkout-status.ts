import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutStatusAnswer, type CheckoutProvider, type CheckoutStatus } from '@bosphorus/contract';
import { ApiError, api } from '../../../lib/api';

// GET /subscriptions/{userId}/checkout-status?provider=stripe&session_id=…
// (or provider=paypal&token=…): our addition, polled by the return page until
// the provider's confirmation has been applied (see docs/decisions).

/** How often the return page asks while the payment is pending. */
export const CHECKOUT_POLL_INTERVAL_MS = 1_500;
/** After this long it stops asking and offers to check again. */
export const CHECKOUT_POLL_TIMEOUT_MS = 60_000;

export interface CheckoutReference {
  provider: CheckoutProvider;
  /** Stripe's session_id or PayPal's order token, as the provider sent it back. */
  reference: string;
}

export function getCheckoutStatus(
  userId: number | string,
  { provider, reference }: CheckoutReference,
  signal?: AbortSignal,
): Promise<CheckoutStatus> {
  const query = provider === 'paypal' ? { provider, token: reference } : { provider, session_id: reference };
  return api
    .get<unknown>(`/subscriptions/${encodeURIComponent(String(userId))}/checkout-status`, query, signal)
    .then((answer) => checkoutStatusAnswer.parse(answer));
}

/** A 4xx is the server's answer about this checkout (unknown, not yours): asking again will not change it. */
export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function getCheckoutStatusQueryOptions(userId: number | string, ref: CheckoutReference) {
  return queryOptions({
    queryKey: ['checkout-status', String(userId), ref.provider, ref.reference],
    queryFn: ({ signal }) => getCheckoutStatus(userId, ref, signal),
    staleTime: 0,
    gcTime: 0,
    // A dropped connection while polling is not a verdict: keep asking on the
    // poll's own rhythm instead of the exponential back-off.
    retry: (failures, error) => !isFinalError(error) && failures < 2,
    retryDelay: CHECKOUT_POLL_INTERVAL_MS,
    refetchInterval: (query) => {
      if (isFinalError(query.state.error)) return false;
      const status = query.state.data?.status;
      return status === 'active' || status === 'failed' ? false : CHECKOUT_POLL_INTERVAL_MS;
    },
  });
}

export function useCheckoutStatus(
  userId: number | string | undefined,
  ref: CheckoutReference | null,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    ...getCheckoutStatusQueryOptions(userId ?? '', ref ?? { provider: 'stripe', reference: '' }),
    enabled: enabled && userId !== undefined && ref !== null,
  });
}
