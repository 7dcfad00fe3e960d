-- Guilds and alliances (issue 15; README "Guilds and alliances"). Ranks are by each miner's SWITCH
-- balance (the ledger's running balance, what the record shows as gotAmount). The cut-offs are
-- computed in batch by the job guilds.recompute (server/guilds/ranks.ts) into guild_cutoffs; a
-- user's rank is a lookup against them. guild_marks holds the balance at every Nth place of the
-- same snapshot, so a user's place is a short count from the nearest mark, not a count of everyone.

-- The SWITCH balances in order: leaderboards, cut-offs and places read this index.
CREATE INDEX balances_switch_ranking ON balances (units DESC, user_id) WHERE chain_id = 'GAME' AND token_address = 'SWITCH' AND account_index = 0;

-- kind: 'miners' or 'alliances'; rank 1-5; min_units null when nobody holds the rank.
CREATE TABLE guild_cutoffs (
  kind         TEXT NOT NULL CHECK (kind IN ('miners', 'alliances')),
  rank         INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 5),
  min_units    NUMERIC(78, 0),
  population   BIGINT NOT NULL,
  computed_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (kind, rank)
);

-- above: how many miners had more than `units` when computed.
CREATE TABLE guild_marks (
  units  NUMERIC(78, 0) PRIMARY KEY,
  above  BIGINT NOT NULL
);

-- name: the handle in lower case (one alliance per handle); title: as its creator typed it.
-- members: exact, changed in the joining and leaving transactions. total_units: the members'
-- SWITCH, as of the last recompute.
CREATE TABLE alliances (
  name         TEXT PRIMARY KEY,
  title        TEXT NOT NULL,
  members      INTEGER NOT NULL DEFAULT 0 CHECK (members >= 0),
  total_units  NUMERIC(78, 0) NOT NULL DEFAULT 0,
  created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX alliances_ranking ON alliances (total_units DESC, name);
CREATE INDEX mining_users_alliance ON mining_users (alliance) WHERE alliance IS NOT NULL;

-- Memberships written before this migration keep their alliance.
UPDATE mining_users SET alliance = lower(alliance) WHERE alliance IS NOT NULL;
INSERT INTO alliances (name, title, members, created_at)
SELECT alliance, alliance, count(*), now() FROM mining_users WHERE alliance IS NOT NULL GROUP BY alliance;
