-- A hub that validates what it stores (issue 11): the server refuses every row a client would
-- refuse, whoever inserts it and however. Checks on one row are CHECK constraints; checks that
-- need other rows run as the hub's owner in triggers: at the end of each INSERT statement (names,
-- properties, values, orphans, overlaps, grants) and at commit (a version holds exactly its
-- changes, and its id is their content id). Existing rows are kept as they are (NOT VALID): a
-- pull names any bad one it meets and applies the rest.
--
-- Limits (docs/hub.md): document names and view ids are identifiers of at most 128 bytes; a value
-- is at most 1 MiB of JSON text, a message, an author and a base vector at most 1 MiB each.

-- Nobody but the owner creates objects here (search-path tricks need a schema to write in).
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- The properties a change may set, and the type of their values (LayoutSpec's `Property`).
CREATE TABLE plumb_properties (
    name text PRIMARY KEY,
    type text NOT NULL CHECK (type IN ('length', 'fontSize', 'fraction', 'count', 'choice', 'text', 'color', 'tracks',
                                       'viewID', 'orderKey', 'bool')),
    minimum integer,
    choices text[]
);
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES
    ('kind', 'choice', NULL, '{view,label,button,stack,grid}'),
    ('parent', 'viewID', NULL, NULL),
    ('order', 'orderKey', NULL, NULL),
    ('alive', 'bool', NULL, NULL),
    ('width', 'length', NULL, NULL), ('height', 'length', NULL, NULL),
    ('minWidth', 'length', NULL, NULL), ('maxWidth', 'length', NULL, NULL),
    ('minHeight', 'length', NULL, NULL), ('maxHeight', 'length', NULL, NULL),
    ('horizontalAlignment', 'choice', NULL, '{fill,left,center,right}'),
    ('verticalAlignment', 'choice', NULL, '{fill,top,center,bottom}'),
    ('margin.top', 'length', NULL, NULL), ('margin.left', 'length', NULL, NULL),
    ('margin.bottom', 'length', NULL, NULL), ('margin.right', 'length', NULL, NULL),
    ('padding.top', 'length', NULL, NULL), ('padding.left', 'length', NULL, NULL),
    ('padding.bottom', 'length', NULL, NULL), ('padding.right', 'length', NULL, NULL),
    ('visibility', 'choice', NULL, '{visible,hidden,collapsed}'),
    ('backgroundColor', 'color', NULL, NULL),
    ('cornerRadius', 'length', NULL, NULL), ('borderWidth', 'length', NULL, NULL),
    ('borderColor', 'color', NULL, NULL), ('opacity', 'fraction', NULL, NULL),
    ('sourceId', 'text', NULL, NULL),
    ('text', 'text', NULL, NULL),
    ('font.family', 'text', NULL, NULL),
    ('font.size', 'fontSize', NULL, NULL),
    ('font.weight', 'choice', NULL, '{ultraLight,thin,light,regular,medium,semibold,bold,heavy,black}'),
    ('textColor', 'color', NULL, NULL),
    ('textAlignment', 'choice', NULL, '{left,center,right}'),
    ('textVerticalAlignment', 'choice', NULL, '{top,middle,bottom}'),
    ('numberOfLines', 'count', 0, NULL),
    ('lineBreakMode', 'choice', NULL, '{truncateTail,truncateHead,truncateMiddle,clip}'),
    ('orientation', 'choice', NULL, '{vertical,horizontal}'),
    ('spacing', 'length', NULL, NULL),
    ('rows', 'tracks', NULL, NULL), ('columns', 'tracks', NULL, NULL),
    ('rowSpacing', 'length', NULL, NULL), ('columnSpacing', 'length', NULL, NULL),
    ('row', 'count', 0, NULL), ('column', 'count', 0, NULL),
    ('rowSpan', 'count', 1, NULL), ('columnSpan', 'count', 1, NULL);

-- Small pure helpers, left without a SET clause so PostgreSQL inlines them into the checks
-- below (which fix their own search_path).

-- LayoutSpec's `Identifier`: 1–128 letters, digits, _ - . :, starting with a letter, digit or _.
CREATE FUNCTION plumb_is_identifier(value text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT value <> '' AND value !~ '[^-A-Za-z0-9_.:]' AND value !~ '^[-.:]' AND octet_length(value) <= 128
$$;

-- A finite double: what a client can read as a number at all.
CREATE FUNCTION plumb_is_finite(value numeric) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT abs(value) <= 1.7976931348623157e308
$$;

-- One grid track: a number ≥ 0, "auto", "*", "2*" (weight > 0) or a number ≥ 0 as a string.
CREATE FUNCTION plumb_is_track(track jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE jsonb_typeof(track)
        WHEN 'number' THEN track::numeric >= 0 AND plumb_is_finite(track::numeric)
        WHEN 'string' THEN CASE
            WHEN track #>> '{}' IN ('auto', '*') THEN true
            WHEN track #>> '{}' ~ '^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?\*$'
                THEN rtrim(track #>> '{}', '*')::numeric > 0 AND plumb_is_finite(rtrim(track #>> '{}', '*')::numeric)
            WHEN track #>> '{}' ~ '^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$'
                THEN (track #>> '{}')::numeric >= 0 AND plumb_is_finite((track #>> '{}')::numeric)
            ELSE false END
        ELSE false END
$$;

-- A grid's tracks: a non-empty array of at most 1000 tracks.
CREATE FUNCTION plumb_tracks_fit(value jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN jsonb_typeof(value) = 'array' THEN jsonb_array_length(value) BETWEEN 1 AND 1000
        AND (SELECT bool_and(plumb_is_track(track)) FROM jsonb_array_elements(value) AS track) ELSE false END
$$;

-- Whether a value fits a property's type, as LayoutSpec's `PropertyType.check` decides, except
-- that text lengths in graphemes are the clients' to check (the hub bounds bytes). Takes the
-- value parsed once: its JSON kind, and its number or string when it is one.
CREATE FUNCTION plumb_value_fits(type text, minimum integer, choices text[], kind text, number numeric, string text, value jsonb)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(CASE type
        WHEN 'length' THEN number >= 0 AND plumb_is_finite(number)
        WHEN 'fontSize' THEN number > 0 AND number <= 10000
        WHEN 'fraction' THEN number BETWEEN 0 AND 1
        WHEN 'count' THEN number = trunc(number) AND number BETWEEN minimum AND 1000000
        WHEN 'choice' THEN string = ANY (choices)
        WHEN 'text' THEN kind = 'string'
        WHEN 'color' THEN string ~ '^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$'
        WHEN 'tracks' THEN plumb_tracks_fit(value)
        WHEN 'viewID' THEN kind = 'null' OR plumb_is_identifier(string)
        WHEN 'orderKey' THEN string !~ '[^0-9A-Za-z]' AND length(string) BETWEEN 1 AND 1000
        WHEN 'bool' THEN kind = 'boolean'
    END, false)
$$;

-- What a value of a type looks like, for messages.
CREATE FUNCTION plumb_expectation(type text, minimum integer, choices text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE type
        WHEN 'length' THEN 'a number ≥ 0'
        WHEN 'fontSize' THEN 'a number > 0 and ≤ 10000'
        WHEN 'fraction' THEN 'a number from 0 to 1'
        WHEN 'count' THEN format('a whole number from %s to 1000000', minimum)
        WHEN 'choice' THEN 'one of ' || array_to_string(choices, ', ')
        WHEN 'text' THEN 'a string'
        WHEN 'color' THEN 'a colour "#RRGGBB" or "#RRGGBBAA"'
        WHEN 'tracks' THEN 'a non-empty array of at most 1000 tracks (numbers, "auto", "*" or "2*")'
        WHEN 'viewID' THEN 'a view id or null'
        WHEN 'orderKey' THEN 'an order key (1–1000 base-62 digits)'
        WHEN 'bool' THEN 'true or false'
    END
$$;

-- A base vector in the hub's hex form: 48 digits per site (32 site, 16 seq), sorted by site,
-- each seq ≥ 1, the version's own site (if there) below its first seq.
CREATE FUNCTION plumb_base_fits(site text, first_seq bigint, base text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN base ~ '^([0-9a-f]{48})*$' AND octet_length(base) <= 1048576 THEN coalesce((
        SELECT bool_and((i = 0 OR substr(base, i * 48 + 1, 32) COLLATE "C" > substr(base, i * 48 - 47, 32) COLLATE "C")
            AND ('x' || substr(base, i * 48 + 33, 16))::bit(64)::bigint >= 1
            AND (substr(base, i * 48 + 1, 32) <> site OR ('x' || substr(base, i * 48 + 33, 16))::bit(64)::bigint < first_seq))
        FROM generate_series(0, length(base) / 48 - 1) AS i), true)
    ELSE false END
$$;

-- One-row checks. NOT VALID: they hold for every new row; rows already stored stay as they are.
ALTER TABLE plumb_versions
    ADD CONSTRAINT plumb_version_id_is_hex CHECK (octet_length(id) = 64 AND id !~ '[^0-9a-f]') NOT VALID,
    ADD CONSTRAINT plumb_version_document_is_a_name CHECK (plumb_is_identifier(document)) NOT VALID,
    ADD CONSTRAINT plumb_version_base_is_a_vector CHECK (plumb_base_fits(site, first_seq, base)) NOT VALID,
    ADD CONSTRAINT plumb_version_clock_is_positive CHECK (hlc >= 0) NOT VALID,
    ADD CONSTRAINT plumb_version_message_within_1_mib CHECK (octet_length(message) <= 1048576) NOT VALID,
    ADD CONSTRAINT plumb_version_author_within_1_mib CHECK (octet_length(author) <= 1048576) NOT VALID;
ALTER TABLE plumb_changes
    ADD CONSTRAINT plumb_change_site_is_hex CHECK (octet_length(site) = 32 AND site !~ '[^0-9a-f]') NOT VALID,
    ADD CONSTRAINT plumb_change_seq_is_positive CHECK (seq >= 1) NOT VALID,
    ADD CONSTRAINT plumb_change_document_is_a_name CHECK (plumb_is_identifier(document)) NOT VALID,
    ADD CONSTRAINT plumb_change_view_is_an_id CHECK (plumb_is_identifier(view)) NOT VALID,
    ADD CONSTRAINT plumb_change_value_within_1_mib CHECK (octet_length(value) <= 1048576) NOT VALID;

-- Who pushed a version and when is the server's to say.
ALTER TABLE plumb_versions ALTER COLUMN pushed_by DROP DEFAULT, ALTER COLUMN pushed_at DROP DEFAULT;
CREATE FUNCTION plumb_stamp_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    IF NEW.pushed_by IS NOT NULL AND NEW.pushed_by <> session_user THEN
        RAISE EXCEPTION 'pushed_by must be the pushing role (%), not %', session_user, NEW.pushed_by
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.pushed_at IS NOT NULL THEN
        RAISE EXCEPTION 'pushed_at is set by the server; leave it out' USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.pushed_by := session_user;
    NEW.pushed_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER plumb_version_stamped BEFORE INSERT ON plumb_versions FOR EACH ROW EXECUTE FUNCTION plumb_stamp_version();

-- Stored rows are never changed (the owner may delete a bad one).
CREATE FUNCTION plumb_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'rows of % are never changed (a version''s id covers them); delete a bad row instead', TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER plumb_versions_unchanged BEFORE UPDATE ON plumb_versions FOR EACH STATEMENT EXECUTE FUNCTION plumb_refuse_update();
CREATE TRIGGER plumb_changes_unchanged BEFORE UPDATE ON plumb_changes FOR EACH STATEMENT EXECUTE FUNCTION plumb_refuse_update();

-- Document grants say whether the role may also write the document (read-only grants do not).
ALTER TABLE plumb_document_grants ADD COLUMN may_write boolean NOT NULL DEFAULT false;
UPDATE plumb_document_grants g SET may_write = EXISTS (SELECT 1 FROM plumb_site_grants s WHERE s.role = g.role);

CREATE FUNCTION plumb_may_write(document text) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM plumb_document_grants g WHERE g.role = session_user AND g.document IN ($1, '*') AND g.may_write)
$$;
DROP POLICY plumb_push ON plumb_versions;
CREATE POLICY plumb_push ON plumb_versions FOR INSERT WITH CHECK (plumb_may_push(site) AND plumb_may_write(document));
-- A change gets in through the version claiming it (plumb_check_inserted_changes): one of its
-- site and document, inserted before it in the same transaction (and so checked against the
-- role's grants), or committed earlier (and so already holding every seq of its range). That
-- spares a grant lookup per change row.
DROP POLICY plumb_push ON plumb_changes;
CREATE POLICY plumb_push ON plumb_changes FOR INSERT WITH CHECK (true);

-- What the calling role may push: each document (written) and site (pushed), answered before a
-- push so that a client sends only those and names the rest.
CREATE FUNCTION plumb_push_rights(documents text[], sites text[]) RETURNS TABLE (kind text, name text, allowed boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
    WITH may_insert AS (SELECT plumb_is_owner() OR (has_table_privilege(session_user, 'plumb_versions', 'INSERT')
                                                   AND has_table_privilege(session_user, 'plumb_changes', 'INSERT')) AS yes)
    SELECT 'document', d, may_insert.yes AND (plumb_is_owner() OR plumb_may_write(d)) FROM unnest(documents) AS d, may_insert
    UNION ALL
    SELECT 'site', s, may_insert.yes AND (plumb_is_owner() OR plumb_may_push(s)) FROM unnest(sites) AS s, may_insert
$$;

-- Hub rows that clash with versions a client pushes: the same id with other content, or the
-- same (site, first seq) under another id. Runs as the owner so that a clash in a document the
-- caller cannot read is still named; it tells only about ids and sites the caller names.
CREATE FUNCTION plumb_version_clashes(ids text[], sites text[], first_seqs bigint[], last_seqs bigint[], documents text[])
RETURNS TABLE (pushed_id text, id text, site text, first_seq bigint, last_seq bigint, document text, pushed_by name, pushed_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
    WITH pushed AS (SELECT * FROM unnest(ids, sites, first_seqs, last_seqs, documents) AS p(id, site, first_seq, last_seq, document)),
    found AS (
        SELECT p.id AS pushed_id, v.* FROM pushed p JOIN plumb_versions v ON v.id = p.id
        WHERE (v.site, v.first_seq, v.last_seq, v.document) IS DISTINCT FROM (p.site, p.first_seq, p.last_seq, p.document)
        UNION
        SELECT p.id, v.* FROM pushed p JOIN plumb_versions v ON v.site = p.site AND v.first_seq = p.first_seq
        WHERE v.id <> p.id)
    SELECT pushed_id, id, site, first_seq, last_seq, document, pushed_by, pushed_at FROM found
$$;

-- After each statement inserting versions, as the owner: every grant the rows rely on is locked
-- (FOR SHARE, until commit) and must still be there. A revoke (a DELETE or UPDATE of the grant)
-- therefore waits for pushes already past this point, and a push in a transaction that began
-- before a revoke committed fails however it was isolated: READ COMMITTED sees the grant gone,
-- REPEATABLE READ and SERIALIZABLE get a serialization failure on the lock. Row-level security
-- alone reads the transaction's snapshot, which may predate the revoke.
-- Also: no version overlaps another of its site.
CREATE FUNCTION plumb_check_inserted_versions() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
    item record;
BEGIN
    IF NOT plumb_is_owner() THEN
        FOR item IN SELECT DISTINCT v.site FROM plumb_inserted v LOOP
            PERFORM 1 FROM plumb_site_grants g WHERE g.role = session_user AND g.site = item.site FOR SHARE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'role % may not push site %', session_user, item.site USING ERRCODE = 'insufficient_privilege';
            END IF;
        END LOOP;
        FOR item IN SELECT DISTINCT v.document FROM plumb_inserted v LOOP
            PERFORM 1 FROM plumb_document_grants g WHERE g.role = session_user AND g.document IN (item.document, '*')
                AND g.may_write FOR SHARE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'role % may not write document %', session_user, item.document USING ERRCODE = 'insufficient_privilege';
            END IF;
        END LOOP;
    END IF;
    SELECT n.id, n.site, n.first_seq, n.last_seq, o.id AS other, o.first_seq AS other_first, o.last_seq AS other_last INTO item
    FROM plumb_inserted n
    JOIN LATERAL (SELECT * FROM plumb_versions v WHERE v.site = n.site AND v.first_seq <= n.last_seq AND v.first_seq <> n.first_seq
                  ORDER BY v.first_seq DESC LIMIT 1) o ON o.last_seq >= n.first_seq
    LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'version % of site % (seqs % to %) overlaps version % (seqs % to %)', item.id, item.site, item.first_seq,
            item.last_seq, item.other, item.other_first, item.other_last USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER plumb_versions_checked AFTER INSERT ON plumb_versions
REFERENCING NEW TABLE AS plumb_inserted FOR EACH STATEMENT EXECUTE FUNCTION plumb_check_inserted_versions();

-- After each statement inserting changes, as the owner: each change names a known property, a
-- value of its type, and belongs to a version of its site and document already inserted (in
-- this transaction or before): no orphans.
CREATE FUNCTION plumb_check_inserted_changes() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
    bad record;
BEGIN
    SELECT c.site, c.seq, c.document, c.property INTO bad FROM plumb_inserted c
    WHERE NOT EXISTS (SELECT 1 FROM plumb_properties p WHERE p.name = c.property) LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'change (%, %) of document % sets unknown property %', bad.site, bad.seq, bad.document, left(bad.property, 200)
            USING ERRCODE = 'check_violation';
    END IF;
    BEGIN
        -- (OFFSET 0 keeps each value parsed once.)
        SELECT v.site, v.seq, v.document, v.property, plumb_expectation(p.type, p.minimum, p.choices) AS expected INTO bad
        FROM (SELECT x.*, CASE WHEN x.kind = 'number' THEN x.json::numeric END AS number,
                     CASE WHEN x.kind = 'string' THEN x.json #>> '{}' END AS string
              FROM (SELECT c.*, jsonb_typeof(c.json) AS kind
                    FROM (SELECT c.site, c.seq, c.document, c.property, c.value::jsonb AS json FROM plumb_inserted c
                          WHERE c.value IS NOT NULL OFFSET 0) c OFFSET 0) x OFFSET 0) v
        JOIN plumb_properties p ON p.name = v.property
        WHERE NOT plumb_value_fits(p.type, p.minimum, p.choices, v.kind, v.number, v.string, v.json) LIMIT 1;
    EXCEPTION WHEN OTHERS THEN
        -- Some value is not JSON at all: name the first such.
        FOR bad IN SELECT c.site, c.seq, c.document, c.value FROM plumb_inserted c WHERE c.value IS NOT NULL ORDER BY c.site, c.seq LOOP
            BEGIN
                PERFORM bad.value::jsonb;
            EXCEPTION WHEN OTHERS THEN
                RAISE EXCEPTION 'change (%, %) of document %: its value is not JSON the hub can read (%)', bad.site, bad.seq,
                    bad.document, SQLERRM USING ERRCODE = 'check_violation';
            END;
        END LOOP;
        RAISE;
    END;
    IF FOUND THEN
        RAISE EXCEPTION 'change (%, %) of document %: % expects %', bad.site, bad.seq, bad.document, bad.property, bad.expected
            USING ERRCODE = 'check_violation';
    END IF;
    -- Orphans: the new changes of each site and document, as runs of consecutive seqs, must be
    -- covered seq for seq by versions of that site and document (which never overlap). One sort
    -- (bytewise: C collation), then an index lookup per run, not per change.
    SELECT i.site, i.document, i.lo, i.hi INTO bad
    FROM (SELECT x.site, x.document, min(x.seq) AS lo, max(x.seq) AS hi, count(*) AS held
          FROM (SELECT c.site, c.document, c.seq,
                       c.seq - row_number() OVER (PARTITION BY c.site COLLATE "C", c.document COLLATE "C" ORDER BY c.seq) AS run
                FROM plumb_inserted c) x
          GROUP BY x.site, x.document, x.run) i
    WHERE i.held <> (SELECT coalesce(sum(least(v.last_seq, i.hi) - greatest(v.first_seq, i.lo) + 1), 0)
                     FROM plumb_versions v
                     WHERE v.document = i.document AND v.site = i.site AND v.last_seq >= i.lo AND v.first_seq <= i.hi)
    LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'changes (%, % to %) of document % belong to no version (insert the version holding them first, in the same transaction)',
            bad.site, bad.lo, bad.hi, bad.document USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER plumb_changes_checked AFTER INSERT ON plumb_changes
REFERENCING NEW TABLE AS plumb_inserted FOR EACH STATEMENT EXECUTE FUNCTION plumb_check_inserted_changes();

-- At commit, for each new version: it holds exactly its changes, and its id is their content id.
CREATE OR REPLACE FUNCTION plumb_check_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
    held bigint;
    parts bytea;
    content_id text;
BEGIN
    SELECT count(*) FILTER (WHERE c.document = NEW.document),
           string_agg(plumb_id_change(c.seq, c.view, c.property, c.value), ''::bytea ORDER BY c.seq)
    INTO held, parts
    FROM plumb_changes c WHERE c.site = NEW.site AND c.seq BETWEEN NEW.first_seq AND NEW.last_seq;
    IF held <> NEW.last_seq - NEW.first_seq + 1 THEN
        RAISE EXCEPTION 'version % of site % does not hold its changes % to % (% of them are here)', NEW.id, NEW.site,
            NEW.first_seq, NEW.last_seq, held USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    content_id := plumb_commit_id(NEW.document, NEW.site, NEW.first_seq, NEW.last_seq, NEW.hlc, NEW.time, NEW.message,
                                  NEW.author, NEW.base, held, parts);
    IF content_id <> NEW.id THEN
        RAISE EXCEPTION 'version % of site % does not match its content, whose id is %', NEW.id, NEW.site, content_id
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;

-- When the owner deletes a version, where pulls and pushes start for its document and site
-- follows, so that the site's store pushes it again.
CREATE FUNCTION plumb_forget_versions() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    DELETE FROM plumb_document_sites s USING (SELECT DISTINCT document, site FROM plumb_deleted) d
    WHERE s.document = d.document AND s.site = d.site;
    INSERT INTO plumb_document_sites (document, site, last_seq)
    SELECT v.document, v.site, max(v.last_seq) FROM plumb_versions v
    JOIN (SELECT DISTINCT document, site FROM plumb_deleted) d ON v.document = d.document AND v.site = d.site
    GROUP BY v.document, v.site;
    RETURN NULL;
END $$;
CREATE TRIGGER plumb_versions_forgotten AFTER DELETE ON plumb_versions
REFERENCING OLD TABLE AS plumb_deleted FOR EACH STATEMENT EXECUTE FUNCTION plumb_forget_versions();
