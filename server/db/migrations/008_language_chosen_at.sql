-- The moment the user chose their language (epoch ms, from the choosing device): the newest choice
-- wins, whatever order the updates reach the server in (a retry or a failover can reorder them).

ALTER TABLE users ADD COLUMN language_chosen_at BIGINT;
