-- Line height and letter spacing (issue 36): points, or a percentage of the font size written as
-- a string ("150%"). `minimum` holds the least number allowed: 0 for line height, -10000 for
-- letter spacing; the most is 10000 either way (LayoutSpec's `PropertyType.textSpacing`).
-- A stack's spacing may be negative (an offset, overlapping children), and a child may float.
-- Text case and decoration are choices.
ALTER TABLE plumb_properties DROP CONSTRAINT plumb_properties_type_check;
ALTER TABLE plumb_properties ADD CONSTRAINT plumb_properties_type_check
    CHECK (type IN ('length', 'fontSize', 'fraction', 'count', 'choice', 'text', 'color', 'tracks',
                    'viewID', 'orderKey', 'bool', 'textSpacing', 'offset'));
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES
    ('lineHeight', 'textSpacing', 0, NULL),
    ('letterSpacing', 'textSpacing', -10000, NULL),
    ('floating', 'bool', NULL, NULL),
    ('textCase', 'choice', NULL, '{original,upper,lower,title}'),
    ('textDecoration', 'choice', NULL, '{none,underline,strikethrough}');
UPDATE plumb_properties SET type = 'offset' WHERE name = 'spacing';

CREATE OR REPLACE FUNCTION plumb_value_fits(type text, minimum integer, choices text[], kind text, number numeric, string text, value jsonb)
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
        WHEN 'offset' THEN number BETWEEN -1000000 AND 1000000
        WHEN 'textSpacing' THEN CASE
            WHEN kind = 'number' THEN number BETWEEN minimum AND 10000
            WHEN string ~ '^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?%$'
                THEN rtrim(string, '%')::numeric BETWEEN minimum AND 10000
            ELSE false END
    END, false)
$$;

CREATE OR REPLACE FUNCTION plumb_expectation(type text, minimum integer, choices text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
        WHEN 'offset' THEN 'a number from -1000000 to 1000000'
        WHEN 'textSpacing' THEN format('points (a number from %s to 10000) or a percentage of the font size ("150%%")', minimum)
    END
$$;
