-- Issue 38: a remote may name a second URL for reads (a hot standby fed by streaming
-- replication): pulls read from it, pushes go to `url`. NULL: everything goes to `url`.
ALTER TABLE remotes ADD COLUMN read_url TEXT;
