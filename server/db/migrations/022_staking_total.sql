-- The total staked by everyone (staking.4) as a running total (issue 17): one row, changed by every
-- 'stake-lock' and 'stake-unlock' in the same transaction as the ledger entry (server/staking/
-- deposits.ts), so GET /mining/staking/total reads one row instead of summing every staker's
-- SWITCH-STAKED balance. Concurrent deposits and claims queue on this row's lock until they commit,
-- so the sum stays exact on PostgreSQL as on PGlite. Seeded with what the ledger locks now
-- (migration 021 moved the old simulator's running deposits into it).

CREATE TABLE staking_total (
  id     BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  units  NUMERIC(78, 0) NOT NULL CHECK (units >= 0)
);

INSERT INTO staking_total (id, units)
SELECT true, coalesce(sum(units), 0) FROM balances
WHERE chain_id = 'GAME' AND token_address = 'SWITCH-STAKED' AND account_index = 0;
