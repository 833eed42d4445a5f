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

-- True for the hub's owner (and its members), who sees and writes everything.
CREATE FUNCTION plumb_is_owner() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'plumb_versions'::regclass), 'MEMBER')
$$;

-- A version's changes must all be there, one per seq of its range, by the end of the push:
-- a row claiming a range it does not hold would stall every pull.
CREATE FUNCTION plumb_check_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    IF (SELECT count(*) FROM plumb_changes c WHERE c.site = NEW.site AND c.seq BETWEEN NEW.first_seq AND NEW.last_seq
        AND c.document = NEW.document) <> NEW.last_seq - NEW.first_seq + 1 THEN
        RAISE EXCEPTION 'version % of site % does not hold its changes % to %', NEW.hash, NEW.site, NEW.first_seq, NEW.last_seq
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER plumb_version_whole AFTER INSERT ON plumb_versions
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION plumb_check_version();

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
CREATE POLICY plumb_push ON plumb_versions FOR INSERT WITH CHECK (plumb_may_push(site) AND pushed_by = session_user);
CREATE POLICY plumb_read ON plumb_changes FOR SELECT USING (plumb_may_read(document));
CREATE POLICY plumb_push ON plumb_changes FOR INSERT WITH CHECK (plumb_may_push(site));
CREATE POLICY plumb_read ON plumb_document_sites FOR SELECT USING (plumb_may_read(document));

-- What a pusher must agree with before pushing a site: the hub's last seq of that site and the
-- id of the version holding `at` (or that last seq, if lower). A copied store that wrote under
-- the same site fails the comparison. Only for sites the caller may push. Runs as the owner so
-- documents the caller cannot read still count.
CREATE FUNCTION plumb_site_check(check_site text, at bigint)
RETURNS TABLE (last_seq bigint, hash text, first_seq bigint, version_last_seq bigint) LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    WITH top AS (SELECT max(v.last_seq) AS last_seq FROM plumb_versions v
                 WHERE v.site = check_site AND (plumb_may_push(check_site) OR plumb_is_owner())),
    holding AS (SELECT v.hash, v.first_seq, v.last_seq FROM plumb_versions v, top
                WHERE v.site = check_site AND v.first_seq <= least(at, top.last_seq)
                ORDER BY v.first_seq DESC LIMIT 1)
    SELECT top.last_seq, holding.hash, holding.first_seq, holding.last_seq
    FROM top LEFT JOIN holding ON true WHERE top.last_seq IS NOT NULL
$$;
