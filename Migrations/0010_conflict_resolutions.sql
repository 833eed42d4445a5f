-- Issue 37: what was done about a conflict (kept, restored, dismissed), recorded by the store
-- that did it and passed on with sync, so that every store that holds the conflict counts it
-- settled. A grow-only set: rows are only ever added. A conflict is named by its losing change
-- (site, seq), its view and its property ('' for a structural conflict), the same in every
-- store; no document, since the change names it (and survives `plumb docs mv`).
CREATE TABLE conflict_resolutions (
    loser_site INTEGER NOT NULL,
    loser_seq INTEGER NOT NULL,
    view TEXT NOT NULL,
    property TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('kept', 'restored', 'dismissed')),
    site INTEGER NOT NULL,
    time INTEGER NOT NULL,
    PRIMARY KEY (loser_site, loser_seq, view, property, state, site)
) WITHOUT ROWID;
