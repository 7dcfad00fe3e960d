-- Proof of humanity (issue 18; server/poh; README, "Proof of humanity"). A request is made when its
-- payment (an order of product 'poh') is granted, and walks the pipeline on the job queue:
-- received -> internalInQueue -> responsing (the six-digit code sent as a transaction comment to the
-- user's in-app TON wallet) -> confirmed (the right code) or internalError (the provider failed,
-- too many wrong codes, or the paying wallet has proved another person already).
CREATE TABLE poh_requests (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  order_id      TEXT NOT NULL UNIQUE REFERENCES orders(id),
  pay_type      TEXT NOT NULL CHECK (pay_type IN ('external', 'star', 'internal')),
  status        TEXT NOT NULL CHECK (status IN ('received', 'internalInQueue', 'responsing', 'internalError', 'confirmed')),
  -- The wallet this proof binds (accountOf's form): the in-app TON wallet, or the one that paid (external).
  wallet        TEXT NOT NULL,
  -- Drawn once, before the provider is asked, so a retried send sends the same code.
  code          TEXT CHECK (code ~ '^[0-9]{6}$'),
  wrong_codes   INTEGER NOT NULL DEFAULT 0,
  -- Why internalError: 'provider', 'provider-off', 'wrong-codes', 'wallet-used'.
  failure       TEXT,
  created_at    TIMESTAMPTZ NOT NULL,
  updated_at    TIMESTAMPTZ NOT NULL,
  code_sent_at  TIMESTAMPTZ,
  confirmed_at  TIMESTAMPTZ
);
CREATE INDEX poh_requests_user ON poh_requests (user_id, id DESC);
-- One request under way per user; one proof per person and per wallet, whatever runs at once.
CREATE UNIQUE INDEX poh_one_open_per_user ON poh_requests (user_id) WHERE status IN ('received', 'internalInQueue', 'responsing');
CREATE UNIQUE INDEX poh_one_proof_per_user ON poh_requests (user_id) WHERE status = 'confirmed';
CREATE UNIQUE INDEX poh_one_proof_per_wallet ON poh_requests (wallet) WHERE status = 'confirmed';

-- A tap's idempotency key names its order: the same tap again answers the same order (or payment).
CREATE TABLE poh_taps (
  user_id          BIGINT NOT NULL REFERENCES users(id),
  idempotency_key  TEXT NOT NULL,
  order_id         TEXT NOT NULL REFERENCES orders(id),
  PRIMARY KEY (user_id, idempotency_key)
);
