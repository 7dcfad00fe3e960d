-- Payments (issue 14; server/payments): one module, three ways, for every paid feature. An order
-- names what is bought and its price; a payment is recorded once per proof (a Telegram Stars
-- charge id, a TON transaction seen on chain, a ledger transfer) with its outcome, and grants its
-- order at most once. Times come from the server's clock.
CREATE TABLE orders (
  id           TEXT PRIMARY KEY,                       -- 'SW' + 16 base32 characters, named in comments and payloads
  user_id      BIGINT NOT NULL REFERENCES users(id),
  product      TEXT NOT NULL,                          -- 'autoclaim', later 'staking', 'poh', 'sbt', ...
  params       JSONB NOT NULL DEFAULT '{}',
  way          TEXT NOT NULL CHECK (way IN ('internal', 'stars', 'external')),
  price_stars  INTEGER NOT NULL CHECK (price_stars >= 0),
  price_nano   NUMERIC(78, 0) NOT NULL CHECK (price_nano >= 0),
  status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'granted', 'refunded', 'cancelled')),
  created_at   TIMESTAMPTZ NOT NULL,
  expires_at   TIMESTAMPTZ NOT NULL,
  granted_at   TIMESTAMPTZ,
  proof_kind   TEXT,
  proof_id     TEXT
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);

CREATE TABLE payments (
  kind         TEXT NOT NULL CHECK (kind IN ('stars', 'ton', 'ledger')),
  proof_id     TEXT NOT NULL,                          -- telegram_payment_charge_id, TON transaction hash, ledger transfer id
  order_id     TEXT,
  user_id      BIGINT,
  amount       NUMERIC(78, 0) NOT NULL,                -- stars, or nanotons
  outcome      TEXT NOT NULL CHECK (outcome IN ('granted', 'underpaid', 'unknown-order', 'not-payable', 'refunded')),
  detail       JSONB NOT NULL DEFAULT '{}',
  seen_at      TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (kind, proof_id)
);
CREATE INDEX payments_order ON payments (order_id);

-- Autoclaim (tasks.43-52): paid until this moment; the claim job keeps the user's windows claimed.
ALTER TABLE mining_users ADD COLUMN autoclaim_until TIMESTAMPTZ
