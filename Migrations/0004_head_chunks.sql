-- Issue 14: the head state as compressed chunks of consecutive views instead of a row per
-- property. The Swift step of this migration (HeadChunksMigration) packs the rows of `heads`
-- into these tables, document by document, then drops `heads`.

-- The head (every property's winning value and stamp) of up to 512 views with consecutive ids,
-- from first_view up to the next chunk's, as one zstd frame of a HeadChunk
-- (Storage/HeadChunk.swift).
CREATE TABLE head_chunks (
    id INTEGER PRIMARY KEY,
    document INTEGER NOT NULL REFERENCES documents (id),
    first_view TEXT NOT NULL,
    data BLOB NOT NULL,
    UNIQUE (document, first_view)
);

-- The head's alive views whose parent is not a view id (unset or null): where the root is
-- looked for, without reading the chunks.
CREATE TABLE head_roots (
    document INTEGER NOT NULL,
    view TEXT NOT NULL,
    PRIMARY KEY (document, view)
) WITHOUT ROWID;
