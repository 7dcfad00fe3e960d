-- Users, their three wallets, the token catalogue, the ledger and history, idempotent writes,
-- and bug reports. Amounts are smallest units in NUMERIC(78,0): exact, never floats.

CREATE TABLE users (
  id           BIGINT PRIMARY KEY,            -- the Telegram user id from validated init data
  first_name   TEXT NOT NULL,
  language     TEXT,
  is_premium   BOOLEAN NOT NULL DEFAULT FALSE,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
  user_id        BIGINT NOT NULL REFERENCES users(id),
  account_index  INTEGER NOT NULL CHECK (account_index BETWEEN 0 AND 2),
  evm_address    TEXT NOT NULL UNIQUE,
  ton_address    TEXT NOT NULL UNIQUE,
  PRIMARY KEY (user_id, account_index)
);

CREATE TABLE tokens (
  chain_id   TEXT NOT NULL,                   -- '1', '10', ..., or 'TON'
  address    TEXT NOT NULL,
  symbol     TEXT NOT NULL,
  name       TEXT NOT NULL,
  decimals   INTEGER NOT NULL,
  price_usd  DOUBLE PRECISION NOT NULL,       -- display only: never used for amounts
  PRIMARY KEY (chain_id, address)
);

CREATE TABLE ledger (
  id             BIGSERIAL PRIMARY KEY,
  user_id        BIGINT NOT NULL,
  account_index  INTEGER NOT NULL,
  chain_id       TEXT NOT NULL,
  token_address  TEXT NOT NULL,
  delta          NUMERIC(78, 0) NOT NULL,
  reason         TEXT NOT NULL,               -- deposit, withdrawal, fee, swap-in, swap-out, ...
  reference      TEXT,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  FOREIGN KEY (user_id, account_index) REFERENCES wallets(user_id, account_index)
);
CREATE INDEX ledger_wallet ON ledger (user_id, account_index, chain_id, token_address);

CREATE TABLE history (
  id             BIGSERIAL PRIMARY KEY,
  user_id        BIGINT NOT NULL,
  account_index  INTEGER NOT NULL,
  type           TEXT NOT NULL CHECK (type IN ('swap', 'deposit', 'withdrawal')),
  entry          JSONB NOT NULL,              -- the answer's fields, amounts as integer strings
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX history_wallet ON history (user_id, account_index, id DESC);

CREATE TABLE idempotency (
  user_id     BIGINT NOT NULL,
  key         TEXT NOT NULL,
  response    JSONB NOT NULL,
  status      INTEGER NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE bug_reports (
  ticket      TEXT PRIMARY KEY,
  user_id     BIGINT NOT NULL,
  log         JSONB NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
