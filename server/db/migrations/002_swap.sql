-- Swap quotes (doc 1 §3, §7). A quote is stored so that POST /swap executes exactly what was shown:
-- the amounts are the quote's, a route executes once (used_by_key claims it, response answers a
-- retry with the same key), and a route older than its time to live is refused.

CREATE TABLE swap_routes (
  id             TEXT PRIMARY KEY,              -- a random uuid, the route.id of the answer
  user_id        BIGINT NOT NULL,
  account_index  INTEGER NOT NULL,
  kind           TEXT NOT NULL CHECK (kind IN ('evm', 'ton')),
  from_chain     TEXT NOT NULL,
  from_address   TEXT NOT NULL,
  to_chain       TEXT NOT NULL,
  to_address     TEXT NOT NULL,
  from_units     NUMERIC(78, 0) NOT NULL,
  to_units       NUMERIC(78, 0) NOT NULL,
  to_min         NUMERIC(78, 0) NOT NULL,
  gas_units      NUMERIC(78, 0) NOT NULL,      -- in the native coin of the from chain
  provider       TEXT NOT NULL,                -- uniswap, stargate, stonfi or dedust
  created_at     BIGINT NOT NULL,              -- ms since the epoch, from the server's clock
  used_by_key    TEXT,                         -- the idempotency key that executed it ('' for none)
  response       JSONB,                        -- the answer of that execution
  FOREIGN KEY (user_id, account_index) REFERENCES wallets(user_id, account_index)
);
CREATE INDEX swap_routes_user ON swap_routes (user_id, created_at);
