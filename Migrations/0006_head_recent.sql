-- Issue 14: per view, the entries commits wrote to it since its document's recent rows were
-- last folded (an uncompressed HeadChunk of that view alone), standing for the same properties
-- in head_chunks until they are folded into them (Store+HeadRecent.swift): a commit of one
-- property writes a small row, not a chunk. Empty in a store of an earlier schema, whose head
-- is its chunks alone.
CREATE TABLE head_recent (
    document INTEGER NOT NULL,
    view TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (document, view)
) WITHOUT ROWID;

-- How many recent rows each document has, so that a commit need not count them.
ALTER TABLE documents ADD COLUMN recent_views INTEGER NOT NULL DEFAULT 0;
