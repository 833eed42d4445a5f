-- Issue 8: content-addressed version ids, structural conflicts, kept tree replays.
-- The Swift step of this migration (ContentIDMigration) rewrites every version id to the hash
-- of its content (docs/store.md#version-ids), re-encodes waiting versions with their ids, and
-- replays each document's moves once into documents.tree. Local numbers, tags and conflicts
-- are kept: they refer to versions by row, not by id.

-- Work that left the document because of concurrent work elsewhere (docs/sync.md): one row per
-- view and losing version. The loser is the first lost change of that version on the view;
-- lost is a JSON object of what it wrote there (property -> value, null = unset).
CREATE TABLE structural_conflicts (
    document INTEGER NOT NULL REFERENCES documents (id),
    view TEXT NOT NULL,
    loser_site INTEGER NOT NULL,
    loser_seq INTEGER NOT NULL,
    loser_hlc INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('deleted', 'added-under-deleted', 'moved-under-deleted', 'edited-under-deleted', 'move-skipped')),
    cause TEXT NOT NULL,
    winner_view TEXT NOT NULL,
    winner_site INTEGER NOT NULL,
    winner_seq INTEGER NOT NULL,
    winner_hlc INTEGER NOT NULL,
    lost TEXT NOT NULL,
    PRIMARY KEY (document, view, loser_site, loser_seq)
) WITHOUT ROWID;

-- The tree replay of the head (documents.tree) and of each snapshot (snapshots.tree), in the
-- PTR1 form (TreeSnapshot.swift): the views whose latest move was skipped, with the parent in
-- effect, and the newest move replayed. NULL: not kept; the reader replays the moves.
ALTER TABLE documents ADD COLUMN tree BLOB;
ALTER TABLE snapshots ADD COLUMN tree BLOB;
