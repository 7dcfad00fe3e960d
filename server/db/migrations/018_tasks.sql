-- Tasks, the daily reward and boost, airdrops (issue 16; README "Tasks and airdrops").

-- What the tasks judge by: each swap and deposit as the ledger wrote it, stamped with the server's
-- clock (the ledger's created_at is the database's) and valued in micro-dollars at the catalogue's
-- price when it happened. Written in the same transaction as the ledger entries.
CREATE TABLE task_facts (
  id                BIGSERIAL PRIMARY KEY,
  user_id           BIGINT NOT NULL REFERENCES users(id),
  kind              TEXT NOT NULL CHECK (kind IN ('swap', 'deposit')),
  chain_id          TEXT NOT NULL,               -- swap: the chain sold on; deposit: the chain received on
  token_address     TEXT NOT NULL,               -- swap: what was sold; deposit: what came in
  units             NUMERIC(78, 0) NOT NULL,
  usd_micros        NUMERIC(78, 0) NOT NULL,
  to_chain_id       TEXT,                        -- swap: what was bought
  to_token_address  TEXT,
  to_units          NUMERIC(78, 0),
  reference         TEXT NOT NULL,               -- the ledger's reference
  at                TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX task_facts_user ON task_facts (user_id, kind, at);

-- A click on a task (POST /mining/taskStarted) and, for tasks verified later, when and with what outcome.
CREATE TABLE task_starts (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  code        TEXT NOT NULL,
  started_at  TIMESTAMPTZ(3) NOT NULL,
  verify_at   TIMESTAMPTZ(3),                    -- null: nothing to verify later
  outcome     TEXT CHECK (outcome IN ('done', 'not-member', 'unverifiable')),
  PRIMARY KEY (user_id, code)
);

-- A task done: one row per completion, unique per (user, code, reference), so a completion judged
-- twice (two requests at once, a job run again) pays once. One-off tasks use reference 'once', daily
-- ones the UTC day, repeating ones the fact that completed them. ends_at: when a repeating task's
-- completion (and its boost) runs out; null for one that stays done.
CREATE TABLE task_completions (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  code        TEXT NOT NULL,
  reference   TEXT NOT NULL,
  done_at     TIMESTAMPTZ(3) NOT NULL,
  ends_at     TIMESTAMPTZ(3),
  amount      NUMERIC(78, 0),                    -- what the completion counted (the streak day, dollars, PUNK...)
  PRIMARY KEY (user_id, code, reference)
);
CREATE INDEX task_completions_recent ON task_completions (user_id, code, done_at DESC);

-- tasks.58: the user's TON wallet (POST /mining/tonWallet).
CREATE TABLE task_ton_wallets (
  user_id     BIGINT PRIMARY KEY REFERENCES users(id),
  address     TEXT NOT NULL,
  set_at      TIMESTAMPTZ(3) NOT NULL
);
