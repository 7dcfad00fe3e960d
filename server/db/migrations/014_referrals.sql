-- Friends and referrals (issue 15; doc 2 §1, §3; README "Friends and referrals").
-- Every user has an invite code, the start parameter `ref-<code>` of their invite link: 10 random
-- hex digits, drawn per row (users made before this migration get theirs here). A drawn code that is
-- taken already makes the insert do nothing, and server/kernel/users.ts draws again.
ALTER TABLE users ADD COLUMN invite_code TEXT NOT NULL DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10));
CREATE UNIQUE INDEX users_invite_code ON users (invite_code);

-- Who referred whom: one row per referred user, written in the transaction that creates them, and
-- never changed after (no UPDATE of referrer_id anywhere). The referrer existed before the friend
-- did, so the "referred by" relation follows creation order and cannot cycle.
CREATE TABLE referrals (
  friend_id      BIGINT PRIMARY KEY REFERENCES users(id),
  referrer_id    BIGINT NOT NULL REFERENCES users(id),
  premium        BOOLEAN NOT NULL,                      -- Telegram Premium at first contact (init data user.is_premium)
  joined_at      TIMESTAMPTZ(3) NOT NULL,               -- the server's clock, to the millisecond: the friends list's keyset
  fixed_paid_at  TIMESTAMPTZ,                           -- the fixed bonus (referral-fixed), paid once
  bonus_units    NUMERIC(78, 0) NOT NULL DEFAULT 0,     -- SWITCH (nano) the referrer got through this friend, in the claims' transactions
  CONSTRAINT referrals_not_self CHECK (friend_id <> referrer_id)
);
-- A page of a referrer's friends is one range of this index (keyset: joined_at, friend_id).
CREATE INDEX referrals_page ON referrals (referrer_id, joined_at, friend_id);
-- friends_bonus / friends_2_bonus are sums of the ledger's referral entries of one user.
CREATE INDEX ledger_referral ON ledger (user_id, reason) WHERE reason IN ('referral', 'referral-2', 'referral-fixed');
