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

-- Documents by name. head = the latest version; the snapshot counters drive when the next
-- snapshot of the state is taken.
CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    head INTEGER,
    snapshot_size INTEGER NOT NULL DEFAULT 0,
    since_snapshot INTEGER NOT NULL DEFAULT 0
);

-- Versions. hash is the global id; number counts versions of a document in this store.
-- A version's own changes are (site, first_seq..last_seq); its state is the fold of the
-- document's changes its vector includes.
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
    message TEXT NOT NULL,
    author TEXT NOT NULL,
    time INTEGER NOT NULL,
    UNIQUE (document, number)
);
CREATE INDEX versions_by_changes ON versions (site, first_seq);

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
CREATE INDEX changes_by_view ON changes (document, view);

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
