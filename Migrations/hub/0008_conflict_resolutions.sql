-- Conflict resolutions (issue 37): what a store did about a conflict it recorded (kept, restored
-- or dismissed), a grow-only set that every store holding the conflict learns through the hub
-- as through any other sync. Keyed as in a store: the losing change (its site and seq), its
-- view, its property ('' for a structural conflict), the state and the site that acted. The
-- document is the losing change's, looked up by the server (a push cannot name another), and
-- guards reads and writes as it guards the document's changes.
CREATE TABLE plumb_conflict_resolutions (
    loser_site text NOT NULL CHECK (loser_site ~ '^[0-9a-f]{32}$'),
    loser_seq bigint NOT NULL CHECK (loser_seq >= 1),
    view text NOT NULL CHECK (plumb_is_identifier(view)),
    property text NOT NULL CHECK (octet_length(property) <= 64),
    state text NOT NULL CHECK (state IN ('kept', 'restored', 'dismissed')),
    site text NOT NULL CHECK (site ~ '^[0-9a-f]{32}$'),
    time bigint NOT NULL,
    document text NOT NULL,
    PRIMARY KEY (loser_site, loser_seq, view, property, state, site));

CREATE FUNCTION plumb_resolution_document() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    SELECT c.document INTO NEW.document FROM plumb_changes c WHERE c.site = NEW.loser_site AND c.seq = NEW.loser_seq;
    IF NEW.document IS NULL THEN
        RAISE EXCEPTION 'a conflict resolution names change % of site %, which the hub does not hold', NEW.loser_seq, NEW.loser_site
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER plumb_resolution_document BEFORE INSERT ON plumb_conflict_resolutions
FOR EACH ROW EXECUTE FUNCTION plumb_resolution_document();
CREATE TRIGGER plumb_resolutions_unchanged BEFORE UPDATE ON plumb_conflict_resolutions
FOR EACH STATEMENT EXECUTE FUNCTION plumb_refuse_update();

-- Every role may ask; the policies answer: read where it may read the document, add where it
-- may write it (the grants of `plumb hub grant`, so existing roles need no new privilege).
ALTER TABLE plumb_conflict_resolutions ENABLE ROW LEVEL SECURITY;
CREATE POLICY plumb_read ON plumb_conflict_resolutions FOR SELECT
    USING ((SELECT plumb_reads_all()) OR document IN (SELECT plumb_readable_documents()));
CREATE POLICY plumb_push ON plumb_conflict_resolutions FOR INSERT WITH CHECK (plumb_may_write(document));
GRANT SELECT, INSERT ON plumb_conflict_resolutions TO PUBLIC;
