import type { IncomingHttpHeaders } from 'node:http';
import type { CheckoutRow, Gateway, PaidSource, Plan, SubscriptionRow } from '../billing.repository.js';

// One interface for every way of taking money (decision 0019): Stripe,
// PayPal, and the demo checkout, which is either of the two pointed at its
// embedded stub. Each one only ever grants through fulfilment.ts, from a
// verified webhook or a server-side read of the provider's own state.

export interface CheckoutStart {
  /** Stripe's checkout session id or PayPal's order id. */
  sessionId: string;
  /** Where the browser goes to pay (spec §7 session_url). */
  url: string;
}

/** What a server-side read of a checkout found. */
export type CheckoutOutcome = 'pending' | 'active' | 'failed';

export interface PaymentProvider {
  /** The API it speaks. */
  readonly gateway: Gateway;
  /** What subscriptions.provider says of its rows ('demo' for the embedded demo). */
  readonly source: PaidSource;
  /** payment_events.provider of its webhook events. */
  readonly eventSource: string;
  /** For the start-up line: 'live', 'test' or 'DEMO (no keys)'. */
  readonly mode: string;
  /**
   * Starts a hosted checkout at the plan's price from our table (the checkout
   * row's snapshot); its success and cancel addresses are on `site`, the
   * origin the viewer opened the site at (decision 0034).
   */
  createCheckout(checkout: CheckoutRow, plan: Plan, site: string): Promise<CheckoutStart>;
  /**
   * Makes an older checkout of the user unpayable before a new one starts.
   * 'completed' when it turned out to be paid already (and was fulfilled).
   */
  retireCheckout(checkout: CheckoutRow): Promise<'retired' | 'completed'>;
  /** The return page's poll: reads (PayPal: captures) the checkout and fulfils it when paid. */
  confirmCheckout(checkout: CheckoutRow): Promise<CheckoutOutcome>;
  /** Re-reads a renewing subscription whose period end has passed without word from the provider. */
  refreshSubscription(subscription: SubscriptionRow): Promise<void>;
  /** The provider's page for managing this subscription, or null when it has none. */
  manageUrl(subscription: SubscriptionRow, site: string): Promise<string | null>;
  /**
   * Verifies and handles one webhook delivery. Throws HttpFailure 400 (no
   * body or signature) or 401 (signature refused); any other error means
   * "try again later" to the provider.
   */
  handleWebhook(raw: Buffer | null, headers: IncomingHttpHeaders): Promise<void>;
}
