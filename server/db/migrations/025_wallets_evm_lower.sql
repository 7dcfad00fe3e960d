-- A transfer (and its dry run) looks the recipient up among the users' wallets by the EVM address in
-- lower case (server/send/routes.ts internalRecipient: `lower(evm_address) = $1`), which the unique
-- index on evm_address cannot answer: each was a scan of every wallet. Found by the mixed load bench
-- (tests/bench/mixed.ts, README "Performance"): with 1 000 users (3 000 wallets) it was the statement
-- that took PostgreSQL the most time, 3.7 ms a call at 500 clients; the index makes it one lookup at
-- any number of users.
CREATE INDEX wallets_evm_address_lower ON wallets (lower(evm_address));
