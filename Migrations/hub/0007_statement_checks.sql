-- A hub as fast as its rows (issue 38): the same checks as 0003, each done once per statement
-- rather than once per row where that was the cost.
--
-- Reading: a role's read grants are looked up once per query (an InitPlan and a hashed list of
-- its documents) instead of one SECURITY DEFINER call per row, which cost a pull more than the
-- rows themselves.
--
-- Writing: the change rows of one INSERT or COPY are checked together, each distinct view id and
-- each distinct (property, value) once, orphans by a hashed count per site and document (sorting
-- only groups with gaps). A change's site and document need no check of their own: the orphan
-- check makes them those of a version (whose own constraints check them), and the commit check
-- counts only the changes of the version's document. A deleted version takes its changes with
-- it, so that a push inserts changes without conflict handling (the client sends only those of
-- the versions it inserted).

-- Whether the calling role may read every document ('*'), and the documents it may read.
CREATE FUNCTION plumb_reads_all() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM plumb_document_grants g WHERE g.role = session_user AND g.document = '*')
$$;
CREATE FUNCTION plumb_readable_documents() RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    SELECT g.document FROM plumb_document_grants g WHERE g.role = session_user
$$;

-- Wrapped in sub-selects, so that each is evaluated once per statement, not per row.
DROP POLICY plumb_read ON plumb_versions;
CREATE POLICY plumb_read ON plumb_versions FOR SELECT
    USING ((SELECT plumb_reads_all()) OR document IN (SELECT plumb_readable_documents()));
DROP POLICY plumb_read ON plumb_changes;
CREATE POLICY plumb_read ON plumb_changes FOR SELECT
    USING ((SELECT plumb_reads_all()) OR document IN (SELECT plumb_readable_documents()));
DROP POLICY plumb_read ON plumb_document_sites;
CREATE POLICY plumb_read ON plumb_document_sites FOR SELECT
    USING ((SELECT plumb_reads_all()) OR document IN (SELECT plumb_readable_documents()));

ALTER TABLE plumb_changes
    DROP CONSTRAINT plumb_change_site_is_hex,
    DROP CONSTRAINT plumb_change_document_is_a_name,
    DROP CONSTRAINT plumb_change_view_is_an_id;

-- The checks of 0003 on inserted changes, each distinct view id and (property, value) pair once,
-- orphans by a hashed count per site and document; enough memory for a push's sorts and hashes
-- to stay off disk.
CREATE OR REPLACE FUNCTION plumb_check_inserted_changes() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp SET work_mem = '64MB' AS $$
DECLARE
    bad record;
BEGIN
    -- View ids (LayoutSpec's `Identifier`), each distinct one once: a view has many properties.
    -- (Ordered, as below, so that the distinct views are hashed rather than sorted to find any one.)
    SELECT d.view INTO bad FROM (SELECT DISTINCT c.view COLLATE "C" AS view FROM plumb_inserted c) d
    WHERE NOT coalesce(plumb_is_identifier(d.view), false) ORDER BY d.view LIMIT 1;
    IF FOUND THEN
        SELECT c.site, c.seq, c.document INTO bad FROM plumb_inserted c WHERE c.view = bad.view ORDER BY c.site, c.seq LIMIT 1;
        RAISE EXCEPTION 'change (%, %) of document %: its view id is not an identifier (plumb_change_view_is_an_id: 1–128 letters, digits, _ - . :, starting with a letter, digit or _)',
            bad.site, bad.seq, bad.document USING ERRCODE = 'check_violation';
    END IF;
    BEGIN
        -- Each distinct (property, value) once: most values repeat (alignments, sizes, parents).
        -- (OFFSET 0 keeps each value parsed once. Ordered, so that the planner joins the small
        -- property table by hash instead of probing its index once per pair to find any one.)
        SELECT v.property, v.value, v.type IS NULL AS unknown, plumb_expectation(v.type, v.minimum, v.choices) AS expected INTO bad
        FROM (SELECT x.*, CASE WHEN x.kind = 'number' THEN x.json::numeric END AS number,
                     CASE WHEN x.kind = 'string' THEN x.json #>> '{}' END AS string
              FROM (SELECT d.*, jsonb_typeof(d.json) AS kind
                    FROM (SELECT d.property, d.value, d.value::jsonb AS json, p.type, p.minimum, p.choices
                          FROM (SELECT DISTINCT c.property, c.value FROM plumb_inserted c) d
                          LEFT JOIN plumb_properties p ON p.name = d.property
                          OFFSET 0) d OFFSET 0) x OFFSET 0) v
        WHERE v.type IS NULL
           OR (v.json IS NOT NULL AND NOT plumb_value_fits(v.type, v.minimum, v.choices, v.kind, v.number, v.string, v.json))
        ORDER BY v.property COLLATE "C", v.value COLLATE "C" LIMIT 1;
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
        -- The first change setting that pair, to name it.
        SELECT c.site, c.seq, c.document, c.property, bad.unknown AS unknown, bad.expected AS expected INTO bad
        FROM plumb_inserted c WHERE c.property = bad.property AND c.value IS NOT DISTINCT FROM bad.value ORDER BY c.site, c.seq LIMIT 1;
    END IF;
    IF FOUND AND bad.unknown THEN
        RAISE EXCEPTION 'change (%, %) of document % sets unknown property %', bad.site, bad.seq, bad.document, left(bad.property, 200)
            USING ERRCODE = 'check_violation';
    END IF;
    IF FOUND THEN
        RAISE EXCEPTION 'change (%, %) of document %: % expects %', bad.site, bad.seq, bad.document, bad.property, bad.expected
            USING ERRCODE = 'check_violation';
    END IF;
    -- Orphans: the new changes of each site and document, as runs of consecutive seqs, must be
    -- covered seq for seq by versions of that site and document (which never overlap): an index
    -- lookup per run, not per change. A group whose seqs have no gap (a push's usual shape) is one
    -- run, found by a hashed count; only groups with gaps are split into runs, by a sort (bytewise:
    -- C collation).
    WITH groups AS MATERIALIZED (
        SELECT c.site, c.document, min(c.seq) AS lo, max(c.seq) AS hi, count(*) AS held FROM plumb_inserted c GROUP BY c.site, c.document)
    SELECT i.site, i.document, i.lo, i.hi INTO bad
    FROM (SELECT g.site, g.document, g.lo, g.hi, g.held FROM groups g WHERE g.held = g.hi - g.lo + 1
          UNION ALL
          SELECT x.site, x.document, min(x.seq), max(x.seq), count(*)
          FROM (SELECT c.site, c.document, c.seq,
                       c.seq - row_number() OVER (PARTITION BY c.site COLLATE "C", c.document COLLATE "C" ORDER BY c.seq) AS run
                FROM plumb_inserted c JOIN groups g ON g.site = c.site AND g.document = c.document AND g.held <> g.hi - g.lo + 1) x
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

-- At commit, for each new version: it holds exactly its changes, and its id is their content id
-- (0003's check). The parts of the id are built with `textsend`, which gives a text's bytes in
-- the client encoding, here fixed to UTF8 (the database's, 0002): the bytes `convert_to` gives,
-- at half the cost per change.
CREATE OR REPLACE FUNCTION plumb_check_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp SET client_encoding = 'UTF8' AS $$
DECLARE
    held bigint;
    parts bytea;
    content_id text;
BEGIN
    SELECT count(*) FILTER (WHERE c.document = NEW.document),
           string_agg(int8send(c.seq) || int4send(octet_length(c.view)) || textsend(c.view)
                      || int4send(octet_length(c.property)) || textsend(c.property)
                      || CASE WHEN c.value IS NULL THEN '\x00'::bytea
                              ELSE '\x01'::bytea || int4send(octet_length(c.value)) || textsend(c.value) END,
                      ''::bytea ORDER BY c.seq)
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

-- When the owner deletes a version, its changes go with it (those of its site, seqs and document),
-- so that a version pushed again finds no stale change in its place; where pulls and pushes start
-- for its document and site follows, as in 0003.
CREATE OR REPLACE FUNCTION plumb_forget_versions() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    DELETE FROM plumb_changes c USING plumb_deleted d
    WHERE c.site = d.site AND c.seq BETWEEN d.first_seq AND d.last_seq AND c.document = d.document;
    DELETE FROM plumb_document_sites s USING (SELECT DISTINCT document, site FROM plumb_deleted) d
    WHERE s.document = d.document AND s.site = d.site;
    INSERT INTO plumb_document_sites (document, site, last_seq)
    SELECT v.document, v.site, max(v.last_seq) FROM plumb_versions v
    JOIN (SELECT DISTINCT document, site FROM plumb_deleted) d ON v.document = d.document AND v.site = d.site
    GROUP BY v.document, v.site;
    RETURN NULL;
END $$;
