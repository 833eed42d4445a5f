-- Content-addressed version ids (issue 8): a version's id is the SHA-256 of its header and of
-- every one of its changes, so no two hubs or stores can hold other content under one id. The
-- byte layout is the one SpecSync hashes (`Version`/`VersionPayload`):
--   str("plumb-commit-2") str(document) site(16 bytes) u64(first_seq) u64(last_seq) u64(hlc)
--   u64(time) str(message) str(author) vec(base) u32(change count)
--   then per change in seq order: u64(seq) str(view) str(property) (0x00 | 0x01 str(value))
-- where u32/u64 are big-endian, str(s) = u32(UTF-8 byte count) + the bytes, and vec(v) =
-- u32(entry count) + per entry (sorted by site) the 16 site bytes + u64(seq): exactly the hub's
-- `base` column, decoded from hex, after its count. Existing version ids (a hash of the header
-- alone) are rewritten to content ids here; a row whose old id did not match its own header
-- keeps it, so pulls keep naming it as the bad row it is.

DO $$
BEGIN
    IF (SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = current_database()) <> 'UTF8' THEN
        RAISE EXCEPTION 'a Plumb hub needs a UTF8 database (version ids hash UTF-8 text); create it with ENCODING ''UTF8'''
            USING ERRCODE = 'feature_not_supported';
    END IF;
END $$;

-- str(s): the UTF-8 byte count as a big-endian u32, then the bytes.
-- (No SET clause on these two, and STABLE like convert_to, so that PostgreSQL inlines them into
-- the hashing queries; they grant nothing, and the owner's functions that call them fix their
-- own search_path.)
CREATE FUNCTION plumb_id_text(value text) RETURNS bytea LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
    SELECT int4send(octet_length(convert_to(value, 'UTF8'))) || convert_to(value, 'UTF8')
$$;

-- One change's part of a version id: u64(seq) str(view) str(property), then 0x00 for an unset
-- value or 0x01 str(value).
CREATE FUNCTION plumb_id_change(seq bigint, view text, property text, value text) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT int8send(seq) || plumb_id_text(view) || plumb_id_text(property)
        || CASE WHEN value IS NULL THEN '\x00'::bytea ELSE '\x01'::bytea || plumb_id_text(value) END
$$;

-- A commit version's content id (64 hex digits) from its header and its changes' parts
-- (`plumb_id_change`, concatenated in seq order). `base` is the hub's hex form of the base vector.
CREATE FUNCTION plumb_commit_id(document text, site text, first_seq bigint, last_seq bigint, hlc bigint, "time" bigint,
                                message text, author text, base text, change_count bigint, changes bytea)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_catalog, pg_temp AS $$
    SELECT encode(sha256(plumb_id_text('plumb-commit-2') || plumb_id_text(document) || decode(site, 'hex')
        || int8send(first_seq) || int8send(last_seq) || int8send(hlc) || int8send("time")
        || plumb_id_text(message) || plumb_id_text(author)
        || int4send((length(base) / 48)::integer) || decode(base, 'hex')
        || int4send(change_count::integer) || coalesce(changes, ''::bytea)), 'hex')
$$;

-- The content id of a stored version, from its row and its changes on the hub.
CREATE FUNCTION plumb_stored_id(version_site text, version_first bigint, version_last bigint) RETURNS text
LANGUAGE sql STABLE SET search_path = public, pg_catalog, pg_temp AS $$
    SELECT plumb_commit_id(v.document, v.site, v.first_seq, v.last_seq, v.hlc, v.time, v.message, v.author, v.base,
        (SELECT count(*) FROM plumb_changes c WHERE c.site = v.site AND c.seq BETWEEN v.first_seq AND v.last_seq),
        (SELECT string_agg(plumb_id_change(c.seq, c.view, c.property, c.value), ''::bytea ORDER BY c.seq)
         FROM plumb_changes c WHERE c.site = v.site AND c.seq BETWEEN v.first_seq AND v.last_seq))
    FROM plumb_versions v WHERE v.site = version_site AND v.first_seq = version_first AND v.last_seq = version_last
$$;

-- The old header-only id (`plumb-version-1`: LEB128 lengths, zigzag time), only to check each
-- row before its id is rewritten; dropped below.
CREATE FUNCTION plumb_v1_varint(value numeric) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    out bytea := '';
BEGIN
    WHILE value >= 128 LOOP
        out := out || set_byte('\x00'::bytea, 0, (mod(value, 128) + 128)::integer);
        value := floor(value / 128);
    END LOOP;
    RETURN out || set_byte('\x00'::bytea, 0, value::integer);
END $$;
CREATE FUNCTION plumb_v1_text(value text) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
    SELECT plumb_v1_varint(octet_length(convert_to(value, 'UTF8'))) || convert_to(value, 'UTF8')
$$;
CREATE FUNCTION plumb_v1_id(v plumb_versions) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    WITH entries AS (
        SELECT substr(v.base, i * 48 + 1, 32) AS site, ('x' || substr(v.base, i * 48 + 33, 16))::bit(64)::bigint AS seq
        FROM generate_series(0, length(v.base) / 48 - 1) AS i
        WHERE substr(v.base, i * 48 + 1, 32) <> v.site
        UNION ALL SELECT v.site, v.last_seq),
    vector AS (SELECT string_agg(decode(site, 'hex') || int8send(seq), ''::bytea ORDER BY site COLLATE "C") AS bytes FROM entries)
    SELECT encode(sha256(plumb_v1_text('plumb-version-1') || plumb_v1_text('commit') || plumb_v1_text(v.document)
        || plumb_v1_varint(length(vector.bytes)) || vector.bytes || plumb_v1_text(v.message) || plumb_v1_text(v.author)
        || plumb_v1_varint(CASE WHEN v.time >= 0 THEN 2 * v.time::numeric ELSE -2 * v.time::numeric - 1 END)), 'hex')
    FROM vector
$$;

ALTER TABLE plumb_versions RENAME COLUMN hash TO id;
UPDATE plumb_versions v SET id = plumb_stored_id(v.site, v.first_seq, v.last_seq)
WHERE v.id = plumb_v1_id(v) AND length(v.base) % 48 = 0 AND v.base ~ '^[0-9a-f]*$';

DROP FUNCTION plumb_v1_id(plumb_versions);
DROP FUNCTION plumb_v1_text(text);
DROP FUNCTION plumb_v1_varint(numeric);

-- plumb_site_check answers with the renamed column.
DROP FUNCTION plumb_site_check(text, bigint);
CREATE FUNCTION plumb_site_check(check_site text, at bigint)
RETURNS TABLE (last_seq bigint, id text, first_seq bigint, version_last_seq bigint) LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    WITH top AS (SELECT max(v.last_seq) AS last_seq FROM plumb_versions v
                 WHERE v.site = check_site AND (plumb_may_push(check_site) OR plumb_is_owner())),
    holding AS (SELECT v.id, v.first_seq, v.last_seq FROM plumb_versions v, top
                WHERE v.site = check_site AND v.first_seq <= least(at, top.last_seq)
                ORDER BY v.first_seq DESC LIMIT 1)
    SELECT top.last_seq, holding.id, holding.first_seq, holding.last_seq
    FROM top LEFT JOIN holding ON true WHERE top.last_seq IS NOT NULL
$$;

-- The deferred check of 0001 names the version by its id.
CREATE OR REPLACE FUNCTION plumb_check_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    IF (SELECT count(*) FROM plumb_changes c WHERE c.site = NEW.site AND c.seq BETWEEN NEW.first_seq AND NEW.last_seq
        AND c.document = NEW.document) <> NEW.last_seq - NEW.first_seq + 1 THEN
        RAISE EXCEPTION 'version % of site % does not hold its changes % to %', NEW.id, NEW.site, NEW.first_seq, NEW.last_seq
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NULL;
END $$;
