-- The Plumb store: changes, versions, head state, snapshots and tags (DESIGN.md §4).

-- Store-wide settings: `site` (this store's id, hex), `clock` (last hybrid clock reading).
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- Every site whose changes this store holds, numbered locally; max_seq is the highest seq held.
CREATE TABLE sites (
    id INTEGER PRIMARY KEY,
    uuid BLOB NOT NULL UNIQUE CHECK (length(uuid) = 16),
    max_seq INTEGER NOT NULL DEFAULT 0
);

-- Documents by name. head = the version whose state the heads table holds; known = the union
-- of every version's vector (what the heads fold); the snapshot counters drive when the next
-- snapshot of the state is taken.
CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    head INTEGER,
    known BLOB NOT NULL DEFAULT x'',
    snapshot_size INTEGER NOT NULL DEFAULT 0,
    since_snapshot INTEGER NOT NULL DEFAULT 0
);

-- Versions. hash is the global id; number counts versions of a document in this store.
-- A version's own changes are (site, first_seq..last_seq) (none for a merge version); its state
-- is the fold of the document's changes its vector includes; base is the document's vector
-- before it (the versions it builds on).
CREATE TABLE versions (
    id INTEGER PRIMARY KEY,
    hash BLOB NOT NULL UNIQUE,
    document INTEGER NOT NULL REFERENCES documents (id),
    number INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('commit', 'merge')),
    site INTEGER NOT NULL REFERENCES sites (id),
    first_seq INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    hlc INTEGER NOT NULL,
    vector BLOB NOT NULL,
    base BLOB NOT NULL,
    message TEXT NOT NULL,
    author TEXT NOT NULL,
    time INTEGER NOT NULL,
    UNIQUE (document, number)
);
CREATE INDEX versions_by_changes ON versions (site, first_seq);
CREATE INDEX versions_by_end ON versions (site, last_seq);

-- Every change ever made or received. value is canonical JSON; NULL unsets the property.
CREATE TABLE changes (
    site INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    hlc INTEGER NOT NULL,
    document INTEGER NOT NULL,
    view TEXT NOT NULL,
    property TEXT NOT NULL,
    value TEXT,
    PRIMARY KEY (site, seq)
) WITHOUT ROWID;
-- Reading a version replays one document's changes by site and seq.
CREATE INDEX changes_by_document ON changes (document, site, seq);
-- Every move, for replaying concurrent moves without cycles.
CREATE INDEX changes_moves ON changes (document) WHERE property = 'parent';

-- The winning change of every property of every document: the head state.
CREATE TABLE heads (
    document INTEGER NOT NULL,
    view TEXT NOT NULL,
    property TEXT NOT NULL,
    value TEXT,
    hlc INTEGER NOT NULL,
    site INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (document, view, property)
) WITHOUT ROWID;

-- Full states of some versions, so reading any version replays a bounded number of changes.
CREATE TABLE snapshots (
    version INTEGER PRIMARY KEY REFERENCES versions (id),
    document INTEGER NOT NULL,
    state BLOB NOT NULL
);
CREATE INDEX snapshots_by_document ON snapshots (document, version);

-- Names for versions, per document.
CREATE TABLE tags (
    document INTEGER NOT NULL REFERENCES documents (id),
    name TEXT NOT NULL,
    version INTEGER NOT NULL REFERENCES versions (id),
    PRIMARY KEY (document, name)
) WITHOUT ROWID;

-- Concurrent writes that lost at a merge, kept until `plumb conflicts --clear`.
CREATE TABLE conflicts (
    document INTEGER NOT NULL REFERENCES documents (id),
    view TEXT NOT NULL,
    property TEXT NOT NULL,
    winner_value TEXT,
    winner_site INTEGER NOT NULL,
    winner_seq INTEGER NOT NULL,
    winner_hlc INTEGER NOT NULL,
    loser_value TEXT,
    loser_site INTEGER NOT NULL,
    loser_seq INTEGER NOT NULL,
    loser_hlc INTEGER NOT NULL,
    PRIMARY KEY (document, view, property, loser_site, loser_seq)
) WITHOUT ROWID;

-- Versions received before the versions they build on; applied as soon as those arrive.
CREATE TABLE pending_versions (
    hash BLOB PRIMARY KEY,
    payload BLOB NOT NULL
) WITHOUT ROWID;

-- Hubs this store syncs with (`plumb remote add`); passwords are never stored here.
CREATE TABLE remotes (
    name TEXT PRIMARY KEY,
    url TEXT NOT NULL
) WITHOUT ROWID;
