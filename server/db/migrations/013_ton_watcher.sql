-- The TON watcher (server/payments/watcher.ts; README, "TON payments and TonConnect"): how far it
-- has read the service wallet's transactions. One row per watched account: the logical time (lt)
-- and hash of the last transaction processed. Each transaction is settled in the transaction that
-- moves this row past it, under the row's lock, so two server processes never process one
-- transaction twice (and payments' key (kind, proof_id) refuses a second record of it anyway).
CREATE TABLE ton_watch_cursor (
  account     TEXT PRIMARY KEY,                 -- the service wallet, raw form (0:<hex>)
  last_lt     NUMERIC(20, 0),                   -- null: nothing read yet
  last_hash   TEXT,
  updated_at  TIMESTAMPTZ                       -- by the server's clock
)
