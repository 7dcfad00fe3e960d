-- Copy trading (doc 1 §3, §4, §7): a subscription to a trader's swaps with a reserved deposit, the
-- positions the subscription holds, the swaps copied into it, and where each trader's feed is.
-- Amounts are smallest units in NUMERIC(78,0).

CREATE TABLE copy_trades (
  id                TEXT PRIMARY KEY,
  user_id           BIGINT NOT NULL,
  account_index     INTEGER NOT NULL,
  chain_id          TEXT NOT NULL,
  followed_address  TEXT NOT NULL,
  ante              DOUBLE PRECISION NOT NULL CHECK (ante > 0 AND ante <= 1),
  protocols         JSONB NOT NULL,
  deposit_units     NUMERIC(78, 0) NOT NULL CHECK (deposit_units > 0),
  from_token        TEXT NOT NULL,
  dttm_added        TIMESTAMPTZ NOT NULL DEFAULT now(),
  dttm_deactivated  TIMESTAMPTZ,
  FOREIGN KEY (user_id, account_index) REFERENCES wallets(user_id, account_index)
);
CREATE INDEX copy_trades_wallet ON copy_trades (user_id, account_index, dttm_added DESC);
CREATE INDEX copy_trades_followed ON copy_trades (lower(followed_address), chain_id) WHERE dttm_deactivated IS NULL;

CREATE TABLE copy_trade_positions (
  trade_id       TEXT NOT NULL REFERENCES copy_trades(id),
  token_address  TEXT NOT NULL,
  units          NUMERIC(78, 0) NOT NULL CHECK (units >= 0),
  PRIMARY KEY (trade_id, token_address)
);

CREATE TABLE copy_trade_swaps (
  id           BIGSERIAL PRIMARY KEY,
  trade_id     TEXT NOT NULL REFERENCES copy_trades(id),
  feed_seq     INTEGER NOT NULL,
  entry        JSONB NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (trade_id, feed_seq)
);

CREATE TABLE copy_feed (
  followed_address  TEXT NOT NULL,
  chain_id          TEXT NOT NULL,
  next_seq          INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (followed_address, chain_id)
);
