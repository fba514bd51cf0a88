import { useMutation } from '@tanstack/react-query';
import { checkoutAnswer, type CheckoutProvider } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7: POST /subscriptions/{userId}/{packageId}/{stripe|paypal}/create-checkout-session
// with the form user_id, package_id → top-level session_url, then redirect.
// 'stripe' is the card provider and the default; 'paypal' the online wallet.

export interface CheckoutRequest {
  userId: number | string;
  packageId: number;
  provider: CheckoutProvider;
}

export async function createCheckoutSession({ userId, packageId, provider }: CheckoutRequest): Promise<string> {
  const path = `/subscriptions/${encodeURIComponent(String(userId))}/${packageId}/${provider}/create-checkout-session`;
  const answer = await api.post<unknown>(path, { user_id: String(userId), package_id: String(packageId) });
  return checkoutAnswer.parse(answer).session_url;
}

/**
 * Never retried: a second attempt after a lost answer would open a second
 * checkout; the person presses the button again if they want to.
 */
export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession, retry: false });
}
