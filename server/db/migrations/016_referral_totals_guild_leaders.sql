-- Reads that stay one row, whatever the numbers (issue 15, "Scale"; README "Friends and referrals",
-- "Guilds and alliances").

-- Referral stats as running sums, one row per referrer: the friends counted when a referral is
-- recorded (server/friends/referrals.ts), the bonuses added in the claim transaction that writes
-- their ledger entries (server/friends/bonuses.ts). friends_bonus_units is the sum of the user's
-- 'referral' and 'referral-fixed' entries, friends_2_bonus_units of their 'referral-2' entries.
CREATE TABLE referral_totals (
  user_id                BIGINT PRIMARY KEY REFERENCES users(id),
  premium_friends        INTEGER NOT NULL DEFAULT 0 CHECK (premium_friends >= 0),
  ordinary_friends       INTEGER NOT NULL DEFAULT 0 CHECK (ordinary_friends >= 0),
  friends_bonus_units    NUMERIC(78, 0) NOT NULL DEFAULT 0,
  friends_2_bonus_units  NUMERIC(78, 0) NOT NULL DEFAULT 0
);

-- What the stats counted and summed per request until now.
INSERT INTO referral_totals (user_id, premium_friends, ordinary_friends, friends_bonus_units, friends_2_bonus_units)
SELECT user_id, sum(premium), sum(ordinary), sum(direct), sum(second) FROM (
  SELECT referrer_id AS user_id, count(*) FILTER (WHERE premium) AS premium, count(*) FILTER (WHERE NOT premium) AS ordinary, 0 AS direct, 0 AS second
  FROM referrals GROUP BY referrer_id
  UNION ALL
  SELECT user_id, 0, 0, coalesce(sum(delta) FILTER (WHERE reason <> 'referral-2'), 0), coalesce(sum(delta) FILTER (WHERE reason = 'referral-2'), 0)
  FROM ledger WHERE reason IN ('referral', 'referral-2', 'referral-fixed') GROUP BY user_id
) t GROUP BY user_id;

-- Only the stats summed these entries per user; nothing reads them by reason now.
DROP INDEX ledger_referral;

-- Each rank's leaderboard as of the recompute that wrote it (server/guilds/ranks.ts): the best 100
-- miners of the rank's band, with their name and balance then. A recompute writes a new generation
-- and removes the older ones in the same transaction as the cut-offs; a server keeps the newest
-- generation it read in memory and reads again when a request's statement names a newer one.
CREATE SEQUENCE guild_generation;
CREATE TABLE guild_leaders (
  generation  BIGINT NOT NULL,
  rank        INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 5),
  place       INTEGER NOT NULL,
  user_id     BIGINT NOT NULL,
  first_name  TEXT NOT NULL,
  units       NUMERIC(78, 0) NOT NULL,
  PRIMARY KEY (generation, rank, place)
);

-- The lists of the cut-offs already computed, as the leaderboards read them live until now.
SELECT nextval('guild_generation');
INSERT INTO guild_leaders (generation, rank, place, user_id, first_name, units)
SELECT currval('guild_generation'), r.rank, t.place, t.user_id, t.first_name, t.units
FROM generate_series(1, 5) AS r(rank)
CROSS JOIN LATERAL (
  SELECT row_number() OVER (ORDER BY b.units DESC, b.user_id) AS place, b.user_id, u.first_name, b.units
  FROM balances b JOIN mining_users m ON m.user_id = b.user_id JOIN users u ON u.id = b.user_id
  WHERE b.chain_id = 'GAME' AND b.token_address = 'SWITCH' AND b.account_index = 0
    AND b.units >= (SELECT min_units FROM guild_cutoffs WHERE kind = 'miners' AND rank = r.rank)
    AND b.units < coalesce((SELECT min(h.min_units) FROM guild_cutoffs h WHERE h.kind = 'miners' AND h.rank > r.rank), 1e78)
  ORDER BY b.units DESC, b.user_id LIMIT 100
) t;
