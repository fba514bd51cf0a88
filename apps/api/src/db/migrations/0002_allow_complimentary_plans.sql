-- Operators may give an account a complimentary plan (`npm run admin --
-- grant-plan EMAIL DAYS`): a subscription with provider 'complimentary' on
-- an inactive package that is never offered for sale.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_provider_check;
ALTER TABLE subscriptions
  ADD CONSTRAINT subscriptions_provider_check CHECK (provider IN ('stripe', 'paypal', 'demo', 'complimentary'));
