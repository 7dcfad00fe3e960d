-- A TON wallet is linked only with TonConnect's ton_proof (server/payments/tonProof.ts, docs/payments.md).
--
-- The one-time payloads the server issues for a proof: bound to the user who asked, expiring after 15
-- minutes, consumed by the link they prove (used_at), so a proof sent again is refused.
CREATE TABLE ton_proof_payloads (
  payload     TEXT PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  issued_at   TIMESTAMPTZ(3) NOT NULL,
  expires_at  TIMESTAMPTZ(3) NOT NULL,
  used_at     TIMESTAMPTZ(3)
);
-- Old payloads are deleted as new ones are issued (by expiry).
CREATE INDEX ton_proof_payloads_expires ON ton_proof_payloads (expires_at);

-- The wallet a user linked, with the proof's facts: its account in raw form (workchain:hex, one
-- spelling per account) and when it was proven. Rows set before proofs were required have no
-- proven_at: they count for nothing (no task, no soulbound token) until the user links a wallet
-- with a proof, which replaces them.
ALTER TABLE task_ton_wallets ADD COLUMN raw_address TEXT;
ALTER TABLE task_ton_wallets ADD COLUMN public_key TEXT;
ALTER TABLE task_ton_wallets ADD COLUMN proven_at TIMESTAMPTZ(3);
-- One account, one user: a wallet proven by a user cannot be linked by another (README, docs/payments.md).
CREATE UNIQUE INDEX task_ton_wallets_proven_account ON task_ton_wallets (raw_address) WHERE proven_at IS NOT NULL;
