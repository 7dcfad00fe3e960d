-- Boosts (issue 16; README "Mining"): extra mining speed over a span of the server's time, granted
-- by tasks, deposits and burns. The miner integrates them piecewise (domain/mining/accrual.ts). One
-- grant per (user, source, reference), so a task or a deposit that is judged twice boosts once.
CREATE TABLE mining_boosts (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  source      TEXT NOT NULL,
  reference   TEXT NOT NULL,
  -- nano-SWITCH per hour
  speed_units NUMERIC(78, 0) NOT NULL CHECK (speed_units > 0),
  starts_at   TIMESTAMPTZ NOT NULL,
  ends_at     TIMESTAMPTZ NOT NULL CHECK (ends_at > starts_at),
  UNIQUE (user_id, source, reference)
);
-- The miner reads a user's boosts that end after the window's checkpoint.
CREATE INDEX mining_boosts_user_end ON mining_boosts (user_id, ends_at);
