-- The write rate limit's counts (server/kernel/rateLimit.ts; docs/operations.md, "Write rate
-- limit"), shared by every server process on this database: one row per caller (`user:<id>`), the
-- start of its current window on the server's clock (epoch milliseconds, like every time the
-- server owns) and the writes counted in it. A write after the window has ended starts a new one in
-- the same statement; rows whose window has ended are deleted now and then.
CREATE TABLE rate_limit_windows (
  key TEXT PRIMARY KEY,
  window_start BIGINT NOT NULL,
  hits INTEGER NOT NULL CHECK (hits >= 0)
);
-- The sweep of ended windows: one range of this index, not a scan of the table.
CREATE INDEX rate_limit_windows_start ON rate_limit_windows (window_start);
