-- Site names (issue 37): the name each store was given (`plumb site name`), one register per
-- site passed on through the hub as through any other sync: the later name wins (time, then
-- the text, as in a store). Every role reads them (they name who wrote what); a role sets the
-- name only of a site whose changes it may push, as the site's own store does.
CREATE TABLE plumb_site_names (
    site text PRIMARY KEY CHECK (site ~ '^[0-9a-f]{32}$'),
    name text NOT NULL CHECK (octet_length(name) <= 64 AND name !~ '[[:cntrl:]]' AND name = btrim(name)),
    time bigint NOT NULL);

ALTER TABLE plumb_site_names ENABLE ROW LEVEL SECURITY;
CREATE POLICY plumb_read ON plumb_site_names FOR SELECT USING (true);
CREATE POLICY plumb_push ON plumb_site_names FOR INSERT WITH CHECK (plumb_is_owner() OR plumb_may_push(site));
CREATE POLICY plumb_rename ON plumb_site_names FOR UPDATE USING (plumb_is_owner() OR plumb_may_push(site))
    WITH CHECK (plumb_is_owner() OR plumb_may_push(site));
GRANT SELECT, INSERT, UPDATE ON plumb_site_names TO PUBLIC;
