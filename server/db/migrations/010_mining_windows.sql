-- The miner (issue 14; README "Mining"). SWITCH now lives in the one ledger like every other asset:
-- chain 'GAME', token 'SWITCH', account 0, in nano-SWITCH (9 decimals), with a reason per entry
-- (claim, poh-bonus, mined, burn, ...). mining_users keeps the claim window, not balances: the window
-- start, what accrued in it up to accrued_at (kept when the speed changes) and the speed. Times are
-- the server clock's, passed in by the server, never now() here, so tests and dev mode can move them.

ALTER TABLE mining_users ADD COLUMN window_start TIMESTAMPTZ;
ALTER TABLE mining_users ADD COLUMN accrued_units NUMERIC(78, 0) NOT NULL DEFAULT 0 CHECK (accrued_units >= 0);
ALTER TABLE mining_users ADD COLUMN accrued_at TIMESTAMPTZ;
ALTER TABLE mining_users ADD COLUMN last_claim_at TIMESTAMPTZ;
ALTER TABLE mining_users ADD COLUMN last_payment_at TIMESTAMPTZ;

-- Records created before this migration start their first window now.
UPDATE mining_users SET window_start = now(), accrued_at = now() WHERE window_start IS NULL;

-- Missed windows: what accrued in them and burned at their deadlines, one row per settlement.
CREATE TABLE mining_burns (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users(id),
  window_from  TIMESTAMPTZ NOT NULL,
  window_to    TIMESTAMPTZ NOT NULL,
  windows      INTEGER NOT NULL CHECK (windows > 0),
  units        NUMERIC(78, 0) NOT NULL CHECK (units >= 0),
  UNIQUE (user_id, window_from)
);
CREATE INDEX mining_burns_user ON mining_burns (user_id, id DESC);

-- SWITCH credited before this migration (got_amount, from the staking simulator) enters the ledger.
INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference)
SELECT m.user_id, 0, 'GAME', 'SWITCH', trunc(m.got_amount * 1000000000), 'opening-balance', 'migration 010'
FROM mining_users m JOIN wallets w ON w.user_id = m.user_id AND w.account_index = 0
WHERE m.got_amount > 0;

INSERT INTO balances (user_id, account_index, chain_id, token_address, units)
SELECT m.user_id, 0, 'GAME', 'SWITCH', trunc(m.got_amount * 1000000000)
FROM mining_users m JOIN wallets w ON w.user_id = m.user_id AND w.account_index = 0
WHERE m.got_amount > 0;
