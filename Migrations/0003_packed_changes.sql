-- Issue 14: each commit version's changes as one packed, compressed blob instead of a row per
-- change. The Swift step of this migration (PackedChangesMigration) packs the rows of
-- `changes` into these tables, version by version, then drops `changes` and its indexes.

-- A commit version's own changes (site, first_seq..last_seq and hlc are in its versions row),
-- as one zstd frame of a ChangeBlock (Storage/ChangeBlock.swift).
CREATE TABLE version_changes (
    version INTEGER PRIMARY KEY REFERENCES versions (id),
    changes BLOB NOT NULL
);

-- The `parent` changes of the commit versions that have any, as one zstd frame of a MoveBlock
-- (Storage/MoveBlock.swift): what a whole tree replay reads, without the other changes.
CREATE TABLE version_moves (
    version INTEGER PRIMARY KEY REFERENCES versions (id),
    document INTEGER NOT NULL,
    moves BLOB NOT NULL
);
CREATE INDEX version_moves_by_document ON version_moves (document);
