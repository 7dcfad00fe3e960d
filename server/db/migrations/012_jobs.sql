-- The job queue (server/kernel/jobs.ts; README, "Background work"): delayed and periodic work kept
-- in the database, so several server processes share it and a restart loses none. Every time in
-- these rows comes from the server's clock (server/kernel/clock.ts), never from now(): tests and
-- dev mode move that clock, and a job is due by the same clock as the deadline it serves.
CREATE TABLE jobs (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  data JSONB NOT NULL,
  -- pending: waits for run_at; running: the claim lease_token holds it until locked_until, after
  -- which another process may take it again; failed: gave up (kept to be looked at). A job that
  -- succeeds is deleted.
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'failed')),
  run_at TIMESTAMPTZ NOT NULL,
  singleton_key TEXT,
  attempts INT NOT NULL DEFAULT 0,
  lease_token TEXT,
  locked_until TIMESTAMPTZ,
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ
);
-- At most one job per key waiting for its first run (a retry of a failed run is not counted).
CREATE UNIQUE INDEX jobs_one_pending_per_key ON jobs (name, singleton_key) WHERE state = 'pending' AND attempts = 0 AND singleton_key IS NOT NULL;
CREATE INDEX jobs_pending_due ON jobs (run_at) WHERE state = 'pending';
CREATE INDEX jobs_running_until ON jobs (locked_until) WHERE state = 'running';
-- What a job has done, step by step, each recorded in the transaction that did it: a run taken
-- again after a crash or a lease that ran out skips the steps already done.
CREATE TABLE job_steps (
  job_id BIGINT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  step TEXT NOT NULL,
  PRIMARY KEY (job_id, step)
);
