-- Each generation of the rank lists (guild_leaders) also keeps every miner's mined balance then, in
-- one row: the positive SWITCH balances of the miners, best first, each an 8-byte big-endian signed
-- integer of nano-SWITCH (int8send, a balance above the largest BIGINT written as the largest).
-- A server reads it with the lists and finds a caller's place by binary search in memory, so a
-- leaderboard call reads only the caller's own row (server/guilds/leaderboard.ts). Written and
-- removed with the lists, in the recompute's transaction.
CREATE TABLE guild_ranking (
  generation  BIGINT PRIMARY KEY,
  units       BYTEA NOT NULL
);
