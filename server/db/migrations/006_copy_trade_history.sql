-- Copied swaps are the wallet's swaps too (GET /history; GET /getUserSwaps picks them by the
-- entry's copyTradeId). Swaps copied before this migration were kept in copy_trade_swaps only:
-- they join the history here, in the order and at the time they were copied.

INSERT INTO history (user_id, account_index, type, entry, created_at)
SELECT t.user_id, t.account_index, 'swap', s.entry, s.created_at
FROM copy_trade_swaps s JOIN copy_trades t ON t.id = s.trade_id
ORDER BY s.id;
