-- Refunds made outside this server (server/payments/orders.ts recordRefund; docs/operations.md,
-- "Telegram Stars refunds and support"). Telegram tells the bot with a refunded_payment message when
-- a Stars payment is refunded by the bot's owner or by Telegram. The payment is marked refunded
-- (payments.outcome, as for the refunds this server makes), and an order it had granted becomes
-- 'refunded', with what became of its grant: 'undone' (taken back exactly) or 'flagged' (left for an
-- operator to look at), and a note saying what was done or why not. Times come from the server's clock.
ALTER TABLE orders
  ADD COLUMN refunded_at TIMESTAMPTZ,
  ADD COLUMN grant_state TEXT CHECK (grant_state IN ('undone', 'flagged')),
  ADD COLUMN grant_note  TEXT;
-- What an operator looks through: the flagged refunds, newest first.
CREATE INDEX orders_grant_flagged ON orders (refunded_at DESC) WHERE grant_state = 'flagged';

-- When autoclaim last claimed for the user (server/mining/autoclaim.ts): a refunded period that
-- claimed nothing since it was granted is undone exactly; one that did is stopped and flagged.
ALTER TABLE mining_users ADD COLUMN autoclaim_claimed_at TIMESTAMPTZ;
