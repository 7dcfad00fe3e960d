-- The running balance of every wallet and asset (issue 12, item 4). The ledger stays the
-- append-only record of every change; this table holds its sum per (user, account, chain, token),
-- updated in the same transaction as each ledger insert (server/kernel/ledger.ts post()). The CHECK
-- is the never-negative rule itself, and a balance read is one row per asset instead of a sum over
-- the wallet's whole history. Filled here from the ledger as it stands.

CREATE TABLE balances (
  user_id        BIGINT NOT NULL,
  account_index  INTEGER NOT NULL,
  chain_id       TEXT NOT NULL,
  token_address  TEXT NOT NULL,
  units          NUMERIC(78, 0) NOT NULL CONSTRAINT balances_not_negative CHECK (units >= 0),
  PRIMARY KEY (user_id, account_index, chain_id, token_address),
  FOREIGN KEY (user_id, account_index) REFERENCES wallets(user_id, account_index)
);

INSERT INTO balances (user_id, account_index, chain_id, token_address, units)
SELECT user_id, account_index, chain_id, token_address, sum(delta)
FROM ledger
GROUP BY user_id, account_index, chain_id, token_address;
