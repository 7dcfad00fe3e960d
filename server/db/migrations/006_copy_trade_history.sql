-- Copied swaps are the wallet's swaps too: each is a history entry (GET /history), and
-- copy_trade_swaps keeps only which feed event it came from and which history entry it is
-- (GET /getUserSwaps joins the two). Swaps copied before this migration held their own copy of the
-- entry: they join the history here, in the order and at the time they were copied.

ALTER TABLE copy_trade_swaps ADD COLUMN history_id BIGINT REFERENCES history(id);

-- '_swap' carries each swap's id into its new history row for the link below, then goes.
INSERT INTO history (user_id, account_index, type, entry, created_at)
SELECT t.user_id, t.account_index, 'swap', s.entry || jsonb_build_object('_swap', s.id), s.created_at
FROM copy_trade_swaps s JOIN copy_trades t ON t.id = s.trade_id
ORDER BY s.id;
UPDATE copy_trade_swaps s SET history_id = h.id FROM history h WHERE (h.entry->>'_swap')::bigint = s.id;
UPDATE history SET entry = entry - '_swap' WHERE entry ? '_swap';

ALTER TABLE copy_trade_swaps ALTER COLUMN history_id SET NOT NULL;
ALTER TABLE copy_trade_swaps DROP COLUMN entry;
