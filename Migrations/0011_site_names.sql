-- Issue 37: a name people give each store ("Anna's laptop"), set by that store and passed on
-- with sync; shown wherever a site would otherwise be named by its id. One register per site:
-- the name with the latest named_at (Unix milliseconds of the naming store's clock) wins, ties
-- broken by the text. NULL name: never named; '' : the store took its name back.
ALTER TABLE sites ADD COLUMN name TEXT;
ALTER TABLE sites ADD COLUMN named_at INTEGER NOT NULL DEFAULT 0;
