-- Issue 14: beside a snapshot, the text `plumb show` prints for its version (nested shape): the
-- form tag `PTX1`, the newest clock among the snapshot's entries and the text's byte count, then
-- the text as one zstd frame with its checksum (SnapshotText.swift). A read of a version whose
-- changes since the snapshot set plain properties only, each newer than that clock, is that
-- text with the changed views written again, not a whole state decoded, projected and written.
-- A snapshot without a text (one taken by an earlier schema, or of a document with no root,
-- detached views or deeper than the nested shape goes) is read as before.
CREATE TABLE snapshot_texts (
    version INTEGER PRIMARY KEY REFERENCES snapshots (version),
    text BLOB NOT NULL
);
