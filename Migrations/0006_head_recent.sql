-- Issue 14: the views a recent commit wrote, each whole and uncompressed (a HeadChunk of one
-- view), standing for the same views in head_chunks until they are folded into them
-- (Store+HeadRecent.swift): a commit of one property writes a small row, not a chunk. Empty
-- in a store of an earlier schema, whose head is its chunks alone.
CREATE TABLE head_recent (
    document INTEGER NOT NULL,
    view TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (document, view)
) WITHOUT ROWID;

-- How many recent rows each document has, so that a commit need not count them.
ALTER TABLE documents ADD COLUMN recent_views INTEGER NOT NULL DEFAULT 0;
