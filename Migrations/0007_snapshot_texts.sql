-- Issue 14: beside a snapshot, the text `plumb show` prints for its version (nested shape), one
-- zstd frame after the form tag `PTX1` (SnapshotText.swift). A read of a version whose changes
-- since the snapshot set plain properties only is that text with the changed views written
-- again, not a whole state decoded, projected and written. A snapshot without a text (one taken
-- by an earlier schema, or of a document with no root, detached views or deeper than the
-- nested shape goes) is read as before.
CREATE TABLE snapshot_texts (
    version INTEGER PRIMARY KEY REFERENCES snapshots (version),
    text BLOB NOT NULL
);
