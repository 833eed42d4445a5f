-- The Plumb hub on PostgreSQL (DESIGN.md §5): versions and their changes, as clients push
-- them; clients pull and merge with the same rules as store-to-store sync. Sites and version
-- ids are hex text; a change's clock is its version's.

CREATE TABLE plumb_versions (
    site text NOT NULL CHECK (site ~ '^[0-9a-f]{32}$'),
    first_seq bigint NOT NULL,
    last_seq bigint NOT NULL,
    hash text NOT NULL UNIQUE,
    document text NOT NULL,
    hlc bigint NOT NULL,
    base text NOT NULL,
    message text NOT NULL,
    author text NOT NULL,
    time bigint NOT NULL,
    pushed_by name NOT NULL DEFAULT current_user,
    pushed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (site, first_seq),
    CHECK (first_seq >= 1 AND last_seq >= first_seq)
);
CREATE INDEX plumb_versions_by_document ON plumb_versions (document, site, last_seq);

CREATE TABLE plumb_changes (
    site text NOT NULL,
    seq bigint NOT NULL,
    document text NOT NULL,
    view text NOT NULL,
    property text NOT NULL,
    value text,
    PRIMARY KEY (site, seq)
);

-- Per document and site, the last seq held: pulls start here instead of scanning versions.
CREATE TABLE plumb_document_sites (
    document text NOT NULL,
    site text NOT NULL,
    last_seq bigint NOT NULL,
    PRIMARY KEY (document, site)
);

-- Who may push the changes of which site, and read which documents ('*' = all).
CREATE TABLE plumb_site_grants (
    role name NOT NULL,
    site text NOT NULL,
    PRIMARY KEY (role, site)
);
CREATE TABLE plumb_document_grants (
    role name NOT NULL,
    document text NOT NULL,
    PRIMARY KEY (role, document)
);

-- Keeps plumb_document_sites up to date whoever pushes (so it runs as the hub's owner).
CREATE FUNCTION plumb_note_versions() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    INSERT INTO plumb_document_sites (document, site, last_seq)
    SELECT document, site, max(last_seq) FROM plumb_inserted GROUP BY document, site
    ON CONFLICT (document, site) DO UPDATE SET last_seq = greatest(plumb_document_sites.last_seq, excluded.last_seq);
    RETURN NULL;
END $$;
CREATE TRIGGER plumb_versions_noted AFTER INSERT ON plumb_versions
REFERENCING NEW TABLE AS plumb_inserted FOR EACH STATEMENT EXECUTE FUNCTION plumb_note_versions();

-- Versions being pushed under a (site, first_seq) the hub holds with another id: changes
-- that contradict stored ones. Runs as the owner so a push cannot hide them behind RLS.
CREATE FUNCTION plumb_contradictions(sites text[], firsts bigint[], hashes text[])
RETURNS TABLE (site text, first_seq bigint) LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT v.site, v.first_seq FROM unnest(sites, firsts, hashes) AS p(site, first_seq, hash)
    JOIN plumb_versions v ON v.site = p.site AND v.first_seq = p.first_seq
    WHERE v.hash <> p.hash
$$;

-- Row-level security: the hub's owner sees and writes everything; any other role pushes only
-- the sites granted to it and reads only the documents granted to it. The checks run as the
-- owner, so roles need no access to the grant tables themselves.
CREATE FUNCTION plumb_may_read(document text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM plumb_document_grants g WHERE g.role = session_user AND g.document IN ($1, '*'))
$$;
CREATE FUNCTION plumb_may_push(site text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM plumb_site_grants g WHERE g.role = session_user AND g.site = $1)
$$;
ALTER TABLE plumb_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE plumb_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE plumb_document_sites ENABLE ROW LEVEL SECURITY;
CREATE POLICY plumb_read ON plumb_versions FOR SELECT USING (plumb_may_read(document));
CREATE POLICY plumb_push ON plumb_versions FOR INSERT WITH CHECK (plumb_may_push(site));
CREATE POLICY plumb_read ON plumb_changes FOR SELECT USING (plumb_may_read(document));
CREATE POLICY plumb_push ON plumb_changes FOR INSERT WITH CHECK (plumb_may_push(site));
CREATE POLICY plumb_read ON plumb_document_sites FOR SELECT USING (plumb_may_read(document));
