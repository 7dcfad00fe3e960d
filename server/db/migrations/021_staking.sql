-- Staking SWITCH and soulbound tokens (issue 17; server/staking, README "Staking and soulbound
-- tokens"). The deposits table of 004 becomes the real one: a deposit has its period and APY, may
-- be claimed once (claimed_at), may come from a paid order (order_id), and one tap makes one
-- (idempotency_key). Its stake is locked in the ledger as the asset GAME/SWITCH-STAKED of account 0
-- ('stake-lock' in, 'stake-unlock' out at the claim), so lockAmount is that running balance.
--
-- Rows of the old dev-only simulator (POST /admin/stake) stay meaningful: their months map to the
-- shortest period at least as long (3m, 6m, 1y, 5y, 100y) keeping their own end; they earn nothing
-- (apy 0). One that had ended before this migration had stopped locking already: it is claimed as
-- of its end. One still running keeps locking, now in the ledger, until it is claimed.

ALTER TABLE staking_deposits
  ADD COLUMN period TEXT,
  ADD COLUMN apy_ppm BIGINT NOT NULL DEFAULT 0 CHECK (apy_ppm >= 0),
  ADD COLUMN claimed_at TIMESTAMPTZ,
  ADD COLUMN order_id TEXT UNIQUE,
  ADD COLUMN idempotency_key TEXT;

UPDATE staking_deposits SET period = CASE
  WHEN period_months <= 3 THEN '3m' WHEN period_months <= 6 THEN '6m' WHEN period_months <= 12 THEN '1y' WHEN period_months <= 60 THEN '5y' ELSE '100y' END;
UPDATE staking_deposits SET claimed_at = dttm_ended WHERE dttm_ended <= now();

ALTER TABLE staking_deposits ALTER COLUMN period SET NOT NULL;
ALTER TABLE staking_deposits ADD CONSTRAINT staking_deposits_period CHECK (period IN ('3mhp', '3m', '6m', '1y', '5y', '100y'));
CREATE UNIQUE INDEX staking_deposits_key ON staking_deposits (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX staking_deposits_open ON staking_deposits (user_id) WHERE claimed_at IS NULL;

INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference)
SELECT user_id, 0, 'GAME', 'SWITCH-STAKED', (amount * 1000000000)::numeric(78, 0), 'stake-lock', 'stake:' || id
FROM staking_deposits WHERE claimed_at IS NULL;
INSERT INTO balances (user_id, account_index, chain_id, token_address, units)
SELECT user_id, 0, 'GAME', 'SWITCH-STAKED', sum((amount * 1000000000)::numeric(78, 0))
FROM staking_deposits WHERE claimed_at IS NULL GROUP BY user_id
ON CONFLICT (user_id, account_index, chain_id, token_address) DO UPDATE SET units = balances.units + EXCLUDED.units;

-- A paid deposit's request before its payment: the key of the tap that ordered it (one tap, one order).
CREATE TABLE staking_orders (
  user_id          BIGINT NOT NULL REFERENCES users(id),
  idempotency_key  TEXT NOT NULL,
  order_id         TEXT NOT NULL REFERENCES orders(id),
  PRIMARY KEY (user_id, idempotency_key)
);

-- Soulbound tokens: one per user and period (a deposit period, or 'allIn'), granted when the TON
-- watcher sees the mint transaction of its order on the collection's account.
CREATE TABLE staking_sbts (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  period      TEXT NOT NULL CHECK (period IN ('3mhp', '3m', '6m', '1y', '5y', '100y', 'allIn')),
  order_id    TEXT NOT NULL UNIQUE REFERENCES orders(id),
  owner       TEXT NOT NULL,
  minted_at   TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, period)
);

-- The minted items' indexes in the collection, one drawn per claim.
CREATE SEQUENCE staking_sbt_index;
