-- The user mining record of spec document 2 (section 3) and the staking deposits that lock part of
-- the SWITCH balance. Amounts of SWITCH are decimal numbers with up to 9 decimals: exact NUMERIC.

CREATE TABLE mining_users (
  user_id           BIGINT PRIMARY KEY REFERENCES users(id),
  speed             NUMERIC(30, 9) NOT NULL DEFAULT 0,
  got_amount        NUMERIC(30, 9) NOT NULL DEFAULT 0,
  mining_amount     NUMERIC(30, 9) NOT NULL DEFAULT 0,
  status            TEXT NOT NULL DEFAULT 'active',
  guild             INTEGER NOT NULL DEFAULT 0 CHECK (guild BETWEEN 0 AND 5),
  alliance          TEXT,
  withheld          NUMERIC(30, 9) NOT NULL DEFAULT 0,
  autoclaim_active  BOOLEAN NOT NULL DEFAULT FALSE,
  human_group       BOOLEAN NOT NULL DEFAULT FALSE,
  confirm_prove     BOOLEAN NOT NULL DEFAULT FALSE,
  dttm_added        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE staking_deposits (
  id             BIGSERIAL PRIMARY KEY,
  user_id        BIGINT NOT NULL REFERENCES users(id),
  amount         NUMERIC(30, 9) NOT NULL CHECK (amount > 0),
  period_months  INTEGER NOT NULL CHECK (period_months > 0),
  dttm_added     TIMESTAMPTZ NOT NULL DEFAULT now(),
  dttm_ended     TIMESTAMPTZ NOT NULL
);
CREATE INDEX staking_deposits_user ON staking_deposits (user_id, dttm_ended);
